package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// aliasDoc is a document in the original's shape: general.plus, 1.normal
// and 6.minus instead of the canonical names.
const aliasDoc = `{
  "name": "Original",
  "grades": {"1": {"min": 87.5, "max": 100}, "2": {"min": 75, "max": 87.5}, "3": {"min": 62.5, "max": 75},
             "4": {"min": 50, "max": 62.5}, "5": {"min": 25, "max": 50}, "6": {"min": 0, "max": 25}},
  "schema": {"general": {"minus": 25, "plus": 50}, "1": {"normal": 12.5}, "6": {"minus": 37.5}}
}`

func runCmd(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err = run(context.Background(), args, noEnv, strings.NewReader(aliasDoc), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestGradeCommand(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "k.json", aliasDoc)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		// fractional: grade 2 is 75–87.5, range 12.5; minus band up to 78.125, plain up to 84.375
		{"top of a minus band", []string{"--config", cfg, "100", "78,125"}, `{"percentage":"78,1%","grade":"2-"}`},
		{"just above it", []string{"--config", cfg, "100", "78.126"}, `{"percentage":"78,13%","grade":"2"}`}, // "78,1" would be a 2-
		{"all points", []string{"--config", cfg, "11", "11"}, `{"percentage":"100,0%","grade":"1"}`},
		{"negative after --", []string{"--config", cfg, "--", "-10", "5"}, `{"percentage":"-50,0%","grade":"6"}`},
		{"negative", []string{"--config", cfg, "-10", "5"}, `{"percentage":"-50,0%","grade":"6"}`},
		{"not a number", []string{"--config=" + cfg, "30", "abc"}, `{"percentage":"","grade":""}`},
		{"negative not a number", []string{"-config", cfg, "30", "-12abc"}, `{"percentage":"","grade":""}`},        // as GET /grade answers
		{"flag between the numbers", []string{"30", "--config", cfg, "23"}, `{"percentage":"76,7%","grade":"2-"}`}, // 76.67 ≤ 78.125
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, append([]string{"grade"}, tc.args...)...)
			if err != nil || strings.TrimSpace(out) != tc.want {
				t.Errorf("grade %v = %q, %v (%s); want %s", tc.args, out, err, errOut, tc.want)
			}
		})
	}
	for _, args := range [][]string{{"30", "23"}, {"--config", cfg, "30"}, {"--config", cfg, "1", "2", "3"}} {
		if _, _, err := runCmd(t, append([]string{"grade"}, args...)...); !errors.Is(err, errUsage) {
			t.Errorf("grade %v: err = %v, want a usage error", args, err)
		}
	}
}

func TestConfigImportAndExport(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")

	out, _, err := runCmd(t, "config", "export", "--db", db)
	if err != nil || !strings.Contains(out, `"name": "Standard"`) {
		t.Fatalf("export of a new database = %q, %v; want the default", out, err)
	}

	bad := writeFile(t, dir, "bad.json", `{"name": "", "grades": {"1": {"min": 85, "max": 90}}, "schema": {}, "extra": 1}`)
	_, errOut, err := runCmd(t, "config", "import", "--db", db, bad)
	if err == nil {
		t.Fatal("an invalid file was imported")
	}
	for _, field := range []string{"name:", "grades.1.max:", "grades.2:", "schema.general:", "extra:"} {
		if !strings.Contains(errOut, "  "+field) {
			t.Errorf("rejection does not name %s:\n%s", field, errOut)
		}
	}
	if after, _, _ := runCmd(t, "config", "export", "--db", db); after != out {
		t.Fatalf("a rejected import changed the stored configuration:\n%s", after)
	}
	// German singular and plural: "1 ungültiges Feld", "2 ungültige Felder"
	one := writeFile(t, dir, "one.json", strings.Replace(out, `"name": "Standard"`, `"name": ""`, 1))
	if _, errOut, _ := runCmd(t, "config", "import", "--db", db, one); !strings.Contains(errOut, ": 1 ungültiges Feld:\n") {
		t.Errorf("one failing field: %q", errOut)
	}
	if !strings.Contains(errOut, " ungültige Felder:\n") || strings.Contains(errOut, ": 1 ungültige") {
		t.Errorf("several failing fields: %q", errOut)
	}

	good := writeFile(t, dir, "good.json", aliasDoc)
	if out, errOut, err = runCmd(t, "config", "import", "--db", db, good); err != nil || !strings.Contains(out, "Version 2") {
		t.Fatalf("import = %q, %v (%s); want version 2", out, err, errOut)
	}
	exported := filepath.Join(dir, "export.json")
	if _, _, err := runCmd(t, "config", "export", "--db", db, exported); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(exported)
	for _, canonical := range []string{`"normal": 50`, `"1": {`, `"minus": 12.5`, `"normal": 37.5`} {
		if !strings.Contains(string(data), canonical) {
			t.Errorf("export lacks canonical %s:\n%s", canonical, data)
		}
	}
	if strings.Contains(string(data), "plus") {
		t.Errorf("export kept the alias name plus:\n%s", data)
	}

	// Standard input, and a round trip of the export.
	if out, _, err = runCmd(t, "config", "import", "--db", db, "-"); err != nil || !strings.Contains(out, "Version 3") {
		t.Fatalf("import from stdin = %q, %v", out, err)
	}
	if out, _, err = runCmd(t, "config", "import", "--db", db, exported); err != nil || !strings.Contains(out, "Version 4") {
		t.Fatalf("re-import of an export = %q, %v", out, err)
	}
}

func TestHelpAndUsage(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"help"}, {"serve", "--help"}, {"grade", "--help"}, {"config", "--help"},
		{"config", "import", "--help"}, {"config", "export", "-h"}} {
		out, errOut, err := runCmd(t, args...)
		if err != nil || !strings.Contains(out+errOut, "Aufruf") {
			t.Errorf("%v: err %v, output %q", args, err, out+errOut)
		}
	}
	for _, args := range [][]string{{}, {"zaubern"}, {"config"}, {"config", "löschen"}, {"serve", "--log-format", "xml"},
		{"serve", "--db", "mysql://x"}, {"serve", "extra"}, {"serve", "--trusted-proxies", "10.0.0.0/99"},
		{"serve", "--max-streams", "-1"}, {"serve", "--max-streams-per-address", "viele"},
		{"serve", "--postgres-poll-interval", "-1s"}, {"serve", "--postgres-poll-interval", "oft"}} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
}

func TestRedactDSN(t *testing.T) {
	for _, dsn := range []string{
		"postgres://noten:Geheim-1@db:5432/noten",
		"postgres://db/noten?user=noten&password=Geheim-1",
		"postgres://noten@db/noten?sslpassword=Geheim-1&sslmode=verify-full",
		"postgres://db/noten?password=Geheim-1%25x",
	} {
		if got := redactDSN(dsn); strings.Contains(got, "Geheim") || !strings.Contains(got, "db") {
			t.Errorf("redactDSN(%q) = %q", dsn, got)
		}
	}
}
