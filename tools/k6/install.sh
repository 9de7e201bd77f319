#!/usr/bin/env bash
# Builds the pinned k6 (go.mod in this folder) into the project's .tools/bin, unless that exact
# version is already there. Go's module proxy supplies the sources; go.sum checks them.
#
# `go install go.k6.io/k6/v2@VERSION` would do the same, but it first asks the proxy for the module's
# version list to look for a deprecation notice, and some proxies answer that request with 404, which
# stops the install. Building from this pinned module asks only for the versions go.mod names.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="$root/.tools/bin"
want="$(awk '{ for (i = 1; i < NF; i++) if ($i == "go.k6.io/k6/v2") print $(i + 1) }' "$here/go.mod")"
if [ -x "$bin/k6" ] && "$bin/k6" version 2>/dev/null | grep -q "k6 $want "; then
  echo "k6 $want already in $bin"
  exit 0
fi
command -v go >/dev/null || { echo "k6:install needs Go 1.26 or newer (https://go.dev/dl/)" >&2; exit 1; }
mkdir -p "$bin"
echo "building k6 $want into $bin (a few minutes the first time)"
cd "$here"
GOFLAGS=-mod=mod GOPROXY="${GOPROXY:-https://proxy.golang.org}" go build -trimpath -o "$bin/k6" go.k6.io/k6/v2
"$bin/k6" version
