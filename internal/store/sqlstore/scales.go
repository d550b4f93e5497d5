package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// scaleColumns reads a scale with its newest version; each caller adds its WHERE.
const scaleColumns = `SELECT s.slug, s.is_default, s.archived, s.created_at, s.revision,
	v.version, v.document, v.saved_at, v.saved_by
	FROM scales s JOIN config_versions v ON v.scale_id = s.id
	AND v.version = (SELECT max(version) FROM config_versions WHERE scale_id = s.id)`

// Scales returns every scale with its newest version, by slug.
func (s *Store) Scales(ctx context.Context) ([]store.Scale, error) {
	return s.ScalesChangedSince(ctx, 0)
}

// ScalesChangedSince returns the scales changed after revision, by slug.
func (s *Store) ScalesChangedSince(ctx context.Context, revision int64) ([]store.Scale, error) {
	rows, err := s.db.QueryContext(ctx, scaleColumns+" WHERE s.revision > $1 ORDER BY s.slug", revision)
	var scales []store.Scale
	if err == nil {
		scales, err = collect(rows, scanScale)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: scales: %w", s.d.Name, err)
	}
	return scales, nil
}

// DefaultScale returns the scale that is the default now.
func (s *Store) DefaultScale(ctx context.Context) (store.Scale, error) {
	sc, err := scanScale(s.db.QueryRowContext(ctx, scaleColumns+" WHERE s.is_default"))
	if err != nil {
		return store.Scale{}, fmt.Errorf("%s: default scale: %w", s.d.Name, err)
	}
	return sc, nil
}

func scale(ctx context.Context, q querier, slug string) (store.Scale, error) {
	sc, err := scanScale(q.QueryRowContext(ctx, scaleColumns+" WHERE s.slug = $1", slug))
	if errors.Is(err, store.ErrNotFound) {
		err = store.ErrScaleNotFound
	}
	return sc, err
}

func scanScale(row scanner) (store.Scale, error) {
	var sc store.Scale
	cv, err := scanConfigVersion(scanFunc(func(dest ...any) error {
		return row.Scan(append([]any{&sc.Slug, &sc.Default, &sc.Archived, timeOf(&sc.Created), &sc.Revision}, dest...)...)
	}))
	if err != nil {
		return store.Scale{}, err
	}
	sc.Latest = cv
	return sc, nil
}

// CreateScale adds a scale with cfg as its version 1.
func (s *Store) CreateScale(ctx context.Context, slug string, cfg grading.Config, savedBy string) (store.ConfigVersion, error) {
	return s.createScale(ctx, slug, cfg, savedBy, false)
}

// seed writes the first configuration (FirstScale) as version 1 of the
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
	d := s.d
	doc, err := newScaleDocument(slug, cfg)
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: create scale: %w", d.Name, err)
	}
	cv := store.ConfigVersion{Version: 1, Config: cfg, SavedAt: s.now().UTC().Truncate(d.VersionPrecision), SavedBy: savedBy}
	err = inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, d.LockScales); err != nil {
			return err
		}
		var count, taken int
		if err := tx.QueryRowContext(ctx, "SELECT count(*), count(*) FILTER (WHERE slug = $1) FROM scales", slug).Scan(&count, &taken); err != nil {
			return fmt.Errorf("count scales: %w", err)
		}
		if err := checkNewScale(count, taken, first); err != nil {
			return err
		}
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO scales (slug, is_default, archived, created_at, revision)
			VALUES ($1, $2, false, $3, 0) RETURNING id`, slug, first, d.stamp(cv.SavedAt)).Scan(&id); err != nil {
			return fmt.Errorf("insert scale: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO config_versions (scale_id, version, document, saved_at, saved_by)
			VALUES ($1, 1, $2, $3, $4)`, id, doc, d.stamp(cv.SavedAt), savedBy); err != nil {
			return fmt.Errorf("insert version 1: %w", err)
		}
		return touchScales(ctx, tx, d, "id = $1", id)
	})
	if err != nil {
		return store.ConfigVersion{}, fmt.Errorf("%s: create scale %q: %w", d.Name, slug, err)
	}
	s.changed.Fire() // wakes WaitScaleChange at once (nobody waits at the seed)
	return cv, nil
}

// SetDefaultScale makes the scale the default; the old default is one no more.
func (s *Store) SetDefaultScale(ctx context.Context, slug string) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx *sql.Tx, sc store.Scale) error {
		if change, err := defaultChange(sc); !change {
			return err
		}
		// The old default first: the index allows one default at a time.
		var old string
		if err := tx.QueryRowContext(ctx, "UPDATE scales SET is_default = false WHERE is_default RETURNING slug").Scan(&old); err != nil {
			return fmt.Errorf("clear the default: %w", err)
		}
		if _, err := tx.ExecContext(ctx, "UPDATE scales SET is_default = true WHERE slug = $1", slug); err != nil {
			return err
		}
		// Both changed: the pages of /config/events move to the new default.
		return touchScales(ctx, tx, s.d, "slug IN ($1, $2)", old, slug)
	})
}

