package main

import (
	"context"
	"flag"
	"fmt"
	"strings"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

const defaultDB = "sqlite:./data/notenrechner.db"

func dbFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("db", envOr(getenv, "NOTENRECHNER_DB", defaultDB),
		"Datenbank: sqlite:PFAD oder postgres://… (Umgebung NOTENRECHNER_DB)")
}

// openStore opens the database a --db value names.
func openStore(ctx context.Context, dsn string) (store.Store, error) {
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("%w: --db sqlite: braucht einen Dateipfad", errUsage)
		}
		return sqlite.Open(ctx, path, sqlite.Options{})
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return nil, fmt.Errorf("PostgreSQL wird von dieser Version noch nicht unterstützt; bitte sqlite:PFAD verwenden")
	default:
		return nil, fmt.Errorf("%w: --db muss mit sqlite: oder postgres:// beginnen", errUsage)
	}
}
