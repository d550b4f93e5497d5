package main

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
	"github.com/notenrechner/notenrechner/internal/tenancy"
)

// The schools of one deployment (docs/architecture.md, „Mehrere Schulen“): the database --db names
// keeps the registry and, while it has no schools, is the one school; each school added after the
// first has a database of its own (a SQLite file beside it, a PostgreSQL schema).

func isPostgres(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// registryOf is the registry the deployment's store keeps (both backends keep one).
func registryOf(main store.Store) store.Registry { return main.(store.Registry) }

// openSchoolOf returns the store of the school d.school names, or main itself while the database has
// no schools. A store of its own home is opened (and main closed by the caller's Close of it); the
// first school's is main.
func openSchoolOf(ctx context.Context, d database, main store.Store, logger *slog.Logger, poll time.Duration) (store.Store, error) {
	schools, err := registryOf(main).Schools(ctx)
	if err != nil {
		return nil, err
	}
	if d.school == "" {
		if len(schools) > 0 {
			return nil, fmt.Errorf("%w: diese Datenbank hat %d Schulen: --school ADRESSE angeben (notenrechner school list)",
				errUsage, len(schools))
		}
		return main, nil
	}
	sch, err := findSchool(schools, d.school)
	if err != nil {
		return nil, err
	}
	if sch.Home == "" {
		return main, nil
	}
	own, err := openDatabase(ctx, d, logger, poll, at{home: sch.Home})
	if err != nil {
		return nil, err
	}
	main.Close() // the school's own store is all the command needs
	return own, nil
}

// findSchool finds the school of an address as typed.
func findSchool(schools []store.School, typed string) (store.School, error) {
	for _, s := range schools { // as stored first: an older build kept addresses its rules no longer write
		if s.URL == strings.TrimSpace(typed) {
			return s, nil
		}
	}
	url, err := tenancy.CanonicalURL(typed)
	if err != nil {
		return store.School{}, fmt.Errorf("%w: --school: %v", errUsage, err)
	}
	for _, s := range schools {
		if s.URL == url {
			return s, nil
		}
	}
	if len(schools) == 0 {
		return store.School{}, fmt.Errorf("%w: --school %s: diese Datenbank hat keine Schulen, sie ist eine Schule (--school weglassen)", errUsage, url)
	}
	return store.School{}, fmt.Errorf("%w: --school %s: keine Schule dieser Datenbank (notenrechner school list)", errUsage, url)
}

// newHome is a new name for a school's home in the backend of d (never one used before).
func newHome(d database) string {
	if isPostgres(d.dsn) {
		return postgres.NewSchoolSchema()
	}
	return sqlite.NewSchoolHome(strings.TrimPrefix(d.dsn, "sqlite:"))
}

// removeHome deletes what a removed school's own home held; the registry has already forgotten it.
func removeHome(ctx context.Context, d database, home string) error {
	if home == "" {
		return nil // its tables were emptied with its registry row
	}
	if isPostgres(d.dsn) {
		return postgres.DropSchool(ctx, d.dsn, home)
	}
	path, err := sqlite.SchoolPath(strings.TrimPrefix(d.dsn, "sqlite:"), home)
	if err != nil {
		return err
	}
	return sqlite.RemoveFiles(path)
}
