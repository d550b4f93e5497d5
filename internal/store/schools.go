package store

import (
	"context"
	"time"
)

// School is one school of a deployment that serves several (docs/architecture.md, „Mehrere
// Schulen“): its public address (internal/tenancy.CanonicalURL), its name, and Home, where its data
// lives: "" for the tables of the deployment's own database (the first school added took them over),
// else the backend's name for the school's own database (a SQLite file beside the deployment's, a
// PostgreSQL schema).
type School struct {
	ID        int64     `json:"id"`
	URL       string    `json:"url"`
	Name      string    `json:"name"`
	Home      string    `json:"home"`
	CreatedAt time.Time `json:"createdAt"`
}

// Registry is the list of schools the deployment's database keeps. No school is one school, the
// database itself, serving any host. Only the deployment's database answers it; a school's own
// database has none.
type Registry interface {
	// Schools lists the schools by id; none is an empty list.
	Schools(ctx context.Context) ([]School, error)
	// AddSchool records a school whose data live at home, which the caller has made (a new file or
	// schema of the backend's). The first school of an empty registry is recorded with the home "" and
	// takes over the database's own tables instead: the caller then removes the home it made. A taken
	// address is ErrSchoolTaken.
	AddSchool(ctx context.Context, url, name, home string) (School, error)
	// RemoveSchool forgets the school at url and, when its home is the database's own tables,
	// empties every one of them in the same transaction; a school of its own home is the backend's
	// to delete after. An unknown address is ErrNotFound.
	RemoveSchool(ctx context.Context, url string) (School, error)
}
