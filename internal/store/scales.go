package store

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// A school keeps several named grading scales (Notenschlüssel, docs/spec.md §8).
// Each is a configuration with its own versions, numbered from 1; exactly one
// is the default, which /api/v1/config and the commands without --scale mean.

// MaxScales bounds the scales of one school, archived ones included: the
// list, the brokers and the page's choice stay small.
const MaxScales = 100

// DefaultScaleSlug is the slug of the scale that the first start writes and
// that the migration gives an older database's configuration.
const DefaultScaleSlug = "standard"

var (
	// ErrScaleNotFound is returned for a slug no scale has. It is an
	// ErrNotFound, so code that only asks "is it there" need not know scales.
	ErrScaleNotFound = fmt.Errorf("store: scale not found: %w", ErrNotFound)
	// ErrScaleExists is returned when a scale with that slug exists already.
	ErrScaleExists = errors.New("store: scale exists")
	// ErrTooManyScales is returned when MaxScales scales exist already.
	ErrTooManyScales = errors.New("store: too many scales")
	// ErrScaleIsDefault is returned when the default scale would be archived.
	ErrScaleIsDefault = errors.New("store: scale is the default")
	// ErrScaleArchived is returned when an archived scale would become the default.
	ErrScaleArchived = errors.New("store: scale is archived")
)

// slugPattern: lower-case letters, digits and '-', starting and ending with
// a letter or digit, so that a slug never reads as a command-line flag
// (`--scale -x`) and never has a dangling dash in an address.
var slugPattern = regexp.MustCompile(`^[a-z0-9]([a-z0-9-]*[a-z0-9])?$`)

// ValidSlug reports whether slug may name a scale (1 to 40 characters).
func ValidSlug(slug string) bool { return len(slug) <= 40 && slugPattern.MatchString(slug) }

// SlugRule is the German rule for slugs, for error messages on every side.
const SlugRule = "Nur Kleinbuchstaben a–z, Ziffern und „-“, 1 bis 40 Zeichen, am Anfang und Ende ein Buchstabe oder eine Ziffer."

// Scale is one grading scale with its newest version.
type Scale struct {
	Slug     string
	Default  bool
	Archived bool
	Created  time.Time
	// Revision is the store-wide change counter at this scale's last change
	// (a saved version, archived, default): ScalesChangedSince finds it by it.
	Revision int64
	Latest   ConfigVersion // its newest version; Latest.Config.Name is its name
}

// ScaleStore keeps the scales. ScaleConfig is the one way to a scale's
// versions; the default is a scale like the others, found by its slug.
type ScaleStore interface {
	// ScaleConfig returns the versions of the scale slug names. Its methods
	// return ErrScaleNotFound when no scale has the slug.
	ScaleConfig(slug string) ConfigStore
	// DefaultScale returns the scale that is the default now.
	DefaultScale(ctx context.Context) (Scale, error)
	// Scales returns every scale, archived ones too, ordered by slug.
	Scales(ctx context.Context) ([]Scale, error)
	// ScalesChangedSince returns the scales whose Revision is above revision,
	// ordered by slug; with 0, every scale.
	ScalesChangedSince(ctx context.Context, revision int64) ([]Scale, error)
	// CreateScale adds a scale (not the default, not archived) with cfg as
	// version 1; ErrScaleExists, ErrTooManyScales, or a validation error.
	CreateScale(ctx context.Context, slug string, cfg grading.Config, savedBy string) (ConfigVersion, error)
	// SetDefaultScale makes the scale the default (ErrScaleArchived if it is archived).
	SetDefaultScale(ctx context.Context, slug string) (Scale, error)
	// SetScaleArchived archives or unarchives a scale (ErrScaleIsDefault for the default).
	SetScaleArchived(ctx context.Context, slug string, archived bool) (Scale, error)
	// WaitScaleChange blocks until the store-wide revision is above since,
	// by a change of this or another process, or until ctx ends.
	WaitScaleChange(ctx context.Context, since int64) error
}
