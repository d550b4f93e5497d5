package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/oidctest"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// ssoEnv is the whole server on loopback with a real OpenID provider
// (internal/oidctest, zitadel's op) beside it, and a browser: an HTTP
// client with a cookie jar that follows redirects until it is back on the
// sign-in card (/admin).
type ssoEnv struct {
	t        *testing.T
	st       *sqlite.Store
	dbPath   string
	deps     Deps         // as the server was made, after tweak
	h        http.Handler // what the test server runs; a test may replace it
	base     string
	op       *oidctest.Provider
	issuer   string
	callback string       // the last callback URL the browser followed
	sealed   *http.Cookie // the state cookie the browser sent to that callback
	browser  *http.Client
}

// as reports the env's failures to the subtest t while it runs, then to the test again.
func (e *ssoEnv) as(t *testing.T) {
	parent := e.t
	e.t = t
	t.Cleanup(func() { e.t = parent })
}

func newSSOEnv(t *testing.T, tweak func(*auth.SSO, *Deps)) *ssoEnv {
	t.Helper()
	e := &ssoEnv{t: t}
	var err error
	e.dbPath = filepath.Join(t.TempDir(), "n.db")
	e.st, err = sqlite.Open(context.Background(), e.dbPath, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.st.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	scales := live.NewScales(logger, 4, e.st, time.Now)
	fanOut, err := scales.Refresh(context.Background())
	fanOut()
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(checkedByContract(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { e.h.ServeHTTP(w, r) })))
	t.Cleanup(srv.Close)
	e.base = srv.URL
	e.op, e.issuer = oidctest.Serve(t, oidctest.Options{ClientID: "notenrechner", ClientSecret: "geheim",
		RedirectURIs: []string{e.base + "/api/v1/auth/oidc/callback"}, Users: ssoUsers()})
	baseURL, _ := url.Parse(e.base)
	s := &auth.SSO{AllowedDomains: []string{"schule.de"}}
	d := Deps{Logger: logger, Store: e.st, Scales: scales, Assets: testAssets, BaseURL: baseURL,
		PasswordParams: cheapParams, Gate: auth.NewGate(gateSlots), SSO: s}
	cfg := sso.Config{Issuer: e.issuer, ClientID: "notenrechner", ClientSecret: "geheim", Name: "IServ",
		RedirectURL: e.base + "/api/v1/auth/oidc/callback", RetryMin: 10 * time.Millisecond, RetryMax: 50 * time.Millisecond}
	if tweak != nil {
		tweak(s, &d)
	}
	if s.AdminGroup != "" || s.UserGroup != "" {
		cfg.GroupsClaim, cfg.Scopes = "groups", []string{"openid", "email", "profile", "groups"}
	}
	s.Provider = sso.New(cfg, logger)
	if d.SSO != nil {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		go s.Provider.Run(ctx)
		waitFor(t, s.Provider.Reachable)
	}
	e.deps = d
	e.h = New(d)
	e.browser = e.newBrowser()
	return e
}

func ssoUsers() []oidctest.User {
	return append(oidctest.Standard(),
		oidctest.User{Username: "gast", Password: "gast-pw", Email: "gast@schule.de", EmailVerified: true, Groups: []string{}})
}

func (e *ssoEnv) newBrowser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(req *http.Request, _ []*http.Request) error {
		if req.URL.Path == "/api/v1/auth/oidc/callback" {
			e.callback, e.sealed = req.URL.String(), nil
			for _, c := range jar.Cookies(req.URL) {
				if c.Name == ssoCookieName(false) {
					e.sealed = c
				}
			}
		}
		if strings.HasPrefix(req.URL.String(), e.base+ssoReturnPath) {
			return http.ErrUseLastResponse // back on the sign-in card: the test reads where to
		}
		return nil
	}}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("timed out")
		}
	}
}

