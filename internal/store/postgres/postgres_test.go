package postgres

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// The tests run against the server named by NOTENRECHNER_TEST_POSTGRES (a
// postgres:// URL of a role that may create databases), each in a database
// of its own. scripts/postgres-test-server.sh starts a throwaway server.
// Without the variable they skip, unless NOTENRECHNER_REQUIRE_POSTGRES=1
// (set by CI) turns the skip into a failure.
const (
	envServer  = "NOTENRECHNER_TEST_POSTGRES"
	envRequire = "NOTENRECHNER_REQUIRE_POSTGRES"
)

func testServer(t *testing.T) string {
	t.Helper()
	dsn := os.Getenv(envServer)
	if dsn != "" {
		return dsn
	}
	const hint = `start one with: eval "$(scripts/postgres-test-server.sh)"`
	if os.Getenv(envRequire) == "1" {
		t.Fatalf("%s=1 but %s is not set; %s", envRequire, envServer, hint)
	}
	t.Skipf("%s is not set; %s", envServer, hint)
	return ""
}

// freshDatabase creates an empty database for one test, dropped (with any
// connection still open to it) when the test ends, and returns its URL.
func freshDatabase(t *testing.T) string {
	t.Helper()
	server := testServer(t)
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s must be a postgres:// URL", envServer)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	name := "nr_test_" + hex.EncodeToString(suffix)
	adminExec(t, server, "CREATE DATABASE "+name)
	t.Cleanup(func() { adminExec(t, server, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	u.Path = "/" + name
	return u.String()
}

// dsnDatabase returns the database name of a URL made by freshDatabase.
func dsnDatabase(t *testing.T, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/")
}

// adminExec runs one statement on its own short connection.
func adminExec(t *testing.T, dsn, sql string, args ...any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

// queryInt reads one number from the database at dsn.
func queryInt(t *testing.T, dsn, sql string, args ...any) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return n
}

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
	testServer(t)
	storetest.Run(t, func(t *testing.T, now func() time.Time) store.Store {
		return openStore(t, freshDatabase(t), Options{Now: now})
	})
}

func TestFirstStartWritesDefaultOnce(t *testing.T) {
	dsn := freshDatabase(t)
	s := openStore(t, dsn, Options{})
	cv, err := s.LatestConfig(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if cv.Version != 1 || cv.SavedBy != store.SavedBySystem || cv.Config != grading.Default() {
		t.Fatalf("first start stored %+v, want version 1 of the default by system", cv)
	}
	s.Close()
	openStore(t, dsn, Options{}) // a second start neither migrates again nor seeds again
	files, _ := fs.Glob(migrations, "migrations/*.sql")
	if n := queryInt(t, dsn, "SELECT count(*) FROM schema_migrations"); n != len(files) {
		t.Fatalf("%d migrations recorded, want %d", n, len(files))
	}
	if n := queryInt(t, dsn, "SELECT count(*) FROM config_versions"); n != 1 {
		t.Fatalf("%d versions after a restart, want 1", n)
	}
}

func TestInstancesStartingAtOnce(t *testing.T) {
	dsn := freshDatabase(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			s, err := Open(context.Background(), dsn, Options{Logger: testLogger(t)})
			if err == nil {
				err = s.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent Open: %v", err)
		}
	}
	files, _ := fs.Glob(migrations, "migrations/*.sql")
	if n := queryInt(t, dsn, "SELECT count(*) FROM schema_migrations"); n != len(files) {
		t.Fatalf("%d migrations recorded, want each of the %d once", n, len(files))
	}
	if n := queryInt(t, dsn, "SELECT count(*) FROM config_versions"); n != 1 {
		t.Fatalf("%d versions after concurrent first starts, want 1", n)
	}
}
