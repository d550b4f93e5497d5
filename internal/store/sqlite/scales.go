package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

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
	rows, err := s.db.QueryContext(ctx, sqlstore.ScaleColumns+" WHERE s.revision > ? ORDER BY s.slug", revision)
	if err != nil {
		return nil, fmt.Errorf("sqlite: scales: %w", err)
	}
	defer rows.Close()
	var scales []store.Scale
	for rows.Next() {
		sc, err := scanScale(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: scales: %w", err)
		}
		scales = append(scales, sc)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: scales: %w", err)
	}
	return scales, nil
}

// DefaultScale returns the scale that is the default now.
func (s *Store) DefaultScale(ctx context.Context) (store.Scale, error) {
	sc, err := scanScale(s.db.QueryRowContext(ctx, sqlstore.ScaleColumns+" WHERE s.is_default = 1"))
	if err != nil {
		return store.Scale{}, fmt.Errorf("sqlite: default scale: %w", err)
	}
	return sc, nil
}

func (s *Store) scale(ctx context.Context, q querier, slug string) (store.Scale, error) {
	sc, err := scanScale(q.QueryRowContext(ctx, sqlstore.ScaleColumns+" WHERE s.slug = ?", slug))
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound
	}
	return sc, err
}

func scanScale(row scanner) (store.Scale, error) {
	var (
		sc              store.Scale
		isDefault, arch int
		created         int64
	)
	cv, err := scanConfigVersion(scanFunc(func(dest ...any) error {
		return row.Scan(append([]any{&sc.Slug, &isDefault, &arch, &created, &sc.Revision}, dest...)...)
	}))
	if err != nil {
		return store.Scale{}, err
	}
	sc.Default, sc.Archived, sc.Created, sc.Latest = isDefault == 1, arch == 1, fromMillis(created), cv
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
		return store.ConfigVersion{}, fmt.Errorf("sqlite: create scale: %w", err)
	}
	cv := store.ConfigVersion{Version: 1, Config: cfg, SavedAt: fromMillis(millis(s.now())), SavedBy: savedBy}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		var count, taken int
		if err := tx.QueryRowContext(ctx, "SELECT count(*), count(*) FILTER (WHERE slug = ?) FROM scales", slug).Scan(&count, &taken); err != nil {
			return fmt.Errorf("count scales: %w", err)
		}
		if err := sqlstore.CheckNewScale(count, taken, first); err != nil {
			return err
		}
		isDefault := 0
		if first {
			isDefault = 1
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO scales (slug, is_default, archived, created_at, revision)
			VALUES (?, ?, 0, ?, (SELECT coalesce(max(revision), 0) + 1 FROM scales))`, slug, isDefault, millis(cv.SavedAt))
		if err != nil {
			return fmt.Errorf("insert scale: %w", err)
		}
		id, err := res.LastInsertId()
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO config_versions (scale_id, version, document, saved_at, saved_by)
			VALUES (?, 1, ?, ?, ?)`, id, doc, millis(cv.SavedAt), savedBy)
		return err
	})
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("sqlite: create scale %q: %w", slug, err)
	}
	s.changed.Fire() // wakes WaitScaleChange at once (nobody waits at the seed)
	return cv, nil
}

// SetDefaultScale makes the scale the default; the old default is one no more.
func (s *Store) SetDefaultScale(ctx context.Context, slug string) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx *sql.Tx, sc store.Scale) error {
		if change, err := sqlstore.DefaultChange(sc); !change {
			return err
		}
		// The old default first: the index allows one default at a time.
		_, err := tx.ExecContext(ctx, `UPDATE scales SET is_default = 0,
			revision = (SELECT max(revision) FROM scales) + 1 WHERE is_default = 1`)
		if err == nil {
			_, err = tx.ExecContext(ctx, `UPDATE scales SET is_default = 1,
				revision = (SELECT max(revision) FROM scales) + 1 WHERE slug = ?`, slug)
		}
		return err
	})
}

// SetScaleArchived archives or unarchives a scale other than the default.
func (s *Store) SetScaleArchived(ctx context.Context, slug string, archived bool) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx *sql.Tx, sc store.Scale) error {
		if change, err := sqlstore.ArchivedChange(sc, archived); !change {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE scales SET archived = ?,
			revision = (SELECT max(revision) FROM scales) + 1 WHERE slug = ?`, archived, slug)
		return err
	})
}

// changeScale runs change on the scale in a write transaction and returns
// the scale as it is then.
func (s *Store) changeScale(ctx context.Context, slug string, change func(*sql.Tx, store.Scale) error) (store.Scale, error) {
	var sc store.Scale
	err := s.inTx(ctx, func(tx *sql.Tx) error {
		before, err := s.scale(ctx, tx, slug)
		if err != nil {
			return err
		}
		if err := change(tx, before); err != nil {
			return err
		}
		sc, err = s.scale(ctx, tx, slug)
		return err
	})
	if err != nil {
		return store.Scale{}, fmt.Errorf("sqlite: change scale %q: %w", slug, err)
	}
	s.changed.Fire()
	return sc, nil
}

// WaitScaleChange returns when the store-wide revision is above since.
// Changes made through this Store wake it at once; those of other
// processes (`config import`) are found by the poll, one indexed query per
// interval. A failed read is returned, unless ctx ended.
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
	if err = s.db.QueryRowContext(ctx, "SELECT coalesce(max(revision), 0) FROM scales").Scan(&latest); err != nil {
		return 0, fmt.Errorf("sqlite: poll scale revision: %w", err)
	}
	return latest, nil
}
