package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

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
