package main

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/oidctest"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

const (
	schoolA, schoolB = "http://" + hostA, "http://" + hostB
	callbackPath     = "/api/v1/auth/oidc/callback"
)

// TestSchoolsOwnProviders: two schools of one deployment, each with its own provider (as each has
// its own IServ). A sign-in at A goes to A's provider with A's redirect URI and signs in at A; B
// sends to B's. A code A's provider issued cannot sign in at B, and A's session is nobody at B.
// B has password sign-in off and answers a password as --password-login=false does; A keeps it.
func TestSchoolsOwnProviders(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { schoolsOwnProviders(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db")) })
	t.Run("postgres", func(t *testing.T) { schoolsOwnProviders(t, pgtest.FreshDatabase(t)) })
}

func schoolsOwnProviders(t *testing.T, dsn string) {
	opA := serveProvider(t, "noten-a", "geheim-a", schoolA)
	opB := serveProvider(t, "noten-b", "geheim-b", schoolB)
	addSchools(t, dsn)
	for _, s := range []struct{ school, issuer, client, secret, password string }{
		{schoolA, opA, "noten-a", "geheim-a", "true"},
		{schoolB, opB, "noten-b", "geheim-b", "false"},
	} {
		mustRun(t, s.secret+"\n", "school", "oidc", "--db", dsn, "--school", s.school, "--issuer", s.issuer,
			"--client-id", s.client, "--name", "IServ", "--allowed-domains", "schule.de", "--password-login="+s.password)
		mustRun(t, passwordA+"\n", "admin", "create", "--db", dsn, "--school", s.school, "--email", "admin@schule.de")
	}
	base, _ := startServer(t, dsn, nil)
	b := newSchoolBrowser(t, base)
	b.waitReachable(schoolA)
	b.waitReachable(schoolB)

	for _, s := range []struct{ school, issuer, client string }{{schoolA, opA, "noten-a"}, {schoolB, opB, "noten-b"}} {
		to := b.startAt(s.school)
		if !strings.HasPrefix(to.String(), s.issuer+"/") || to.Query().Get("redirect_uri") != s.school+callbackPath ||
			to.Query().Get("client_id") != s.client {
			t.Fatalf("the start at %s sends to %s; want %s with its client and its redirect URI", s.school, to, s.issuer)
		}
	}
	if got := b.signIn(schoolA, "admin", "admin-pw"); got != "/admin" {
		t.Fatalf("the admin at A was sent to %q", got)
	}
	if who := b.session(schoolA); who != "admin@schule.de" {
		t.Fatalf("A's session after the sign-in at A's provider: %q", who)
	}
	if who := b.session(schoolB); who != "" {
		t.Fatalf("A's sign-in is %q at B", who)
	}

	// A code of A's provider, brought to B's callback with B's own state: B asks its own provider,
	// which knows no such code.
	callbackA := b.codeAt(schoolA, "lehrer", "lehrer-pw")
	b.startAt(schoolB) // B's state cookie in this browser
	startB := b.startAt(schoolB)
	atB := schoolB + callbackPath + "?" + url.Values{"code": {callbackA.Query().Get("code")},
		"state": {startB.Query().Get("state")}}.Encode()
	if got := b.finish(atB); !strings.HasPrefix(got, "/admin?sso_error=") || b.session(schoolB) != "" {
		t.Fatalf("A's code at B: sent to %q, session %q", got, b.session(schoolB))
	}
	if got := b.signIn(schoolB, "admin", "admin-pw"); got != "/admin" || b.session(schoolB) != "admin@schule.de" {
		t.Fatalf("the admin at B's own provider: sent to %q", got)
	}

	for school, want := range map[string]int{schoolA: http.StatusOK, schoolB: http.StatusForbidden} {
		status, body := hostRequest(t, base, strings.TrimPrefix(school, "http://"), "POST", "/api/v1/auth/login", nil,
			`{"email":"admin@schule.de","password":"`+passwordA+`"}`)
		if status != want || (want == http.StatusForbidden && !strings.Contains(body, "password_login_disabled")) {
			t.Errorf("a password at %s: %d %s; want %d", school, status, body, want)
		}
	}
}

// TestSchoolsSharedProvider: the Träger's one provider serves both schools, each naming itself by
// the value of a school claim. A teacher whose claim names B is refused at A (other_school) and
// admitted at B. A's configuration is made while the server runs and takes effect without a restart.
func TestSchoolsSharedProvider(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	op, issuer := oidctest.Serve(t, oidctest.Options{ClientID: "notenrechner", ClientSecret: "traeger",
		RedirectURIs: []string{schoolA + callbackPath, schoolB + callbackPath}, Users: oidctest.Standard()})
	op.Set(oidctest.Knobs{Rewrite: func(claims map[string]any) {
		claims["school"] = map[bool]string{true: "beta", false: "alpha"}[claims["sub"] == "sub-lehrer"]
	}})
	addSchools(t, dsn)
	shared := func(school, value string) {
		mustRun(t, "traeger\n", "school", "oidc", "--db", dsn, "--school", school, "--issuer", issuer,
			"--client-id", "notenrechner", "--name", "Schulträger", "--user-group", "lehrkraefte",
			"--scopes", "openid email profile groups", "--school-claim", "school", "--school-claim-value", value)
	}
	shared(schoolB, "beta")
	base, _ := startServer(t, dsn, nil)
	b := newSchoolBrowser(t, base)
	if status, _ := hostRequest(t, base, hostA, "GET", "/api/v1/auth/oidc/start", nil, ""); status != http.StatusNotFound {
		t.Fatalf("A has no provider yet, its start answers %d", status)
	}
	shared(schoolA, "alpha") // while the server runs
	b.waitReachable(schoolA)
	b.waitReachable(schoolB)

	if got := b.signIn(schoolA, "lehrer", "lehrer-pw"); got != "/admin?sso_error=other_school" || b.session(schoolA) != "" {
		t.Fatalf("B's teacher at A: sent to %q", got)
	}
	if got := b.signIn(schoolB, "lehrer", "lehrer-pw"); got != "/admin" || b.session(schoolB) != "lehrer@schule.de" {
		t.Fatalf("B's teacher at B: sent to %q", got)
	}
	mustRun(t, "", "school", "oidc", "--db", dsn, "--school", schoolA, "--off")
	b.waitFor(func() bool {
		status, _ := hostRequest(t, base, hostA, "GET", "/api/v1/auth/oidc/start", nil, "")
		return status == http.StatusNotFound
	})
}

func serveProvider(t *testing.T, client, secret, school string) string {
	_, issuer := oidctest.Serve(t, oidctest.Options{ClientID: client, ClientSecret: secret,
		RedirectURIs: []string{school + callbackPath}, Users: oidctest.Standard()})
	return issuer
}

func addSchools(t *testing.T, dsn string) {
	t.Helper()
	mustRun(t, "", "school", "add", "--db", dsn, "--url", schoolA, "--name", "Schule Alpha")
	mustRun(t, "", "school", "add", "--db", dsn, "--url", schoolB, "--name", "Schule Beta")
}

func mustRun(t *testing.T, input string, args ...string) {
	t.Helper()
	if _, errOut, err := runWithInput(t, input, args...); err != nil {
		t.Fatalf("%v: %v %s", args, err, errOut)
	}
}

// schoolBrowser is a browser that reaches every school's host at the test server and the
// providers where they are, and follows no redirect by itself.
type schoolBrowser struct {
	t      *testing.T
	client *http.Client
}

func newSchoolBrowser(t *testing.T, base string) *schoolBrowser {
	server := strings.TrimPrefix(base, "http://")
	dialer := &net.Dialer{Timeout: 2 * time.Second}
	transport := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		if strings.HasSuffix(addr, ".schule.test:80") {
			addr = server
		}
		return dialer.DialContext(ctx, network, addr)
	}}
	t.Cleanup(transport.CloseIdleConnections)
	jar, _ := cookiejar.New(nil)
	return &schoolBrowser{t: t, client: &http.Client{Jar: jar, Transport: transport, Timeout: 5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// do sends a request and returns the status, the redirect's target and the body.
func (b *schoolBrowser) do(method, target string, form url.Values) (int, *url.URL, string) {
	b.t.Helper()
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		b.t.Fatal(err)
	}
	defer resp.Body.Close()
	page, _ := io.ReadAll(resp.Body)
	loc, _ := resp.Location()
	return resp.StatusCode, loc, string(page)
}

// startAt presses the school's button: where the school sends the browser.
func (b *schoolBrowser) startAt(school string) *url.URL {
	b.t.Helper()
	status, to, body := b.do("GET", school+"/api/v1/auth/oidc/start", nil)
	if status != http.StatusFound || to == nil {
		b.t.Fatalf("start at %s: %d %s", school, status, body)
	}
	return to
}

// codeAt signs in at the provider the school sends to and returns the callback it sends back to,
// not followed.
func (b *schoolBrowser) codeAt(school, username, password string) *url.URL {
	b.t.Helper()
	to := b.startAt(school)
	for to.Path != "/login" { // the provider's authorize endpoint sends on to its login page
		var status int
		if status, to, _ = b.do("GET", to.String(), nil); status != http.StatusFound {
			b.t.Fatalf("on the way to the provider's login page: %d", status)
		}
	}
	status, to, body := b.do("POST", to.Scheme+"://"+to.Host+"/login",
		url.Values{"id": {to.Query().Get("authRequestID")}, "username": {username}, "password": {password}})
	for status == http.StatusFound && to.Path != callbackPath {
		status, to, body = b.do("GET", to.String(), nil)
	}
	if to == nil || to.Path != callbackPath {
		b.t.Fatalf("the provider did not send back: %d %s", status, body)
	}
	return to
}

// finish brings the callback to the school: where the school sends the browser then.
func (b *schoolBrowser) finish(callback string) string {
	b.t.Helper()
	status, to, body := b.do("GET", callback, nil)
	if status != http.StatusFound || to == nil {
		b.t.Fatalf("callback: %d %s", status, body)
	}
	return to.RequestURI()
}

func (b *schoolBrowser) signIn(school, username, password string) string {
	b.t.Helper()
	callback := b.codeAt(school, username, password)
	if !strings.HasPrefix(callback.String(), school+callbackPath+"?") {
		b.t.Fatalf("the provider sent back to %s, not to %s", callback, school)
	}
	return b.finish(callback.String())
}

// session is the email the school's session names ("": none).
func (b *schoolBrowser) session(school string) string {
	b.t.Helper()
	_, _, body := b.do("GET", school+"/api/v1/auth/session", nil)
	var s struct{ User *struct{ Email string } }
	if err := json.Unmarshal([]byte(body), &s); err != nil {
		b.t.Fatalf("session at %s: %v %s", school, err, body)
	}
	if s.User == nil {
		return ""
	}
	return s.User.Email
}

// waitReachable waits until the school offers its provider and has discovered it.
func (b *schoolBrowser) waitReachable(school string) {
	b.t.Helper()
	b.waitFor(func() bool {
		_, _, body := b.do("GET", school+"/api/v1/auth/methods", nil)
		return strings.Contains(body, `"reachable":true`)
	})
}

func (b *schoolBrowser) waitFor(cond func() bool) {
	b.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			b.t.Fatal("timed out")
		}
	}
}

