package server

import (
	"encoding/json"
	"testing"

	"github.com/notenrechner/notenrechner/api"
)

func TestOpenAPIJSONKeepsOrderAndTypes(t *testing.T) {
	doc, err := OpenAPIJSON([]byte("b: 1\na:\n  \"200\": {x: 1.5, y: \"2\", z: [true, null]}\n"))
	if err != nil || string(doc) != `{"b":1,"a":{"200":{"x":1.5,"y":"2","z":[true,null]}}}` {
		t.Fatalf("OpenAPIJSON = %s, %v", doc, err)
	}
	if _, err := OpenAPIJSON([]byte("a: [")); err == nil {
		t.Fatal("broken YAML converted without an error")
	}
	full, err := OpenAPIJSON(api.YAML)
	if err != nil || !json.Valid(full) {
		t.Fatalf("the contract does not convert to JSON: %v", err)
	}
}
