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
