package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ScaleConfig returns the versions of the scale slug names.
func (s *Store) ScaleConfig(slug string) store.ConfigStore { return versions{s: s, slug: slug} }

// versions is store.ConfigStore of one scale.
type versions struct {
	s    *Store
	slug string
}

const versionColumns = "v.version, v.document, v.saved_at, v.saved_by"

// LatestConfig returns the scale's newest version.
func (v versions) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	cv, err := scanConfigVersion(v.s.db.QueryRowContext(ctx, "SELECT "+versionColumns+`
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE s.slug = $1 ORDER BY v.version DESC LIMIT 1`, v.slug))
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound // every scale has a version from its creation on
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: latest config of %q: %w", v.s.d.Name, v.slug, err)
	}
	return cv, nil
}

// ConfigAt returns one stored version of the scale, or ErrNotFound.
func (v versions) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	cv, err := scanConfigVersion(v.s.db.QueryRowContext(ctx, "SELECT "+versionColumns+`
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE s.slug = $1 AND v.version = $2`, v.slug, version))
	if errors.Is(err, store.ErrNotFound) {
		err = v.missing(ctx, err)
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: config version %d of %q: %w", v.s.d.Name, version, v.slug, err)
	}
	return cv, nil
}

// ConfigHistory returns at most limit versions of the scale older than before, newest first.
func (v versions) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := v.s.db.QueryContext(ctx, "SELECT "+versionColumns+`
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE s.slug = $1 AND v.version < $2 ORDER BY v.version DESC LIMIT $3`, v.slug, before, limit)
	var history []store.ConfigVersion
	if err == nil {
		history, err = collect(rows, scanConfigVersion)
	}
	if err == nil && len(history) == 0 {
		err = v.missing(ctx, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: config history of %q: %w", v.s.d.Name, v.slug, err)
	}
	return history, nil
}

// missing tells, after a read found no version, whether the scale is
// missing (ErrScaleNotFound) or only the version (notFound). Scales are
// never deleted, so the answer holds for the read before.
func (v versions) missing(ctx context.Context, notFound error) error {
	if _, err := scaleID(ctx, v.s.db, v.slug); err != nil {
		return err
	}
	return notFound
}

// scaleID returns the id of the scale slug names, or ErrScaleNotFound.
func scaleID(ctx context.Context, q querier, slug string) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, "SELECT id FROM scales WHERE slug = $1", slug).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, store.ErrScaleNotFound
	}
	return id, err
}

// SaveConfig stores cfg as the scale's next version when base is its newest
// (or Unconditional). The transaction takes turns with every other change of
// a scale, other processes too (SQLite's immediate transaction, PostgreSQL's
// table lock), so reading the newest version and adding the next one is
// atomic: of two saves on the same base exactly one wins. A notification is
// part of the transaction, so it is sent only if, and once, the version is
// committed.
func (v versions) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	d := v.s.d
	doc, err := Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: save config: %w", d.Name, err)
	}
	var cv store.ConfigVersion
	err = inTx(ctx, v.s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, d.LockScales); err != nil {
			return err
		}
		var id, latest int64
		err := tx.QueryRowContext(ctx, `SELECT id, (SELECT coalesce(max(version), 0) FROM config_versions WHERE scale_id = s.id)
			FROM scales s WHERE slug = $1`, v.slug).Scan(&id, &latest)
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrScaleNotFound
		}
		if err != nil {
			return fmt.Errorf("read latest version: %w", err)
		}
		if err := CheckBase(base, latest); err != nil {
			return err
		}
		// The time as it is read back later: cut to what the column keeps.
		cv = store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: v.s.now().UTC().Truncate(d.VersionPrecision), SavedBy: savedBy}
		if _, err := tx.ExecContext(ctx, `INSERT INTO config_versions (scale_id, version, document, saved_at, saved_by)
			VALUES ($1, $2, $3, $4, $5)`, id, cv.Version, doc, d.stamp(cv.SavedAt), savedBy); err != nil {
			return fmt.Errorf("insert version %d: %w", cv.Version, err)
		}
		return touchScales(ctx, tx, d, "id = $1", id)
	})
	if errors.Is(err, store.ErrConflict) {
		return store.ConfigVersion{}, store.ErrConflict
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: save config of %q: %w", d.Name, v.slug, err)
	}
	v.s.changed.Fire() // wakes this process's WaitScaleChange at once
	return cv, nil
}

func scanConfigVersion(row scanner) (store.ConfigVersion, error) {
	var (
		cv  store.ConfigVersion
		doc string
	)
	if err := row.Scan(&cv.Version, &doc, timeOf(&cv.SavedAt), &cv.SavedBy); err != nil {
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
	return cv, nil
}
