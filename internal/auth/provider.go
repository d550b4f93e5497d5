package auth

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"time"

	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ProviderLoginValidity bounds the time between the redirect to the
// provider and the callback: long enough to type a password and answer a
// second factor.
const ProviderLoginValidity = 10 * time.Minute

// Refusals of a sign-in at the provider, besides sso's (ErrUnavailable,
// ErrProvider, ErrInvalidToken) and those of the mapping to an account
// (identity.go). Each is wrapped with its detail for the log.
var (
	// ErrNoProvider: no identity provider is set up.
	ErrNoProvider = errors.New("auth: no identity provider set up")
	// ErrState: the state the start left in the browser is missing, does
	// not open (changed, sealed with another key, expired) or is not the
	// callback's.
	ErrState = errors.New("auth: sign-in state missing, wrong or expired")
	// ErrDenied: the person cancelled at the provider, or it refused them
	// (error=access_denied).
	ErrDenied = errors.New("auth: access denied at the provider")
)

// ProviderReply is what the browser brings back from the provider: the
// callback's query and the sealed state the start gave it to keep (empty:
// none came).
type ProviderReply struct {
	Sealed                  string
	State, Code             string
	Error, ErrorDescription string
}

// StartAtProvider begins a sign-in at the provider: the address to send the
// browser to, and the state, nonce and PKCE verifier sealed (sso.Login.Seal,
// with the key every instance shares, Store.OIDCStateKey) for the browser to
// keep until it comes back. The server keeps nothing per start, so starts,
// however many and from wherever, fill no table and use up no limit that
// could refuse a teacher. While the provider is down: sso.ErrUnavailable.
func (s *SignIn) StartAtProvider(ctx context.Context) (target, sealed string, err error) {
	if s.sso == nil {
		return "", "", ErrNoProvider
	}
	l := sso.NewLogin()
	target, err = s.sso.Provider.AuthURL(l) // while the provider is down: a kick, bounded by sso.Provider
	if err != nil {
		return "", "", err
	}
	key, err := s.store.OIDCStateKey(ctx, sso.NewKey())
	if err != nil {
		return "", "", err
	}
	sealed, err = l.Seal(key, s.now().Add(ProviderLoginValidity))
	return target, sealed, err
}

// FinishAtProvider checks the provider's reply and returns the account to
// sign in: the sealed state opened with the shared key and compared with the
// reply's (constant-time), the code redeemed with its verifier and the ID
// token verified with its nonce (sso.Provider.Exchange), the identity mapped
// to an account (identityAccount). The caller starts the session.
func (s *SignIn) FinishAtProvider(ctx context.Context, reply ProviderReply) (store.User, error) {
	if s.sso == nil {
		return store.User{}, ErrNoProvider
	}
	login, err := s.openState(ctx, reply)
	if err != nil {
		return store.User{}, err
	}
	switch e := reply.Error; {
	case e == "access_denied":
		return store.User{}, fmt.Errorf("%w: %s: %s", ErrDenied, e, reply.ErrorDescription)
	case e != "":
		return store.User{}, fmt.Errorf("%w: %s: %s", sso.ErrProvider, e, reply.ErrorDescription)
	case reply.Code == "":
		return store.User{}, fmt.Errorf("%w: no code", sso.ErrProvider)
	}
	id, err := s.sso.Provider.Exchange(ctx, reply.Code, login)
	if err != nil {
		return store.User{}, err
	}
	return s.identityAccount(ctx, id)
}

// openState opens the sealed state and checks it against the reply's.
func (s *SignIn) openState(ctx context.Context, reply ProviderReply) (sso.Login, error) {
	if reply.Sealed == "" || reply.State == "" {
		return sso.Login{}, ErrState
	}
	key, err := s.store.OIDCStateKey(ctx, sso.NewKey())
	if err != nil {
		return sso.Login{}, err
	}
	// A state that does not open was sealed with another key (a restored
	// backup, a deleted key row), changed, or is older than ProviderLoginValidity.
	login, err := sso.Open(key, reply.Sealed, s.now())
	if errors.Is(err, sso.ErrSealed) {
		return sso.Login{}, fmt.Errorf("%w: %w", ErrState, err)
	}
	if err != nil {
		return sso.Login{}, err
	}
	if subtle.ConstantTimeCompare([]byte(login.State), []byte(reply.State)) != 1 {
		return sso.Login{}, ErrState
	}
	return login, nil
}
