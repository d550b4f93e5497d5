package sqlstore

import "github.com/notenrechner/notenrechner/internal/store"

// InviteRefusal says why an account gets no new invitation: one with a
// password has nothing left for a link to do, and one linked to the
// identity provider must not gain a second way in. Nil for a pending one.
func InviteRefusal(u store.User) error {
	switch {
	case u.PasswordHash != "":
		return store.ErrHasPassword
	case u.OIDCSubject != "":
		return store.ErrAccountLinked
	}
	return nil
}
