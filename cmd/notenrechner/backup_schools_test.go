package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupKeepsEverySchool: a backup of a deployment holds every school (each of its own file
// beside it); restoring it brings back a school removed since; a backup of one school is a database
// of that school alone, which names no other.
func TestBackupKeepsEverySchool(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "data", "n.db")
	mustRun := func(args ...string) string {
		t.Helper()
		out, errOut, err := runCmd(t, args...)
		if err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut)
		}
		return out
	}
	mustRun("school", "add", "--db", db, "--url", "https://a.schule.test", "--name", "Schule Alpha")
	mustRun("school", "add", "--db", db, "--url", "https://b.schule.test", "--name", "Schule Beta")
	docB := writeFile(t, dir, "b.json", strings.Replace(aliasDoc, "Original", "Schluessel-Beta", 1))
	mustRun("config", "import", "--db", db, "--school", "https://b.schule.test", docB)

	bk := filepath.Join(dir, "bk", "montag.db")
	out := mustRun("backup", "--db", db, "--to", bk)
	if !strings.Contains(out, "Schule https://b.schule.test:") {
		t.Errorf("backup did not name school B: %s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "bk", "montag-schools", "2.db")); err != nil {
		t.Fatalf("school B's backup is missing: %v", err)
	}
	mustRun("school", "remove", "--db", db, "--url", "https://b.schule.test", "--yes")
	mustRun("restore", "--db", db, "--from", bk, "--force")
	if got := mustRun("config", "export", "--db", db, "--school", "https://b.schule.test"); !strings.Contains(got, "Schluessel-Beta") {
		t.Errorf("after restore school B's key is %s", got)
	}

	alone := filepath.Join(dir, "alpha.db")
	mustRun("backup", "--db", db, "--school", "https://a.schule.test", "--to", alone)
	if got := mustRun("school", "list", "--db", "sqlite:"+alone); strings.TrimSpace(got) != "[]" {
		t.Errorf("school A's own backup lists schools: %s", got)
	}
	raw, err := os.ReadFile(alone)
	if err != nil || strings.Contains(string(raw), "b.schule.test") {
		t.Errorf("school A's own backup still holds school B's address (%v)", err)
	}
	if got := mustRun("config", "export", "--db", "sqlite:"+alone); strings.Contains(got, "Schluessel-Beta") {
		t.Errorf("school A's backup has B's key: %s", got)
	}

	os.Remove(filepath.Join(dir, "bk", "montag-schools", "2.db"))
	if _, errOut, err := runCmd(t, "restore", "--db", db, "--from", bk, "--force"); err == nil || !strings.Contains(errOut+err.Error(), "fehlt") {
		t.Errorf("a backup without its school's file was restored: %v %s", err, errOut)
	}
}
