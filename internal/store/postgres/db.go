package postgres

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// querier is what *pgxpool.Pool and pgx.Tx have in common.
type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// ms cuts a time to the milliseconds the SQLite store keeps, so that both
// backends hand back the same times and compare them alike.
func ms(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// scanFunc adapts a function to pgx.Row.
type scanFunc func(dest ...any) error

func (f scanFunc) Scan(dest ...any) error { return f(dest...) }
