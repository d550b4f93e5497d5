package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDBThatIsNoDatabase: a --db that names a folder or a file that is no SQLite database is answered
// in German by every command that opens it, names the path, keeps the technical cause for the operator
// in parentheses, and leaves the file as it was.
func TestDBThatIsNoDatabase(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "notizen.txt")
	if err := os.WriteFile(junk, []byte("Das ist keine Datenbank, sondern eine Notiz.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, path, want string
	}{
		{"a folder", dir, "--db: " + dir + " ist ein Ordner, keine Datenbankdatei ("},
		{"a text file", junk, "--db: " + junk + " ist keine SQLite-Datenbank ("},
	} {
		for _, args := range [][]string{
			{"scale", "list"}, {"config", "export"}, {"admin", "list"}, {"school", "show"}, {"school", "list"},
			{"fehlerquotient", "--woerter", "100", "--fehler", "3", "--scale", "deutsch"},
		} {
			t.Run(c.name+"/"+strings.Join(args[:2], " "), func(t *testing.T) {
				out, errOut, err := runCmd(t, append(args, "--db", "sqlite:"+c.path)...)
				if err == nil || errors.Is(err, errUsage) || !strings.HasPrefix(err.Error(), c.want) {
					t.Errorf("%v: %v %s %s; want an error starting %q", args, err, out, errOut, c.want)
				}
			})
		}
	}
	if b, _ := os.ReadFile(junk); string(b) != "Das ist keine Datenbank, sondern eine Notiz.\n" {
		t.Errorf("the text file was changed: %q", b)
	}
}
