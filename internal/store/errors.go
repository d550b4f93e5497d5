package store

import (
	"errors"
	"fmt"
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
	// ErrHasPassword is returned for an invitation to an account that has
	// set its password: the link would have nothing left to do.
	ErrHasPassword = errors.New("store: account has a password")
	// ErrSchoolTaken is returned when a school with that address exists.
	ErrSchoolTaken = errors.New("store: school address taken")
)

// SchemaTooNewError is returned by Open when the database was migrated by a
// newer release than this binary: its tables may hold what this build does not
// know, so it refuses before it writes anything. An older binary is not a way
// back; the backup taken before the upgrade is (docs/operations.md).
type SchemaTooNewError struct {
	Have, Known int // the database's highest migration, and this build's
}

func (e *SchemaTooNewError) Error() string {
	return fmt.Sprintf("Die Datenbank hat die Schema-Version %d, dieses Programm kennt nur bis %d: "+
		"sie wurde von einer neueren Version von Notenrechner geschrieben und bleibt unverändert. "+
		"Die neuere Version starten, oder zum Zurückrollen die Sicherung von vor dem Update "+
		"zurückspielen (notenrechner restore; docs/operations.md, „Aktualisieren und zurückrollen“).", e.Have, e.Known)
}
