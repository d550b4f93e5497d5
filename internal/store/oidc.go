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

// OIDCConfig is one school's own sign-in at an OpenID provider, kept in the school's database so
// that each school of a deployment signs in at its own provider, or at the Träger's shared one
// with a claim that names the school (docs/operations.md, „Many schools on one deployment“). The
// lists are kept as the operator typed them: AllowedDomains separated by commas, Scopes by spaces.
type OIDCConfig struct {
	Issuer, ClientID string
	ClientSecret     string // a secret: shown nowhere, kept as given
	Name             string // the button's "Anmelden mit <Name>"
	AllowedDomains   string
	AdminGroup       string
	UserGroup        string
	GroupsClaim      string
	Scopes           string
	PasswordLogin    bool // password sign-in stays on beside the provider
	// SchoolClaim names the ID token's claim that says a person's school at a provider several
	// schools share; SchoolClaimValue is the value that names this school. Empty: no such check.
	SchoolClaim, SchoolClaimValue string
	UpdatedAt                     time.Time
}

// SchoolOIDCStore keeps the school's own provider configuration: at most one per database.
type SchoolOIDCStore interface {
	// SchoolOIDC returns the stored configuration, or ErrNotFound while none is stored.
	SchoolOIDC(ctx context.Context) (OIDCConfig, error)
	// SetSchoolOIDC stores c in place of any earlier one; UpdatedAt is the store's clock.
	SetSchoolOIDC(ctx context.Context, c OIDCConfig) error
	// DeleteSchoolOIDC removes it; ErrNotFound when none was stored.
	DeleteSchoolOIDC(ctx context.Context) error
}
