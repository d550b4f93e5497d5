package server

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// handleLogin signs in. A wrong email and a wrong password give the same
// answer after the same work (one argon2id run either way), and failures
// count against the account and the client address.
func handleLogin(d Deps) http.Handler {
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
		emailMsg, passwordMsg := auth.CheckSignInLength(email, c.Password)
		if err := fieldErrors(map[string]string{"email": required(email) + emailMsg, "password": required(c.Password) + passwordMsg}); err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		addr := clientAddress(r, d.TrustedProxies)
		var u store.User
		err := d.Gate.Do(r.Context(), func() error {
			if err := checkLimit(w, r, d.Limiter, addr, email); err != nil {
				return err
			}
			var ok bool
			var err error
			if u, ok, err = checkCredentials(r, d, c.Email, c.Password); err != nil || ok {
				return err
			}
			if err := d.Limiter.Failed(r.Context(), addr, email); err != nil {
				d.Logger.Error("recording a failed sign-in", "err", err)
			}
			return errBadCredentials
		})
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		if err := d.Limiter.Succeeded(r.Context(), addr, email); err != nil {
			d.Logger.Error("clearing sign-in failures", "err", err)
		}
		signIn(w, r, d, u)
	})
}

// checkLimit refuses with 429 and Retry-After while the account from this
// address, the address or the account as a whole has too many recent failures.
func checkLimit(w http.ResponseWriter, r *http.Request, limiter *auth.Limiter, addr, email string) error {
	wait, err := limiter.Blocked(r.Context(), addr, email)
	return refuseFor(w, wait, err)
}

func refuseFor(w http.ResponseWriter, wait time.Duration, err error) error {
	if err != nil || wait <= 0 {
		return err
	}
	w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
	return errTooManyAttempts(int(wait.Minutes()) + 1)
}

// checkCredentials verifies a password, and upgrades its hash when the
// stored parameters are weaker than today's. The email is the one typed.
func checkCredentials(r *http.Request, d Deps, typed, password string) (store.User, bool, error) {
	// An email whose characters the email rule refuses matches no account,
	// even where lower-casing would make one of it ("KARL@" with the Kelvin
	// sign is "karl@"): only an email CheckEmail accepts finds an account.
	u, err := store.User{}, store.ErrNotFound
	if !auth.EmailCharsRefused(typed) {
		u, err = d.Store.UserByEmail(r.Context(), auth.NormalizeEmail(typed))
	}
	// An account without a password (pending, or one that signs in at the
	// identity provider only) is checked like an unknown email.
	if errors.Is(err, store.ErrNotFound) || (err == nil && u.PasswordHash == "") {
		d.hasher().DummyVerify(password)
		return u, false, nil
	}
	if err != nil {
		return u, false, err
	}
	ok, err := d.hasher().Verify(password, u.PasswordHash)
	if err != nil || !ok {
		return u, false, err
	}
	if auth.NeedsRehash(u.PasswordHash, d.PasswordParams) {
		if hash, err := d.hasher().Hash(password); err == nil {
			if err := d.Store.SetPassword(r.Context(), u.ID, hash); err != nil {
				d.Logger.Error("upgrading a password hash", "user", u.ID, "err", err)
			}
		}
	}
	return u, true, nil
}

// signIn starts a fresh session (never reusing a token from before) and
// answers with the account.
func signIn(w http.ResponseWriter, r *http.Request, d Deps, u store.User) {
	pruneAtSignIn(r.Context(), d)
	if err := d.Sessions.Start(w, r, u.ID); err != nil {
		writeError(w, r, d.Logger, err)
		return
	}
	now := d.Now()
	if err := d.Store.RecordSignIn(r.Context(), u.ID, now); err != nil {
		d.Logger.Error("recording a sign-in", "user", u.ID, "err", err)
	}
	u.LastSignInAt = now
	writeJSON(w, http.StatusOK, userBody(u))
}

// keepSpentLinks is how long a used or expired one-time link's row stays:
// nothing reads it any more (ValidToken refuses it), the day only bounds it.
const keepSpentLinks = 24 * time.Hour

// pruneAtSignIn deletes, at every sign-in, what has run out (docs/privacy.md),
// each through its owner: the sessions past a time-out, the sign-in failures
// older than a day, and the one-time links that were used or expired a day ago.
func pruneAtSignIn(ctx context.Context, d Deps) {
	if err := d.Sessions.Prune(ctx); err != nil {
		d.Logger.Error("pruning expired sessions", "err", err)
	}
	if err := d.Limiter.Prune(ctx); err != nil {
		d.Logger.Error("pruning old sign-in failures", "err", err)
	}
	if err := d.Store.DeleteUsedOrExpiredTokens(ctx, d.Now().Add(-keepSpentLinks)); err != nil {
		d.Logger.Error("pruning spent one-time links", "err", err)
	}
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
// the account, so that a stolen session dies with the old password. With
// password sign-in off (noPassword) no password is changed.
func handlePasswordChange(logger *slog.Logger, users store.UserStore, sessions *auth.Sessions, limiter *auth.Limiter, gate *auth.Gate, hasher auth.Hasher, noPassword bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if noPassword {
			writeError(w, r, logger, errPasswordLoginOff)
			return
		}
		var body struct {
			CurrentPassword string `json:"currentPassword"`
			NewPassword     string `json:"newPassword"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, ses, _ := auth.UserFrom(r.Context())
		err := gate.Do(r.Context(), func() error {
			// Guessing the current password from a stolen session is limited per session:
			// failures of sign-ins elsewhere never keep the owner from changing it.
			wait, err := limiter.SessionBlocked(r.Context(), u.Email, ses.TokenHash)
			if err := refuseFor(w, wait, err); err != nil {
				return err
			}
			if u.PasswordHash == "" { // signs in at the identity provider: nothing to change
				return errFields(map[string]string{"currentPassword": "Dieses Konto hat kein Passwort; es meldet sich beim Identitätsanbieter an."})
			}
			ok, err := hasher.Verify(body.CurrentPassword, u.PasswordHash)
			if err != nil {
				return err
			}
			fields := map[string]string{"newPassword": auth.CheckPassword(body.NewPassword)}
			if !ok {
				fields["currentPassword"] = "Das aktuelle Passwort ist falsch."
				if err := limiter.SessionFailed(r.Context(), u.Email, ses.TokenHash); err != nil {
					logger.Error("recording a failed password check", "err", err)
				}
			}
			if err := fieldErrors(fields); err != nil {
				return err
			}
			hash, err := hasher.Hash(body.NewPassword)
			if err == nil {
				err = users.SetPassword(r.Context(), u.ID, hash)
			}
			if err == nil {
				err = sessions.EndOthers(r.Context(), ses)
			}
			return err
		})
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

func required(v string) string {
	if v == "" {
		return "Pflichtfeld."
	}
	return ""
}
