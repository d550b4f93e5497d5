package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/notenrechner/notenrechner/internal/store"
)

// SchoolTables are the tables that hold one school's data, children before parents, so that
// emptying them in this order keeps every foreign key. Everything a migration creates is either here,
// the registry (schools) or the record of migrations; a test of each backend reads the database's
// own list of tables and fails on any other, so a new table cannot be left out of a school's removal.
var SchoolTables = []string{
	"sessions", "tokens", "login_failures", "oidc_state_key",
	"school_settings", "school_oidc", "config_versions", "scales", "users",
}

var errNoHome = errors.New("a school beside others needs a home of its own")

// Schools lists the registry by id.
func (s *Store) Schools(ctx context.Context) ([]store.School, error) {
	rows, err := s.db.QueryContext(ctx, "SELECT id, url, name, home, created_at FROM schools ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("%s: schools: %w", s.d.Name, err)
	}
	list, err := collect(rows, scanSchool)
	if err != nil {
		return nil, fmt.Errorf("%s: schools: %w", s.d.Name, err)
	}
	return list, nil
}

func scanSchool(sc scanner) (store.School, error) {
	var sch store.School
	err := sc.Scan(&sch.ID, &sch.URL, &sch.Name, &sch.Home, timeOf(&sch.CreatedAt))
	return sch, err
}

// AddSchool takes the next id and records the school; the first of an empty registry takes over the
// database's own tables (home ""). Ids may come again after a removal; homes never do.
func (s *Store) AddSchool(ctx context.Context, url, name, home string) (store.School, error) {
	sch := store.School{URL: url, Name: name, CreatedAt: ms(s.now())}
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, s.d.LockSchools); err != nil {
			return err
		}
		var count int
		if err := tx.QueryRowContext(ctx, "SELECT count(*), coalesce(max(id), 0) + 1 FROM schools").
			Scan(&count, &sch.ID); err != nil {
			return err
		}
		if count > 0 {
			if home == "" { // only the first school may take the database's own tables
				return errNoHome
			}
			sch.Home = home
		}
		_, err := tx.ExecContext(ctx, "INSERT INTO schools (id, url, name, home, created_at) VALUES ($1, $2, $3, $4, $5)",
			sch.ID, sch.URL, sch.Name, sch.Home, s.d.stamp(sch.CreatedAt))
		return err
	})
	if s.d.unique(err) {
		return store.School{}, store.ErrSchoolTaken
	}
	if err != nil {
		return store.School{}, fmt.Errorf("%s: add school: %w", s.d.Name, err)
	}
	return sch, nil
}

// RemoveSchool forgets the school; when its data are the database's own tables it empties them in
// the same transaction, so that nothing of the school is left and nothing half-removed is seen.
func (s *Store) RemoveSchool(ctx context.Context, url string) (store.School, error) {
	var sch store.School
	err := inTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := lock(ctx, tx, s.d.LockSchools); err != nil {
			return err
		}
		var err error
		sch, err = scanSchool(tx.QueryRowContext(ctx,
			"SELECT id, url, name, home, created_at FROM schools WHERE url = $1"+s.d.ForUpdate, url))
		if errors.Is(err, sql.ErrNoRows) {
			return store.ErrNotFound
		}
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, "DELETE FROM schools WHERE id = $1", sch.ID); err != nil {
			return err
		}
		if sch.Home != "" {
			return nil
		}
		for _, table := range SchoolTables {
			if _, err := tx.ExecContext(ctx, "DELETE FROM "+table); err != nil {
				return fmt.Errorf("empty %s: %w", table, err)
			}
		}
		return nil
	})
	if errors.Is(err, store.ErrNotFound) {
		return store.School{}, err
	}
	if err != nil {
		return store.School{}, fmt.Errorf("%s: remove school: %w", s.d.Name, err)
	}
	return sch, nil
}
