package grading

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"testing"
)

// Rule documents against the hand-written expectations of testdata/grading/rule_documents.py.

func TestVectorInvalidRuleDocuments(t *testing.T) {
	var file struct {
		Cases []struct {
			Name     string
			Document json.RawMessage
			Fields   map[string]string
		}
	}
	readVectors(t, "invalid-rule-documents.json", &file)
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			c, err := ParseDocument(tc.Document)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("ParseDocument = %+v, %v; want a *ValidationError", c, err)
			}
			if !maps.Equal(ve.Fields, tc.Fields) {
				t.Errorf("fields =\n%s\nwant\n%s", formatFields(ve.Fields), formatFields(tc.Fields))
			}
		})
	}
}

func TestVectorRuleDocuments(t *testing.T) {
	var file struct {
		Cases []struct {
			Name      string
			Document  json.RawMessage
			Canonical json.RawMessage
		}
	}
	readVectors(t, "rule-documents.json", &file)
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			c, err := ParseDocument(tc.Document)
			if err != nil {
				t.Fatalf("ParseDocument: %v", err)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			out, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(out, tc.Canonical) {
				t.Errorf("Marshal =\n%s\nwant\n%s", out, tc.Canonical)
			}
			if again, err := ParseDocument(out); err != nil || again != c {
				t.Errorf("Marshal→Parse = %+v, %v; want %+v", again, err, c)
			}
		})
	}
}

// Until every view reads a Key, the API and the stores take the original's shape only: a rule
// document is refused there field by field, as any unknown member is.
func TestParseConfigRefusesRuleDocuments(t *testing.T) {
	p, _ := PresetByID("ihk")
	doc, err := json.Marshal(p.Config)
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParseConfig(doc)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Fields["system"] != msgUnknown || ve.Fields["rule"] != msgUnknown {
		t.Fatalf("ParseConfig(a rule document) = %v", err)
	}
}

func TestRuleMessagesMatchSharedFile(t *testing.T) {
	var shared map[string]string
	readVectors(t, "rule-messages.json", &shared)
	ours := map[string]string{
		"system": msgSystem, "kind": msgKind, "formulaSystem": msgFormulaSystem, "basis": msgBasis,
		"bandCount": msgBandCount, "label": msgLabel, "labelOrder": msgLabelOrder, "fromRange": msgFromRange,
		"fromWhole": msgFromWhole, "lastFrom": msgLastFrom, "step": msgStep, "midpoint": msgMidpoint,
		"pass": msgPass, "preset": msgPreset, "presetDiffers": msgPresetDiffers,
		"fromOrder": strings.Replace(msgFromOrder("9"), "9", "{above}", 1),
	}
	if !maps.Equal(ours, shared) {
		t.Errorf("messages differ:\nGo:     %v\nshared: %v", ours, shared)
	}
}
