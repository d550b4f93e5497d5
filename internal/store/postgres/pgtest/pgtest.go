// Package pgtest gives tests a PostgreSQL database of their own on the
// server named by NOTENRECHNER_TEST_POSTGRES (a postgres:// URL of a role
// that may create databases; scripts/postgres-test-server.sh starts a
// throwaway one). Without the variable a test skips, unless
// NOTENRECHNER_REQUIRE_POSTGRES=1 (set by CI) turns the skip into a failure.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	envServer  = "NOTENRECHNER_TEST_POSTGRES"
	envRequire = "NOTENRECHNER_REQUIRE_POSTGRES"
)

// Server returns the test server's URL, or skips (fails in CI) without one.
func Server(t testing.TB) string {
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

// FreshDatabase creates an empty database for one test, dropped (with any
// connection still open to it) when the test ends, and returns its URL.
func FreshDatabase(t testing.TB) string {
	t.Helper()
	server := Server(t)
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s must be a postgres:// URL", envServer)
	}
	suffix := make([]byte, 6)
	rand.Read(suffix)
	name := "nr_test_" + hex.EncodeToString(suffix)
	Exec(t, server, "CREATE DATABASE "+name)
	t.Cleanup(func() { Exec(t, server, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") })
	u.Path = "/" + name
	return u.String()
}

// Database returns the database name of a URL made by FreshDatabase.
func Database(t testing.TB, dsn string) string {
	t.Helper()
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimPrefix(u.Path, "/")
}

// Exec runs one statement on its own short connection.
func Exec(t testing.TB, dsn, sql string, args ...any) {
	t.Helper()
	withConn(t, dsn, func(ctx context.Context, conn *pgx.Conn) {
		if _, err := conn.Exec(ctx, sql, args...); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	})
}

// QueryInt reads one number from the database at dsn.
func QueryInt(t testing.TB, dsn, sql string, args ...any) int {
	t.Helper()
	var n int
	withConn(t, dsn, func(ctx context.Context, conn *pgx.Conn) {
		if err := conn.QueryRow(ctx, sql, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	})
	return n
}

// QueryStrings reads one text column of every row from the database at dsn.
func QueryStrings(t testing.TB, dsn, sql string, args ...any) []string {
	t.Helper()
	var all []string
	withConn(t, dsn, func(ctx context.Context, conn *pgx.Conn) {
		rows, err := conn.Query(ctx, sql, args...)
		if err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		if all, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	})
	return all
}

func withConn(t testing.TB, dsn string, fn func(context.Context, *pgx.Conn)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer conn.Close(ctx)
	fn(ctx, conn)
}
