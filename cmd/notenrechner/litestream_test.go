package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// litestreamVersion is the release docs/operations.md documents and
// scripts/litestream.sh builds.
const litestreamVersion = "v0.5.18"

// litestreamBinary finds the pinned Litestream: NOTENRECHNER_LITESTREAM, or
// where scripts/litestream.sh puts it. Building it takes minutes and the
// network, so the test does not; without it the test skips and says how.
func litestreamBinary(t *testing.T) string {
	t.Helper()
	path := os.Getenv("NOTENRECHNER_LITESTREAM")
	if path == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			t.Skipf("Litestream: no cache folder (%v); set NOTENRECHNER_LITESTREAM", err)
		}
		path = filepath.Join(cache, "notenrechner", "litestream-"+litestreamVersion, "litestream")
	}
	out, err := exec.Command(path, "version").Output()
	if err != nil {
		t.Skipf("Litestream %s is not built (%v): run scripts/litestream.sh once, or set NOTENRECHNER_LITESTREAM", litestreamVersion, err)
	}
	if got := strings.TrimSpace(string(out)); got != litestreamVersion {
		t.Fatalf("%s is Litestream %s; docs/operations.md documents %s", path, got, litestreamVersion)
	}
	return path
}

// documentedConfig is the litestream.yml of docs/operations.md with the
// database and the replica moved to the test's folder.
func documentedConfig(t *testing.T, db, replica string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "operations.md"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)```yaml\n# /etc/litestream.yml\n(.*?)```").FindSubmatch(doc)
	if m == nil {
		t.Fatal("docs/operations.md has no litestream.yml block")
	}
	yml := string(m[1])
	for from, to := range map[string]string{"/var/lib/notenrechner/notenrechner.db": db, "/srv/sicherung/notenrechner": replica} {
		if !strings.Contains(yml, from) {
			t.Fatalf("the documented litestream.yml no longer names %s:\n%s", from, yml)
		}
		yml = strings.ReplaceAll(yml, from, to)
	}
	path := filepath.Join(t.TempDir(), "litestream.yml")
	if err := os.WriteFile(path, []byte(yml), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLitestreamReplica replicates a Notenrechner database with Litestream as
// docs/operations.md sets it up, while saves, new scales and new accounts go
// on, and restores the replica with `litestream restore`: every confirmed
// write is there, every version whole, and `notenrechner restore` takes the
// result as a backup.
func TestLitestreamReplica(t *testing.T) {
	bin := litestreamBinary(t)
	dir := t.TempDir()
	live := filepath.Join(dir, "notenrechner.db")
	slugs := []string{"mathe", "deutsch"}
	st := openSQLite(t, live)
	for _, slug := range slugs {
		if _, err := st.CreateScale(t.Context(), slug, grading.Default(), "litestream-test"); err != nil {
			t.Fatal(err)
		}
	}
	config := documentedConfig(t, live, filepath.Join(dir, "replica"))
	var logs bytes.Buffer
	replicate := exec.Command(bin, "replicate", "-config", config)
	replicate.Stdout, replicate.Stderr = &logs, &logs
	if err := replicate.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		replicate.Process.Signal(os.Interrupt)
		replicate.Wait()
		if t.Failed() {
			t.Logf("litestream replicate:\n%s", logs.String())
		}
	}()

	log := &acks{}
	stop := make(chan struct{})
	wg := writeUntil(t, st, slugs, log, stop)
	for len(log.snapshot()) < 100 && !t.Failed() {
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	wg.Wait()
	written := log.snapshot()
	last := written[len(written)-1]

	// The replica follows within its sync interval; restore until the last
	// confirmed write is in it. Being in WAL order, everything before it is then too.
	out := filepath.Join(dir, "aus-replikat.db")
	deadline := time.Now().Add(20 * time.Second)
	for {
		os.Remove(out)
		res, err := exec.Command(bin, "restore", "-config", config, "-o", out, live).CombinedOutput()
		if err == nil && holds(t, out, last) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica lacks the last confirmed write %+v after 20 s (%v):\n%s", last, err, res)
		}
		time.Sleep(200 * time.Millisecond)
	}
	restored := filepath.Join(dir, "wieder", "notenrechner.db")
	if o, e, err := runCmd(t, "restore", "--from", out, "--db", "sqlite:"+restored); err != nil {
		t.Fatalf("notenrechner restore of Litestream's copy: %v\n%s%s", err, o, e)
	}
	got := openSQLite(t, restored)
	findEvery(t, got, written)
	everyVersionWhole(t, got)
}

// holds reports whether the database at path has the write a.
func holds(t *testing.T, path string, a ack) bool {
	t.Helper()
	st := openSQLite(t, path)
	defer st.Close()
	switch a.kind {
	case "version":
		cv, err := st.ScaleConfig(a.slug).ConfigAt(t.Context(), a.version)
		return err == nil && cv.Config.Name == a.name
	case "scale":
		_, err := st.ScaleConfig(a.slug).LatestConfig(t.Context())
		return err == nil
	default:
		_, err := st.UserByEmail(t.Context(), a.name)
		return err == nil
	}
}
