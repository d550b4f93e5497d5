// Package api holds the contract of the HTTP API, openapi.yaml (OpenAPI 3.1), written by hand.
// It is embedded so that the binary serves the very document it was built and tested against
// (GET /api/v1/openapi.json), and the server's tests validate every request and answer with it.
package api

import _ "embed"

// YAML is api/openapi.yaml as written.
//
//go:embed openapi.yaml
var YAML []byte
