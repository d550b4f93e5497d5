package store

import (
	"context"
	"errors"
	"time"
)

// ErrSubjectTaken is returned when another account is linked to the same
// identity of the provider already.
var ErrSubjectTaken = errors.New("store: identity linked to another account")

// ErrAccountLinked is returned for an invitation to an account that signs in
// at the provider: its password would outlive the person's account there.
var ErrAccountLinked = errors.New("store: account linked to the identity provider")

// OIDCLogin is a sign-in at the school's OpenID provider between the
// redirect there and the callback. It is stored by the hash of its state;
// the nonce and the PKCE verifier stay on the server.
type OIDCLogin struct {
	StateHash string
	Nonce     string
	Verifier  string
	ExpiresAt time.Time
}

// OIDCStore links accounts to identities at the OpenID provider and keeps
// the sign-ins under way.
type OIDCStore interface {
	// UserBySubject returns the account linked to the provider's subject,
	// or ErrNotFound.
	UserBySubject(ctx context.Context, issuer, subject string) (User, error)
	// LinkSubject links an account to an identity (replacing an earlier
	// link of the account) and uses up its open invitations in the same
	// transaction; ErrSubjectTaken if another account has it, ErrNotFound
	// for an unknown account.
	LinkSubject(ctx context.Context, id int64, issuer, subject string) (User, error)
	// CreateOIDCLogin stores a started sign-in and forgets the expired ones.
	CreateOIDCLogin(ctx context.Context, l OIDCLogin) error
	// TakeOIDCLogin returns a started sign-in and deletes it, so that it
	// works once; ErrNotFound if unknown, taken before or expired at now.
	TakeOIDCLogin(ctx context.Context, stateHash string, now time.Time) (OIDCLogin, error)
}
