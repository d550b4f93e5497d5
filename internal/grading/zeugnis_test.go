package grading

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// TestZeugnisAbsentKeepsBytes: a document without settings is written as it always was, in both shapes,
// and settings ride along a document without changing its rule.
func TestZeugnisAbsentKeepsBytes(t *testing.T) {
	swiss := `{"name":"CH","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"up"}}`
	for _, doc := range []string{string(mustMarshal(t, Default())), swiss} {
		c, err := ParseDocument([]byte(doc))
		if err != nil || !c.Zeugnis.IsZero() {
			t.Fatalf("ParseDocument(%s) = %+v, %v", doc, c, err)
		}
		if out := mustMarshal(t, c); !bytes.Equal(out, []byte(doc)) {
			t.Errorf("Marshal = %s, want %s", out, doc)
		}
	}
	withSettings := swiss[:len(swiss)-1] + `,"zeugnis":{"step":"1"}}`
	c, err := ParseDocument([]byte(withSettings))
	if err != nil || c.Zeugnis.Step != "1" {
		t.Fatalf("ParseDocument(%s) = %+v, %v", withSettings, c, err)
	}
	plain, _ := ParseDocument([]byte(swiss))
	c.Zeugnis = Zeugnis{}
	if c != plain {
		t.Errorf("the settings changed more than the member: %+v vs %+v", c, plain)
	}
}

// TestZeugnisValidateTyped: settings built in code are judged like their JSON, in both shapes.
func TestZeugnisValidateTyped(t *testing.T) {
	orig := Default()
	orig.Zeugnis = Zeugnis{Tendency: "0,25", Rounding: "worse", Count: 1}
	orig.Zeugnis.Categories[0] = zeugnis.CategoryWeight{Name: "schriftlich", Weight: "2"}
	if err := orig.Validate(); err != nil {
		t.Fatalf("valid settings refused: %v", err)
	}
	bad := []struct {
		field  string
		change func(c *Config)
	}{
		{"zeugnis.step", func(c *Config) { c.Zeugnis.Step = "0,5" }},
		{"zeugnis.tendency", func(c *Config) { c.Zeugnis.Tendency = "0,2" }},
		{"zeugnis.categories.0.weight", func(c *Config) { c.Zeugnis.Categories[0].Weight = "0" }},
		{"zeugnis.categories.0.name", func(c *Config) { c.Zeugnis.Categories[0].Name = "" }},
		{"zeugnis.categories.0.name", func(c *Config) { c.Zeugnis.Categories[0].Name = "a\u202eb" }},
		{"zeugnis", func(c *Config) { c.Zeugnis.Categories[3].Name = "past Count" }},
	}
	for _, tc := range bad {
		c := orig
		tc.change(&c)
		var ve *ValidationError
		if err := c.Validate(); !errors.As(err, &ve) || ve.Fields[tc.field] == "" {
			t.Errorf("%s: Validate = %v", tc.field, err)
		}
	}
	swiss, err := ParseDocument([]byte(`{"name":"CH","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"up"}}`))
	if err != nil {
		t.Fatal(err)
	}
	swiss.Zeugnis.Tendency = "0,3"
	var ve *ValidationError
	if err := swiss.Validate(); !errors.As(err, &ve) || ve.Fields["zeugnis.tendency"] != msgTendencySystem {
		t.Errorf("a tendency under Swiss grades: %v", err)
	}
	swiss.Zeugnis = Zeugnis{Step: "0,1"}
	if err := swiss.Validate(); err != nil {
		t.Errorf("a Swiss step: %v", err)
	}
	if out := mustMarshal(t, swiss); !json.Valid(out) || !bytes.HasSuffix(out, []byte(`,"zeugnis":{"step":"0,1"}}`)) {
		t.Errorf("Marshal = %s", out)
	}
}
