// Package store defines what the server needs from storage, independent of
// the backend (SQLite for one instance, PostgreSQL for several).
package store

import "context"

// Store is implemented by every storage backend. A scale's versions, the
// default's too, are reached through ScaleConfig by the scale's slug; the
// store knows which scale is the default (DefaultScale).
type Store interface {
	ScaleStore
	UserStore
	SessionStore
	OIDCStore
	SchoolStore
	SchoolOIDCStore
	// Ping reports whether the database answers.
	Ping(ctx context.Context) error
	Close() error
}
