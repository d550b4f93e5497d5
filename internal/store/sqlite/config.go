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

// ScaleConfig returns the versions of the scale slug names.
func (s *Store) ScaleConfig(slug string) store.ConfigStore { return versions{s: s, slug: slug} }

// versions is store.ConfigStore of one scale.
type versions struct {
	s    *Store
	slug string
}

// scaleID returns the id of the scale slug names, or ErrScaleNotFound.
func scaleID(ctx context.Context, q querier, slug string) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, "SELECT id FROM scales WHERE slug = ?", slug).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrScaleNotFound
	}
	return id, err
}

// LatestConfig returns the scale's newest version.
func (v versions) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	row := v.s.db.QueryRowContext(ctx, `SELECT v.version, v.document, v.saved_at, v.saved_by
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE s.slug = ? ORDER BY v.version DESC LIMIT 1`, v.slug)
	cv, err := scanConfigVersion(row)
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound // every scale has a version from its creation on
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: latest config of %q: %w", v.slug, err)
	}
	return cv, nil
}

// ConfigAt returns one stored version of the scale, or ErrNotFound.
func (v versions) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	id, err := scaleID(ctx, v.s.db, v.slug)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: config version %d of %q: %w", version, v.slug, err)
	}
	row := v.s.db.QueryRowContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE scale_id = ? AND version = ?`, id, version)
	cv, err := scanConfigVersion(row)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: config version %d of %q: %w", version, v.slug, err)
	}
	return cv, nil
}

// ConfigHistory returns at most limit versions of the scale older than before, newest first.
func (v versions) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	id, err := scaleID(ctx, v.s.db, v.slug)
	if err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", v.slug, err)
	}
	rows, err := v.s.db.QueryContext(ctx, `SELECT version, document, saved_at, saved_by
		FROM config_versions WHERE scale_id = ? AND version < ? ORDER BY version DESC LIMIT ?`, id, before, limit)
	if err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", v.slug, err)
	}
	defer rows.Close()
	var history []store.ConfigVersion
	for rows.Next() {
		cv, err := scanConfigVersion(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: config history of %q: %w", v.slug, err)
		}
		history = append(history, cv)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: config history of %q: %w", v.slug, err)
	}
	return history, nil
}

// SaveConfig stores cfg as the scale's next version when base is its newest
// (or Unconditional). The immediate transaction holds the write lock from
// its start, so reading the newest version and adding the next take turns
// with every other writer, other processes too.
func (v versions) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	doc, err := sqlstore.Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: save config: %w", err)
	}
	var cv store.ConfigVersion
	err = v.s.inTx(ctx, func(tx *sql.Tx) error {
		id, err := scaleID(ctx, tx, v.slug)
		if err != nil {
			return err
		}
		var latest int64
		if err := tx.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM config_versions WHERE scale_id = ?", id).Scan(&latest); err != nil {
			return fmt.Errorf("read latest version: %w", err)
		}
		if err := sqlstore.CheckBase(base, latest); err != nil {
			return err
		}
		cv = store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: fromMillis(millis(v.s.now())), SavedBy: savedBy}
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
		return store.ConfigVersion{}, fmt.Errorf("sqlite: save config of %q: %w", v.slug, err)
	}
	v.s.changed.Fire() // wakes this process's WaitScaleChange at once
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
	cfg, err := grading.ParseStoredDocument([]byte(doc)) // a name stored before a newer rule still loads
	if err != nil {
		return cv, fmt.Errorf("stored version %d is not a valid configuration: %w", cv.Version, err)
	}
	cv.Config = cfg
	cv.SavedAt = fromMillis(savedAt)
	return cv, nil
}
