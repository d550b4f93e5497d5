package web

import (
	"encoding/json"
	"os"
	"testing"
)

func TestAddressSlugVectors(t *testing.T) {
	data, err := os.ReadFile("../testdata/web/address-slugs.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Typed, Slug string }
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 20 {
		t.Fatalf("only %d cases", len(cases))
	}
	for _, c := range cases {
		if got := AddressSlug(c.Typed); got != c.Slug {
			t.Errorf("AddressSlug(%q) = %q, want %q", c.Typed, got, c.Slug)
		}
	}
}
