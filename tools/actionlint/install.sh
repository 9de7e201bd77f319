#!/usr/bin/env bash
# Builds the pinned actionlint (go.mod in this folder) into the project's .tools/bin, unless that exact
# version is already there. Go's module proxy supplies the sources; go.sum checks them.
#
# Built from this pinned module rather than with `go install github.com/rhysd/actionlint/cmd/actionlint@VERSION`
# for the reason tools/k6/install.sh gives: that asks the proxy for the module's version list, which
# some proxies refuse. A binary built inside another module cannot tell its own version, so the build
# stamps it, and the check below reads it back.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$root/.tools/bin"
want="$(awk '{ for (i = 1; i < NF; i++) if ($i == "github.com/rhysd/actionlint") print $(i + 1) }' "$here/go.mod")"
if [ -x "$bin/actionlint" ] && [ "$("$bin/actionlint" -version 2>/dev/null | head -n 1)" = "$want" ]; then
  echo "actionlint $want already in $bin"
  exit 0
fi
command -v go >/dev/null || { echo "actionlint needs Go 1.26 or newer to build (https://go.dev/dl/)" >&2; exit 1; }
mkdir -p "$bin"
echo "building actionlint $want into $bin"
cd "$here"
GOFLAGS=-mod=mod GOPROXY="${GOPROXY:-https://proxy.golang.org}" go build -trimpath \
  -ldflags "-X github.com/rhysd/actionlint.version=$want" -o "$bin/actionlint" github.com/rhysd/actionlint/cmd/actionlint
"$bin/actionlint" -version
