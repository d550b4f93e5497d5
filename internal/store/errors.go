package store

import "errors"

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
	// ErrHasPassword is returned for an invitation to an account that has
	// set its password: the link would have nothing left to do.
	ErrHasPassword = errors.New("store: account has a password")
)
