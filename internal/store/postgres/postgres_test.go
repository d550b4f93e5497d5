package postgres

import (
	"context"
	"io/fs"
	"log/slog"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

func testLogger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelDebug}))
}

func openStore(t *testing.T, dsn string, opts Options) *Store {
	t.Helper()
	if opts.Logger == nil {
		opts.Logger = testLogger(t)
	}
	s, err := Open(context.Background(), dsn, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestStoreBehaviour(t *testing.T) {
	pgtest.Server(t)
	storetest.Run(t, func(t *testing.T, now func() time.Time) store.Store {
		return openStore(t, pgtest.FreshDatabase(t), Options{Now: now})
	})
}

func TestFirstStartWritesDefaultOnce(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	s := openStore(t, dsn, Options{})
	def, err := s.DefaultScale(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if cv := def.Latest; def.Slug != store.DefaultScaleSlug || cv.Version != 1 || cv.SavedBy != store.SavedBySystem || cv.Config != grading.Default() {
		t.Fatalf("first start stored %+v, want version 1 of the default by system", def)
	}
	s.Close()
	openStore(t, dsn, Options{}) // a second start neither migrates again nor seeds again
	files, _ := fs.Glob(migrations, "migrations/*.sql")
	if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM schema_migrations"); n != len(files) {
		t.Fatalf("%d migrations recorded, want %d", n, len(files))
	}
	if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM config_versions"); n != 1 {
		t.Fatalf("%d versions after a restart, want 1", n)
	}
}

func TestInstancesStartingAtOnce(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	storetest.StartAtOnce(t, 4, func() (store.Store, error) {
		return Open(context.Background(), dsn, Options{Logger: testLogger(t)})
	})
	files, _ := fs.Glob(migrations, "migrations/*.sql")
	if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM schema_migrations"); n != len(files) {
		t.Fatalf("%d migrations recorded, want each of the %d once", n, len(files))
	}
	if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM config_versions"); n != 1 {
		t.Fatalf("%d versions after concurrent first starts, want 1", n)
	}
}
