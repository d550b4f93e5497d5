package grading

import (
	"encoding/json"
	"errors"
	"maps"
	"testing"
)

// The key for this test against testdata/grading/adjustments.json, written by adjustments.py from the rule's
// text in docs/spec.md §10, not from this code.

type adjustmentCase struct {
	Name       string            `json:"name"`
	Document   json.RawMessage   `json:"document"`
	Adjustment map[string]string `json:"adjustment"`
	Adjusted   json.RawMessage   `json:"adjusted"`
	Errors     map[string]string `json:"errors"`
	Grades     []struct {
		Total, Achieved, Grade string
	} `json:"grades"`
}

func TestAdjustmentsAsTheVectorsSay(t *testing.T) {
	var file struct{ Cases []adjustmentCase }
	readVectors(t, "adjustments.json", &file)
	if len(file.Cases) < 30 {
		t.Fatalf("only %d adjustment cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			school, err := ParseDocument(c.Document)
			if err != nil {
				t.Fatalf("school document: %v", err)
			}
			a := Adjustment{Pass: c.Adjustment["pass"], Top: c.Adjustment["top"], Step: c.Adjustment["step"]}
			got, err := school.Adjust(a)
			if c.Errors != nil {
				var ve *ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("Adjust = %v, want field errors %v", err, c.Errors)
				}
				if !maps.Equal(ve.Fields, c.Errors) {
					t.Fatalf("fields %v, want %v", ve.Fields, c.Errors)
				}
				if got != school {
					t.Fatal("a refused adjustment changed the document")
				}
				return
			}
			if err != nil {
				t.Fatalf("Adjust: %v", err)
			}
			want, err := ParseDocument(c.Adjusted)
			if err != nil {
				t.Fatalf("expected document: %v", err)
			}
			if got != want {
				t.Fatalf("adjusted\n %+v\nwant\n %+v", got.Rule, want.Rule)
			}
			if err := got.Validate(); err != nil {
				t.Fatalf("the adjusted document is not valid: %v", err)
			}
			if string(c.Adjusted) == string(c.Document) {
				gotBytes, _ := got.MarshalJSON()
				schoolBytes, _ := school.MarshalJSON()
				if string(gotBytes) != string(schoolBytes) {
					t.Fatalf("an adjustment that moves nothing changed the bytes:\n%s\n%s", gotBytes, schoolBytes)
				}
			}
			key := got.Key()
			for _, g := range c.Grades {
				if r := key.Calculate(g.Total, g.Achieved); r.Grade != g.Grade {
					t.Errorf("%s of %s: grade %q, want %q", g.Achieved, g.Total, r.Grade, g.Grade)
				}
			}
		})
	}
}
