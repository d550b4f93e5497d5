package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBackupNeverOverTheDatabase: a backup written onto the database itself (by its name, another
// spelling of it, or a link) or onto its -wal or -shm file would replace the file a running server
// holds open, and a restore from the database itself reads what it replaces. Both are refused before
// anything is written, and the database stays byte for byte as it was.
func TestBackupNeverOverTheDatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "n.db")
	db := "sqlite:" + path
	if _, errOut, err := runCmd(t, "config", "import", "--db", db, "--scale", "mathe", "-"); err != nil {
		t.Fatalf("import: %v %s", err, errOut)
	}
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	const refusedBackup = "Sicherung fehlgeschlagen: die Sicherung darf nicht die Datenbank selbst oder ihre -wal- oder -shm-Datei sein"
	const refusedRestore = "Wiederherstellung abgebrochen, die Datenbank ist unverändert: die Sicherung ist die Datenbank selbst"
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"backup onto itself", []string{"backup", "--db", db, "--to", path, "--force"}, refusedBackup},
		{"backup onto another spelling", []string{"backup", "--db", db, "--to", filepath.Join(dir, ".", "x", "..", "n.db"), "--force"}, refusedBackup},
		{"backup onto a link to it", []string{"backup", "--db", db, "--to", link, "--force"}, refusedBackup},
		{"backup onto its WAL", []string{"backup", "--db", db, "--to", path + "-wal", "--force"}, refusedBackup},
		{"backup onto its shared memory", []string{"backup", "--db", db, "--to", path + "-shm", "--force"}, refusedBackup},
		{"restore from itself", []string{"restore", "--db", db, "--from", path, "--force"}, refusedRestore},
		{"restore from a link to it", []string{"restore", "--db", db, "--from", link, "--force"}, refusedRestore},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := runCmd(t, c.args...)
			if err == nil || err.Error() != c.want {
				t.Errorf("%v = %v (%s); want %q", c.args, err, out, c.want)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
				t.Errorf("%v changed the database file", c.args)
			}
			if out, _, err := runCmd(t, "scale", "list", "--db", db); err != nil || !strings.Contains(out, "mathe") {
				t.Errorf("the database after %v: %v %s", c.args, err, out)
			}
		})
	}
}
