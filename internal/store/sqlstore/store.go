package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// Store is store.Store but Close, on a *sql.DB that a backend opened and
// closes: the scales, their versions and the accounts in the SQL both
// databases run, with the Dialect for what differs. A backend embeds it and
// adds Close, and what only it has (WAL and backups, LISTEN/NOTIFY).
type Store struct {
	db      *sql.DB
	d       Dialect
	now     func() time.Time
	poll    time.Duration
	first   grading.Config
	changed Signal // fired on every change made through this Store
}

// Config is what a backend chose for its Store.
type Config struct {
	Now  func() time.Time // clock for saved_at and the like; nil: time.Now
	Poll time.Duration    // how often WaitScaleChange reads when no signal came; above 0
	// First is version 1 of the default scale of a new database (FirstScale).
	First grading.Config
}

// Open runs the migrations in fsys (migrations/NNNN_*.sql) on db and writes
// the default scale on first start. A *store.SchemaTooNewError is returned
// as it is.
func Open(ctx context.Context, db *sql.DB, d Dialect, fsys fs.FS, c Config) (*Store, error) {
	s := &Store{db: db, d: d, now: c.Now, poll: c.Poll, first: c.First}
	if s.now == nil {
		s.now = time.Now
	}
	list, err := Migrations(fsys)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", d.Name, err)
	}
	if err := Migrate(ctx, db, d, list, s.now()); err != nil {
		return nil, err
	}
	if err := s.seed(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Changed is the signal every change through this Store fires; a backend
// fires it too when it learns of a change elsewhere (a notification).
func (s *Store) Changed() *Signal { return &s.changed }

// Ping reports whether the database answers a query; /healthz uses it.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.db.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("%s: ping: %w", s.d.Name, err)
	}
	return nil
}

// querier is what *sql.DB and *sql.Tx have in common.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// scanner is what *sql.Row and *sql.Rows have in common.
type scanner interface{ Scan(dest ...any) error }

// scanFunc adapts a function to the scanner interface.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }

// inTx runs fn in a write transaction and commits when fn returns nil.
// SQLite's are immediate (the backend opens them so): each holds the
// database's write lock from its start.
func inTx(ctx context.Context, db *sql.DB, fn func(tx *sql.Tx) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// lock runs one of the Dialect's lock statements, if it has one.
func lock(ctx context.Context, tx *sql.Tx, statement string) error {
	if statement == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, statement); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	return nil
}

// collect reads every row with scan and closes rows.
func collect[T any](rows *sql.Rows, scan func(scanner) (T, error)) ([]T, error) {
	defer rows.Close()
	var all []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		all = append(all, v)
	}
	return all, rows.Err()
}
