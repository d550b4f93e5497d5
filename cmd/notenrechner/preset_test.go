package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

func TestPresetList(t *testing.T) {
	out, _, err := runCmd(t, "preset", "list")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	presets := grading.Presets()
	if len(lines) != len(presets)+1 || !strings.HasPrefix(lines[0], "ID ") || !strings.Contains(lines[0], "QUELLE") {
		t.Fatalf("preset list =\n%s", out)
	}
	for i, p := range presets {
		fields := strings.Fields(lines[i+1])
		if fields[0] != p.ID || !strings.Contains(lines[i+1], p.Name) || !strings.HasSuffix(lines[i+1], p.Source) {
			t.Errorf("line %d = %q, want %s", i+1, lines[i+1], p.ID)
		}
	}
	if !strings.Contains(out, "kmk-oberstufe ") || !strings.Contains(out, "  notenpunkte  ") || !strings.Contains(out, "  noten-plus-minus  ") {
		t.Errorf("preset list lacks a system:\n%s", out)
	}

	out, _, err = runCmd(t, "preset", "list", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var list []struct {
		ID, System, SchoolType string
		Config                 json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != len(presets) {
		t.Fatalf("preset list --json = %s, %v", out, err)
	}
	for i, p := range list {
		want, _ := json.Marshal(presets[i].Config)
		if p.ID != presets[i].ID || string(p.Config) != string(want) || p.SchoolType != presets[i].SchoolType {
			t.Errorf("preset %d = %+v, want %s with %s", i, p, presets[i].ID, want)
		}
	}
	if list[0].System != grading.SystemPlusMinus || list[len(list)-1].System != grading.SystemAustria {
		t.Errorf("systems: %s … %s", list[0].System, list[len(list)-1].System)
	}
	for _, args := range [][]string{{"preset"}, {"preset", "show"}, {"preset", "list", "extra"}, {"preset", "list", "--bogus"}} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
	if out, _, err := runCmd(t, "preset", "--help"); err != nil || !strings.Contains(out, "--preset") {
		t.Errorf("preset --help = %q, %v", out, err)
	}
}

func TestGradeWithPreset(t *testing.T) {
	cfg := writeFile(t, t.TempDir(), "k.json", aliasDoc)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		// 86 % is 13 points (ab 85), the KMK's 1-.
		{"Notenpunkte", []string{"--preset", "kmk-oberstufe", "100", "86"}, `{"percentage":"86,0%","grade":"13","alt":"1-"}`},
		// The IHK's key names no rounding: 91,5 points are "unter 92", a 2.
		{"IHK without rounding", []string{"100", "91,5", "--preset=ihk"}, `{"percentage":"91,5%","grade":"2","alt":"gut"}`},
		// Anlage 1: 91,5 points pass and round to 92, a 1,4; 49,5 fail unrounded, so they stay a 4,5.
		{"IHK decimal rounds a pass", []string{"--preset", "ihk-dezimal", "100", "91,5"}, `{"percentage":"91,5%","grade":"1,4"}`},
		{"IHK decimal keeps a fail", []string{"--preset", "ihk-dezimal", "100", "49,5"}, `{"percentage":"49,5%","grade":"4,5"}`},
		// 1 + 5 · 15/20 = 4,75 in quarters.
		{"Swiss quarters", []string{"--preset", "schweiz-viertel", "20", "15"}, `{"percentage":"75,0%","grade":"4,75"}`},
		{"Austria", []string{"--preset", "oesterreich", "--", "10", "8"}, `{"percentage":"80,0%","grade":"2","alt":"Gut"}`},
		{"the Standard preset is the original", []string{"--preset", "standard", "30", "23"}, `{"percentage":"76,7%","grade":"2"}`},
		{"a rule document file", []string{"--config", writeFile(t, t.TempDir(), "r.json",
			`{"name":"R","system":"noten","rule":{"kind":"table","percentage":"exact","bands":[{"grade":"1","from":50},{"grade":"6"}]}}`), "4", "2"},
			`{"percentage":"50,0%","grade":"1","alt":"sehr gut"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, append([]string{"grade"}, tc.args...)...)
			if err != nil || strings.TrimSpace(out) != tc.want {
				t.Errorf("grade %v = %q, %v (%s); want %s", tc.args, out, err, errOut, tc.want)
			}
		})
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "ihk", "--config", cfg, "1", "1"}, "nur eines von --config und --preset"},
		{[]string{"--preset", "ihk-2014", "1", "1"}, `unbekannte Vorlage "ihk-2014"`},
		{[]string{"1", "1"}, "--config DATEI oder --preset ID fehlt"},
	} {
		if _, _, err := runCmd(t, append([]string{"grade"}, tc.args...)...); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("grade %v: err = %v, want a usage error with %q", tc.args, err, tc.want)
		}
	}
}

// squeezed is text with every run of spaces as one, so that a test reads a table without its column widths.
func squeezed(text string) string { return regexp.MustCompile(` +`).ReplaceAllString(text, " ") }

// TestTableWithPresets checks the Punkteschlüssel of presets against values computed by hand.
func TestTableWithPresets(t *testing.T) {
	// IHK decimal key, 20 points in whole points: each point is 5 %, a whole percentage, so the rounding
	// of the key changes nothing. 19 points are 95 %: not 98 (1,1) nor 96 (1,2), but 94 (1,3); 9 points are 45 %:
	// not 48 (4,5) nor 46 (4,6), but 44 (4,7); 7 points are 35 %: 5,2 (ab 34). So 1,1 and 1,2 get no
	// value at all, and 0 points are 6,0.
	out, _, err := runCmd(t, "table", "--preset", "ihk-dezimal", "--total", "20", "--step", "1")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"Punkteschlüssel „IHK-Dezimalnoten“ für 20 Punkte (Schritt 1)", "1,0 20", "1,1 –", "1,2 –",
		"1,3 19", "1,6 18", "2,0 17", "2,5 16", "2,8 15", "3,2 14", "3,5 13", "3,8 12", "4,1 11", "4,4 10",
		"4,7 9", "4,9 8", "5,1 –", "5,2 7", "5,4 6", "5,5 5", "5,9 1", "6,0 0"} {
		if !strings.Contains(squeezed(out), line+"\n") {
			t.Errorf("IHK decimal, 20 points, lacks %q:\n%s", line, out)
		}
	}
	if n := strings.Count(out, "\n"); n != 2+1+51 {
		t.Errorf("IHK decimal has %d lines, want a title, a blank line, the header and 51 bands", n)
	}
	out, _, err = runCmd(t, "table", "--preset", "ihk-dezimal", "--total", "20", "--step", "1", "--json")
	if err != nil || !strings.HasPrefix(out, `[{"grade":"1,0","min":20,"max":20},{"grade":"1,1","min":null,"max":null},`) {
		t.Errorf("IHK decimal --json = %s, %v", out, err)
	}

	// Swiss halves, 30 points in half points: note = 1 + P/6, note n from where it reaches n − 0,25
	// (a midpoint goes up): 6 from (5,75 − 1)·6 = 28,5; 5,5 from 25,5; 5 from 22,5; 4,5 from 19,5;
	// 4 from 16,5; 3,5 from 13,5; 3 from 10,5; 2,5 from 7,5; 2 from 4,5; 1,5 from 1,5; 1 below.
	out, _, err = runCmd(t, "table", "--preset", "schweiz-halbe", "--total", "30")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"6 28,5 – 30", "5,5 25,5 – 28", "5 22,5 – 25", "4,5 19,5 – 22", "4 16,5 – 19",
		"3,5 13,5 – 16", "3 10,5 – 13", "2,5 7,5 – 10", "2 4,5 – 7", "1,5 1,5 – 4", "1 0 – 1"} {
		if !strings.Contains(squeezed(out), line+"\n") {
			t.Errorf("Swiss halves, 30 points, lacks %q:\n%s", line, out)
		}
	}

	// Notenpunkte show their grade beside: 13 points (1-) from 85 % of 30 = 25,5 to below 90 % = 27.
	out, _, err = runCmd(t, "table", "--preset", "kmk-oberstufe", "--total", "30")
	if err != nil || !strings.Contains(squeezed(out), "13 (1-) 25,5 – 26,5\n") || !strings.Contains(squeezed(out), "0 (6) 0 – 5,5\n") {
		t.Errorf("KMK, 30 points =\n%s, %v", out, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--preset", "ihk", "--config", vectorDir + "configs/standard.json", "--total", "40"}, "nur eines von --config und --preset"},
		{[]string{"--preset", "nix", "--total", "40"}, `unbekannte Vorlage "nix"`},
	} {
		if _, _, err := runCmd(t, append([]string{"table"}, tc.args...)...); !errors.Is(err, errUsage) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("table %v: err = %v, want a usage error with %q", tc.args, err, tc.want)
		}
	}
}

// TestConfigImportRuleDocument: config import and export take a rule document like the original's,
// and store it in its canonical form.
func TestConfigImportRuleDocument(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	doc := writeFile(t, dir, "schweiz.json", `{"rule":{"midpoint":"down","step":0.50,"kind":"formula"},"system":"schweiz","name":"Schweiz"}`)
	if out, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "schweiz", doc); err != nil || !strings.Contains(out, "angelegt") {
		t.Fatalf("import = %q, %v (%s)", out, err, errOut)
	}
	out, _, err := runCmd(t, "config", "export", "--db", db, "--scale", "schweiz")
	var compact bytes.Buffer
	if err == nil {
		err = json.Compact(&compact, []byte(out))
	}
	if err != nil || compact.String() != `{"name":"Schweiz","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"down"}}` {
		t.Fatalf("export = %s, %v", out, err)
	}
	bad := writeFile(t, dir, "bad.json", `{"name":"X","system":"noten","rule":{"kind":"formula","step":0.5,"midpoint":"down"}}`)
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, bad); err == nil || !strings.Contains(errOut, "rule.kind: Die Formel gibt es nur für Schweizer Noten.") {
		t.Fatalf("invalid rule document: %v, %q", err, errOut)
	}
}
