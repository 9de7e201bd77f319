//go:build tools

// Package tools pins the actionlint release that checks the project's GitHub Actions template
// (examples/ci/github/); install.sh builds it.
package tools

import _ "github.com/rhysd/actionlint/cmd/actionlint"
