package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// LatestConfig returns the newest configuration version.
func (s *Store) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	row := s.db.QueryRowContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions ORDER BY version DESC LIMIT 1`)
	cv, err := scanConfigVersion(row)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: latest config: %w", err)
	}
	return cv, nil
}

// ConfigAt returns one stored version.
func (s *Store) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	row := s.db.QueryRowContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE version = ?`, version)
	cv, err := scanConfigVersion(row)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: config version %d: %w", version, err)
	}
	return cv, nil
}

// ConfigHistory returns a page of versions, newest first.
func (s *Store) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE version < ? ORDER BY version DESC LIMIT ?`, before, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: config history: %w", err)
	}
	defer rows.Close()
	var history []store.ConfigVersion
	for rows.Next() {
		cv, err := scanConfigVersion(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: config history: %w", err)
		}
		history = append(history, cv)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: config history: %w", err)
	}
	return history, nil
}

// SaveConfig stores cfg as the next version when base is the newest version.
func (s *Store) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	return sqlstore.Save(ctx, s.saveConfig, &s.changed, cfg, savedBy, base)
}

func (s *Store) saveConfig(ctx context.Context, cfg grading.Config, savedBy string, allowed func(latest int64) bool) (store.ConfigVersion, error) {
	doc, err := sqlstore.Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: save config: %w", err)
	}
	tx, err := s.db.BeginTx(ctx, nil) // immediate: holds the write lock from here
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: begin save: %w", err)
	}
	defer tx.Rollback()
	var latest int64
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM config_versions").Scan(&latest); err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: read latest version: %w", err)
	}
	if !allowed(latest) {
		return store.ConfigVersion{}, store.ErrConflict
	}
	cv := store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: fromMillis(millis(s.now())), SavedBy: savedBy}
	if _, err := tx.ExecContext(ctx, `INSERT INTO config_versions (version, document, saved_at, saved_by)
		VALUES (?, ?, ?, ?)`, cv.Version, doc, millis(cv.SavedAt), savedBy); err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: insert config version %d: %w", cv.Version, err)
	}
	if err := tx.Commit(); err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: commit config version %d: %w", cv.Version, err)
	}
	return cv, nil
}

// WaitConfigChange returns when a version newer than since is stored. Saves
// made through this Store wake it at once; saves by other processes are seen
// by polling, which costs one indexed query per interval.
func (s *Store) WaitConfigChange(ctx context.Context, since int64) error {
	return sqlstore.WaitChange(ctx, &s.changed, s.poll, since, func(ctx context.Context) (latest int64, err error) {
		err = s.db.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM config_versions").Scan(&latest)
		if err != nil {
			return 0, fmt.Errorf("sqlite: poll config version: %w", err)
		}
		return latest, nil
	})
}

func scanConfigVersion(row scanner) (store.ConfigVersion, error) {
	var (
		cv      store.ConfigVersion
		doc     string
		savedAt int64
	)
	if err := row.Scan(&cv.Version, &doc, &savedAt, &cv.SavedBy); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return cv, store.ErrNotFound
		}
		return cv, err
	}
	cfg, err := grading.ParseConfig([]byte(doc))
	if err != nil {
		return cv, fmt.Errorf("stored version %d is not a valid configuration: %w", cv.Version, err)
	}
	cv.Config = cfg
	cv.SavedAt = fromMillis(savedAt)
	return cv, nil
}
