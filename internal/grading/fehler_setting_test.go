package grading

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

// The member "fehlerquotient" beyond the shared vectors (alias-configs.json, invalid-configs.json and the
// rule documents' files): typed settings, the rule a setting names, and a document of each shape round trip.

func schoolSetting() FehlerSetting {
	s := FehlerSetting{Name: "Deutsch Sek I", Unit: UnitDrittel, Max: 2, MinWords: 100, Count: 2}
	s.Steps[0], s.Steps[1] = FehlerStep{From: "3,5", Deduction: 1}, FehlerStep{From: "6", Deduction: 2}
	return s
}

func TestFehlerSettingRoundTripsInBothShapes(t *testing.T) {
	ihk, _ := PresetByID("ihk")
	for _, base := range []Config{Default(), ihk.Config} {
		for _, s := range []FehlerSetting{{Preset: "hessen-oberstufe"}, schoolSetting()} {
			c := base
			c.Fehler = s
			if err := c.Validate(); err != nil {
				t.Fatalf("Validate(%+v): %v", s, err)
			}
			doc, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(doc), `"fehlerquotient":{`) {
				t.Fatalf("no member in %s", doc)
			}
			again, err := ParseDocument(doc)
			if err != nil || again != c {
				t.Fatalf("Marshal→Parse = %+v, %v; want %+v", again, err, c)
			}
		}
	}
}

func TestFehlerSettingValidateRefusesWhatItsJSONCannotHold(t *testing.T) {
	for name, mutate := range map[string]func(*FehlerSetting){
		"a step past Count":       func(s *FehlerSetting) { s.Steps[5] = FehlerStep{From: "9", Deduction: 2} },
		"a threshold not written": func(s *FehlerSetting) { s.Steps[0].From = "3,50" },
		"a deduction above max":   func(s *FehlerSetting) { s.Steps[1].Deduction = 3 },
		"an unknown unit":         func(s *FehlerSetting) { s.Unit = "noten" },
		"a preset and a name":     func(s *FehlerSetting) { s.Preset = "hessen-oberstufe" },
	} {
		t.Run(name, func(t *testing.T) {
			c := Default()
			c.Fehler = schoolSetting()
			mutate(&c.Fehler)
			var ve *ValidationError
			if err := c.Validate(); !errors.As(err, &ve) {
				t.Fatalf("Validate = %v, want a *ValidationError", err)
			}
		})
	}
}

func TestFehlerSettingRule(t *testing.T) {
	if _, ok := (FehlerSetting{}).Rule(); ok {
		t.Error("no conversion names a rule")
	}
	hessen, ok := FehlerSetting{Preset: "hessen-oberstufe"}.Rule()
	if !ok || !reflect.DeepEqual(hessen, FehlerRules()[0]) {
		t.Errorf("the preset's rule = %+v, %v", hessen, ok)
	}
	own, ok := schoolSetting().Rule()
	want := FehlerRule{ID: FehlerSchoolRule, Name: "Deutsch Sek I", Unit: UnitDrittel, Max: 2, MinWords: 100,
		Steps: []FehlerStep{{From: "3,5", Deduction: 1}, {From: "6", Deduction: 2}}, Source: "Regel der Schule"}
	if !ok || !reflect.DeepEqual(own, want) {
		t.Fatalf("the school's rule = %+v, %v", own, ok)
	}
	res, err := FehlerquotientOf("100", "3,5", own)
	if err != nil || *res.Abzug != 1 || res.Rechnung[1] != "Der Fehlerquotient erreicht 3,5, aber nicht 6: ⅓ Note Abzug (Regel der Schule)." {
		t.Fatalf("with the school's rule: %+v, %v", res, err)
	}
}

func TestCanonicalThreshold(t *testing.T) {
	for in, want := range map[string]string{"3": "3", "3,5": "3,5", "3.50": "3,5", "06,25": "6,25", " 100 ": "100",
		"0,01": "0,01", "2,0": "2", "": "", "0": "", "100,01": "", "3,125": "", "3,": "", ",5": "", "-3": "", "1000": ""} {
		got, _, ok := canonicalThreshold(in)
		if got != want || ok != (want != "") {
			t.Errorf("canonicalThreshold(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}

func FuzzFehlerSetting(f *testing.F) {
	f.Add(`{"preset":"hessen-oberstufe"}`)
	f.Add(`{"name":"x","unit":"drittel","steps":[{"from":"3.5","deduction":1}],"max":2,"minWords":100}`)
	f.Fuzz(func(t *testing.T, member string) {
		doc := `{"name":"F","system":"noten","rule":{"kind":"table","percentage":"exact","bands":[{"grade":"1","from":50},{"grade":"6"}]},"fehlerquotient":` + member + `}`
		c, err := ParseDocument([]byte(doc))
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("%s parsed but does not validate: %v", doc, err)
		}
		out, _ := json.Marshal(c)
		if again, err := ParseDocument(out); err != nil || again != c {
			t.Fatalf("%s: Marshal→Parse = %+v, %v", out, again, err)
		}
	})
}
