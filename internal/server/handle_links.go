package server

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// handleSetupCheck tells the setup page whether its link still works.
func handleSetupCheck(logger *slog.Logger, users store.UserStore, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, err := users.ValidToken(r.Context(), store.TokenSetup, auth.HashToken(r.PathValue("token")), now())
		if errors.Is(err, store.ErrNotFound) {
			err = errSetupInvalid
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleSetup creates the first admin through the one-time link the server
// logged at start, and signs them in. With password sign-in off it sets no
// password (the server logs no link then: see announceSetupLink in cmd).
func handleSetup(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.NoPasswordLogin {
			writeError(w, r, d.Logger, errPasswordLoginOff)
			return
		}
		var c credentials
		if err := decodeJSON(r, &c); err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		email := auth.NormalizeEmail(c.Email)
		if err := fieldErrors(map[string]string{"email": auth.CheckEmail(c.Email), "password": auth.CheckPassword(c.Password)}); err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		tokenHash := auth.HashToken(r.PathValue("token"))
		hash, err := hashForLink(r, d, store.TokenSetup, tokenHash, c.Password)
		var u store.User
		if err == nil {
			err = refuseEmailInUse(r, d.Store, email)
		}
		if err == nil {
			now := d.Now()
			u, err = d.Store.CreateFirstAdmin(r.Context(), tokenHash, store.User{Email: email, PasswordHash: hash, CreatedAt: now}, now)
		}
		if errors.Is(err, store.ErrNotFound) {
			err = errSetupInvalid
		}
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		d.Logger.Info("first admin created through the setup link", "email", u.Email)
		signIn(w, r, d, u)
	})
}

// handleInviteCheck shows whose password an invite link sets.
func handleInviteCheck(logger *slog.Logger, users store.UserStore, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t, err := users.ValidToken(r.Context(), store.TokenInvite, auth.HashToken(r.PathValue("token")), now())
		var u store.User
		if err == nil {
			u, err = users.UserByID(r.Context(), t.UserID)
		}
		if errors.Is(err, store.ErrNotFound) {
			err = errInviteInvalid
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"email": u.Email})
	})
}

// handleInviteAccept sets the password of an added account, once, and
// signs the person in. With password sign-in off it sets none: the invited
// person signs in at the identity provider with the invitation's email,
// which links the account (ssoAccount), and the page says so.
func handleInviteAccept(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.NoPasswordLogin {
			writeError(w, r, d.Logger, errPasswordLoginOff)
			return
		}
		var body struct {
			Password string `json:"password"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		if err := fieldErrors(map[string]string{"password": auth.CheckPassword(body.Password)}); err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		tokenHash := auth.HashToken(r.PathValue("token"))
		hash, err := hashForLink(r, d, store.TokenInvite, tokenHash, body.Password)
		var u store.User
		if err == nil {
			u, err = d.Store.AcceptInvite(r.Context(), tokenHash, hash, d.Now())
		}
		if errors.Is(err, store.ErrNotFound) {
			err = errInviteInvalid
		}
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		signIn(w, r, d, u)
	})
}

// hashForLink hashes the password of a one-time link page, but only for a
// link that is valid: nobody can make the server do argon2id work with a
// made-up token. The store checks the token again when it uses it.
func hashForLink(r *http.Request, d Deps, kind store.TokenKind, tokenHash, password string) (string, error) {
	if _, err := d.Store.ValidToken(r.Context(), kind, tokenHash, d.Now()); err != nil {
		return "", err
	}
	var hash string
	err := d.Gate.Do(r.Context(), func() error {
		var err error
		hash, err = d.hasher().Hash(password)
		return err
	})
	return hash, err
}
