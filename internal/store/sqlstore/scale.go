package sqlstore

import (
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ScaleColumns reads a scale with its newest version (the same SQL in both
// backends; each adds its WHERE with its own placeholders).
const ScaleColumns = `SELECT s.slug, s.is_default, s.archived, s.created_at, s.revision,
	v.version, v.document, v.saved_at, v.saved_by
	FROM scales s JOIN config_versions v ON v.scale_id = s.id
	AND v.version = (SELECT max(version) FROM config_versions WHERE scale_id = s.id)`

// NewScaleDocument checks a new scale's slug and encodes its first version.
func NewScaleDocument(slug string, cfg grading.Config) (string, error) {
	if !store.ValidSlug(slug) {
		return "", &grading.ValidationError{Fields: map[string]string{"slug": store.SlugRule}}
	}
	return Encode(cfg)
}

// CheckNewScale says whether a scale may be added to count scales of which
// taken have its slug; first (the seed at first start) only to none.
func CheckNewScale(count, taken int, first bool) error {
	switch {
	case taken > 0 || (first && count > 0):
		return store.ErrScaleExists
	case count >= store.MaxScales:
		return store.ErrTooManyScales
	}
	return nil
}

// DefaultChange says whether making sc the default changes anything, or why
// it may not be done.
func DefaultChange(sc store.Scale) (change bool, err error) {
	switch {
	case sc.Default:
		return false, nil
	case sc.Archived:
		return false, store.ErrScaleArchived
	}
	return true, nil
}

// ArchivedChange says whether setting sc's archived flag changes anything,
// or why it may not be done.
func ArchivedChange(sc store.Scale, archived bool) (change bool, err error) {
	switch {
	case sc.Archived == archived:
		return false, nil
	case sc.Default:
		return false, store.ErrScaleIsDefault
	}
	return true, nil
}

// FirstScale is version 1 of a new database's default scale: the one given, or the original Standard
// (docs/spec.md §4), which the stores' own tests start from.
func FirstScale(c *grading.Config) grading.Config {
	if c == nil {
		return grading.Default()
	}
	return *c
}
