package store

import (
	"context"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// Unconditional as the base version of SaveConfig saves on top of whatever
// version is newest (used by `config import`, which replaces on purpose).
const Unconditional int64 = -1

// Who saved a version when no person did.
const (
	SavedBySystem = "system" // the default written at first start
	SavedByCLI    = "cli"    // notenrechner config import
)

// ConfigVersion is one stored version of a scale's grade configuration.
// Versions are never changed after they are written; a save adds the next
// number.
type ConfigVersion struct {
	Version int64
	Config  grading.Config
	SavedAt time.Time
	SavedBy string
}

// ConfigStore keeps the versions of one scale's configuration; a Store
// hands it out by the scale's slug (ScaleStore.ScaleConfig), the default's
// too. Its methods return ErrScaleNotFound when no scale has the slug.
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
