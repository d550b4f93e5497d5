package postgres

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// changeChannel is the NOTIFY channel every save announces its version on.
const changeChannel = "notenrechner_config"

const configColumns = "version, document, saved_at, saved_by"

// LatestConfig returns the newest configuration version.
func (s *Store) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	cv, err := scanConfigVersion(s.pool.QueryRow(ctx, "SELECT "+configColumns+
		" FROM config_versions ORDER BY version DESC LIMIT 1"))
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: latest config: %w", err)
	}
	return cv, nil
}

// ConfigAt returns one stored version.
func (s *Store) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	cv, err := scanConfigVersion(s.pool.QueryRow(ctx, "SELECT "+configColumns+
		" FROM config_versions WHERE version = $1", version))
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: config version %d: %w", version, err)
	}
	return cv, nil
}

// ConfigHistory returns a page of versions, newest first.
func (s *Store) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := s.pool.Query(ctx, "SELECT "+configColumns+" FROM config_versions WHERE version < $1 ORDER BY version DESC LIMIT $2",
		before, limit)
	if err != nil {
		return nil, fmt.Errorf("postgres: config history: %w", err)
	}
	history, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.ConfigVersion, error) {
		return scanConfigVersion(row)
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: config history: %w", err)
	}
	return history, nil
}

// SaveConfig stores cfg as the next version when base is the newest version.
func (s *Store) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	// The signal wakes this instance's waiters without waiting for the notification.
	return sqlstore.Save(ctx, s.saveConfig, &s.changed, cfg, savedBy, base)
}

// saveConfig adds the next version if allowed(latest) says so. Saves take
// turns on a table lock that conflicts with itself but not with readers, so
// reading the newest version and inserting the next one is atomic across
// every instance: of two saves on the same base exactly one wins. The
// notification is part of the transaction, so PostgreSQL sends it only if,
// and once, the version is committed.
func (s *Store) saveConfig(ctx context.Context, cfg grading.Config, savedBy string, allowed func(latest int64) bool) (store.ConfigVersion, error) {
	doc, err := sqlstore.Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: save config: %w", err)
	}
	var cv store.ConfigVersion
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "LOCK TABLE config_versions IN SHARE ROW EXCLUSIVE MODE"); err != nil {
			return fmt.Errorf("lock: %w", err)
		}
		var latest int64
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM config_versions").Scan(&latest); err != nil {
			return fmt.Errorf("read latest version: %w", err)
		}
		if !allowed(latest) {
			return store.ErrConflict
		}
		// timestamptz keeps microseconds; truncating here makes the returned
		// version equal to what is read back later.
		cv = store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: s.now().UTC().Truncate(time.Microsecond), SavedBy: savedBy}
		if _, err := tx.Exec(ctx, "INSERT INTO config_versions ("+configColumns+") VALUES ($1, $2, $3, $4)",
			cv.Version, doc, cv.SavedAt, savedBy); err != nil {
			return fmt.Errorf("insert version %d: %w", cv.Version, err)
		}
		if _, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", changeChannel, strconv.FormatInt(cv.Version, 10)); err != nil {
			return fmt.Errorf("notify version %d: %w", cv.Version, err)
		}
		return nil
	})
	if errors.Is(err, store.ErrConflict) {
		return store.ConfigVersion{}, store.ErrConflict
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: save config: %w", err)
	}
	return cv, nil
}

// WaitConfigChange returns when a version newer than since is stored, by
// any instance. The listener wakes it on every notification and after every
// reconnect; the poll is a safety net for a notification that never came.
func (s *Store) WaitConfigChange(ctx context.Context, since int64) error {
	return sqlstore.WaitChange(ctx, &s.changed, s.poll, since, func(ctx context.Context) (latest int64, err error) {
		err = s.pool.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM config_versions").Scan(&latest)
		if err != nil {
			return 0, fmt.Errorf("postgres: read config version: %w", err)
		}
		return latest, nil
	})
}

func scanConfigVersion(row pgx.Row) (store.ConfigVersion, error) {
	var (
		cv  store.ConfigVersion
		doc string
	)
	if err := row.Scan(&cv.Version, &doc, &cv.SavedAt, &cv.SavedBy); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return cv, store.ErrNotFound
		}
		return cv, err
	}
	cfg, err := grading.ParseConfig([]byte(doc))
	if err != nil {
		return cv, fmt.Errorf("stored version %d is not a valid configuration: %w", cv.Version, err)
	}
	cv.Config, cv.SavedAt = cfg, cv.SavedAt.UTC()
	return cv, nil
}
