package main

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// TestRestoreRefuses: each refusal names its reason in German, exits with
// an error, and leaves the database as it was, byte for byte.
func TestRestoreRefuses(t *testing.T) {
	dir := t.TempDir()
	backup := filepath.Join(dir, "sicherung.db")
	live := filepath.Join(dir, "live.db")
	st := openSQLite(t, live)
	if _, err := st.CreateScale(context.Background(), "mathe", grading.Default(), "test"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := runCmd(t, "backup", "--db", "sqlite:"+live, "--to", backup); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "ziel.db")
	if _, _, err := runCmd(t, "restore", "--from", backup, "--db", "sqlite:"+target); err != nil {
		t.Fatal(err)
	}
	junk := writeFile(t, dir, "junk.db", "kein SQLite")
	newer := filepath.Join(dir, "neuer.db")
	{
		s := openSQLite(t, newer)
		if _, err := s.CreateScale(context.Background(), "x", grading.Default(), "test"); err != nil {
			t.Fatal(err)
		}
		s.Close()
		sqlite3Exec(t, newer, "INSERT INTO schema_migrations VALUES (9999, '2030-01-01T00:00:00Z')")
	}

	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"existing without --force", []string{"--from", backup, "--db", "sqlite:" + target}, "gibt es schon; --force ersetzt sie"},
		{"held by a running server", []string{"--from", backup, "--db", "sqlite:" + live, "--force"}, "ist geöffnet, wohl von einem laufenden Server"},
		{"not a database", []string{"--from", junk, "--db", "sqlite:" + target, "--force"}, "keine Notenrechner-Datenbank"},
		{"from a newer release", []string{"--from", newer, "--db", "sqlite:" + target, "--force"}, "dieses Programm kennt nur bis"},
		{"an open database, not a backup", []string{"--from", live, "--db", "sqlite:" + target, "--force"}, "keine Sicherung"},
		{"PostgreSQL", []string{"--from", backup, "--db", "postgres://localhost/n"}, "pg_restore"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := strings.TrimPrefix(tc.args[3], "sqlite:")
			before, _ := os.ReadFile(path)
			_, errOut, err := runCmd(t, append([]string{"restore"}, tc.args...)...)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("restore %v = %v (%s); want an error with %q", tc.args, err, errOut, tc.want)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
				t.Errorf("the refused restore changed %s", path)
			}
		})
	}
	if _, _, err := runCmd(t, "restore", "--from", backup, "--db", "sqlite:"+target, "--force"); err != nil {
		t.Errorf("restore with --force over a database nobody holds: %v", err)
	}
}

// TestBackupRefuses: no backup over an existing file without --force, none of
// a database that is not there (and none is made), none of PostgreSQL.
func TestBackupRefuses(t *testing.T) {
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	openSQLite(t, live)
	taken := writeFile(t, dir, "alt.db", "frühere Sicherung")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"existing file", []string{"--db", "sqlite:" + live, "--to", taken}, "gibt es schon; --force ersetzt sie"},
		{"no database", []string{"--db", "sqlite:" + filepath.Join(dir, "tippfehler.db"), "--to", filepath.Join(dir, "b.db")}, "gibt es nicht"},
		{"PostgreSQL", []string{"--db", "postgres://localhost/n", "--to", filepath.Join(dir, "b.db")}, "pg_dump -Fc"},
		{"no --to", []string{"--db", "sqlite:" + live}, "braucht --to"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := runCmd(t, append([]string{"backup"}, tc.args...)...); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("backup %v = %v; want an error with %q", tc.args, err, tc.want)
			}
		})
	}
	if data, _ := os.ReadFile(taken); string(data) != "frühere Sicherung" {
		t.Errorf("the refused backup overwrote %s", taken)
	}
	for _, p := range []string{"tippfehler.db", "b.db"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err == nil {
			t.Errorf("a refused backup left %s behind", p)
		}
	}
	if out, _, err := runCmd(t, "backup", "--db", "sqlite:"+live, "--to", taken, "--force"); err != nil || !strings.Contains(out, "geprüft") {
		t.Errorf("backup --force over an older backup = %q, %v", out, err)
	}
}

// sqlite3Exec runs one statement on the database file, outside any store.
func sqlite3Exec(t *testing.T, path, query string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}
