package main

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchoolAddRefusesBadInput: an address no browser can send as its Host, or a name that is not
// text a page can show, is refused with a German usage error before anything is made, and the
// registry stays as it was.
func TestSchoolAddRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	if _, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", "https://a.schule.test", "--name", "Schule Alpha"); err != nil {
		t.Fatalf("first school: %v %s", err, errOut)
	}
	before, _, err := runCmd(t, "school", "list", "--db", db)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, url, school, want string
	}{
		{"a port past 65535", "https://b.schule.test:99999", "B", `--url: "https://b.schule.test:99999": der Port muss eine Zahl von 1 bis 65535 sein`},
		{"port 0", "https://b.schule.test:0", "B", `--url: "https://b.schule.test:0": der Port muss eine Zahl von 1 bis 65535 sein`},
		{"the first school's address with a padded port", "https://a.schule.test:0443", "B", "--url https://a.schule.test: diese Adresse hat schon eine Schule"},
		{"the first school's address with its port", "https://a.schule.test:443", "B", "--url https://a.schule.test: diese Adresse hat schon eine Schule"},
		{"invalid UTF-8", "https://b.schule.test", "Schule \xff\xfe", "--name: kein gültiger Text (UTF-8)"},
		{"NUL", "https://b.schule.test", "Schule\x00Beta", "--name: ohne Steuerzeichen"},
		{"a bidi override", "https://b.schule.test", "Schule \u202eateB", "--name: ohne Steuerzeichen"},
		{"a zero-width space", "https://b.schule.test", "Schule\u200bBeta", "--name: ohne Steuerzeichen"},
		{"a line separator", "https://b.schule.test", "Schule\u2028Beta", "--name: ohne Steuerzeichen"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", c.url, "--name", c.school)
			if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("school add %q %q = %v %s %s; want a usage error with %q", c.url, c.school, err, out, errOut, c.want)
			}
		})
	}
	if after, _, _ := runCmd(t, "school", "list", "--db", db); after != before {
		t.Errorf("a refused school add changed the registry:\nbefore %s\nafter  %s", before, after)
	}
	if matches, _ := filepath.Glob(filepath.Join(dir, "n-schools", "*")); len(matches) != 0 {
		t.Errorf("a refused school add left homes: %v", matches)
	}
	// An emoji with the zero-width joiner, and every script's letters, stay names.
	if _, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", "https://b.schule.test:8443", "--name", "Schule 👨‍👩‍👧 Ünal"); err != nil {
		t.Errorf("a name with an emoji sequence: %v %s", err, errOut)
	}
}

// TestSchoolOfAnOlderAddress: a school an older build stored under an address the rules now write
// otherwise (https://a.schule.test:0443, which reads as the first school's https://a.schule.test) is
// still found by --school and removed by school remove as stored, never mistaken for the first school.
func TestSchoolOfAnOlderAddress(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	if _, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", "https://a.schule.test", "--name", "Erste"); err != nil {
		t.Fatalf("first school: %v %s", err, errOut)
	}
	const old = "https://a.schule.test:0443"
	d := database{dsn: db, firstPreset: firstPreset}
	home := newHome(d)
	own, err := openDatabase(context.Background(), d, quietLogger(nil), 0, at{home: home, create: true})
	if err != nil {
		t.Fatal(err)
	}
	own.Close()
	main := openSQLiteFor(t, db)
	if _, err := registryOf(main).AddSchool(context.Background(), old, "Alte", home); err != nil {
		t.Fatal(err)
	}
	main.Close()
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--school", old, "--scale", "alt", "-"); err != nil {
		t.Fatalf("import into the older school: %v %s", err, errOut)
	}
	if out, _, err := runCmd(t, "scale", "list", "--db", db, "--school", "https://a.schule.test"); err != nil || strings.Contains(out, "alt ") {
		t.Fatalf("the import went to the first school: %s %v", out, err)
	}
	if out, errOut, err := runCmd(t, "school", "remove", "--db", db, "--url", old, "--yes"); err != nil || !strings.Contains(out, "„Alte“") {
		t.Fatalf("remove the older school: %v %s %s", err, out, errOut)
	}
	out, _, err := runCmd(t, "school", "list", "--db", db)
	if err != nil || !strings.Contains(out, `"name":"Erste"`) || strings.Contains(out, "Alte") {
		t.Errorf("after removing the older school: %s %v", out, err)
	}
}
