package main

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// grade --pass/--top/--step grades as the shared vectors of the key for this test say
// (testdata/grading/adjustments.json, docs/spec.md §10), for every case made on a preset as published
// (--preset names the preset itself, never a school's binding copy of it).
func TestGradeWithTheKeyForThisTest(t *testing.T) {
	data, err := os.ReadFile("../../testdata/grading/adjustments.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name     string
			Document struct {
				Preset     string
				Adjustable *bool
			}
			Adjustment map[string]string
			Errors     map[string]string
			Grades     []struct{ Total, Achieved, Grade string }
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range file.Cases {
		if c.Document.Preset == "" || c.Document.Adjustable != nil || (c.Errors == nil && len(c.Grades) == 0) {
			continue
		}
		args := []string{"grade", "--preset", c.Document.Preset}
		for _, name := range []string{"pass", "top", "step"} {
			if v, ok := c.Adjustment[name]; ok {
				args = append(args, "--"+name, v)
			}
		}
		if c.Errors != nil {
			_, errOut, err := runCmd(t, append(args, "100", "50")...)
			if !errors.Is(err, errUsage) {
				t.Errorf("%s: err = %v, want a refusal", c.Name, err)
			}
			for field, msg := range c.Errors {
				if !strings.Contains(errOut, field+": "+msg) {
					t.Errorf("%s: %q does not say %s: %s", c.Name, errOut, field, msg)
				}
			}
			checked++
			continue
		}
		for _, g := range c.Grades {
			out, errOut, err := runCmd(t, append(args, g.Total, g.Achieved)...)
			if err != nil || !strings.Contains(out, `"grade":"`+g.Grade+`"`) {
				t.Errorf("%s, %s of %s: %q, %v (%s); want grade %s", c.Name, g.Achieved, g.Total, out, err, errOut, g.Grade)
			}
			checked++
		}
	}
	if checked < 50 {
		t.Fatalf("only %d checks", checked)
	}
}
