package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

const defaultDB = "sqlite:./data/notenrechner.db"

// quietLogger is the logger of the short commands: warnings and errors only.
func quietLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

func dbFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("db", envOr(getenv, "NOTENRECHNER_DB", defaultDB),
		"Datenbank: sqlite:PFAD oder postgres://… (Umgebung NOTENRECHNER_DB)")
}

// openStore opens the database a --db value names. Errors never contain a
// password: the postgres store names host, port and cause only.
// pollInterval is the PostgreSQL store's safety-net poll (0: its default).
func openStore(ctx context.Context, dsn string, logger *slog.Logger, pollInterval time.Duration) (store.Store, error) {
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("%w: --db sqlite: braucht einen Dateipfad", errUsage)
		}
		return sqlite.Open(ctx, path, sqlite.Options{})
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return postgres.Open(ctx, dsn, postgres.Options{Logger: logger, PollInterval: pollInterval})
	default:
		return nil, fmt.Errorf("%w: --db muss mit sqlite: oder postgres:// beginnen", errUsage)
	}
}
