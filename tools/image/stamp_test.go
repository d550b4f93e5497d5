package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMakeBuildStampsTheCommit: the binary of `make build` names its version and commit as a release
// does, also where Go's own VCS stamp is off (GOFLAGS=-buildvcs=false, as some build machines set it),
// because both take the stamp from scripts/stamp.sh.
func TestMakeBuildStampsTheCommit(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("make is not installed")
	}
	bin := filepath.Join(t.TempDir(), "notenrechner")
	// -o: the web app is built already (test-release depends on it); only the binary is made.
	cmd := exec.Command("make", "-s", "-o", "web/dist/index.html", "BIN="+bin, bin)
	cmd.Dir = repoRoot
	cmd.Env = append(os.Environ(), "GOFLAGS=-buildvcs=false")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %s: %v\n%s", bin, err, out)
	}
	out, err := exec.Command(bin, "version", "--json").Output()
	if err != nil {
		t.Fatalf("version --json: %v", err)
	}
	var got struct {
		Version, Commit, Date string
		Modified              bool
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("version --json = %s: %v", out, err)
	}
	wantVersion := git(t, "describe", "--tags", "--always") + dirty(t)
	wantDate := git(t, "log", "-1", "--format=%cd", "--date=format-local:%Y-%m-%dT%H:%M:%SZ", "HEAD")
	if got.Commit != git(t, "rev-parse", "HEAD") || got.Version != wantVersion || got.Date != wantDate ||
		got.Modified != (dirty(t) != "") {
		t.Errorf("version --json of make build = %s; want commit %s, version %s, date %s", out, git(t, "rev-parse", "HEAD"), wantVersion, wantDate)
	}
}
