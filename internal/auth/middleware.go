package auth

import (
	"context"
	"errors"
	"net/http"

	"github.com/notenrechner/notenrechner/internal/store"
)

type contextKey struct{}

type signedIn struct {
	session store.Session
	user    store.User
}

// Deny writes the answer to a refused request (the server's JSON errors).
type Deny func(w http.ResponseWriter, r *http.Request, err error)

// Load reads the session of every request into its context; it never
// refuses anything itself.
func (m *Sessions) Load(deny Deny, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ses, u, err := m.Lookup(r)
		switch {
		case err == nil:
			r = r.WithContext(context.WithValue(r.Context(), contextKey{}, signedIn{ses, u}))
		case !errors.Is(err, ErrUnauthenticated):
			deny(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// UserFrom returns the signed-in account of a request that went through Load.
func UserFrom(ctx context.Context) (store.User, store.Session, bool) {
	s, ok := ctx.Value(contextKey{}).(signedIn)
	return s.user, s.session, ok
}

// RequireUser lets only signed-in requests through.
func RequireUser(deny Deny, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, _, ok := UserFrom(r.Context()); !ok {
			deny(w, r, ErrUnauthenticated)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// RequireAdmin lets only admins through: 401 signed out, 403 for a user.
func RequireAdmin(deny Deny, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _, ok := UserFrom(r.Context())
		switch {
		case !ok:
			deny(w, r, ErrUnauthenticated)
		case u.Role != store.RoleAdmin:
			deny(w, r, ErrForbidden)
		default:
			next.ServeHTTP(w, r)
		}
	})
}
