package sqlstore

import (
	"errors"
	"fmt"
	"time"
)

// Dialect is what tells the two SQL backends apart where they run the same
// statements: plain values a backend fills in, no functions. Both databases
// read $1, $2, … as placeholders (SQLite takes $N as the Nth argument), know
// RETURNING and ON CONFLICT, and map missing rows to sql.ErrNoRows through
// database/sql, so none of that is here.
type Dialect struct {
	Name string // starts every error: "sqlite", "postgres"

	// Millis says times are stored as integer Unix milliseconds (SQLite);
	// otherwise they are timestamptz (PostgreSQL). TimeType is the type a
	// time parameter is CAST to where nothing else gives its type.
	Millis   bool
	TimeType string
	// VersionPrecision is what a version's saved_at keeps (the account times
	// keep milliseconds in both).
	VersionPrecision time.Duration

	// A unique violation: the driver error's Code() (SQLite's extended
	// result code), or its SQLState() (PostgreSQL). Zero values never match.
	UniqueCode  int
	UniqueState string

	// ByCodePoint follows ORDER BY email, so that both order by code point
	// whatever the database's locale (SQLite does already).
	ByCodePoint string
	// ForUpdate follows the SELECTs that lock the rows they read until the
	// transaction ends; empty where a write transaction locks the whole
	// database from its start (SQLite's immediate transactions).
	ForUpdate string
	// LockScales and LockUsers are run first in a transaction that changes
	// scales (or versions), or creates the first admin, so that those take
	// turns; empty where every write transaction takes turns anyway.
	LockScales, LockUsers string
	// LockSchools is run first in a transaction that adds or removes a school (empty: none needed).
	LockSchools string
	// Notify, when set, runs in the transaction of every change of a scale
	// with "<revision> <slug>" as $1, so that other instances learn of it
	// once it is committed.
	Notify string

	// MigrationLock is run first in each migration's transaction (empty:
	// none); MigrationsTable creates the table of applied migrations if it
	// is missing. SQLite's keeps applied_at as RFC 3339 text, as it did
	// before its times became milliseconds; PostgreSQL's as timestamptz.
	MigrationLock, MigrationsTable string
}

// ms cuts an account time to the milliseconds both backends keep, so that
// they hand back the same times and compare them alike.
func ms(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// stamp is t as a parameter: Unix milliseconds, or the time itself.
func (d Dialect) stamp(t time.Time) any {
	if d.Millis {
		return t.UnixMilli()
	}
	return t
}

// at is an account time as a parameter, cut to milliseconds.
func (d Dialect) at(t time.Time) any { return d.stamp(ms(t)) }

// appliedAt is the time of a migration as its table keeps it.
func (d Dialect) appliedAt(t time.Time) any {
	if d.Millis {
		return t.UTC().Format(time.RFC3339Nano)
	}
	return t
}

// unique reports whether err is a unique violation. The drivers' errors are
// read through their methods, so that this package imports neither driver.
func (d Dialect) unique(err error) bool {
	var code interface{ Code() int }
	if d.UniqueCode != 0 && errors.As(err, &code) && code.Code() == d.UniqueCode {
		return true
	}
	var state interface{ SQLState() string }
	return d.UniqueState != "" && errors.As(err, &state) && state.SQLState() == d.UniqueState
}

// timeOf returns a destination for Scan that reads a stored time into t, in
// UTC: Unix milliseconds (SQLite) or a timestamptz (PostgreSQL); NULL reads
// as the zero time.
func timeOf(t *time.Time) storedTime { return storedTime{t} }

type storedTime struct{ t *time.Time }

func (s storedTime) Scan(v any) error {
	switch v := v.(type) {
	case nil:
		*s.t = time.Time{}
	case int64:
		*s.t = time.UnixMilli(v).UTC()
	case time.Time:
		*s.t = v.UTC()
	default:
		return fmt.Errorf("a stored time of type %T", v)
	}
	return nil
}
