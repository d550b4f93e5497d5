package grading

import (
	"errors"
	"strings"
	"testing"
)

// TestParseStoredDocument: a stored version of any shape loads with a name the character rule
// refuses since, while new input with that name is refused; every
// other rule still applies to a stored document.
func TestParseStoredDocument(t *testing.T) {
	rule := `{"name":"Alt\u202e","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"up"}}`
	original := strings.Replace(string(mustMarshal(t, Default())), `"Standard"`, `"Alt\u202e"`, 1)
	for _, doc := range []string{rule, original} {
		c, err := ParseStoredDocument([]byte(doc))
		if err != nil || c.Name != "Alt\u202e" {
			t.Errorf("stored %s: %+v, %v", doc, c, err)
		}
		var ve *ValidationError
		if _, err := ParseDocument([]byte(doc)); !errors.As(err, &ve) || ve.Fields["name"] != msgNameChars {
			t.Errorf("new input %s: %v, want the name refused", doc, err)
		}
	}
	if _, err := ParseStoredDocument([]byte(strings.Replace(rule, `"up"`, `"sideways"`, 1))); err == nil {
		t.Error("a stored formula with an unknown midpoint loaded")
	}
	if c, err := ParseStoredDocument([]byte(original)); err != nil || !c.IsOriginal() {
		t.Errorf("a stored original document: %+v, %v", c, err)
	}
}

// TestStoredEarlierPresetRule: the IHK presets of earlier releases rounded the percentage to a whole
// percent. A version stored then still loads and grades as it was stored, but no longer names the
// preset, whose source now describes another rule; new input naming the preset with it is refused.
func TestStoredEarlierPresetRule(t *testing.T) {
	ihk := `{"name":"IHK","system":"noten","preset":"ihk","rule":{"kind":"table","percentage":"round","bands":[` +
		`{"grade":"1","from":92},{"grade":"2","from":81},{"grade":"3","from":67},{"grade":"4","from":50},` +
		`{"grade":"5","from":30},{"grade":"6"}]}}`
	c, err := ParseStoredDocument([]byte(ihk))
	if err != nil {
		t.Fatalf("the stored earlier IHK preset: %v", err)
	}
	if c.Preset != "" || c.Rule.Basis != BasisRound {
		t.Errorf("loaded as preset %q on basis %q, want no preset, basis round", c.Preset, c.Rule.Basis)
	}
	if got := c.Key().Calculate("100", "91,5").Grade; got != "1" {
		t.Errorf("91,5 of 100 on the stored rule = %q, want 1 as before", got)
	}
	if got := string(mustMarshal(t, c)); got != strings.Replace(ihk, `"preset":"ihk",`, "", 1) {
		t.Errorf("served as %s", got)
	}
	decimal, _ := PresetByID("ihk-dezimal")
	old := decimal.Config
	old.Rule = earlierRules("ihk-dezimal")[0]
	doc := strings.Replace(string(mustMarshal(t, old)), `"exact"`, `"round"`, 1)
	if !strings.Contains(doc, `"preset":"ihk-dezimal"`) || !strings.Contains(doc, `{"grade":"1,0","from":100}`) {
		t.Fatalf("the earlier decimal preset's document: %s", doc)
	}
	if c, err := ParseStoredDocument([]byte(doc)); err != nil || c.Preset != "" {
		t.Errorf("the stored earlier decimal preset: preset %q, %v", c.Preset, err)
	}
	for _, d := range []string{ihk, doc} {
		var ve *ValidationError
		if _, err := ParseDocument([]byte(d)); !errors.As(err, &ve) || ve.Fields["preset"] != msgPresetDiffers {
			t.Errorf("new input %s: %v, want the preset refused", d, err)
		}
	}
}
