package server

import (
	"log/slog"
	"net/http"
	"net/netip"

	"github.com/notenrechner/notenrechner/internal/auth"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// handleLogin signs in with a password (auth.SignIn.Password: the same work
// for a wrong email as for a wrong password, failures counted against the
// account and the client address) and answers with the account.
func handleLogin(logger *slog.Logger, signIn *auth.SignIn, trusted []netip.Prefix) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var c credentials
		if err := decodeJSON(r, &c); err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, err := signIn.Password(r.Context(), clientAddress(r, trusted), c.Email, c.Password)
		if err == nil {
			u, err = signIn.StartSession(w, r, u)
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, userBody(u))
	})
}

func handleLogout(logger *slog.Logger, sessions *auth.Sessions) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := sessions.End(w, r); err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func handleSession() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, _, ok := auth.UserFrom(r.Context())
		if !ok {
			writeJSON(w, http.StatusOK, userResponse{})
			return
		}
		writeJSON(w, http.StatusOK, userBody(u))
	})
}

// handlePasswordChange sets a new password and ends every other session of
// the account (auth.SignIn.ChangePassword).
func handlePasswordChange(logger *slog.Logger, signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			CurrentPassword string `json:"currentPassword"`
			NewPassword     string `json:"newPassword"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, ses, _ := auth.UserFrom(r.Context())
		if err := signIn.ChangePassword(r.Context(), u, ses, body.CurrentPassword, body.NewPassword); err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// passwordsOn refuses the routes that check or set a password while
// password sign-in is off, before the body is read: the answer does not
// depend on it. auth.SignIn refuses them too.
func passwordsOn(logger *slog.Logger, signIn *auth.SignIn, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !signIn.Methods().Password {
			writeError(w, r, logger, auth.ErrPasswordOff)
			return
		}
		next.ServeHTTP(w, r)
	})
}
