package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/oidctest"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// TestSSOProviderDownAtStart: the server starts without the provider, the
// password works, the button says the provider is not reachable, and
// discovery is retried until the provider answers.
func TestSSOProviderDownAtStart(t *testing.T) {
	e := newSSOEnv(t, func(_ *auth.SSO, d *Deps) { d.SSO = nil }) // no discovery yet
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	// The provider's address answers nothing until the test lets it up.
	var up atomic.Bool
	var provider atomic.Pointer[oidctest.Provider]
	gate := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !up.Load() {
			http.Error(w, "down", http.StatusBadGateway)
			return
		}
		provider.Load().ServeHTTP(w, r)
	}))
	t.Cleanup(gate.Close)
	op, err := oidctest.New(gate.URL, oidctest.Options{ClientID: "notenrechner", ClientSecret: "geheim", Users: ssoUsers()})
	if err != nil {
		t.Fatal(err)
	}
	provider.Store(op)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	p := sso.New(sso.Config{Issuer: gate.URL, ClientID: "notenrechner", ClientSecret: "geheim", Name: "IServ",
		RetryMin: 5 * time.Millisecond, RetryMax: 20 * time.Millisecond}, logger)
	baseURL, _ := url.Parse(e.base)
	h := New(Deps{Logger: logger, Store: e.st, Broker: live.NewBroker(logger, 4), Assets: testAssets, BaseURL: baseURL,
		PasswordParams: cheapParams, SSO: &auth.SSO{Provider: p}})
	srv := httptest.NewServer(checkedByContract(t, h))
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go p.Run(ctx)

	get := func(path string) (int, string) {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	if _, body := get("/api/v1/auth/methods"); body != `{"password":true,"oidc":{"name":"IServ","reachable":false}}`+"\n" {
		t.Fatalf("methods while the provider is down: %s", body)
	}
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := noFollow.Get(srv.URL + "/api/v1/auth/oidc/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Location"); got != "/admin?sso_error=unavailable" {
		t.Fatalf("start while the provider is down sent to %q", got)
	}
	resp, err = http.Post(srv.URL+"/api/v1/auth/login", "application/json", strings.NewReader(`{"email":"admin@schule.de","password":"`+goodPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("password sign-in while the provider is down: %d", resp.StatusCode)
	}
	up.Store(true)
	waitFor(t, p.Reachable)
	if _, body := get("/api/v1/auth/methods"); !strings.Contains(body, `"reachable":true`) {
		t.Fatalf("methods after the provider came up: %s", body)
	}
}

// TestPasswordLoginOff: --password-login=false refuses the password form;
// the methods say so.
func TestPasswordLoginOff(t *testing.T) {
	e := newSSOEnv(t, func(_ *auth.SSO, d *Deps) { d.NoPasswordLogin = true })
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	if _, body := e.get("/api/v1/auth/methods"); body != `{"password":false,"oidc":{"name":"IServ","reachable":true}}`+"\n" {
		t.Fatalf("methods: %s", body)
	}
	resp, err := http.Post(e.base+"/api/v1/auth/login", "application/json", strings.NewReader(`{"email":"admin@schule.de","password":"`+goodPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 403 || !strings.Contains(string(body), `"code":"password_login_disabled"`) {
		t.Fatalf("password sign-in while it is off: %d %s", resp.StatusCode, body)
	}
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("sign-in at the provider while the password is off: %q", got)
	}
	// An invited person gets in through the provider with the invitation's email.
	_, tokenHash := auth.NewToken()
	if _, err := e.st.CreateInvitedUser(context.Background(), store.User{Email: "lehrer@schule.de", Role: store.RoleUser, CreatedAt: time.Now()},
		store.Token{Hash: tokenHash, Kind: store.TokenInvite, ExpiresAt: time.Now().Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	e.browser = e.newBrowser()
	if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath {
		t.Fatalf("the invited person was sent to %q", got)
	}
	if _, body := e.get("/api/v1/auth/session"); !strings.Contains(body, `"email":"lehrer@schule.de","role":"user"`) ||
		!strings.Contains(body, `"pending":false,"signInMethods":["oidc"]`) {
		t.Fatalf("the invited person's session: %s", body)
	}
}

// TestSSONotConfigured: without a provider the routes say not found and the
// methods offer only the password.
func TestSSONotConfigured(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.run([]apiCase{
		{"methods", "GET", "/api/v1/auth/methods", "", "", nil, 200, []string{`{"password":true,"oidc":null}`}},
		{"start", "GET", "/api/v1/auth/oidc/start", "", "", nil, 404, []string{`"code":"not_found"`}},
		{"callback", "GET", "/api/v1/auth/oidc/callback?state=x&code=y", "", "", nil, 404, []string{`"code":"not_found"`}},
	})
}
