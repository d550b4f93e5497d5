package store

import "context"

// SchoolStore keeps the school's settings that are not a grading scale's: its Land (docs/spec.md
// §11). The store keeps the code as given; internal/school says which codes exist.
type SchoolStore interface {
	// SchoolLand returns the school's Land code, or "" while none is set.
	SchoolLand(ctx context.Context) (string, error)
	// SetSchoolLand stores the Land code; "" clears it. Nothing else changes.
	SetSchoolLand(ctx context.Context, land string) error
}
