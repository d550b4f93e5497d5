package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// Scales returns every scale with its newest version, by slug.
func (s *Store) Scales(ctx context.Context) ([]store.Scale, error) {
	return s.ScalesChangedSince(ctx, 0)
}

// ScalesChangedSince returns the scales changed after revision, by slug.
func (s *Store) ScalesChangedSince(ctx context.Context, revision int64) ([]store.Scale, error) {
	rows, err := s.pool.Query(ctx, sqlstore.ScaleColumns+" WHERE s.revision > $1 ORDER BY s.slug", revision)
	if err != nil {
		return nil, fmt.Errorf("postgres: scales: %w", err)
	}
	scales, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Scale, error) { return scanScale(row) })
	if err != nil {
		return nil, fmt.Errorf("postgres: scales: %w", err)
	}
	return scales, nil
}

// DefaultScale returns the scale that is the default now.
func (s *Store) DefaultScale(ctx context.Context) (store.Scale, error) {
	sc, err := scanScale(s.pool.QueryRow(ctx, sqlstore.ScaleColumns+" WHERE s.is_default"))
	if err != nil {
		return store.Scale{}, fmt.Errorf("postgres: default scale: %w", err)
	}
	return sc, nil
}

func scale(ctx context.Context, tx pgx.Tx, slug string) (store.Scale, error) {
	sc, err := scanScale(tx.QueryRow(ctx, sqlstore.ScaleColumns+" WHERE s.slug = $1", slug))
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound
	}
	return sc, err
}

// rowFunc adapts a function to pgx.Row.
type rowFunc func(dest ...any) error

func (f rowFunc) Scan(dest ...any) error { return f(dest...) }

func scanScale(row pgx.Row) (store.Scale, error) {
	var sc store.Scale
	cv, err := scanConfigVersion(rowFunc(func(dest ...any) error {
		return row.Scan(append([]any{&sc.Slug, &sc.Default, &sc.Archived, &sc.Created, &sc.Revision}, dest...)...)
	}))
	if err != nil {
		return store.Scale{}, err
	}
	sc.Created, sc.Latest = sc.Created.UTC(), cv
	return sc, nil
}

// CreateScale adds a scale with cfg as its version 1.
func (s *Store) CreateScale(ctx context.Context, slug string, cfg grading.Config, savedBy string) (store.ConfigVersion, error) {
	return s.createScale(ctx, slug, cfg, savedBy, false)
}

// seed writes the first configuration (Options.FirstScale) as version 1 of the
// default scale "standard" when no scale is stored yet. Creations take
// turns, so of several processes starting at once exactly one writes it.
func (s *Store) seed(ctx context.Context) error {
	_, err := s.createScale(ctx, store.DefaultScaleSlug, s.first, store.SavedBySystem, true)
	if errors.Is(err, store.ErrScaleExists) {
		return nil // seeded already
	}
	return err
}

// createScale adds a scale; first makes it the default, and only if there
// is no scale yet (the first start), else ErrScaleExists.
func (s *Store) createScale(ctx context.Context, slug string, cfg grading.Config, savedBy string, first bool) (store.ConfigVersion, error) {
	doc, err := sqlstore.NewScaleDocument(slug, cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: create scale: %w", err)
	}
	cv := store.ConfigVersion{Version: 1, Config: cfg, SavedAt: s.now().UTC().Truncate(time.Microsecond), SavedBy: savedBy}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockScales(ctx, tx); err != nil {
			return err
		}
		var count, taken int
		if err := tx.QueryRow(ctx, "SELECT count(*), count(*) FILTER (WHERE slug = $1) FROM scales", slug).Scan(&count, &taken); err != nil {
			return fmt.Errorf("count scales: %w", err)
		}
		if err := sqlstore.CheckNewScale(count, taken, first); err != nil {
			return err
		}
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO scales (slug, is_default, archived, created_at, revision)
			VALUES ($1, $2, false, $3, 0) RETURNING id`, slug, first, cv.SavedAt).Scan(&id); err != nil {
			return fmt.Errorf("insert scale: %w", err)
		}
		if _, err := tx.Exec(ctx, "INSERT INTO config_versions (scale_id, "+configColumns+") VALUES ($1, 1, $2, $3, $4)",
			id, doc, cv.SavedAt, savedBy); err != nil {
			return fmt.Errorf("insert version 1: %w", err)
		}
		return touchScale(ctx, tx, "id = $1", id)
	})
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("postgres: create scale %q: %w", slug, err)
	}
	s.changed.Fire() // wakes WaitScaleChange at once (nobody waits at the seed)
	return cv, nil
}

// SetDefaultScale makes the scale the default; the old default is one no more.
func (s *Store) SetDefaultScale(ctx context.Context, slug string) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx pgx.Tx, sc store.Scale) error {
		if change, err := sqlstore.DefaultChange(sc); !change {
			return err
		}
		// The old default first: the index allows one default at a time.
		var old string
		if err := tx.QueryRow(ctx, "UPDATE scales SET is_default = false WHERE is_default RETURNING slug").Scan(&old); err != nil {
			return fmt.Errorf("clear the default: %w", err)
		}
		if _, err := tx.Exec(ctx, "UPDATE scales SET is_default = true WHERE slug = $1", slug); err != nil {
			return err
		}
		// Both changed: the pages of /config/events move to the new default.
		return touchScale(ctx, tx, "slug = ANY($1)", []string{old, slug})
	})
}

// SetScaleArchived archives or unarchives a scale other than the default.
func (s *Store) SetScaleArchived(ctx context.Context, slug string, archived bool) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx pgx.Tx, sc store.Scale) error {
		if change, err := sqlstore.ArchivedChange(sc, archived); !change {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE scales SET archived = $1 WHERE slug = $2", archived, slug); err != nil {
			return err
		}
		return touchScale(ctx, tx, "slug = $1", slug)
	})
}

// changeScale runs change on the scale under lockScales and returns the
// scale as it is then.
func (s *Store) changeScale(ctx context.Context, slug string, change func(pgx.Tx, store.Scale) error) (store.Scale, error) {
	var sc store.Scale
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := lockScales(ctx, tx); err != nil {
			return err
		}
		before, err := scale(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := change(tx, before); err != nil {
			return err
		}
		sc, err = scale(ctx, tx, slug)
		return err
	})
	if err != nil {
		return store.Scale{}, fmt.Errorf("postgres: change scale %q: %w", slug, err)
	}
	s.changed.Fire()
	return sc, nil
}

// WaitScaleChange returns when the store-wide revision is above since, by a
// change of any instance: the listener wakes it on every notification and
// after every reconnect; the poll is the safety net for a notification that
// never came. A failed read is returned, unless ctx ended.
func (s *Store) WaitScaleChange(ctx context.Context, since int64) error {
	watch := s.changed.Watch(s.poll)
	defer watch.Stop()
	for {
		revision, err := s.scaleRevision(ctx)
		switch {
		case err == nil && revision > since:
			return nil
		case err != nil && ctx.Err() == nil:
			return err
		}
		if err := watch.Wait(ctx); err != nil {
			return err
		}
	}
}

// scaleRevision reads the store-wide revision of the scales.
func (s *Store) scaleRevision(ctx context.Context) (latest int64, err error) {
	if err = s.pool.QueryRow(ctx, "SELECT coalesce(max(revision), 0) FROM scales").Scan(&latest); err != nil {
		return 0, fmt.Errorf("postgres: read scale revision: %w", err)
	}
	return latest, nil
}
