package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestShown(t *testing.T) {
	for in, want := range map[string]string{
		"chefin@schule.de":              "chefin@schule.de",
		"Größe Übung – Ελληνικά 😀":      "Größe Übung – Ελληνικά 😀",
		"a\x1b[31mrot\x07":              `a\x1b[31mrot\a`,
		"Standard\u202egnut":            `Standard\u202egnut`,
		"\u2066a\u2069\u200e\u00ad\x00": `\u2066a\u2069\u200e\u00ad\x00`,
		"tab\there\nline\u2028":         `tab\there\nline\u2028`,
		"tag\U000E0041":                 `tag\U000e0041`,
		`C:\Noten`:                      `C:\Noten`,
	} {
		if got := shown(in); got != want {
			t.Errorf("shown(%q) = %q, want %q", in, got, want)
		}
	}
	doc := []byte("{\n  \"name\": \"a\u202e\x7f\U000E0041 ö\"\n}")
	got := jsonShown(doc)
	if want := "{\n  \"name\": \"a\\u202e\\u007f\\udb40\\udc41 ö\"\n}"; string(got) != want {
		t.Errorf("jsonShown = %q, want %q", got, want)
	}
	var before, after map[string]string
	if json.Unmarshal(doc, &before) != nil || json.Unmarshal(got, &after) != nil || before["name"] != after["name"] {
		t.Errorf("jsonShown changed the document: %q → %q", before, after)
	}
}

// Rows stored before the rules refused control and bidi characters (or
// written past them) still load, but reach the terminal only escaped, in
// every command that prints stored text.
func TestStoredTextReachesTheTerminalEscaped(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "n.db")
	db := "sqlite:" + path
	file := writeFile(t, dir, "m.json", strings.Replace(aliasDoc, "Original", "Mathematik", 1))
	mustRun := func(input string, args ...string) string {
		t.Helper()
		out, errOut, err := runWithInput(t, input, args...)
		if err != nil {
			t.Fatalf("%v: %v (%s)", args, err, errOut)
		}
		return out + errOut
	}
	mustRun("", "config", "import", "--db", db, "--scale", "mathe", file)
	mustRun("Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--email", "chefin@schule.de")

	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	const name = "Mathe\x1b]0;gehackt\x07\x1b[2J\u202eeciffo"
	stored, _ := json.Marshal(name) // as the store encodes it: ESC and BEL as \u001b, \u0007; U+202E as it is
	for _, q := range []string{
		`UPDATE users SET email = 'chefin' || char(27) || '[31m' || char(8238) || '@schule.de'`,
		`UPDATE config_versions SET document = replace(document, '"Mathematik"', '` + string(stored) + `')`,
	} {
		if _, err := raw.ExecContext(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{
		{"admin", "list", "--db", db},
		{"scale", "list", "--db", db},
		{"config", "export", "--db", db, "--scale", "mathe"},
	} {
		out := mustRun("", args...)
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("%v printed a control or bidi character raw: %q", args, out)
		}
		if !strings.Contains(out, `\u202e`) {
			t.Errorf("%v does not show the stored character escaped: %q", args, out)
		}
	}
	var doc struct{ Name string }
	if err := json.Unmarshal([]byte(mustRun("", "config", "export", "--db", db, "--scale", "mathe")), &doc); err != nil || doc.Name != name {
		t.Errorf("the export's name is %q, %v; want the stored one", doc.Name, err)
	}
	// Such a name comes in no more: import refuses it, and nothing is saved.
	bad := writeFile(t, dir, "bad.json", strings.Replace(aliasDoc, "Original", `Mathe\u001b[31m`, 1))
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "mathe", bad); err == nil ||
		!strings.Contains(errOut, "Der Name darf keine unsichtbaren Steuerzeichen enthalten.") {
		t.Errorf("import of a name with ESC: %v (%s)", err, errOut)
	}
}
