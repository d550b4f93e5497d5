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

// TestDBOfANewerRelease: the refusal of a database a newer release migrated is already German and
// says what to do; it reaches the operator as it is, not inside another sentence.
func TestDBOfANewerRelease(t *testing.T) {
	path := filepath.Join(t.TempDir(), "neuer.db")
	s := openSQLite(t, path)
	s.Close()
	sqlite3Exec(t, path, "INSERT INTO schema_migrations VALUES (9999, '2030-01-01T00:00:00Z')")
	_, _, err := runCmd(t, "scale", "list", "--db", "sqlite:"+path)
	if err == nil || !strings.HasPrefix(err.Error(), "Die Datenbank hat die Schema-Version 9999") {
		t.Errorf("scale list on a newer database: %v", err)
	}
}

// TestPostgresThatDoesNotAnswer: a PostgreSQL address where no server answers is said in German, with
// host and port in the cause and never the password.
func TestPostgresThatDoesNotAnswer(t *testing.T) {
	_, _, err := runCmd(t, "scale", "list", "--db", "postgres://noten:Geheim-1@127.0.0.1:1/noten?connect_timeout=5")
	if err == nil || !strings.HasPrefix(err.Error(), "--db: die PostgreSQL-Datenbank lässt sich nicht öffnen (") ||
		!strings.Contains(err.Error(), "127.0.0.1") || strings.Contains(err.Error(), "Geheim") {
		t.Errorf("scale list on a closed port: %v", err)
	}
}
