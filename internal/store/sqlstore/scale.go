package sqlstore

import (
	"context"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ScaleVersions is what a backend keeps of each grading scale: its versions,
// by slug ("" means the default scale). OneScale turns it into the
// store.ConfigStore of one scale, so the backends write the SQL only.
type ScaleVersions interface {
	ScaleLatest(ctx context.Context, slug string) (store.ConfigVersion, error)
	ScaleAt(ctx context.Context, slug string, version int64) (store.ConfigVersion, error)
	ScaleHistory(ctx context.Context, slug string, before int64, limit int) ([]store.ConfigVersion, error)
	ScaleSave(ctx context.Context, slug string, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error)
}

// OneScale is store.ConfigStore for the scale Slug names. A backend's Store
// embeds the default's (Slug ""), which keeps the scale-less methods of the
// time before scales meaning the default scale.
type OneScale struct {
	Versions ScaleVersions
	Slug     string
}

// LatestConfig returns the scale's newest version.
func (c OneScale) LatestConfig(ctx context.Context) (store.ConfigVersion, error) {
	return c.Versions.ScaleLatest(ctx, c.Slug)
}

// ConfigAt returns one stored version of the scale.
func (c OneScale) ConfigAt(ctx context.Context, version int64) (store.ConfigVersion, error) {
	return c.Versions.ScaleAt(ctx, c.Slug, version)
}

// ConfigHistory returns a page of the scale's versions, newest first.
func (c OneScale) ConfigHistory(ctx context.Context, before int64, limit int) ([]store.ConfigVersion, error) {
	return c.Versions.ScaleHistory(ctx, c.Slug, before, limit)
}

// SaveConfig stores cfg as the scale's next version when base is its newest.
func (c OneScale) SaveConfig(ctx context.Context, cfg grading.Config, savedBy string, base int64) (store.ConfigVersion, error) {
	return c.Versions.ScaleSave(ctx, c.Slug, cfg, savedBy, base)
}

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