// SetScaleArchived archives or unarchives a scale other than the default.
func (s *Store) SetScaleArchived(ctx context.Context, slug string, archived bool) (store.Scale, error) {
	return s.changeScale(ctx, slug, func(tx *sql.Tx, sc store.Scale) error {
		if change, err := archivedChange(sc, archived); !change {
			return err
		}
		if _, err := tx.ExecContext(ctx, "UPDATE scales SET archived = $1 WHERE slug = $2", archived, slug); err != nil {
			return err
		}
		return touchScales(ctx, tx, s.d, "slug = $1", slug)
	})
}

// changeScale runs change on the scale in a write transaction that takes
// turns with every other change of a scale, and returns the scale as it is then.
func (s *Store) changeScale(ctx context.Context, slug string, change func(*sql.Tx, store.Scale) error) (store.Scale, error) {
	var sc store.Scale
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, s.d.LockScales); err != nil {
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
		return store.Scale{}, fmt.Errorf("%s: change scale %q: %w", s.d.Name, slug, err)
	}
	s.changed.Fire()
	return sc, nil
}

// touchScales gives the scales that where selects (with args) the next
// store-wide revision and announces each with the Dialect's Notify. The
// transaction takes turns with every other change of a scale, so revisions
// are committed in order.
func touchScales(ctx context.Context, tx *sql.Tx, d Dialect, where string, args ...any) error {
	rows, err := tx.QueryContext(ctx, `UPDATE scales SET revision = (SELECT max(revision) FROM scales) + 1
		WHERE `+where+` RETURNING revision, slug`, args...)
	if err != nil {
		return fmt.Errorf("mark scale changed: %w", err)
	}
	changes, err := collect(rows, func(row scanner) (string, error) {
		var revision int64
		var slug string
		err := row.Scan(&revision, &slug)
		return strconv.FormatInt(revision, 10) + " " + slug, err
	})
	if err != nil || d.Notify == "" {
		return err
	}
	for _, payload := range changes {
		if _, err := tx.ExecContext(ctx, d.Notify, payload); err != nil {
			return fmt.Errorf("notify %s: %w", payload, err)
		}
	}
	return nil
}

// WaitScaleChange returns when the store-wide revision is above since.
// Changes made through this Store wake it at once, and so do those a
// backend learns of (a notification); the poll finds the others (another
// process's `config import`, a lost notification), one indexed query per
// interval. A failed read is returned, unless ctx ended.
func (s *Store) WaitScaleChange(ctx context.Context, since int64) error {
	watch := s.changed.Watch(s.poll)
	defer watch.Stop()
	for {
		var revision int64
		err := s.db.QueryRowContext(ctx, "SELECT coalesce(max(revision), 0) FROM scales").Scan(&revision)
		switch {
		case err == nil && revision > since:
			return nil
		case err != nil && ctx.Err() == nil:
			return fmt.Errorf("%s: read scale revision: %w", s.d.Name, err)
		}
		if err := watch.Wait(ctx); err != nil {
			return err
		}
	}
}

// newScaleDocument checks a new scale's slug and encodes its first version.
func newScaleDocument(slug string, cfg grading.Config) (string, error) {
	if !store.ValidSlug(slug) {
		return "", &grading.ValidationError{Fields: map[string]string{"slug": store.SlugRule}}
	}
	return Encode(cfg)
}

// checkNewScale says whether a scale may be added to count scales of which
// taken have its slug; first (the seed at first start) only to none.
func checkNewScale(count, taken int, first bool) error {
	switch {
	case taken > 0 || (first && count > 0):
		return store.ErrScaleExists
	case count >= store.MaxScales:
		return store.ErrTooManyScales
	}
	return nil
}

// defaultChange says whether making sc the default changes anything, or why
// it may not be done.
func defaultChange(sc store.Scale) (change bool, err error) {
	switch {
	case sc.Default:
		return false, nil
	case sc.Archived:
		return false, store.ErrScaleArchived
	}
	return true, nil
}

// archivedChange says whether setting sc's archived flag changes anything,
// or why it may not be done.
func archivedChange(sc store.Scale, archived bool) (change bool, err error) {
	switch {
	case sc.Archived == archived:
		return false, nil
	case sc.Default:
		return false, store.ErrScaleIsDefault
	}
	return true, nil
}

// FirstScale is version 1 of a new database's default scale: the one given, or the original Standard
// (docs/spec.md §4), which the stores' own tests start from.
func FirstScale(c *grading.Config) grading.Config {
	if c == nil {
		return grading.Default()
	}
	return *c
}
