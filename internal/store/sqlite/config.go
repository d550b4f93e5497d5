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

// The Store's own store.ConfigStore methods mean the default scale (the
// embedded sqlstore.OneScale); ScaleConfig gives one scale's.

// ScaleConfig returns the versions of the scale slug names ("" for the default).
func (s *Store) ScaleConfig(slug string) store.ConfigStore {
	return sqlstore.OneScale{Versions: s, Slug: slug}
}

// whereScale selects one scale of the table aliased s: the default for "".
func whereScale(slug string) (string, []any) {
	if slug == "" {
		return "s.is_default = 1", nil
	}
	return "s.slug = ?", []any{slug}
}

// scaleID returns the id of the scale slug names, or ErrScaleNotFound.
func scaleID(ctx context.Context, q querier, slug string) (int64, error) {
	where, args := whereScale(slug)
	var id int64
	err := q.QueryRowContext(ctx, "SELECT s.id FROM scales s WHERE "+where, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrScaleNotFound
	}
	return id, err
}

// ScaleLatest returns the newest version of the scale slug names (sqlstore.ScaleVersions).
func (s *Store) ScaleLatest(ctx context.Context, slug string) (store.ConfigVersion, error) {
	where, args := whereScale(slug)
	row := s.db.QueryRowContext(ctx, `SELECT v.version, v.document, v.saved_at, v.saved_by
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE `+where+` ORDER BY v.version DESC LIMIT 1`, args...)
	cv, err := scanConfigVersion(row)
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound // every scale has a version from its creation on
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: latest config of %q: %w", slug, err)
	}
	return cv, nil
}

// ScaleAt returns one stored version of the scale slug names, or ErrNotFound.
func (s *Store) ScaleAt(ctx context.Context, slug string, version int64) (store.ConfigVersion, error) {
	id, err := scaleID(ctx, s.db, slug)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: config version %d of %q: %w", version, slug, err)
	}
	row := s.db.QueryRowContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE scale_id = ? AND version = ?`, id, version)
	cv, err := scanConfigVersion(row)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: config version %d of %q: %w", version, slug, err)
	}
	return cv, nil
}

// ScaleHistory returns at most limit versions of the scale older than before, newest first.
func (s *Store) ScaleHistory(ctx context.Context, slug string, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	id, err := scaleID(ctx, s.db, slug)
	if err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", slug, err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE scale_id = ? AND version < ? ORDER BY version DESC LIMIT ?`, id, before, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", slug, err)
	}
	defer rows.Close()
	var history []store.ConfigVersion
	for rows.Next() {
		cv, err := scanConfigVersion(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: config history of %q: %w", slug, err)
		}
		history = append(history, cv)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", slug, err)
	}
	return history, nil
}

// ScaleSave stores cfg as the scale's next version when base is its newest (or Unconditional).
func (s *Store) ScaleSave(ctx context.Context, slug string, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	save := func(ctx context.Context, cfg grading.Config, savedBy string, allowed func(latest int64) bool) (store.ConfigVersion, error) {
		return s.saveConfig(ctx, slug, cfg, savedBy, allowed)
	}
	return sqlstore.Save(ctx, save, &s.changed, cfg, savedBy, base)
}

func (s *Store) saveConfig(ctx context.Context, slug string, cfg grading.Config, savedBy string, allowed func(latest int64) bool) (store.ConfigVersion, error) {
	doc, err := sqlstore.Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: save config: %w", err)
	}
	var cv store.ConfigVersion
	err = s.inTx(ctx, func(tx *sql.Tx) error { // immediate: holds the write lock from here
		id, err := scaleID(ctx, tx, slug)
		if err != nil {
			return err
		}
		var latest int64
		if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM config_versions WHERE scale_id = ?", id).Scan(&latest); err != nil {
			return fmt.Errorf("read latest version: %w", err)
		}
		if !allowed(latest) {
			return store.ErrConflict
		}
		cv = store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: fromMillis(millis(s.now())), SavedBy: savedBy}
		if _, err := tx.ExecContext(ctx, `INSERT INTO config_versions (scale_id, version, document, saved_at, saved_by)
			VALUES (?, ?, ?, ?, ?)`, id, cv.Version, doc, millis(cv.SavedAt), savedBy); err != nil {
			return fmt.Errorf("insert config version %d: %w", cv.Version, err)
		}
		return touchScale(ctx, tx, id)
	})
	if errors.Is(err, store.ErrConflict) {
		return store.ConfigVersion{}, store.ErrConflict
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: save config of %q: %w", slug, err)
	}
	return cv, nil
}

// touchScale gives the scale the next store-wide revision: it changed.
func touchScale(ctx context.Context, tx querier, id int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE scales SET revision = (SELECT max(revision) FROM scales) + 1
		WHERE id = ?`, id); err != nil {
		return fmt.Errorf("mark scale %d changed: %w", id, err)
	}
	return nil
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
	cfg, err := grading.ParseStoredConfig([]byte(doc)) // a name stored before a newer rule still loads
	if err != nil {
		return cv, fmt.Errorf("stored version %d is not a valid configuration: %w", cv.Version, err)
	}
	cv.Config = cfg
	cv.SavedAt = fromMillis(savedAt)
	return cv, nil
}
