package server

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/sso"
)

// ssoReturnPath is the page with the sign-in card; the callback sends the
// browser there, with ?sso_error=<code> when the sign-in failed.
const ssoReturnPath = "/admin"

type authMethodsJSON struct {
	Password bool        `json:"password"`
	OIDC     *oidcMethod `json:"oidc"`
}

type oidcMethod struct {
	Name      string `json:"name"`
	Reachable bool   `json:"reachable"`
}

// handleAuthMethods tells the sign-in card what to offer.
func handleAuthMethods(signIn *auth.SignIn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := signIn.Methods()
		body := authMethodsJSON{Password: m.Password}
		if m.Provider != nil {
			body.OIDC = &oidcMethod{Name: m.Provider.Name(), Reachable: m.Provider.Reachable()}
		}
		writeJSON(w, http.StatusOK, body)
	})
}

// providerOn answers 404 on the provider's routes when none is set up.
func providerOn(logger *slog.Logger, signIn *auth.SignIn, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if signIn.Methods().Provider == nil {
			writeError(w, r, logger, errNotFound)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// ssoCookieName holds the state between start and callback. Behind TLS the
// __Host- prefix binds it to this host, as the session cookie is.
func ssoCookieName(secure bool) string {
	if secure {
		return "__Host-notenrechner_oidc"
	}
	return "notenrechner_oidc"
}

func ssoCookie(secure bool, value string, maxAge int) *http.Cookie {
	// SameSite=Lax: the provider's redirect back is a top-level GET from
	// another site, on which Lax cookies are sent and Strict ones are not.
	return &http.Cookie{Name: ssoCookieName(secure), Value: value, Path: "/", MaxAge: maxAge,
		HttpOnly: true, Secure: secure, SameSite: http.SameSiteLaxMode}
}

// handleSSOStart sends the browser to the provider with the sealed state
// of the sign-in in a cookie (auth.SignIn.StartAtProvider): the cookie binds
// the callback to this browser (against login CSRF). Only a navigation
// starts a sign-in (isNavigation): an image or a script of another site gets
// no cookie that would replace the one of a sign-in under way.
func handleSSOStart(logger *slog.Logger, signIn *auth.SignIn, secure bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !isNavigation(r) {
			writeError(w, r, logger, errNotNavigation)
			return
		}
		target, sealed, err := signIn.StartAtProvider(r.Context())
		if errors.Is(err, sso.ErrUnavailable) {
			ssoReturn(w, r, ssoUnavailable)
			return
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		http.SetCookie(w, ssoCookie(secure, sealed, int(auth.ProviderLoginValidity/time.Second)))
		redirect(w, target)
	})
}

// isNavigation reports whether the browser loads the start as a page
// (Sec-Fetch-Dest: document), as the sign-in card's link does. Browsers
// that send no Sec-Fetch-* headers (old ones, curl) are believed.
func isNavigation(r *http.Request) bool {
	dest := r.Header.Get("Sec-Fetch-Dest")
	return dest == "" || dest == "document"
}

// redirect answers 302 without the small HTML body http.Redirect adds:
// browsers follow the Location, and the contract promises no body.
func redirect(w http.ResponseWriter, target string) {
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusFound)
}

// ssoReturn sends the browser back to the sign-in card with a failure code.
func ssoReturn(w http.ResponseWriter, r *http.Request, f ssoFailure) {
	redirect(w, ssoReturnPath+"?"+url.Values{"sso_error": {string(f)}}.Encode())
}

// handleSSOCallback finishes a sign-in at the provider
// (auth.SignIn.FinishAtProvider) and starts a session as after a password
// sign-in. Every failure goes back to the sign-in card, never to an error
// page: a refusal with its code (ssoFailureOf), anything else as internal.
func handleSSOCallback(logger *slog.Logger, signIn *auth.SignIn, secure bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.SetCookie(w, ssoCookie(secure, "", -1)) // a state works once, whatever happens
		u, err := signIn.FinishAtProvider(r.Context(), providerReply(r, secure))
		if f, refused := ssoFailureOf(err); refused {
			logger.Info("sign-in at the identity provider refused", "reason", string(f), "err", err)
			ssoReturn(w, r, f)
			return
		}
		if err != nil {
			logger.Error("sign-in at the identity provider failed", "err", err)
			ssoReturn(w, r, ssoInternal)
			return
		}
		if _, err := signIn.StartSession(w, r, u); err != nil {
			logger.Error("starting a session", "user", u.ID, "err", err)
			ssoReturn(w, r, ssoInternal)
			return
		}
		redirect(w, ssoReturnPath)
	})
}

// providerReply reads what the browser brings back: the callback's query
// and the state cookie.
func providerReply(r *http.Request, secure bool) auth.ProviderReply {
	q := r.URL.Query()
	reply := auth.ProviderReply{State: q.Get("state"), Code: q.Get("code"),
		Error: q.Get("error"), ErrorDescription: q.Get("error_description")}
	if c, err := r.Cookie(ssoCookieName(secure)); err == nil {
		reply.Sealed = c.Value
	}
	return reply
}
