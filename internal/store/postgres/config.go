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

// changeChannel is the NOTIFY channel every change of a scale is announced
// on, with "<revision> <slug>" as the payload.
const changeChannel = "notenrechner_config"

const configColumns = "version, document, saved_at, saved_by"

// ScaleConfig returns the versions of the scale slug names.
func (s *Store) ScaleConfig(slug string) store.ConfigStore { return versions{s: s, slug: slug} }

// versions is store.ConfigStore of one scale.
type versions struct {
	s    *Store
	slug string
}

// scaleID returns the id of the scale slug names, or ErrScaleNotFound.
func scaleID(ctx context.Context, q pgx.Tx, slug string) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, "SELECT id FROM scales WHERE slug = $1", slug).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, store.ErrScaleNotFound
	}
	return id, err
}

// LatestConfig returns the scale's newest version.
func (v versions) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	cv, err := scanConfigVersion(v.s.pool.QueryRow(ctx, `SELECT v.version, v.document, v.saved_at, v.saved_by
		FROM config_versions v JOIN scales s ON s.id = v.scale_id
		WHERE s.slug = $1 ORDER BY v.version DESC LIMIT 1`, v.slug))
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound // every scale has a version from its creation on
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: latest config of %q: %w", v.slug, err)
	}
	return cv, nil
}

// ConfigAt returns one stored version of the scale, or ErrNotFound.
func (v versions) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	var cv store.ConfigVersion
	err := pgx.BeginFunc(ctx, v.s.pool, func(tx pgx.Tx) error {
		id, err := scaleID(ctx, tx, v.slug)
		if err != nil {
			return err
		}
		cv, err = scanConfigVersion(tx.QueryRow(ctx, "SELECT "+configColumns+
			" FROM config_versions WHERE scale_id = $1 AND version = $2", id, version))
		return err
	})
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: config version %d of %q: %w", version, v.slug, err)
	}
	return cv, nil
}

// ConfigHistory returns at most limit versions of the scale older than before, newest first.
func (v versions) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	if before <= 0 {
		before = math.MaxInt64
	}
	var history []store.ConfigVersion
	err := pgx.BeginFunc(ctx, v.s.pool, func(tx pgx.Tx) error {
		id, err := scaleID(ctx, tx, v.slug)
		if err != nil {
			return err
		}
		rows, err := tx.Query(ctx, "SELECT "+configColumns+
			" FROM config_versions WHERE scale_id = $1 AND version < $2 ORDER BY version DESC LIMIT $3", id, before, limit)
		if err != nil {
			return err
		}
		history, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.ConfigVersion, error) {
			return scanConfigVersion(row)
		})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: config history of %q: %w", v.slug, err)
	}
	return history, nil
}

// SaveConfig stores cfg as the scale's next version when base is its newest
// (or Unconditional). Every change of a scale takes turns on a table lock
// (lockScales), so reading the newest version and inserting the next one is
// atomic across every instance: of two saves on the same base exactly one
// wins. The notification is part of the transaction, so PostgreSQL sends it
// only if, and once, the version is committed.
func (v versions) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	doc, err := sqlstore.Encode(cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: save config: %w", err)
	}
	var cv store.ConfigVersion
	err = pgx.BeginFunc(ctx, v.s.pool, func(tx pgx.Tx) error {
		if err := lockScales(ctx, tx); err != nil {
			return err
		}
		id, err := scaleID(ctx, tx, v.slug)
		if err != nil {
			return err
		}
		var latest int64
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM config_versions WHERE scale_id = $1", id).Scan(&latest); err != nil {
			return fmt.Errorf("read latest version: %w", err)
		}
		if err := sqlstore.CheckBase(base, latest); err != nil {
			return err
		}
		// timestamptz keeps microseconds; truncating here makes the returned
		// version equal to what is read back later.
		cv = store.ConfigVersion{Version: latest + 1, Config: cfg, SavedAt: v.s.now().UTC().Truncate(time.Microsecond), SavedBy: savedBy}
		if _, err := tx.Exec(ctx, "INSERT INTO config_versions (scale_id, "+configColumns+") VALUES ($1, $2, $3, $4, $5)",
			id, cv.Version, doc, cv.SavedAt, savedBy); err != nil {
			return fmt.Errorf("insert version %d: %w", cv.Version, err)
		}
		return touchScale(ctx, tx, "id = $1", id)
	})
	if errors.Is(err, store.ErrConflict) {
		return store.ConfigVersion{}, store.ErrConflict
	}
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: save config of %q: %w", v.slug, err)
	}
	v.s.changed.Fire() // wakes this instance's WaitScaleChange without waiting for the notification
	return cv, nil
}

// lockScales makes the changes of scales and their versions take turns: the
// lock conflicts with itself but not with readers.
func lockScales(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, "LOCK TABLE scales IN SHARE ROW EXCLUSIVE MODE"); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	return nil
}

// touchScale gives the scales that where selects ($1 is arg) the next
// store-wide revision and announces each on changeChannel. The caller holds
// lockScales, so revisions are committed in order.
func touchScale(ctx context.Context, tx pgx.Tx, where string, arg any) error {
	rows, err := tx.Query(ctx, `UPDATE scales SET revision = (SELECT max(revision) FROM scales) + 1
		WHERE `+where+` RETURNING revision, slug`, arg)
	if err != nil {
		return fmt.Errorf("mark scale changed: %w", err)
	}
	type change struct {
		Revision int64
		Slug     string
	}
	changes, err := pgx.CollectRows(rows, pgx.RowToStructByPos[change])
	if err != nil {
		return fmt.Errorf("mark scale changed: %w", err)
	}
	for _, c := range changes {
		payload := strconv.FormatInt(c.Revision, 10) + " " + c.Slug
		if _, err := tx.Exec(ctx, "SELECT pg_notify($1, $2)", changeChannel, payload); err != nil {
			return fmt.Errorf("notify %s: %w", payload, err)
		}
	}
	return nil
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
	cfg, err := grading.ParseStoredDocument([]byte(doc)) // a name stored before a newer rule still loads
	if err != nil {
		return cv, fmt.Errorf("stored version %d is not a valid configuration: %w", cv.Version, err)
	}
	cv.Config, cv.SavedAt = cfg, cv.SavedAt.UTC()
	return cv, nil
}