// TestStoredSignInWinsOverFlags: on a database without schools, a configuration stored with
// school oidc is the one school's sign-in although serve has --oidc-* flags; removed, the flags
// count again, both without a restart. The redirect URI is at serve's own address (--base-url).
func TestStoredSignInWinsOverFlags(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	_, flagIssuer := oidctest.Serve(t, oidctest.Options{ClientID: "aus-flags", ClientSecret: "f", Users: oidctest.Standard()})
	_, storedIssuer := oidctest.Serve(t, oidctest.Options{ClientID: "gespeichert", ClientSecret: "g", Users: oidctest.Standard()})
	mustRun(t, "g\n", "school", "oidc", "--db", dsn, "--issuer", storedIssuer, "--client-id", "gespeichert", "--name", "IServ")
	base, _ := startServer(t, dsn, map[string]string{"NOTENRECHNER_OIDC_ISSUER": flagIssuer,
		"NOTENRECHNER_OIDC_CLIENT_ID": "aus-flags", "NOTENRECHNER_OIDC_CLIENT_SECRET": "f", "NOTENRECHNER_OIDC_NAME": "Flaggen"})
	b := newSchoolBrowser(t, base)
	b.waitReachable(base)
	to := b.startAt(base)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(base, "http://"))
	if !strings.HasPrefix(to.String(), storedIssuer+"/") || !strings.HasSuffix(to.Query().Get("redirect_uri"), ":"+port+callbackPath) {
		t.Fatalf("with a stored configuration the start sends to %s", to)
	}
	mustRun(t, "", "school", "oidc", "--db", dsn, "--off")
	b.waitFor(func() bool {
		_, _, body := b.do("GET", base+"/api/v1/auth/methods", nil)
		return strings.Contains(body, `"name":"Flaggen","reachable":true`)
	})
	if to := b.startAt(base); !strings.HasPrefix(to.String(), flagIssuer+"/") {
		t.Fatalf("after --off the start sends to %s; want the flags' provider", to)
	}
}
