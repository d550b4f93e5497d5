package zeugnis_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// workingCase is a case of testdata/zeugnis/working.json: the German working of a request, each sentence
// read against docs/spec.md §9 before it was written down (see testdata/zeugnis/README.md).
type workingCase struct {
	Name  string          `json:"name"`
	Input json.RawMessage `json:"input"`
	Steps []string        `json:"steps"`
}

func TestWorkingSentences(t *testing.T) {
	cases := readVectors[workingCase](t, "working.json")
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := systems.Run(tc.Input)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if !slices.Equal(got.Steps, tc.Steps) {
				t.Errorf("working\n%s\nwant\n%s", strings.Join(got.Steps, "\n"), strings.Join(tc.Steps, "\n"))
			}
		})
	}
}

// TestNeededWorkingSentences: the working of "Welche Note brauche ich noch?" (testdata/zeugnis/needed-working.json,
// each sentence recomputed by hand before it was written down).
func TestNeededWorkingSentences(t *testing.T) {
	for _, tc := range readVectors[workingCase](t, "needed-working.json") {
		t.Run(tc.Name, func(t *testing.T) {
			got, err := systems.Run(tc.Input)
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			if got.Needed == nil || !slices.Equal(got.Needed.Steps, tc.Steps) {
				t.Errorf("working\n%v\nwant\n%s", got.Needed, strings.Join(tc.Steps, "\n"))
			}
		})
	}
}
