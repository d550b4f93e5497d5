package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestFilesThatAreNone: a document file that is missing, a folder, or endless (a device) is answered
// in German by grade, table and config import, which never read more than a document can be; an
// export to a folder that is missing, or onto a folder, is answered in German and names no
// temporary file. Nothing is stored.
func TestFilesThatAreNone(t *testing.T) {
	dir := t.TempDir()
	db := "sqlite:" + filepath.Join(dir, "n.db")
	missing := filepath.Join(dir, "fehlt.json")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"grade, missing", []string{"grade", "--config", missing, "10", "5"}, "Konfiguration lesen: " + missing + " gibt es nicht"},
		{"table, a folder", []string{"table", "--config", dir, "--total", "10"}, "Konfiguration lesen: " + dir + " ist ein Ordner, keine Datei"},
		{"import, missing", []string{"config", "import", "--db", db, missing}, "nichts importiert: Konfiguration lesen: " + missing + " gibt es nicht"},
		{"import, a folder", []string{"config", "import", "--db", db, dir}, "nichts importiert: Konfiguration lesen: " + dir + " ist ein Ordner, keine Datei"},
		{"export into a missing folder", []string{"config", "export", "--db", db, filepath.Join(dir, "fehlt", "k.json")},
			"Export anlegen: den Ordner " + filepath.Join(dir, "fehlt") + " gibt es nicht"},
		{"export onto a folder", []string{"config", "export", "--db", db, dir}, "Export ablegen: " + dir + " ist ein Ordner, keine Datei"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, c.args...)
			if err == nil || err.Error() != c.want {
				t.Errorf("%v = %v (%s %s); want %q", c.args, err, out, errOut, c.want)
			}
			if err != nil && strings.Contains(err.Error(), ".notenrechner-export-") {
				t.Errorf("the error names the temporary file: %v", err)
			}
		})
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if !strings.HasPrefix(e.Name(), "n.db") { // the database and its -wal and -shm files
			t.Errorf("left behind: %s", e.Name())
		}
	}
	if runtime.GOOS != "linux" {
		return
	}
	// /dev/zero never ends: the document is refused at its bound, never read to the end.
	for _, args := range [][]string{{"grade", "--config", "/dev/zero", "10", "5"}, {"config", "import", "--db", db, "/dev/zero"}} {
		_, errOut, err := runCmd(t, args...)
		if err == nil || !strings.Contains(errOut, "64 KiB") {
			t.Errorf("%v = %v %s; want the document refused at its bound", args, err, errOut)
		}
	}
	if out, _, err := runCmd(t, "scale", "list", "--db", db); err != nil || strings.Count(out, "\n") != 2 {
		t.Errorf("a refused import stored something: %s %v", out, err)
	}
}
