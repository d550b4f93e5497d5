package server

import (
	"crypto/subtle"
	"errors"
	"net/http"
	"net/url"
	"time"

	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// ssoLoginValidity bounds the time between the redirect to the provider and
// the callback: long enough to type a password and answer a second factor.
const ssoLoginValidity = 10 * time.Minute

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
func handleAuthMethods(s *SSO, noPassword bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := authMethodsJSON{Password: !noPassword}
		if s != nil {
			body.OIDC = &oidcMethod{Name: s.Provider.Name(), Reachable: s.Provider.Reachable()}
		}
		writeJSON(w, http.StatusOK, body)
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

// handleSSOStart sends the browser to the provider. The state, the nonce
// and the PKCE verifier go sealed into the state cookie (sso.Login.Seal, with
// the key every instance shares, Store.OIDCStateKey): the cookie binds the
// callback to this browser (against login CSRF), and the server keeps
// nothing per start, so starts, however many and from wherever, fill no
// table and use up no limit that could refuse a teacher. Only a navigation
// starts a sign-in (isNavigation): an image or a script of another site gets
// no cookie that would replace the one of a sign-in under way.
func handleSSOStart(d Deps) http.Handler {
	secure := d.BaseURL.Scheme == "https"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.SSO == nil {
			writeError(w, r, d.Logger, errNotFound)
			return
		}
		if !isNavigation(r) {
			writeError(w, r, d.Logger, errNotNavigation)
			return
		}
		l := sso.NewLogin()
		target, err := d.SSO.Provider.AuthURL(l) // while the provider is down: a kick, bounded by sso.Provider
		if errors.Is(err, sso.ErrUnavailable) {
			ssoReturn(w, r, ssoUnavailable)
			return
		}
		var key []byte
		if err == nil {
			key, err = d.Store.OIDCStateKey(r.Context(), sso.NewKey())
		}
		var sealed string
		if err == nil {
			sealed, err = l.Seal(key, d.Now().Add(ssoLoginValidity))
		}
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		http.SetCookie(w, ssoCookie(secure, sealed, int(ssoLoginValidity/time.Second)))
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

// handleSSOCallback finishes a sign-in at the provider: the sealed cookie
// is opened and its state compared with the callback's, the code redeemed
// with its verifier and the ID token verified with its nonce
// (sso.Provider.Exchange), the identity mapped to an account (ssoAccount),
// and a session started as after a password sign-in. Every failure goes
// back to the sign-in card, never to an error page.
func handleSSOCallback(d Deps) http.Handler {
	secure := d.BaseURL.Scheme == "https"
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.SSO == nil {
			writeError(w, r, d.Logger, errNotFound)
			return
		}
		http.SetCookie(w, ssoCookie(secure, "", -1)) // a state works once, whatever happens
		u, err := ssoFinish(r, d, secure)
		var f ssoFailure
		switch {
		case errors.As(err, &f):
			d.Logger.Info("sign-in at the identity provider refused", "reason", string(f), "err", err)
			ssoReturn(w, r, f)
			return
		case err != nil:
			d.Logger.Error("sign-in at the identity provider failed", "err", err)
			ssoReturn(w, r, ssoInternal)
			return
		}
		pruneAtSignIn(r.Context(), d)
		if err := d.Sessions.Start(w, r, u.ID); err != nil {
			d.Logger.Error("starting a session", "user", u.ID, "err", err)
			ssoReturn(w, r, ssoInternal)
			return
		}
		if err := d.Store.RecordSignIn(r.Context(), u.ID, d.Now()); err != nil {
			d.Logger.Error("recording a sign-in", "user", u.ID, "err", err)
		}
		redirect(w, ssoReturnPath)
	})
}

// ssoFinish checks the callback and returns the account to sign in, or an
// ssoFailure (wrapping the detail for the log).
func ssoFinish(r *http.Request, d Deps, secure bool) (store.User, error) {
	q := r.URL.Query()
	state := q.Get("state")
	c, err := r.Cookie(ssoCookieName(secure))
	if err != nil || state == "" {
		return store.User{}, ssoState
	}
	key, err := d.Store.OIDCStateKey(r.Context(), sso.NewKey())
	if err != nil {
		return store.User{}, err
	}
	// A cookie that does not open was sealed with another key (a restored
	// backup, a deleted key row), changed, or is older than ssoLoginValidity.
	login, err := sso.Open(key, c.Value, d.Now())
	if errors.Is(err, sso.ErrSealed) {
		return store.User{}, wrapFailure(ssoState, err)
	}
	if err != nil {
		return store.User{}, err
	}
	if subtle.ConstantTimeCompare([]byte(login.State), []byte(state)) != 1 {
		return store.User{}, ssoState
	}
	switch e := q.Get("error"); {
	case e == "access_denied":
		return store.User{}, wrapFailure(ssoDenied, errors.New(e+": "+q.Get("error_description")))
	case e != "":
		return store.User{}, wrapFailure(ssoProvider, errors.New(e+": "+q.Get("error_description")))
	case q.Get("code") == "":
		return store.User{}, ssoProvider
	}
	id, err := d.SSO.Provider.Exchange(r.Context(), q.Get("code"), login)
	switch {
	case errors.Is(err, sso.ErrUnavailable):
		return store.User{}, wrapFailure(ssoUnavailable, err)
	case errors.Is(err, sso.ErrInvalidToken):
		return store.User{}, wrapFailure(ssoToken, err)
	case errors.Is(err, sso.ErrProvider):
		return store.User{}, wrapFailure(ssoProvider, err)
	case err != nil:
		return store.User{}, err
	}
	return ssoAccount(r.Context(), d.Logger, d.Store, d.SSO, id, d.Now())
}

// failureDetail keeps the detail of a refusal for the log while errors.As
// still finds the ssoFailure.
type failureDetail struct {
	f      ssoFailure
	detail error
}

func (e failureDetail) Error() string { return string(e.f) + ": " + e.detail.Error() }
func (e failureDetail) As(target any) bool {
	if p, ok := target.(*ssoFailure); ok {
		*p = e.f
		return true
	}
	return false
}

func wrapFailure(f ssoFailure, detail error) error { return failureDetail{f, detail} }
