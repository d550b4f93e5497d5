// Package sqlite is the default storage backend: one file, no other service.
// It uses modernc.org/sqlite (pure Go, no cgo) in WAL mode, so that readers
// never wait for a writer and a second process (`config import`) may write
// to the same file while the server runs.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	sqlitedriver "modernc.org/sqlite" // registers the "sqlite" driver
	sqlitelib "modernc.org/sqlite/lib"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Options tune a Store; the zero value is what production uses.
type Options struct {
	Now          func() time.Time // clock for saved_at; default time.Now
	PollInterval time.Duration    // how often WaitScaleChange looks; default 200 ms
	// FirstScale is version 1 of the default scale of a new database; default the original Standard
	// (grading.Default()). The command line passes the preset a new installation starts from.
	FirstScale *grading.Config
	// MustExist refuses a missing file instead of creating it: a school's file is made once, by
	// `school add`; a lost one is an error, never a new, empty school.
	MustExist bool
	// IdleConns is how many idle connections the store keeps (0: database/sql's default, 2). A school of a
	// deployment of many keeps one: each costs about 200 KiB and two open files.
	IdleConns int
}

// Store is the SQLite implementation of store.Store: the shared SQL
// (sqlstore.Store) on the file, in SQLite's dialect.
type Store struct {
	*sqlstore.Store
	db *sql.DB
}

var _ store.Store = (*Store)(nil)

// dialect is SQLite's part of the shared SQL. Every write transaction is
// immediate (_txlock in Open): it holds the database's write lock from its
// start, so writers take turns without table or row locks, across processes
// too. Times are integer Unix milliseconds.
var dialect = sqlstore.Dialect{
	Name:             "sqlite",
	Millis:           true,
	TimeType:         "INTEGER",
	VersionPrecision: time.Millisecond,
	UniqueCode:       sqlitelib.SQLITE_CONSTRAINT_UNIQUE,
	MigrationsTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL) STRICT`,
}

// Open opens (and creates, with its parent folder) the database file at path,
// runs the pending migrations and writes the default configuration on first
// start.
func Open(ctx context.Context, path string, opts Options) (*Store, error) {
	if opts.MustExist {
		if _, err := os.Stat(path); err != nil {
			return nil, fmt.Errorf("die Datenbank der Schule fehlt: %s (%v)", path, errors.Unwrap(err))
		}
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("sqlite: create folder for %s: %w", path, err)
		}
	}
	if err := createPrivate(path); err != nil {
		return nil, err
	}
	if err := enableWAL(ctx, path); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	// FULL syncs the WAL at every commit: a save the admin saw confirmed
	// survives a power loss too, not only a killed process (NORMAL would
	// lose the last commits then). Saves are rare, so the fsync costs
	// nothing that matters (docs/decisions.md).
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(1)")
	q.Set("_txlock", "immediate") // writers take the lock at BEGIN: no upgrade deadlocks
	db, err := sql.Open("sqlite", fileDSN(path, q))
	if err != nil {
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	if opts.IdleConns > 0 {
		db.SetMaxIdleConns(opts.IdleConns)
	}
	poll := opts.PollInterval
	if poll <= 0 {
		poll = 200 * time.Millisecond
	}
	// A database migrated by a newer release is refused before anything is
	// written (sqlstore.Migrate): CREATE TABLE IF NOT EXISTS leaves an
	// existing table alone.
	shared, err := sqlstore.Open(ctx, db, dialect, migrations,
		sqlstore.Config{Now: opts.Now, Poll: poll, First: sqlstore.FirstScale(opts.FirstScale)})
	if err != nil {
		db.Close()
		return nil, err
	}
	return &Store{Store: shared, db: db}, nil
}

// enableWAL switches the file to WAL mode, which then stays in the file for
// every later connection. Switching needs the file to itself, and SQLite
// refuses it at once (SQLITE_BUSY, no busy wait) while another process is
// doing the same on a new file, so it is retried here for up to 10 s.
func enableWAL(ctx context.Context, path string) error {
	db, err := sql.Open("sqlite", fileDSN(path, url.Values{"_pragma": {"busy_timeout(10000)"}}))
	if err != nil {
		return fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	defer db.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var mode string
		err := db.QueryRowContext(ctx, "PRAGMA journal_mode=WAL").Scan(&mode)
		busy := isBusy(err)
		switch {
		case err == nil && mode == "wal":
			return nil
		case err == nil:
			return fmt.Errorf("sqlite: %s stays in journal mode %q, WAL is needed", path, mode)
		case !busy || time.Now().After(deadline):
			return fmt.Errorf("sqlite: switch %s to WAL: %w", path, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// isBusy reports SQLite's "database is locked".
func isBusy(err error) bool {
	var serr *sqlitedriver.Error
	return errors.As(err, &serr) && serr.Code()&0xff == sqlitelib.SQLITE_BUSY
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

// KnownSchema is the highest migration this build knows.
func KnownSchema() int {
	list, err := sqlstore.Migrations(migrations)
	if err != nil {
		panic(err) // the embedded files are fixed at build time; a test reads them
	}
	return sqlstore.Known(list)
}
