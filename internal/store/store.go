// Package store defines what the server needs from storage, independent of
// the backend (SQLite for one instance, PostgreSQL for several).
package store

import (
	"context"
	"errors"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
)

var (
	// ErrNotFound is returned when a requested record does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict is returned when a save was based on a version that is no
	// longer the newest one, so that nobody overwrites a change unknowingly.
	ErrConflict = errors.New("store: conflict")
	// ErrEmailTaken is returned when an account with that email exists.
	ErrEmailTaken = errors.New("store: email taken")
	// ErrLastAdmin is returned when a change would leave no admin account,
	// which would lock the school out of its own configuration.
	ErrLastAdmin = errors.New("store: last admin")
)

// Unconditional as the base version of SaveConfig saves on top of whatever
// version is newest (used by `config import`, which replaces on purpose).
const Unconditional int64 = -1

// Who saved a version when no person did.
const (
	SavedBySystem = "system" // the default written at first start
	SavedByCLI    = "cli"    // notenrechner config import
)

// ConfigVersion is one stored version of the grade configuration. Versions
// are never changed after they are written; a save adds the next number.
type ConfigVersion struct {
	Version int64
	Config  grading.Config
	SavedAt time.Time
	SavedBy string
}

// Store is implemented by every storage backend.
type Store interface {
	ConfigStore // the default scale's versions
	ScaleStore
	UserStore
	SessionStore
	OIDCStore
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}

// ConfigStore keeps the versions of the grade configuration.
type ConfigStore interface {
	// LatestConfig returns the newest configuration version.
	LatestConfig(ctx context.Context) (ConfigVersion, error)
	// ConfigAt returns one version, or ErrNotFound.
	ConfigAt(ctx context.Context, version int64) (ConfigVersion, error)
	// ConfigHistory returns at most limit versions older than before (0:
	// from the newest), newest first.
	ConfigHistory(ctx context.Context, before int64, limit int) ([]ConfigVersion, error)
	// SaveConfig stores cfg as a new version if base is the newest version
	// (or base is Unconditional); otherwise it returns ErrConflict.
	SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (ConfigVersion, error)
}
