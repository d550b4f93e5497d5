package server

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

// start asks for a sign-in at the provider without following the redirect,
// with the Sec-Fetch-Dest a browser would send ("" sends none, as curl).
func (e *ssoEnv) start(dest string) *http.Response {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.base+"/api/v1/auth/oidc/start", nil)
	if dest != "" {
		req.Header.Set("Sec-Fetch-Dest", dest)
		req.Header.Set("Sec-Fetch-Site", "cross-site")
	}
	resp, err := noRedirects().Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp
}

// rowCounts counts the rows of every table of the database, read by a
// connection of its own.
func rowCounts(t *testing.T, path string) map[string]int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT name FROM sqlite_master WHERE type = 'table'")
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var name string
		rows.Scan(&name)
		tables = append(tables, name)
	}
	rows.Close()
	counts := map[string]int{}
	for _, name := range tables {
		var n int
		if err := db.QueryRow(`SELECT count(*) FROM "` + name + `"`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		counts[name] = n
	}
	return counts
}

// TestSSOStartsStoreNothing: a start keeps nothing on the server, so a
// thousand of them from one address (a page with 1,000 images, a script)
// neither grow a table nor use up anything: the next start from the same
// address goes to the provider, and a whole sign-in from there works.
func TestSSOStartsStoreNothing(t *testing.T) {
	e := newSSOEnv(t, nil)
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	e.start("") // the first start makes the key every later one uses
	before := rowCounts(t, e.dbPath)
	if before["oidc_state_key"] != 1 {
		t.Fatalf("after the first start the key table holds %d rows, want 1", before["oidc_state_key"])
	}
	for i := range 1000 {
		resp := e.start("")
		if resp.StatusCode != http.StatusFound || !strings.HasPrefix(resp.Header.Get("Location"), e.issuer+"/") {
			t.Fatalf("start %d answered %d to %q, want a redirect to the provider", i+2, resp.StatusCode, resp.Header.Get("Location"))
		}
	}
	if after := rowCounts(t, e.dbPath); !maps.Equal(before, after) {
		t.Fatalf("1000 starts changed the database:\nbefore %v\nafter  %v", before, after)
	}
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("the sign-in after 1000 starts from its address was sent to %q", got)
	}
	if _, body := e.get("/api/v1/auth/session"); sessionOf(t, body).Email != "admin@schule.de" {
		t.Fatalf("session: %s", body)
	}
}

// TestSSOStartOnlyForNavigations: only a page load starts a sign-in. An
// image, a script's fetch or a frame of another site gets 403 and no
// cookie, so it cannot replace the state cookie of a teacher who is at the
// provider's login page right now; browsers without Sec-Fetch-* headers
// are served as before.
func TestSSOStartOnlyForNavigations(t *testing.T) {
	e := newSSOEnv(t, nil)
	for _, c := range []struct {
		name   string
		dest   string
		status int
	}{
		{"page load", "document", http.StatusFound},
		{"browser without Sec-Fetch-Dest", "", http.StatusFound},
		{"image", "image", http.StatusForbidden},
		{"fetch", "empty", http.StatusForbidden},
		{"script", "script", http.StatusForbidden},
		{"frame", "iframe", http.StatusForbidden},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.as(t)
			resp := e.start(c.dest)
			if resp.StatusCode != c.status {
				t.Fatalf("Sec-Fetch-Dest %q: %d, want %d", c.dest, resp.StatusCode, c.status)
			}
			if set := len(resp.Cookies()) > 0; set != (c.status == http.StatusFound) {
				t.Fatalf("Sec-Fetch-Dest %q: cookies %v", c.dest, resp.Cookies())
			}
		})
	}

	// A teacher at the provider's login page; meanwhile the browser loads a
	// page of another site with an image pointing at the start.
	e.addAccount("admin@schule.de", store.RoleAdmin, true)
	resp, err := e.browser.Get(e.base + "/api/v1/auth/oidc/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	authRequest := resp.Request.URL.Query().Get("authRequestID")
	img, _ := http.NewRequest("GET", e.base+"/api/v1/auth/oidc/start", nil)
	img.Header.Set("Sec-Fetch-Dest", "image")
	img.Header.Set("Sec-Fetch-Site", "cross-site")
	if resp, err = e.browser.Do(img); err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), `"code":"navigation_required"`) {
		t.Fatalf("the image's start: %d %s", resp.StatusCode, body)
	}
	form := url.Values{"id": {authRequest}, "username": {"admin"}, "password": {"admin-pw"}}
	if resp, err = e.browser.PostForm(e.issuer+"/login", form); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Location"); got != ssoReturnPath {
		t.Fatalf("the teacher's sign-in after the image was sent to %q", got)
	}
}

// TestSSOStartsDoNotHammerADownProvider: while the provider is down, every
// start kicks discovery, but the server asks the provider no more often
// than its retry waits allow (sso.Provider.Kick), not once per start.
func TestSSOStartsDoNotHammerADownProvider(t *testing.T) {
	e := newSSOEnv(t, func(_ *auth.SSO, d *Deps) { d.SSO = nil })
	var asked atomic.Int32
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		http.Error(w, "down", http.StatusBadGateway)
	}))
	t.Cleanup(down.Close)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	p := sso.New(sso.Config{Issuer: down.URL, ClientID: "notenrechner", ClientSecret: "geheim", Name: "IServ",
		RetryMin: time.Hour, RetryMax: time.Hour}, logger)
	baseURL, _ := url.Parse(e.base)
	e.h = New(Deps{Logger: logger, Store: e.st, Broker: live.NewBroker(logger, 4), Assets: testAssets, BaseURL: baseURL,
		PasswordParams: cheapParams, SSO: &auth.SSO{Provider: p}})
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go p.Run(ctx)
	waitFor(t, func() bool { return asked.Load() == 1 })

	for range 200 {
		if got := e.start("document").Header.Get("Location"); got != ssoReturnPath+"?sso_error=unavailable" {
			t.Fatalf("a start while the provider is down was sent to %q", got)
		}
	}
	time.Sleep(50 * time.Millisecond) // time for attempts the starts might have caused
	if n := asked.Load(); n != 1 {
		t.Fatalf("200 starts made the server ask the provider %d times, want once (the first attempt)", n)
	}
}