// signIn goes the way of a person: the button, the provider's login page,
// the form, and back. It returns where the server sent the browser.
func (e *ssoEnv) signIn(username, password string) string {
	e.t.Helper()
	resp, err := e.browser.Get(e.base + "/api/v1/auth/oidc/start")
	if err != nil {
		e.t.Fatal(err)
	}
	page, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode == http.StatusFound { // sent back at once
		return resp.Header.Get("Location")
	}
	if resp.StatusCode != 200 || !bytes.Contains(page, []byte("Beim Testanbieter anmelden")) {
		e.t.Fatalf("expected the provider's login page, got %d %s", resp.StatusCode, page)
	}
	form := url.Values{"id": {resp.Request.URL.Query().Get("authRequestID")}, "username": {username}, "password": {password}}
	resp, err = e.browser.PostForm(e.issuer+"/login", form)
	if err != nil {
		e.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		e.t.Fatalf("the callback answered %d, want a redirect to the sign-in card", resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

func (e *ssoEnv) get(path string) (int, string) {
	e.t.Helper()
	resp, err := e.browser.Get(e.base + path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func (e *ssoEnv) addAccount(email string, role store.Role, password bool) store.User {
	e.t.Helper()
	u := store.User{Email: email, Role: role, CreatedAt: time.Now()}
	if password {
		hash, err := auth.HashPassword(goodPassword, cheapParams)
		if err != nil {
			e.t.Fatal(err)
		}
		u.PasswordHash = hash
	}
	u, err := e.st.CreateUser(context.Background(), u)
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// checkedByContract validates every API exchange against api/openapi.yaml,
// as the other API tests do.
func checkedByContract(t *testing.T, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		sent := contractRequest(r.Method, r.URL.RequestURI(), string(body), r.Header.Clone())
		rec := httptest.NewRecorder()
		next.ServeHTTP(rec, r)
		checkContract(t, sent, rec.Code, rec.Header(), rec.Body.Bytes())
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())
	})
}

func sessionOf(t *testing.T, body string) userJSON {
	t.Helper()
	var s struct{ User *userJSON }
	if err := json.Unmarshal([]byte(body), &s); err != nil {
		t.Fatal(err)
	}
	if s.User == nil {
		return userJSON{}
	}
	return *s.User
}

// TestSSOSignInByEmail: the default role mapping. A verified email of the
// allowed domain signs in to the existing account with that email, which
// keeps its role: the admin may manage accounts, the teacher may not.
func TestSSOSignInByEmail(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	e.addAccount("lehrer@schule.de", store.RoleUser, false) // invited, never set a password

	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("admin sent to %q", got)
	}
	_, body := e.get("/api/v1/auth/session")
	u := sessionOf(t, body)
	if u.Email != "admin@schule.de" || u.Role != store.RoleAdmin || strings.Join(u.SignInMethods, ",") != "password,oidc" {
		t.Fatalf("session after sign-in: %s", body)
	}
	if status, _ := e.get("/api/v1/users"); status != 200 {
		t.Fatalf("the admin may not manage accounts: %d", status)
	}
	cookie := e.callback
	if cookie == "" {
		t.Fatal("the browser never passed the callback")
	}

	e.browser = e.newBrowser()
	if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath {
		t.Fatalf("teacher sent to %q", got)
	}
	_, body = e.get("/api/v1/auth/session")
	if u := sessionOf(t, body); u.Email != "lehrer@schule.de" || u.Role != store.RoleUser || u.Pending ||
		strings.Join(u.SignInMethods, ",") != "oidc" {
		t.Fatalf("teacher's session: %s", body)
	}
	if status, _ := e.get("/api/v1/users"); status != 403 {
		t.Fatalf("a teacher managed accounts: %d", status)
	}
	// Linked now: the next sign-in finds the account by its subject.
	linked, err := e.st.UserBySubject(context.Background(), e.issuer, "sub-lehrer")
	if err != nil || linked.Email != "lehrer@schule.de" {
		t.Fatalf("the account was not linked: %+v %v", linked, err)
	}
	// An account without a password is never signed in by the password form.
	resp, err := http.Post(e.base+"/api/v1/auth/login", "application/json", strings.NewReader(`{"email":"lehrer@schule.de","password":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Fatalf("password sign-in of an OIDC-only account: %d", resp.StatusCode)
	}
}

// TestSSORefusals: each bad case comes back to the sign-in card with its
// code, and no session.
func TestSSORefusals(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	e.addAccount("neu@schule.de", store.RoleUser, true)
	e.addAccount("jemand@andere-schule.de", store.RoleUser, true)
	taken := e.addAccount("gast@schule.de", store.RoleUser, true)
	if _, err := e.st.LinkSubject(context.Background(), taken.ID, e.issuer, "sub-someone-else"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, user string
		knobs      oidctest.Knobs
		want       ssoFailure
	}{
		{"no account with this email", "lehrer", oidctest.Knobs{}, ssoNoAccount},
		{"unverified email", "unbestaetigt", oidctest.Knobs{}, ssoEmailUnverified},
		{"email outside the allowed domains", "fremd", oidctest.Knobs{}, ssoDomain},
		{"account of another person at the provider", "gast", oidctest.Knobs{}, ssoLinkedElsewhere},
		{"ID token for another audience", "admin", oidctest.Knobs{Rewrite: func(c map[string]any) {
			c["aud"], c["azp"], c["client_id"] = "another-app", "another-app", "another-app"
		}}, ssoToken},
		{"ID token for several audiences, authorized for another", "admin", oidctest.Knobs{Rewrite: func(c map[string]any) {
			c["aud"], c["azp"] = []string{"another-app", "notenrechner"}, "another-app"
		}}, ssoToken},
		{"ID token with another nonce", "admin", oidctest.Knobs{Rewrite: func(c map[string]any) { c["nonce"] = "replayed" }}, ssoToken},
		{"ID token from another issuer", "admin", oidctest.Knobs{Rewrite: func(c map[string]any) { c["iss"] = "https://evil.example" }}, ssoToken},
		{"expired ID token", "admin", oidctest.Knobs{IDTokenLifetime: -time.Minute}, ssoToken},
		{"ID token signed with a key the provider does not publish", "admin", oidctest.Knobs{ForeignKey: true}, ssoToken},
		{"unsigned ID token (alg none)", "admin", oidctest.Knobs{Unsigned: true}, ssoToken},
		{"ID token rewritten by the test and signed again: still accepted", "admin", oidctest.Knobs{Rewrite: func(map[string]any) {}}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.t = t
			e.op.Set(c.knobs)
			defer e.op.Set(oidctest.Knobs{})
			e.browser = e.newBrowser()
			want := ssoReturnPath + "?sso_error=" + string(c.want)
			if c.want == "" { // the control: the knob's machinery alone refuses nothing
				want = ssoReturnPath
			}
			if got := e.signIn(c.user, c.user+"-pw"); got != want {
				t.Fatalf("sent to %q, want %q", got, want)
			}
			if c.want == "" {
				return
			}
			if _, body := e.get("/api/v1/auth/session"); body != "{\"user\":null}\n" {
				t.Fatalf("a refused sign-in left a session: %s", body)
			}
		})
	}
}

// TestSSOProviderAnswers: the provider's own refusals and a bad code.
func TestSSOProviderAnswers(t *testing.T) {
	e := newSSOEnv(t, nil)
	for _, c := range []struct {
		name  string
		query string
		want  ssoFailure
	}{
		{"person cancelled", "error=access_denied&error_description=abgebrochen", ssoDenied},
		{"provider error", "error=server_error", ssoProvider},
		{"code the provider does not know", "code=unknown", ssoProvider},
		{"neither code nor error", "", ssoProvider},
	} {
		t.Run(c.name, func(t *testing.T) {
			stop := e.newBrowser()
			stop.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
			resp, err := stop.Get(e.base + "/api/v1/auth/oidc/start")
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			to, _ := url.Parse(resp.Header.Get("Location"))
			if !strings.HasPrefix(to.String(), e.issuer) || to.Query().Get("code_challenge_method") != "S256" || to.Query().Get("nonce") == "" {
				t.Fatalf("start sent the browser to %s", to)
			}
			resp, err = stop.Get(e.base + "/api/v1/auth/oidc/callback?state=" + url.QueryEscape(to.Query().Get("state")) + "&" + c.query)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.Header.Get("Location"); got != ssoReturnPath+"?sso_error="+string(c.want) {
				t.Fatalf("sent to %q", got)
			}
		})
	}
}

// TestSSOClaimsFromUserinfo: a provider that puts the email only at its
// userinfo endpoint (many do) signs in all the same.
func TestSSOClaimsFromUserinfo(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, false)
	e.op.Set(oidctest.Knobs{ClaimsOnlyInUserinfo: true})
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("sent to %q", got)
	}
	if _, body := e.get("/api/v1/auth/session"); sessionOf(t, body).Email != "admin@schule.de" {
		t.Fatalf("session: %s", body)
	}
}

// TestSSOGroupsDecideRoles: with --oidc-admin-group and --oidc-user-group,
// accounts are created at sign-in and their roles follow the groups.
func TestSSOGroupsDecideRoles(t *testing.T) {
	e := newSSOEnv(t, func(s *auth.SSO, _ *Deps) { s.AdminGroup, s.UserGroup = "notenrechner-admins", "lehrkraefte" })
	e.addAccount("lehrer@schule.de", store.RoleAdmin, true) // the provider says: teacher, not admin
	e.addAccount("chefin@schule.de", store.RoleAdmin, true) // stays admin, so the demotion is allowed
	for _, c := range []struct {
		name string
		user string
		want store.Role
	}{
		{"admin group", "admin", store.RoleAdmin},
		{"user group demotes", "lehrer", store.RoleUser},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.as(t)
			e.browser = e.newBrowser()
			if got := e.signIn(c.user, c.user+"-pw"); got != ssoReturnPath {
				t.Fatalf("%s sent to %q", c.user, got)
			}
			if _, body := e.get("/api/v1/auth/session"); sessionOf(t, body).Role != c.want {
				t.Fatalf("%s: session %s, want role %s", c.user, body, c.want)
			}
		})
	}
	if u, err := e.st.UserByEmail(context.Background(), "admin@schule.de"); err != nil || u.Role != store.RoleAdmin || u.OIDCSubject != "sub-admin" {
		t.Fatalf("the admin's account was not created: %+v %v", u, err)
	}
	e.browser = e.newBrowser()
	if got := e.signIn("gast", "gast-pw"); got != ssoReturnPath+"?sso_error=no_group" {
		t.Fatalf("a person in neither group was sent to %q", got)
	}
	if _, err := e.st.UserByEmail(context.Background(), "gast@schule.de"); err == nil {
		t.Fatal("an account was created for a person in neither group")
	}
}
