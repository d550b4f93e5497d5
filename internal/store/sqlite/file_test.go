package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"slices"

	"github.com/notenrechner/notenrechner/internal/store"
	"testing"
)

// TestOpenNamesTheFileItIsGiven: characters that a file: URI reads otherwise ("#" ends the name, "?" starts
// the parameters, "%" escapes) are part of the path: the database is where the path says, nowhere else, and
// a backup of it copies it, not a file named by a part of its path.
func TestOpenNamesTheFileItIsGiven(t *testing.T) {
	for _, tc := range []struct{ name, decoy string }{
		{"s#1/n.db", "s"}, {"a?b/n.db", "a"}, {"p%41/n.db", "pA/n.db"}, {"sp ace/n#?%.db", "sp ace/n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			// A database where the path would end if read as a URI: it must stay untouched.
			decoy := filepath.Join(dir, "bk", tc.decoy)
			if st, err := Open(ctx, decoy, Options{}); err != nil {
				t.Fatal(err)
			} else {
				st.Close()
			}
			path := filepath.Join(dir, "bk", tc.name)
			st, err := Open(ctx, path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := st.CreateUser(ctx, store.User{Email: "a@schule.de", Role: store.RoleAdmin}); err != nil {
				t.Fatal(err)
			}
			st.Close()
			if _, err := os.Stat(path); err != nil {
				t.Fatalf("no database at %s: %v", path, err)
			}
			backup := filepath.Join(dir, "sicherung#1?.db")
			sum, err := Backup(ctx, path, backup, false)
			if err != nil {
				t.Fatalf("backup of %s: %v", path, err)
			}
			if sum.Users != 1 {
				t.Errorf("the backup of %s holds %d accounts, want its 1: it copied another file", path, sum.Users)
			}
			d, err := Backup(ctx, decoy, filepath.Join(dir, "decoy.db"), false)
			if err != nil || d.Users != 0 {
				t.Errorf("the database at %s was written to (%d accounts, %v)", decoy, d.Users, err)
			}
		})
	}
}

// TestDatabaseFilesArePrivate: the database and its -wal and -shm files are readable by their owner only,
// whatever the umask; ReadableByOthers names files that are not.
func TestDatabaseFilesArePrivate(t *testing.T) {
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "n.db")
	st, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		fi, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if perm := fi.Mode().Perm(); perm != 0o600 {
			t.Errorf("%s has mode %o, want 600", filepath.Base(p), perm)
		}
	}
	if got := ReadableByOthers(path); !slices.Equal(got, []string{dir}) {
		t.Errorf("ReadableByOthers = %q, want only the folder %s (0755)", got, dir)
	}
	os.Chmod(path, 0o644)
	if got := ReadableByOthers(path); !slices.Contains(got, path) {
		t.Errorf("ReadableByOthers = %q, want it to name the database file made 0644", got)
	}
}
