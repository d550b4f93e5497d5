package server

import (
	"context"
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// TestSSOStateCookie: the callback opens the sealed cookie with the key in
// the database, checks its expiry by the server's clock and compares its
// state with the callback's. Each bad cookie or state comes back to the
// sign-in card as `state`, and the cookie is cleared. The control, the
// same callback with a good cookie, gets past the state to the provider,
// which refuses the made-up code: so each case is refused by its cookie.
func TestSSOStateCookie(t *testing.T) {
	var ahead atomic.Int64 // how far the server's clock runs ahead of the real one
	e := newSSOEnv(t, func(_ *auth.SSO, d *Deps) {
		d.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	})
	key, err := e.st.OIDCStateKey(context.Background(), sso.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	l := sso.NewLogin()
	seal := func(key []byte, valid time.Duration) string {
		v, err := l.Seal(key, time.Now().Add(valid))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	good := seal(key, auth.ProviderLoginValidity)
	raw, _ := base64.RawURLEncoding.DecodeString(good)
	raw[len(raw)/2] ^= 1
	tampered := base64.RawURLEncoding.EncodeToString(raw)

	for _, c := range []struct {
		name   string
		cookie string // "" sends none
		state  string
		later  time.Duration // the server's clock this much ahead
		want   ssoFailure
	}{
		{"the control: a good cookie and its state", good, l.State, 0, ssoProvider},
		{"the control, just before the cookie expires", good, l.State, auth.ProviderLoginValidity - time.Minute, ssoProvider},
		{"no cookie", "", l.State, 0, ssoState},
		{"a changed cookie", tampered, l.State, 0, ssoState},
		{"an expired cookie", good, l.State, auth.ProviderLoginValidity + time.Second, ssoState},
		{"a cookie sealed with another key", seal(sso.NewKey(), auth.ProviderLoginValidity), l.State, 0, ssoState},
		{"a cookie holding the bare state, as before sealing", l.State, l.State, 0, ssoState},
		{"a state that is not the cookie's", good, "forged", 0, ssoState},
		{"another sign-in's state", good, sso.NewLogin().State, 0, ssoState},
		{"no state", good, "", 0, ssoState},
	} {
		t.Run(c.name, func(t *testing.T) {
			ahead.Store(int64(c.later))
			defer ahead.Store(0)
			q := url.Values{"code": {"made-up"}}
			if c.state != "" {
				q.Set("state", c.state)
			}
			req, _ := http.NewRequest("GET", e.base+"/api/v1/auth/oidc/callback?"+q.Encode(), nil)
			if c.cookie != "" {
				req.AddCookie(&http.Cookie{Name: ssoCookieName(false), Value: c.cookie})
			}
			resp, err := noRedirects().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.Header.Get("Location"); got != ssoReturnPath+"?sso_error="+string(c.want) {
				t.Fatalf("sent to %q, want sso_error=%s", got, string(c.want))
			}
			if cs := resp.Cookies(); len(cs) != 1 || cs[0].Name != ssoCookieName(false) || cs[0].MaxAge >= 0 {
				t.Fatalf("the state cookie was not cleared: %v", cs)
			}
		})
	}
}

// TestSSOReplayedCallback: the browser's cookie is cleared at the callback;
// a callback replayed with the cookie it had (taken from the browser) still
// opens, but the provider redeems a code only once, so it signs nobody in.
func TestSSOReplayedCallback(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("sent to %q", got)
	}
	if e.sealed == nil {
		t.Fatal("the browser sent no state cookie to the callback")
	}
	for name, cookie := range map[string]*http.Cookie{"with its cookie": e.sealed, "without a cookie": nil} {
		t.Run(name, func(t *testing.T) {
			replay := e.newBrowser()
			if cookie != nil {
				u, _ := url.Parse(e.base)
				replay.Jar.SetCookies(u, []*http.Cookie{cookie})
			}
			resp, err := replay.Get(e.callback)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			want := map[bool]ssoFailure{true: ssoProvider, false: ssoState}[cookie != nil]
			if got := resp.Header.Get("Location"); got != ssoReturnPath+"?sso_error="+string(want) {
				t.Fatalf("the replay was sent to %q, want sso_error=%s", got, string(want))
			}
			u, _ := url.Parse(e.base)
			for _, c := range replay.Jar.Cookies(u) {
				if c.Name == "notenrechner_session" {
					t.Fatal("a replayed callback started a session")
				}
			}
		})
	}
}

// TestSSOSignInAcrossInstances: two instances share one database behind a
// load balancer. A sign-in started at one finishes at the other, because
// the key that seals the state lives in the database, not in a process.
func TestSSOSignInAcrossInstances(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	other, err := sqlite.Open(context.Background(), e.dbPath, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	d := e.deps
	d.Store, d.Sessions, d.Limiter = other, nil, nil
	starts, finishes := e.h, New(d)
	var served [2]atomic.Int32
	e.h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := 0
		if strings.HasSuffix(r.URL.Path, "/oidc/callback") {
			i = 1
		}
		served[i].Add(1)
		[]http.Handler{starts, finishes}[i].ServeHTTP(w, r)
	})
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("a sign-in started at one instance and finished at the other was sent to %q", got)
	}
	if served[0].Load() == 0 || served[1].Load() != 1 {
		t.Fatalf("the balancer sent %d requests to the first and %d to the second instance", served[0].Load(), served[1].Load())
	}
	if _, body := e.get("/api/v1/auth/session"); sessionOf(t, body).Email != "admin@schule.de" {
		t.Fatalf("session: %s", body)
	}
}

func noRedirects() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}
