package grading

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
)

// The presets against their published keys (testdata/grading/presets.json and preset-cases.json, written
// by testdata/grading/presets.py from the tables as published, not from this code).

type presetVector struct {
	ID     string `json:"id"`
	System string `json:"system"`
	Basis  string `json:"basis"`
	Bands  []struct {
		Grade string  `json:"grade"`
		Value string  `json:"value"`
		Alt   string  `json:"alt"`
		From  *string `json:"from"`
	} `json:"bands"`
}

type presetCase struct {
	Preset     string `json:"preset"`
	Total      string `json:"total"`
	Achieved   string `json:"achieved"`
	Percentage string `json:"percentage"`
	Grade      string `json:"grade"`
	Alt        string `json:"alt"`
}

func TestPresetsGiveTheirPublishedBands(t *testing.T) {
	var file struct{ Presets []presetVector }
	readVectors(t, "presets.json", &file)
	vectors := file.Presets
	if len(vectors) != len(Presets())-1 { // the Standard has the vectors of the original's rule
		t.Fatalf("%d preset vectors for %d presets besides the Standard", len(vectors), len(Presets())-1)
	}
	for _, v := range vectors {
		t.Run(v.ID, func(t *testing.T) {
			p, ok := PresetByID(v.ID)
			if !ok {
				t.Fatalf("no preset %q", v.ID)
			}
			if err := p.Config.Validate(); err != nil {
				t.Fatalf("the preset does not validate: %v", err)
			}
			k := p.Config.Key()
			if k.System.ID != v.System || string(k.Basis) != v.Basis || len(k.Bands) != len(v.Bands) {
				t.Fatalf("key %s/%s with %d bands, want %s/%s with %d", k.System.ID, k.Basis, len(k.Bands),
					v.System, v.Basis, len(v.Bands))
			}
			for i, want := range v.Bands {
				got := k.Bands[i]
				if got.Text != want.Grade || got.Alt != want.Alt || got.Value.Cmp(rat(t, want.Value)) != 0 ||
					!got.Included || !sameFrom(t, got.From, want.From) {
					t.Errorf("band %d = %s/%s/%v from %v, want %+v", i, got.Text, got.Alt, got.Value, got.From, want)
				}
			}
		})
	}
}

func TestPresetsGradeAsTheirPublishedKeys(t *testing.T) {
	keys := map[string]Key{}
	for _, p := range Presets() {
		keys[p.ID] = p.Config.Key()
	}
	var file struct{ Cases []presetCase }
	readVectors(t, "preset-cases.json", &file)
	for _, tc := range file.Cases {
		t.Run(tc.Preset+"/"+tc.Total+"/"+tc.Achieved, func(t *testing.T) {
			p, _ := PresetByID(tc.Preset)
			want := Result{Percentage: tc.Percentage, Grade: tc.Grade, Alt: tc.Alt}
			if got := keys[tc.Preset].Calculate(tc.Total, tc.Achieved); got != want {
				t.Errorf("Key.Calculate = %+v, want %+v", got, want)
			}
			if got := p.Config.Key().calculateExact(tc.Total, tc.Achieved); got != want {
				t.Errorf("the big.Rat path = %+v, want %+v", got, want)
			}
		})
	}
}

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("not a number: %q", s)
	}
	return r
}

func sameFrom(t *testing.T, got *big.Rat, want *string) bool {
	if got == nil || want == nil {
		return got == nil && want == nil
	}
	return got.Cmp(rat(t, strings.ReplaceAll(*want, ",", "."))) == 0
}

// TestPresetTextsSayTheirSources: what the admin reads where they pick a preset is written for people
// (no paths of this repository) and names whose rule it is: the IHK's key comes from rules for
// Fortbildungsprüfungen and has no rounding, the decimal key is a Fortbildung key, and rounding the
// percentage for the KMK's table is a practice of Baden-Württemberg's vocational schools, not the KMK's.
func TestPresetTextsSayTheirSources(t *testing.T) {
	for _, p := range Presets() {
		for _, text := range []string{p.Name, p.Source, p.Region, p.SchoolType} {
			if strings.Contains(text, "docs/") || strings.Contains(text, ".md") {
				t.Errorf("%s: developer text %q", p.ID, text)
			}
		}
	}
	for _, c := range []struct{ id, text string }{
		{"ihk", "Fortbildungsprüfungen"},
		{"ihk", "ohne Rundung"},
		{"ihk-dezimal", "Fortbildung"},
		{"ihk-dezimal", "ohne Rundung"},
		{"kmk-oberstufe-aufrunden", "Baden-Württemberg"},
		{"kmk-oberstufe-aufrunden", "keine Regel der KMK"},
	} {
		p, _ := PresetByID(c.id)
		if !strings.Contains(p.Name+" "+p.Source+" "+p.SchoolType, c.text) {
			t.Errorf("%s does not say %q: %s; %s; %s", c.id, c.text, p.Name, p.Source, p.SchoolType)
		}
	}
	if p, _ := PresetByID("ihk-dezimal"); strings.Contains(p.SchoolType, "Berufsschule") {
		t.Errorf("ihk-dezimal is a Fortbildung key, not the Berufsschule's: %q", p.SchoolType)
	}
}

// TestEarlierPresetRules: the rules earlier releases stored for a preset, which a stored version may still
// hold (ParseStoredDocument), are the ones presets.py writes as "earlier" from the sources' rows.
func TestEarlierPresetRules(t *testing.T) {
	var file struct {
		Presets []struct {
			ID      string          `json:"id"`
			System  string          `json:"system"`
			Earlier json.RawMessage `json:"earlier"`
		}
	}
	readVectors(t, "presets.json", &file)
	for _, v := range file.Presets {
		var want []Rule
		if v.Earlier != nil {
			doc := `{"name":"x","system":"` + v.System + `","rule":` + string(v.Earlier) + `}`
			c, err := ParseDocument([]byte(doc))
			if err != nil {
				t.Fatalf("%s: the earlier rule %s: %v", v.ID, v.Earlier, err)
			}
			want = []Rule{c.Rule}
		}
		if got := earlierRules(v.ID); !slices.Equal(got, want) {
			t.Errorf("%s: earlierRules = %+v, want %+v", v.ID, got, want)
		}
	}
}
