package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Session time-outs (docs/spec.md §5).
const (
	IdleTimeout     = 24 * time.Hour
	AbsoluteTimeout = 30 * 24 * time.Hour
	// touchEvery limits writes: activity is recorded at most once a minute.
	touchEvery = time.Minute
)

var (
	// ErrUnauthenticated means no valid session came with the request.
	ErrUnauthenticated = errors.New("auth: not signed in")
	// ErrForbidden means the signed-in account may not do this.
	ErrForbidden = errors.New("auth: forbidden")
)

// Sessions issues, reads and ends session cookies.
type Sessions struct {
	store  store.SessionStore
	now    func() time.Time
	secure bool // the base URL is https: Secure cookie with the __Host- prefix
}

// NewSessions makes the session manager; secure is true behind TLS.
func NewSessions(s store.SessionStore, now func() time.Time, secure bool) *Sessions {
	return &Sessions{store: s, now: now, secure: secure}
}

// CookieName is __Host-notenrechner_session behind TLS, so that the cookie
// is bound to this host and path and cannot be set by a sibling domain.
func (m *Sessions) CookieName() string {
	if m.secure {
		return "__Host-notenrechner_session"
	}
	return "notenrechner_session"
}

// Start signs a user in: a new random token, only its hash stored. A
// session the browser already carries (another account, or this one) ends,
// so that no earlier token stays valid beside the new one.
func (m *Sessions) Start(w http.ResponseWriter, r *http.Request, userID int64) error {
	ctx := r.Context()
	if c, err := r.Cookie(m.CookieName()); err == nil && c.Value != "" {
		if err := m.store.DeleteSession(ctx, HashToken(c.Value)); err != nil {
			return fmt.Errorf("auth: end the previous session: %w", err)
		}
	}
	token, hash := NewToken()
	now := m.now()
	if err := m.store.CreateSession(ctx, store.Session{TokenHash: hash, UserID: userID, CreatedAt: now, LastSeenAt: now}); err != nil {
		return fmt.Errorf("auth: start session: %w", err)
	}
	http.SetCookie(w, m.cookie(token, int(AbsoluteTimeout/time.Second)))
	return nil
}

func (m *Sessions) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{
		Name: m.CookieName(), Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: m.secure, SameSite: http.SameSiteLaxMode,
	}
}

// Lookup returns the session of a request and its account. Expired
// sessions are deleted and count as none.
func (m *Sessions) Lookup(r *http.Request) (store.Session, store.User, error) {
	c, err := r.Cookie(m.CookieName())
	if err != nil || c.Value == "" {
		return store.Session{}, store.User{}, ErrUnauthenticated
	}
	hash := HashToken(c.Value)
	ses, u, err := m.store.SessionByHash(r.Context(), hash)
	if errors.Is(err, store.ErrNotFound) {
		return ses, u, ErrUnauthenticated
	}
	if err != nil {
		return ses, u, fmt.Errorf("auth: read session: %w", err)
	}
	now := m.now()
	if now.Sub(ses.LastSeenAt) >= IdleTimeout || now.Sub(ses.CreatedAt) >= AbsoluteTimeout || u.Pending() {
		if err := m.store.DeleteSession(r.Context(), hash); err != nil {
			return ses, u, fmt.Errorf("auth: end expired session: %w", err)
		}
		return store.Session{}, store.User{}, ErrUnauthenticated
	}
	if now.Sub(ses.LastSeenAt) >= touchEvery {
		if err := m.store.TouchSession(r.Context(), hash, now); err != nil {
			return ses, u, fmt.Errorf("auth: touch session: %w", err)
		}
		ses.LastSeenAt = now
	}
	return ses, u, nil
}

// End signs the request's session out and clears the cookie.
func (m *Sessions) End(w http.ResponseWriter, r *http.Request) error {
	http.SetCookie(w, m.cookie("", -1))
	c, err := r.Cookie(m.CookieName())
	if err != nil || c.Value == "" {
		return nil
	}
	if err := m.store.DeleteSession(r.Context(), HashToken(c.Value)); err != nil {
		return fmt.Errorf("auth: end session: %w", err)
	}
	return nil
}

// EndOthers ends every session of the user but this one (password change).
func (m *Sessions) EndOthers(ctx context.Context, current store.Session) error {
	if err := m.store.DeleteOtherSessions(ctx, current.UserID, current.TokenHash); err != nil {
		return fmt.Errorf("auth: end other sessions: %w", err)
	}
	return nil
}

// Prune deletes the sessions past either time-out, which nobody ended;
// called at every sign-in, so that they do not pile up.
func (m *Sessions) Prune(ctx context.Context) error {
	now := m.now()
	if err := m.store.DeleteExpiredSessions(ctx, now.Add(-IdleTimeout), now.Add(-AbsoluteTimeout)); err != nil {
		return fmt.Errorf("auth: prune sessions: %w", err)
	}
	return nil
}
