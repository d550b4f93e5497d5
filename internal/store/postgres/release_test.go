package postgres

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestOpensEveryRelease restores the pg_dump of each database an earlier
// release wrote (with its own binary) into a fresh database and opens it
// with this build: nothing is lost, and the schema is this build's afterwards.
func TestOpensEveryRelease(t *testing.T) {
	for _, release := range storetest.Releases {
		t.Run(release, func(t *testing.T) {
			dsn := pgtest.FreshDatabase(t)
			dump := filepath.Join("..", "..", "..", "testdata", "upgrade", release+".sql")
			tool(t, "psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--dbname", dsn, "--file", dump)
			s := openStore(t, dsn, Options{})
			storetest.CheckRelease(t, s)
			if have := pgtest.QueryInt(t, dsn, "SELECT max(version) FROM schema_migrations"); have != known(t) {
				t.Errorf("schema version after upgrade %d; want %d", have, known(t))
			}
		})
	}
}

// TestRefusesANewerDatabase: an instance older than its database stops with
// the German message and changes nothing (the whole dump is the same).
func TestRefusesANewerDatabase(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	openStore(t, dsn, Options{}).Close()
	future := known(t) + 1
	pgtest.Exec(t, dsn, "INSERT INTO schema_migrations VALUES ($1, now())", future)
	before := dumpOf(t, dsn)

	_, err := Open(context.Background(), dsn, Options{Logger: testLogger(t)})
	var tooNew *store.SchemaTooNewError
	if !errors.As(err, &tooNew) || tooNew.Have != future || tooNew.Known != future-1 || err.Error() != tooNew.Error() {
		t.Fatalf("Open of a newer database: %v; want the SchemaTooNewError alone", err)
	}
	if after := dumpOf(t, dsn); !bytes.Equal(before, after) {
		t.Errorf("the refused database changed:\n%s\n---\n%s", before, after)
	}
}

func known(t *testing.T) int {
	t.Helper()
	list, err := sqlstore.Migrations(migrations)
	if err != nil {
		t.Fatal(err)
	}
	return sqlstore.Known(list)
}

// restrictLine is pg_dump's per-run random \restrict key, which differs
// between two dumps of the same data.
var restrictLine = regexp.MustCompile(`(?m)^\\(un)?restrict .*$`)

func dumpOf(t *testing.T, dsn string) []byte {
	t.Helper()
	return restrictLine.ReplaceAll(tool(t, "pg_dump", "--format=plain", "--no-owner", dsn), nil)
}

// tool runs one of PostgreSQL's client programs, which come with the
// server package the tests need anyway.
func tool(t *testing.T, name string, args ...string) []byte {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is needed (Debian: apt-get install postgresql-client): %v", name, err)
	}
	out, err := exec.Command(path, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", name, err, out)
	}
	return out
}
