package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The Zeugnisnote settings of a scale travel with its document through config export and import.
func TestConfigZeugnisSettingsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	doc := `{"name":"CH","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"up"},` +
		`"zeugnis":{"rounding":"worse","step":"0.1","categories":[{"name":" schriftlich ","weight":"2"},{"name":"mündlich","weight":"1,5"}]}}`
	in := writeFile(t, dir, "ch.json", doc)
	if out, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "ch", in); err != nil {
		t.Fatalf("import = %q, %v (%s)", out, err, errOut)
	}
	exported := filepath.Join(dir, "export.json")
	if _, errOut, err := runCmd(t, "config", "export", "--db", db, "--scale", "ch", exported); err != nil {
		t.Fatalf("export: %v (%s)", err, errOut)
	}
	data, _ := os.ReadFile(exported)
	for _, want := range []string{`"zeugnis": {`, `"rounding": "worse"`, `"step": "0,1"`, `"name": "schriftlich"`, `"weight": "1,5"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("export lacks %s:\n%s", want, data)
		}
	}
	if out, _, err := runCmd(t, "config", "import", "--db", db, "--scale", "ch", exported); err != nil || !strings.Contains(out, "Version 2") {
		t.Fatalf("re-import of the export = %q, %v", out, err)
	}
	bad := writeFile(t, dir, "bad.json", strings.Replace(doc, `"rounding":"worse"`, `"tendency":"0,3"`, 1))
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "ch", bad); err == nil ||
		!strings.Contains(errOut, "  zeugnis.tendency: Eine Tendenz für + und − gibt es nur bei Noten von 1 bis 6.") {
		t.Fatalf("a tendency under Swiss grades was not refused by name: %v\n%s", err, errOut)
	}
}
