package sqlite

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// copyFixture copies a file of testdata/upgrade into a temporary folder, so
// that the committed file is never opened (and migrated) in place.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "upgrade", name))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestOpensEveryRelease opens the databases earlier releases wrote (with
// their own binaries) with this build: nothing is lost, and the schema is
// this build's afterwards.
func TestOpensEveryRelease(t *testing.T) {
	for _, release := range storetest.Releases {
		t.Run(release, func(t *testing.T) {
			s := openTemp(t, copyFixture(t, release+".db"))
			storetest.CheckRelease(t, s)
			var have int
			if err := s.db.QueryRow("SELECT max(version) FROM schema_migrations").Scan(&have); err != nil || have != knownMigration(t) {
				t.Errorf("schema version after upgrade %d, %v; want %d", have, err, knownMigration(t))
			}
		})
	}
}

// TestRefusesANewerDatabase: a binary older than its database stops with
// the German message and leaves the file as it was, byte for byte.
func TestRefusesANewerDatabase(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "newer.db")
	s := openTemp(t, path)
	future := knownMigration(t) + 1
	if _, err := s.db.Exec("INSERT INTO schema_migrations VALUES (?, '2030-01-01T00:00:00Z')", future); err != nil {
		t.Fatal(err)
	}
	s.Close() // the last connection checkpoints the WAL into the file and removes it
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}

	_, err = Open(ctx, path, Options{})
	var tooNew *store.SchemaTooNewError
	if !errors.As(err, &tooNew) || tooNew.Have != future || tooNew.Known != future-1 {
		t.Fatalf("Open of a newer database: %v; want a SchemaTooNewError", err)
	}
	if err.Error() != tooNew.Error() || !strings.HasPrefix(err.Error(), "Die Datenbank hat die Schema-Version") {
		t.Errorf("message %q: want the German text alone", err)
	}
	after, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(before, after) {
		t.Errorf("the refused database changed (%d bytes before, %d after, %v)", len(before), len(after), err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		if wal, _ := os.ReadFile(path + "-wal"); len(wal) > 0 {
			t.Errorf("the refused open left %d bytes of WAL", len(wal))
		}
	}
}

func knownMigration(t *testing.T) int {
	t.Helper()
	list, err := sqlstore.Migrations(migrations)
	if err != nil || KnownSchema() != list[len(list)-1].Number {
		t.Fatalf("KnownSchema() = %d, migrations %v", KnownSchema(), err)
	}
	return KnownSchema()
}
