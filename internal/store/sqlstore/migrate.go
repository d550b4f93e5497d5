package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Migration is one numbered file of a backend's migrations.
type Migration struct {
	Number int
	Body   string
}

// Known is the highest migration number of list (0 for none).
func Known(list []Migration) int {
	if len(list) == 0 {
		return 0
	}
	return list[len(list)-1].Number
}

// refuseNewer returns a *store.SchemaTooNewError when a database's highest
// recorded migration (have) is above the highest this build knows: a binary
// older than its database must not start on it, since it would write rows
// that miss what the newer migrations added.
func refuseNewer(have, known int) error {
	if have > known {
		return &store.SchemaTooNewError{Have: have, Known: known}
	}
	return nil
}

// Migrations returns every migrations/NNNN_*.sql in fsys, in number order.
// Migrate runs each in its own transaction and skips those the database
// recorded already (migrations are append-only).
func Migrations(fsys fs.FS) ([]Migration, error) {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	sort.Strings(names)
	list := make([]Migration, 0, len(names))
	for _, name := range names {
		number, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
		if err != nil {
			return nil, fmt.Errorf("migration %s has no number: %w", name, err)
		}
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		list = append(list, Migration{number, string(body)})
	}
	return list, nil
}

// Migrate applies every migration of list that the database has not
// recorded, each in its own transaction, and refuses (rolling back, before
// anything is written) a database that knows a migration above list's last.
// Each transaction first takes the Dialect's MigrationLock and creates the
// table of applied migrations, so that processes starting at once take
// turns: the later ones find the work done. (SQLite's immediate transaction
// is that lock; PostgreSQL's advisory lock is a transaction lock, which ends
// with the transaction, also when a connection dies half-way. Two concurrent
// CREATE TABLE IF NOT EXISTS outside it could both try, and one fail.)
// A *store.SchemaTooNewError is returned unwrapped, so that its German text
// reaches the operator as it is.
func Migrate(ctx context.Context, db *sql.DB, d Dialect, list []Migration, now time.Time) error {
	known := Known(list)
	for _, m := range list {
		err := inTx(ctx, db, func(tx *sql.Tx) error { return apply(ctx, tx, d, m, known, now) })
		var tooNew *store.SchemaTooNewError
		if errors.As(err, &tooNew) {
			return tooNew
		}
		if err != nil {
			return fmt.Errorf("%s: migration %d: %w", d.Name, m.Number, err)
		}
	}
	return nil
}

// apply runs one migration in tx unless it is recorded.
func apply(ctx context.Context, tx *sql.Tx, d Dialect, m Migration, known int, now time.Time) error {
	if err := lock(ctx, tx, d.MigrationLock); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, d.MigrationsTable); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	var have, done int
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0), count(*) FILTER (WHERE version = $1) FROM schema_migrations",
		m.Number).Scan(&have, &done); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	if err := refuseNewer(have, known); err != nil {
		return err
	}
	if done > 0 {
		return nil
	}
	// Without arguments both drivers run every statement of the file (pgx
	// uses the simple protocol then).
	if _, err := tx.ExecContext(ctx, m.Body); err != nil {
		return fmt.Errorf("apply: %w", err)
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)",
		m.Number, d.appliedAt(now)); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}
