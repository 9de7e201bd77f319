//go:build tools

// Package tools pins the k6 release the project's load scripts run on; install.sh builds it.
package tools

import _ "go.k6.io/k6/v2"
