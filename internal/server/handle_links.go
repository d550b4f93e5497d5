package server

import (
	"log/slog"
	"net/http"

	"github.com/notenrechner/notenrechner/internal/auth"
)

// handleSetupCheck tells the setup page whether its link still works.
func handleSetupCheck(logger *slog.Logger, signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := signIn.CheckSetup(r.Context(), r.PathValue("token")); err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	})
}

// handleSetup creates the first admin through the one-time link the server
// logged at start (auth.SignIn.Setup), and signs them in.
func handleSetup(logger *slog.Logger, signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var c credentials
		if err := decodeJSON(r, &c); err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, err := signIn.Setup(r.Context(), r.PathValue("token"), c.Email, c.Password)
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

// handleInviteCheck shows whose password an invite link sets.
func handleInviteCheck(logger *slog.Logger, signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := signIn.Invitation(r.Context(), r.PathValue("token"))
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"email": u.Email})
	})
}

// handleInviteAccept sets the password of an added account, once
// (auth.SignIn.AcceptInvite), and signs the person in.
func handleInviteAccept(logger *slog.Logger, signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Password string `json:"password"`
		}
		if err := decodeJSON(r, &body); err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, err := signIn.AcceptInvite(r.Context(), r.PathValue("token"), body.Password)
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
