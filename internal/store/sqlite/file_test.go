package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"

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
// whatever the umask.
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
}

// TestWhatOtherUsersMayDoIsNamed: a file of the database is named when other users may read or write it,
// its folder when they may write it (they could replace or plant its files); a folder they may only list
// and enter names nothing, since each file keeps its own bits. The group is the operator's choice.
func TestWhatOtherUsersMayDoIsNamed(t *testing.T) {
	for _, tc := range []struct {
		name              string
		folder, file, wal os.FileMode
		wantFile, wantWAL bool
		wantFolder        bool
	}{
		{"private", 0o700, 0o600, 0o600, false, false, false},
		{"listable folder", 0o755, 0o600, 0o600, false, false, false},
		{"group may read", 0o750, 0o640, 0o660, false, false, false},
		{"file readable", 0o700, 0o644, 0o600, true, false, false},
		{"wal readable", 0o755, 0o600, 0o604, false, true, false},
		{"file writable", 0o700, 0o602, 0o600, true, false, false},
		{"folder writable", 0o777, 0o600, 0o600, false, false, true},
		{"folder writable, sticky", os.ModeSticky | 0o733, 0o600, 0o600, false, false, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "db")
			path := filepath.Join(dir, "n.db")
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			for p, mode := range map[string]os.FileMode{path: tc.file, path + "-wal": tc.wal} {
				if err := os.WriteFile(p, nil, 0o600); err != nil {
					t.Fatal(err)
				}
				if err := os.Chmod(p, mode); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.Chmod(dir, tc.folder); err != nil {
				t.Fatal(err)
			}
			defer os.Chmod(dir, 0o700)
			got := OpenToOthers(path)
			for p, want := range map[string]bool{path: tc.wantFile, path + "-wal": tc.wantWAL, dir: tc.wantFolder} {
				if slices.Contains(got, p) != want {
					t.Errorf("%s (folder %v, file %v, -wal %v): named %v, want %v (got %q)",
						filepath.Base(p), tc.folder, tc.file, tc.wal, !want, want, got)
				}
			}
		})
	}
}

// TestADanglingLinkIsNotFollowed: a symbolic link at the database's path whose target does not exist is
// refused: SQLite would create the target, elsewhere and with the umask's mode instead of 0600. A link to
// an existing database is the operator's choice and opens.
func TestADanglingLinkIsNotFollowed(t *testing.T) {
	dir := t.TempDir()
	target, path := filepath.Join(dir, "elsewhere.db"), filepath.Join(dir, "n.db")
	if err := os.Symlink(target, path); err != nil {
		t.Fatal(err)
	}
	st, err := Open(context.Background(), path, Options{})
	if err == nil {
		st.Close()
		t.Error("a database was opened through a link to a file that did not exist")
	} else if !strings.Contains(err.Error(), "symbolic link") || !strings.Contains(err.Error(), path) {
		t.Errorf("err = %v, want it to name the link %s", err, path)
	}
	if fi, err := os.Lstat(target); err == nil {
		t.Errorf("the link's target was created with mode %v", fi.Mode())
	}

	real := filepath.Join(dir, "real.db")
	if st, err := Open(context.Background(), real, Options{}); err != nil {
		t.Fatal(err)
	} else {
		st.Close()
	}
	link := filepath.Join(dir, "link.db")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	st, err = Open(context.Background(), link, Options{})
	if err != nil {
		t.Fatalf("a link to an existing database: %v", err)
	}
	st.Close()
}
