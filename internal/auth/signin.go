package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// SignIn is every way into an account: a password, the one-time links that
// set the first one (setup, invitation), and the school's identity provider;
// and the session each of them starts. The server's handlers only read the
// request, call it and answer; the rules, the limits, the password work and
// what is logged live here, once.
type SignIn struct {
	store       Accounts
	sessions    *Sessions
	limiter     *Limiter
	gate        *Gate
	hasher      Hasher
	now         func() time.Time
	logger      *slog.Logger
	sso         *SSO
	passwordOff bool
}

// Accounts is the part of the store sign-in works with.
type Accounts interface {
	store.UserStore
	store.OIDCStore
}

// SignInDeps is what a SignIn works with, passed in as the server's are.
type SignInDeps struct {
	Store    Accounts
	Sessions *Sessions
	Limiter  *Limiter
	Gate     *Gate
	// Hasher does the password work: Params for new hashes (stored ones
	// with weaker parameters are upgraded at the next sign-in).
	Hasher Hasher
	Now    func() time.Time
	Logger *slog.Logger
	// SSO is the school's identity provider; nil: none is set up.
	SSO *SSO
	// PasswordOff turns password sign-in off (serve --password-login=false):
	// no sign-in, setup, invitation or change sets or checks a password.
	PasswordOff bool
}

// SSO is the school's identity provider (provider.go) and how its people
// map to accounts (identity.go).
type SSO struct {
	Provider *sso.Provider
	// AllowedDomains are the email domains that may sign in; empty: any.
	AllowedDomains []string
	// AdminGroup and UserGroup, when either is set, decide the role from the
	// provider's groups and create or update accounts at sign-in. When both
	// are empty, a person signs in to the existing account with the same
	// verified email, whose role stays as set in Konten.
	AdminGroup, UserGroup string
	// School, when set, is the value that names this school in the claim
	// sso.Config.SchoolClaim (a provider several schools share): a person
	// whose claim lacks it is refused (ErrOtherSchool).
	School string
}

// NewSignIn makes the sign-in of d.
func NewSignIn(d SignInDeps) *SignIn {
	return &SignIn{store: d.Store, sessions: d.Sessions, limiter: d.Limiter, gate: d.Gate, hasher: d.Hasher,
		now: d.Now, logger: d.Logger, sso: d.SSO, passwordOff: d.PasswordOff}
}

// Methods is what the sign-in card offers.
type Methods struct {
	Password bool
	Provider *sso.Provider // nil: none is set up
}

// Methods tells which ways of signing in are on.
func (s *SignIn) Methods() Methods {
	m := Methods{Password: !s.passwordOff}
	if s.sso != nil {
		m.Provider = s.sso.Provider
	}
	return m
}

// StartSession signs u in: a fresh session (never a token from before) whose
// cookie the session manager sets on w, and the time of the sign-in recorded.
// Every way in ends here. It returns u with that time; on an error, u as given.
func (s *SignIn) StartSession(w http.ResponseWriter, r *http.Request, u store.User) (store.User, error) {
	s.prune(r.Context())
	if err := s.sessions.Start(w, r, u.ID); err != nil {
		return u, err
	}
	now := s.now()
	if err := s.store.RecordSignIn(r.Context(), u.ID, now); err != nil {
		s.logger.Error("recording a sign-in", "user", u.ID, "err", err)
	}
	u.LastSignInAt = now
	return u, nil
}

// keepSpentLinks is how long a used or expired one-time link's row stays:
// nothing reads it any more (ValidToken refuses it), the day only bounds it.
const keepSpentLinks = 24 * time.Hour

// prune deletes, at every sign-in, what has run out (docs/privacy.md), each
// through its owner: the sessions past a time-out, the sign-in failures older
// than a day, and the one-time links that were used or expired a day ago.
func (s *SignIn) prune(ctx context.Context) {
	if err := s.sessions.Prune(ctx); err != nil {
		s.logger.Error("pruning expired sessions", "err", err)
	}
	if err := s.limiter.Prune(ctx); err != nil {
		s.logger.Error("pruning old sign-in failures", "err", err)
	}
	if err := s.store.DeleteUsedOrExpiredTokens(ctx, s.now().Add(-keepSpentLinks)); err != nil {
		s.logger.Error("pruning spent one-time links", "err", err)
	}
}

// Refusals of a sign-in; the server answers each with its own error code.
var (
	// ErrPasswordOff refuses every password route while password sign-in is
	// off (serve --password-login=false).
	ErrPasswordOff = errors.New("auth: password sign-in is off")
	// ErrBadCredentials is a wrong email or a wrong password: one answer for
	// both, so that nobody learns which accounts exist.
	ErrBadCredentials = errors.New("auth: wrong email or password")
	// ErrSetupInvalid and ErrInviteInvalid are one-time links that are
	// unknown, expired or used.
	ErrSetupInvalid  = errors.New("auth: setup link invalid")
	ErrInviteInvalid = errors.New("auth: invitation link invalid")
	// ErrEmailTaken is an email that another account has, in any spelling a
	// reader would take for the same (SameEmail).
	ErrEmailTaken = errors.New("auth: email taken")
)

// InputError is input that a rule refuses. Fields holds the German message
// of each refused input under the name the API gives it ("email",
// "newPassword"), so that the page shows it beside that field.
type InputError struct {
	Fields map[string]string
}

func (e *InputError) Error() string { return fmt.Sprintf("auth: input refused: %v", e.Fields) }

// inputError is an InputError with the non-empty messages of fields, or nil.
func inputError(fields map[string]string) error {
	for k, v := range fields {
		if v == "" {
			delete(fields, k)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &InputError{Fields: fields}
}

// LimitedError refuses a password check while too many recent ones failed
// (Limiter); Wait is how long until the next may be tried.
type LimitedError struct {
	Wait time.Duration
}

func (e *LimitedError) Error() string {
	return fmt.Sprintf("auth: too many failed attempts, wait %v", e.Wait)
}

// limited turns a Limiter's answer into a LimitedError, or passes its error.
func limited(wait time.Duration, err error) error {
	if err != nil || wait <= 0 {
		return err
	}
	return &LimitedError{Wait: wait}
}
