package store

import (
	"context"
	"errors"
)

// ErrSubjectTaken is returned when another account is linked to the same
// identity of the provider already.
var ErrSubjectTaken = errors.New("store: identity linked to another account")

// ErrAccountLinked is returned for an invitation to an account that signs in
// at the provider: its password would outlive the person's account there.
var ErrAccountLinked = errors.New("store: account linked to the identity provider")

// OIDCStore links accounts to identities at the OpenID provider and keeps
// the key that seals the sign-ins under way.
type OIDCStore interface {
	// UserBySubject returns the account linked to the provider's subject,
	// or ErrNotFound.
	UserBySubject(ctx context.Context, issuer, subject string) (User, error)
	// LinkSubject links an account to an identity (replacing an earlier
	// link of the account) and uses up its open invitations in the same
	// transaction; ErrSubjectTaken if another account has it, ErrNotFound
	// for an unknown account.
	LinkSubject(ctx context.Context, id int64, issuer, subject string) (User, error)
	// OIDCStateKey returns the key that seals a sign-in under way into the
	// browser's cookie. The first call on a database stores fresh and
	// returns it; every later call, on every instance, returns that stored
	// key and ignores fresh. Two first calls at once agree on one key.
	OIDCStateKey(ctx context.Context, fresh []byte) ([]byte, error)
}
