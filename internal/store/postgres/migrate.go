package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// migrateLock is the key of the advisory lock every migration holds, so
// that instances starting at once take turns and the later ones find the
// work done. The number is arbitrary but must never change ("notenr").
const migrateLock int64 = 0x6e6f74656e72

// migrate applies every embedded migration that is not yet recorded, each in
// its own transaction. A database migrated by a newer release is refused
// before anything is written (sqlstore.RefuseNewer).
func (s *Store) migrate(ctx context.Context) error {
	list, err := sqlstore.Migrations(migrations)
	if err != nil {
		return fmt.Errorf("postgres: %w", err)
	}
	known := sqlstore.Known(list)
	for _, m := range list {
		err := s.applyMigration(ctx, m.Number, m.Body, known)
		var tooNew *store.SchemaTooNewError
		if errors.As(err, &tooNew) {
			return tooNew
		}
		if err != nil {
			return fmt.Errorf("postgres: %w", err)
		}
	}
	return nil
}

// applyMigration runs one migration under the advisory lock. The lock is a
// transaction lock: it ends with the transaction, also when a connection dies
// half-way, so no instance can leave it held. Under the lock it also refuses
// (rolling back) when the database knows a migration above known, so that an
// older instance never works on what a newer one has just migrated. schema_migrations is created in
// the same locked transaction, because two concurrent CREATE TABLE IF NOT
// EXISTS can both try to create it and one fails.
func (s *Store) applyMigration(ctx context.Context, number int, body string, known int) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrateLock); err != nil {
			return fmt.Errorf("take the migration lock: %w", err)
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			version integer PRIMARY KEY, applied_at timestamptz NOT NULL)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		var have int
		var done bool
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0), coalesce(bool_or(version = $1), false) FROM schema_migrations",
			number).Scan(&have, &done); err != nil {
			return fmt.Errorf("check: %w", err)
		}
		if err := sqlstore.RefuseNewer(have, known); err != nil {
			return err
		}
		if done {
			return nil
		}
		// Without arguments pgx uses the simple protocol, which runs every
		// statement of the file.
		if _, err := tx.Exec(ctx, body); err != nil {
			return fmt.Errorf("apply: %w", err)
		}
		_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)", number, s.now())
		return err
	})
	var tooNew *store.SchemaTooNewError
	if err != nil && !errors.As(err, &tooNew) {
		return fmt.Errorf("migration %d: %w", number, err)
	}
	return err
}
