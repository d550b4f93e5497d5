package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// Every kind of answer carries the security headers: API success and
// errors, errors written by middlewares, the event stream, the app's files,
// plain-text 404/405 of the file server and a recovered panic.
func TestSecurityHeadersOnEveryResponse(t *testing.T) {
	for _, base := range []string{"http://noten.test", "https://noten.schule.de"} {
		t.Run(base, func(t *testing.T) {
			e := newAPIEnv(t, base)
			srv := httptest.NewServer(e.h)
			defer srv.Close()
			long := strings.Repeat("x", MaxURLBytes)
			for _, c := range []struct {
				name               string
				method, path, body string
				header             map[string]string
				wantStatus         int
			}{
				{"config", "GET", "/api/v1/config", "", nil, 200},
				{"grade", "GET", "/api/v1/grade?total=10&achieved=5", "", nil, 200},
				{"session", "GET", "/api/v1/auth/session", "", nil, 200},
				{"unknown API route", "GET", "/api/v1/nichts", "", nil, 404},
				{"method not allowed", "DELETE", "/api/v1/config", "", nil, 405},
				{"signed out", "GET", "/api/v1/users", "", nil, 401},
				{"cross-site write", "POST", "/api/v1/auth/login", `{}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
				{"body too large", "POST", "/api/v1/auth/login", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`, nil, 413},
				{"address too long", "GET", "/api/v1/grade?total=1&achieved=" + long, "", nil, 414},
				{"not JSON", "POST", "/api/v1/auth/login", `{}`, map[string]string{"Content-Type": "text/plain"}, 415},
				{"invalid input", "POST", "/api/v1/auth/login", `{}`, nil, 422},
				{"page", "GET", "/", "", nil, 200},
				{"admin page", "GET", "/admin", "", nil, 200},
				{"index.html", "GET", "/index.html", "", nil, 200},
				{"script", "GET", "/assets/index-abc123.js", "", nil, 200},
				{"icon", "GET", "/favicon.svg", "", nil, 200},
				{"missing file", "GET", "/assets/weg.js", "", nil, 404},
				{"page method not allowed", "POST", "/", "", nil, 405},
				{"health", "GET", "/healthz", "", nil, 200},
				{"metrics signed out", "GET", "/metrics", "", nil, 401},
				{"event stream", "GET", "/api/v1/config/events", "", nil, 200},
			} {
				t.Run(c.name, func(t *testing.T) {
					req, _ := http.NewRequest(c.method, srv.URL+c.path, strings.NewReader(c.body))
					req.Header.Set("Content-Type", "application/json")
					for k, v := range c.header {
						req.Header.Set(k, v)
					}
					res, err := srv.Client().Do(req)
					if err != nil {
						t.Fatal(err)
					}
					res.Body.Close() // also ends the event stream
					if res.StatusCode != c.wantStatus {
						t.Errorf("%s %.60s: status %d, want %d", c.method, c.path, res.StatusCode, c.wantStatus)
					}
					checkSecurityHeaders(t, c.method+" "+c.path[:min(len(c.path), 60)], res.Header, strings.HasPrefix(base, "https"))
				})
			}
		})
	}
	t.Run("recovered panic", func(t *testing.T) {
		h, _ := newTestServer(t, fakeStore{}) // its store has no sessions: reading one panics
		req := httptest.NewRequest("GET", "/api/v1/users", nil)
		req.AddCookie(&http.Cookie{Name: "notenrechner_session", Value: "x"})
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != 500 || !strings.Contains(rec.Body.String(), `"code":"internal"`) {
			t.Fatalf("panic answered %d %s, want the JSON 500", rec.Code, rec.Body)
		}
		checkSecurityHeaders(t, "panic", rec.Header(), false)
	})
}

func checkSecurityHeaders(t *testing.T, name string, h http.Header, tls bool) {
	t.Helper()
	csp := h.Get("Content-Security-Policy")
	for _, directive := range []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"} {
		if !strings.Contains(csp, directive) {
			t.Errorf("%s: CSP %q lacks %q", name, csp, directive)
		}
	}
	// No directive may let inline or evaluated scripts in, nor widen
	// default-src (which also governs workers and the manifest).
	for _, d := range strings.Split(csp, ";") {
		d = strings.TrimSpace(d)
		if (strings.HasPrefix(d, "script-src") || strings.HasPrefix(d, "default-src")) &&
			(strings.Contains(d, "unsafe") || strings.Contains(d, "*") || strings.Contains(d, "data:")) {
			t.Errorf("%s: CSP directive %q allows more than the app's own scripts", name, d)
		}
		if strings.HasPrefix(d, "worker-src") || strings.HasPrefix(d, "manifest-src") {
			t.Errorf("%s: %q: workers and the manifest must stay under default-src 'self'", name, d)
		}
	}
	want := map[string]string{"X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin", "X-Frame-Options": "DENY"}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", name, k, got, v)
		}
	}
	hsts := h.Get("Strict-Transport-Security")
	if tls && !strings.HasPrefix(hsts, "max-age=31536000") {
		t.Errorf("%s: behind TLS, Strict-Transport-Security = %q, want max-age of a year", name, hsts)
	}
	if !tls && hsts != "" {
		t.Errorf("%s: HSTS %q on a plain-HTTP installation", name, hsts)
	}
}

