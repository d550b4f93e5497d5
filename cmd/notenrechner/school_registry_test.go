package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchoolRegistryCommands: school add, list and remove as the Träger uses them, with the refusals
// a careful operator needs: a bad or taken address, a missing name, remove without --yes, a command
// on one school's data without --school once there are schools, and --school before there are any.
func TestSchoolRegistryCommands(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	refused := func(want string, args ...string) {
		t.Helper()
		_, errOut, err := runCmd(t, args...)
		if err == nil || !strings.Contains(err.Error()+errOut, want) {
			t.Errorf("%v: %v %s; want refused with %q", args, err, errOut, want)
		}
	}
	refused("keine Schulen", "admin", "list", "--db", db, "--school", "https://a.schule.test")
	refused("ohne Pfad", "school", "add", "--db", db, "--url", "https://schultraeger.test/gs-nord", "--name", "GS Nord")
	refused("--name fehlt", "school", "add", "--db", db, "--url", "https://a.schule.test")
	if out, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", "https://A.Schule.test/", "--name", "Schule Alpha"); err != nil ||
		!strings.Contains(out, "übernimmt die Daten") {
		t.Fatalf("first school: %v %s %s", err, out, errOut)
	}
	refused("schon eine Schule", "school", "add", "--db", db, "--url", "https://a.schule.test", "--name", "Noch eine")
	if _, errOut, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--school", "https://a.schule.test", "--email", "chefin@a.test"); err != nil {
		t.Fatalf("admin create: %v %s", err, errOut)
	}
	if _, errOut, err := runCmd(t, "school", "add", "--db", db, "--url", "https://b.schule.test", "--name", "Schule Beta"); err != nil {
		t.Fatalf("second school: %v %s", err, errOut)
	}
	refused("--school ADRESSE angeben", "admin", "list", "--db", db)
	refused("keine Schule dieser Datenbank", "admin", "list", "--db", db, "--school", "https://c.schule.test")
	refused("--yes", "school", "remove", "--db", db, "--url", "https://b.schule.test")

	out, _, err := runCmd(t, "school", "list", "--db", db)
	var list []schoolStatus
	if err != nil || json.Unmarshal([]byte(out), &list) != nil || len(list) != 2 {
		t.Fatalf("school list: %v %s", err, out)
	}
	a, b := list[0], list[1]
	if a.URL != "https://a.schule.test" || a.Home != "" || a.Admins != 1 || a.Scales != 1 || a.LastSave == nil ||
		b.Name != "Schule Beta" || !strings.HasPrefix(b.Home, "n-schools/") || b.Admins != 0 || b.Accounts != 0 || b.Error != "" {
		t.Errorf("school list: %+v %+v", a, b)
	}
	refused("unter diesem Rechnernamen gibt es schon", "school", "add", "--db", db, "--url", "http://b.schule.test", "--name", "B ohne TLS")
	// A lost file is an error, never a new, empty school.
	bFile := filepath.Join(dir, filepath.FromSlash(b.Home))
	if err := os.Rename(bFile, bFile+".weg"); err != nil {
		t.Fatal(err)
	}
	refused("fehlt", "admin", "list", "--db", db, "--school", "https://b.schule.test")
	if out, _, _ := runCmd(t, "school", "list", "--db", db); !strings.Contains(out, `"error":"die Datenbank der Schule fehlt`) {
		t.Errorf("school list does not say that B's file is lost: %s", out)
	}
	if _, err := os.Stat(bFile); !os.IsNotExist(err) {
		t.Fatalf("a command made B's lost file anew: %v", err)
	}
	if err := os.Rename(bFile+".weg", bFile); err != nil {
		t.Fatal(err)
	}
	if _, errOut, err := runCmd(t, "school", "remove", "--db", db, "--url", "https://b.schule.test", "--yes"); err != nil {
		t.Fatalf("remove: %v %s", err, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "n-schools")); !os.IsNotExist(err) {
		t.Errorf("the removed school's folder stayed: %v", err)
	}
	refused("keine Schule dieser Datenbank", "school", "remove", "--db", db, "--url", "https://b.schule.test", "--yes")
}

// A taken address is refused, unless --if-missing asks to add the school only when its address is
// free: then the school keeps its name and data and the command succeeds, so that a deployment's
// start (deploy/compose.schools.yaml) may run the same `school add` every time.
func TestSchoolAddIfMissing(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	add := func(args ...string) (string, error) {
		out, _, err := runCmd(t, append([]string{"school", "add", "--db", db}, args...)...)
		return out, err
	}
	if _, err := add("--url", "https://a.schule.test", "--name", "Schule Alpha"); err != nil {
		t.Fatal(err)
	}
	if _, err := add("--url", "https://a.schule.test", "--name", "Schule Alpha"); !errors.Is(err, errUsage) {
		t.Errorf("a taken address: %v, want a usage error", err)
	}
	out, err := add("--if-missing", "--url", "HTTPS://A.schule.test:443", "--name", "Anderer Name")
	if err != nil || !strings.Contains(out, "https://a.schule.test hat schon eine Schule") {
		t.Errorf("--if-missing on a taken address: %q, %v; want success saying so", out, err)
	}
	if out, err = add("--if-missing", "--url", "https://b.schule.test", "--name", "Schule Beta"); err != nil || !strings.Contains(out, "eingerichtet") {
		t.Errorf("--if-missing on a free address: %q, %v; want the school added", out, err)
	}
	out, _, err = runCmd(t, "school", "list", "--db", db)
	if err != nil || strings.Count(out, `"url"`) != 2 || !strings.Contains(out, `"Schule Alpha"`) || strings.Contains(out, "Anderer Name") {
		t.Errorf("school list = %q, %v; want Alpha under its first name and Beta", out, err)
	}
}
