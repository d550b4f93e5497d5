package web_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// The admin editor's presets (src/features/admin/presets.json) must be documents the server
// accepts: a preset that fails validation would fill the form with something that cannot be saved.
func TestPresetsAreValidConfigs(t *testing.T) {
	data, err := os.ReadFile("src/features/admin/presets.json")
	if err != nil {
		t.Fatal(err)
	}
	var presets map[string]json.RawMessage
	if err := json.Unmarshal(data, &presets); err != nil {
		t.Fatal(err)
	}
	want := map[string][6]float64{ // the lower bounds of grades 1–5 the labels promise
		"standard": {85, 70, 55, 40, 20, 0},
		"ihk":      {92, 81, 67, 50, 30, 0},
	}
	if len(presets) != len(want) {
		t.Errorf("presets.json has %d presets, want %d", len(presets), len(want))
	}
	for name, doc := range presets {
		t.Run(name, func(t *testing.T) {
			c, err := grading.ParseConfig(doc)
			if err != nil {
				t.Fatalf("ParseConfig: %v", err)
			}
			if err := c.Validate(); err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if name == "standard" && c != grading.Default() {
				t.Errorf("standard preset = %+v, want grading.Default() %+v", c, grading.Default())
			}
			var plain struct {
				Grades map[string]struct{ Min float64 } `json:"grades"`
			}
			if err := json.Unmarshal(doc, &plain); err != nil {
				t.Fatal(err)
			}
			mins, ok := want[name]
			if !ok {
				t.Fatalf("unexpected preset %q", name)
			}
			for i, min := range mins {
				if got := plain.Grades[string(rune('1'+i))].Min; got != min {
					t.Errorf("grade %d min = %v, want %v", i+1, got, min)
				}
			}
		})
	}
}
