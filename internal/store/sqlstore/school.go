package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// SchoolLand reads the one row of school_settings; no row is no Land.
func (s *Store) SchoolLand(ctx context.Context) (string, error) {
	var land string
	err := s.db.QueryRowContext(ctx, "SELECT land FROM school_settings WHERE id = 1").Scan(&land)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("%s: school land: %w", s.d.Name, err)
	}
	return land, nil
}

// SetSchoolLand writes the one row, made by the first save.
func (s *Store) SetSchoolLand(ctx context.Context, land string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO school_settings (id, land, updated_at) VALUES (1, $1, $2) "+
		"ON CONFLICT (id) DO UPDATE SET land = excluded.land, updated_at = excluded.updated_at", land, s.d.at(s.now()))
	if err != nil {
		return fmt.Errorf("%s: set school land: %w", s.d.Name, err)
	}
	return nil
}