// A wrong email and a wrong password must cost the same argon2id work, or
// the time of the answer tells which accounts exist. Counted, not timed:
// the observer sees every argon2id run with its parameters.
func TestSignInFailuresDoTheSameWork(t *testing.T) {
	type run struct {
		p           auth.Params
		passwordLen int
	}
	var mu sync.Mutex
	var runs []run
	observe := func(p auth.Params, n int) {
		mu.Lock()
		defer mu.Unlock()
		runs = append(runs, run{p, n})
	}
	e := newAPIEnv(t, "http://noten.test", func(d *Deps) { d.ObserveKDF = observe })
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	if rec := e.do("POST", "/api/v1/users", `{"email":"offen@schule.de","role":"user"}`, "admin", nil); rec.Code != 201 {
		t.Fatalf("invite: %d", rec.Code)
	}
	work := map[string][]run{}
	for _, c := range []struct{ name, email string }{
		{"wrong password", "admin@schule.de"},
		{"unknown email", "niemand@schule.de"},
		{"account still invited", "offen@schule.de"},
	} {
		t.Run(c.name, func(t *testing.T) {
			mu.Lock()
			runs = nil
			mu.Unlock()
			rec := e.doAs(t, "POST", "/api/v1/auth/login", `{"email":"`+c.email+`","password":"falsch-falsch-falsch"}`, "", nil)
			if rec.Code != 401 || !strings.Contains(rec.Body.String(), `{"error":{"code":"invalid_credentials","message":"E-Mail oder Passwort ist falsch."}}`) {
				t.Fatalf("%s: %d %s, want the one generic 401", c.name, rec.Code, rec.Body)
			}
			mu.Lock()
			work[c.name] = append([]run(nil), runs...)
			mu.Unlock()
		})
	}
	want := []run{{auth.Params{Memory: cheapParams.Memory, Time: cheapParams.Time, Threads: cheapParams.Threads,
		SaltLen: cheapParams.SaltLen, KeyLen: cheapParams.KeyLen}, len("falsch-falsch-falsch")}}
	for name, got := range work {
		if len(got) != 1 || got[0] != want[0] {
			t.Errorf("%s: argon2id runs %+v, want exactly %+v (the same for every failure)", name, got, want)
		}
	}
}

// A session token that exists before sign-in (planted by an attacker, or
// the browser's old one) is never the one after: every sign-in path issues
// a fresh token, and the planted one does not become valid.
func TestNoSessionFixation(t *testing.T) {
	const planted = "AngreiferGewaehltesToken0123456789abcdefghij"
	signIn := func(e *apiEnv, name, path, body string) {
		t.Helper()
		e.cookies["planted"] = planted
		rec := e.do("POST", path, body, "planted", nil)
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", name, rec.Code, rec.Body)
		}
		checkFreshCookie(t, e, name, rec, planted)
	}

	fresh := newAPIEnv(t, "http://noten.test") // no admin yet: the setup link works
	setup, hash := auth.NewToken()
	if err := fresh.st.CreateToken(context.Background(), store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: fresh.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	signIn(fresh, "setup", "/api/v1/auth/setup/"+setup, `{"email":"chefin@schule.de","password":"`+goodPassword+`"}`)

	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
	link, _ := url.Parse(decode[struct{ InviteLink string }](t, rec).InviteLink)
	signIn(e, "invitation", "/api/v1/auth/invite/"+link.Query().Get("invite"), `{"password":"`+goodPassword+`"}`)
	signIn(e, "sign-in", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"`+goodPassword+`"}`)
}

func checkFreshCookie(t *testing.T, e *apiEnv, name string, rec *httptest.ResponseRecorder, planted string) {
	t.Helper()
	var got *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == e.cookieName {
			got = c
		}
	}
	if got == nil || got.Value == planted || len(got.Value) < 22 {
		t.Fatalf("%s: cookie %+v, want a fresh token", name, got)
	}
	if !got.HttpOnly || got.SameSite != http.SameSiteLaxMode || got.Secure || got.Path != "/" {
		t.Errorf("%s: cookie %+v: want HttpOnly, SameSite=Lax, Path=/ (not Secure over plain HTTP)", name, got)
	}
	e.cookies["planted"] = planted
	if body := e.do("GET", "/api/v1/auth/session", "", "planted", nil).Body.String(); !strings.Contains(body, `{"user":null}`) {
		t.Errorf("%s: the planted token is a session now: %s", name, body)
	}
	e.cookies["fresh"] = got.Value
	if body := e.do("GET", "/api/v1/auth/session", "", "fresh", nil).Body.String(); strings.Contains(body, `{"user":null}`) {
		t.Errorf("%s: the new token is no session", name)
	}
}

// Cross-origin protection refuses foreign writes but lets the app's own
// through, also when the browser names its origin.
func TestSameOriginWritesPass(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	for _, header := range []map[string]string{
		{"Sec-Fetch-Site": "same-origin"},
		{"Origin": "http://example.com"}, // httptest's Host
		{},                               // no browser: curl, scripts
	} {
		rec := e.do("POST", "/api/v1/users", `{"email":"x`+header["Origin"]+header["Sec-Fetch-Site"]+`@schule.de","role":"user"}`, "admin", header)
		if rec.Code != 201 {
			body, _ := io.ReadAll(rec.Body)
			t.Errorf("same-origin write with %v: %d %s", header, rec.Code, body)
		}
	}
}
