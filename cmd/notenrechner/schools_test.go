package main

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

const (
	hostA, hostB = "a.schule.test", "b.schule.test"
	passwordA    = "Zebrafink-Kastanie-42"
	passwordB    = "Kolibri-Walnuss-77-Tanne"
)

// TestSchoolsAreApart signs in as school A's admin and runs every route of the API contract against
// school B's host with A's session: each answers exactly as it does without it (A's session is
// nobody at B), A's address, name and key never appear, A's admin cannot sign in at B, and B's data
// are the same afterwards. The same sweep at A's own host does see A's admin routes, so the test
// can tell. On SQLite and, where a server is given, PostgreSQL.
func TestSchoolsAreApart(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) { schoolsApart(t, "sqlite:"+filepath.Join(t.TempDir(), "n.db")) })
	t.Run("postgres", func(t *testing.T) { schoolsApart(t, pgtest.FreshDatabase(t)) })
}

func schoolsApart(t *testing.T, dsn string) {
	for _, args := range [][]string{
		{"school", "add", "--db", dsn, "--url", "http://" + hostA, "--name", "Schule Alpha"},
		{"school", "add", "--db", dsn, "--url", "http://" + hostB, "--name", "Schule Beta"},
		{"school", "set", "--db", dsn, "--school", "http://" + hostB, "--land", "HE"},
	} {
		if _, errOut, err := runCmd(t, args...); err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut)
		}
	}
	docA := writeFile(t, t.TempDir(), "a.json", strings.Replace(aliasDoc, "Original", "Schluessel-Alpha", 1))
	if _, errOut, err := runCmd(t, "config", "import", "--db", dsn, "--school", "http://"+hostA, docA); err != nil {
		t.Fatalf("config import: %v %s", err, errOut)
	}
	for host, pw := range map[string]string{hostA: passwordA, hostB: passwordB} {
		if _, errOut, err := runWithInput(t, pw+"\n", "admin", "create", "--db", dsn, "--school", "http://"+host,
			"--email", "admin@"+host); err != nil {
			t.Fatalf("admin create: %v %s", err, errOut)
		}
	}
	before := schoolSnapshot(t, dsn, hostB)
	base, _ := startServer(t, dsn, nil)
	if status, _ := hostRequest(t, base, hostB, "POST", "/api/v1/auth/login", nil,
		`{"email":"admin@`+hostA+`","password":"`+passwordA+`"}`); status != http.StatusUnauthorized {
		t.Fatalf("A's admin signing in at B: %d; want 401", status)
	}
	cookie := hostSignIn(t, base, hostA, passwordA)

	seenAtA := 0
	for _, route := range contractRoutes(t) {
		with, bodyWith := hostRequest(t, base, hostB, route.method, route.path, cookie, routeBody(route))
		without, bodyWithout := hostRequest(t, base, hostB, route.method, route.path, nil, routeBody(route))
		if with != without || (!route.stream && bodyWith != bodyWithout) {
			t.Errorf("%s %s at B: %d with A's session, %d without\n%s\n---\n%s", route.method, route.path, with, without, bodyWith, bodyWithout)
		}
		for _, mark := range []string{hostA, "Schule Alpha", "Schluessel-Alpha"} {
			if strings.Contains(bodyWith, mark) {
				t.Errorf("%s %s at B shows %q of school A", route.method, route.path, mark)
			}
		}
		if route.method == "GET" && !route.stream {
			atA, _ := hostRequest(t, base, hostA, route.method, route.path, cookie, "")
			atAWithout, _ := hostRequest(t, base, hostA, route.method, route.path, nil, "")
			if atA != atAWithout {
				seenAtA++
			}
		}
	}
	if seenAtA < 3 {
		t.Fatalf("A's session opened only %d routes at A itself: the sweep would not notice a leak", seenAtA)
	}
	if after := schoolSnapshot(t, dsn, hostB); after != before {
		t.Errorf("school B changed:\nbefore %s\nafter  %s", before, after)
	}
	// And the other way: B's admin is nobody at A (the database's own tables).
	if status, _ := hostRequest(t, base, hostA, "POST", "/api/v1/auth/login", nil,
		`{"email":"admin@`+hostB+`","password":"`+passwordB+`"}`); status != http.StatusUnauthorized {
		t.Fatalf("B's admin signing in at A: %d; want 401", status)
	}
	cookieB := hostSignIn(t, base, hostB, passwordB)
	if status, _ := hostRequest(t, base, hostA, "GET", "/api/v1/users", cookieB, ""); status != http.StatusUnauthorized {
		t.Fatalf("B's session at A: %d; want 401", status)
	}
	// A save at B, made by another process, reaches B's pages and no page of A.
	atA, atB := openHostStream(t, base, hostA), openHostStream(t, base, hostB)
	atA.next(t)
	atB.next(t)
	docB := writeFile(t, t.TempDir(), "b.json", strings.Replace(aliasDoc, "Original", "Schluessel-Beta", 1))
	if _, errOut, err := runCmd(t, "config", "import", "--db", dsn, "--school", "http://"+hostB, docB); err != nil {
		t.Fatalf("config import at B: %v %s", err, errOut)
	}
	if id, _ := atB.next(t); id != "2" {
		t.Errorf("B's page got version %s after B's save; want 2", id)
	}
	atA.quiet(t, 500*time.Millisecond)

	if status, page := hostRequest(t, base, "c.schule.test", "GET", "/", nil, ""); status != http.StatusNotFound ||
		!strings.Contains(page, "keine Schule") || strings.Contains(page, "Beta") || strings.Contains(page, "Alpha") {
		t.Errorf("a host of no school: %d %q", status, page)
	}
}

type contractRoute struct {
	method, path string
	stream       bool
}

// contractRoutes reads every path and method of api/openapi.yaml, with the path's parameters filled in.
func contractRoutes(t *testing.T) []contractRoute {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("..", "..", "api", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	fill := strings.NewReplacer("{slug}", "standard", "{version}", "1", "{id}", "1", "{token}", "abc")
	var routes []contractRoute
	path := ""
	for _, line := range strings.Split(string(raw), "\n") {
		if m := regexp.MustCompile(`^  (/\S*):\s*$`).FindStringSubmatch(line); m != nil {
			path = fill.Replace(m[1])
		} else if m := regexp.MustCompile(`^    (get|put|post|patch|delete):\s*$`).FindStringSubmatch(line); m != nil && path != "" {
			routes = append(routes, contractRoute{strings.ToUpper(m[1]), path, strings.HasSuffix(path, "/events")})
		} else if line != "" && !strings.HasPrefix(line, " ") {
			path = ""
		}
	}
	if len(routes) < 40 {
		t.Fatalf("read %d routes from the contract; want them all", len(routes))
	}
	return routes
}

func routeBody(r contractRoute) string {
	switch {
	case r.method == "GET":
		return ""
	case r.path == "/api/v1/config" || strings.HasPrefix(r.path, "/api/v1/scales"):
		return aliasDoc
	case r.path == "/api/v1/users":
		return `{"email":"eindringling@schule.test","role":"admin"}`
	case r.path == "/api/v1/school":
		return `{"land":"BY"}`
	default:
		return `{}`
	}
}

// hostRequest sends a request to the server at base as if to host; a stream is read for a moment.
func hostRequest(t *testing.T, base, host, method, path string, cookie *http.Cookie, body string) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, base+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Host = host
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("If-Match", `"1"`)
	}
	if cookie != nil {
		req.AddCookie(cookie)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s at %s: %v", method, path, host, err)
	}
	defer resp.Body.Close()
	if strings.HasSuffix(path, "/events") {
		buf := make([]byte, 4096)
		n, _ := resp.Body.Read(buf)
		return resp.StatusCode, string(buf[:n])
	}
	got, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(got)
}

func hostSignIn(t *testing.T, base, host, password string) *http.Cookie {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/api/v1/auth/login",
		strings.NewReader(`{"email":"admin@`+host+`","password":"`+password+`"}`))
	req.Host = host
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return sessionCookie(t, resp)
}

// schoolSnapshot is what the command line shows of a school: its scales, its key, its accounts, its Land.
func schoolSnapshot(t *testing.T, dsn, host string) string {
	t.Helper()
	var all []string
	for _, args := range [][]string{{"scale", "list"}, {"config", "export"}, {"admin", "list"}, {"school", "show"}} {
		out, errOut, err := runCmd(t, append(args, "--db", dsn, "--school", "http://"+host)...)
		if err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut)
		}
		all = append(all, out)
	}
	return strings.Join(all, "\n")
}

// TestMetricsNameTheSchool: the metrics listener of a deployment of several schools labels every
// school's series with its address, and a request at A counts at A only.
func TestMetricsNameTheSchool(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	for _, host := range []string{hostA, hostB} {
		if _, errOut, err := runCmd(t, "school", "add", "--db", dsn, "--url", "http://"+host, "--name", host); err != nil {
			t.Fatalf("school add: %v %s", err, errOut)
		}
	}
	metricsAddr := freeAddr(t)
	base, _ := startServerWith(t, dsn, map[string]string{"NOTENRECHNER_METRICS_ADDR": metricsAddr}, &syncBuffer{})
	for range 3 {
		hostRequest(t, base, hostA, "GET", "/api/v1/school", nil, "")
	}
	resp, err := http.Get("http://" + metricsAddr + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	text := string(raw)
	for _, want := range []string{
		`notenrechner_http_requests_total{school="http://a.schule.test",route="GET /api/v1/school",status="200"} 3`,
		`notenrechner_sse_streams_open{school="http://b.schule.test"} 0`,
		`notenrechner_config_version{school="http://b.schule.test"} 1`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("metrics lack %s\n%s", want, text)
		}
	}
	if strings.Contains(text, `school="http://b.schule.test",route="GET /api/v1/school"`) {
		t.Errorf("A's requests were counted at B:\n%s", text)
	}
}

// TestSchoolsChangeWhileServing: school add and remove reach a running server within a few seconds.
// The first school takes over the data on its own address; a school removed answers 404 at once and
// its open page loses its stream; the tables of a removed first school serve nobody its key again,
// neither a school added later nor the database when the last school has left.
func TestSchoolsChangeWhileServing(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	cmd := func(args ...string) {
		t.Helper()
		full := append([]string{args[0], args[1], "--db", dsn}, args[2:]...) // flags before the file
		if _, errOut, err := runCmd(t, full...); err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut)
		}
	}
	cmd("config", "import", writeFile(t, t.TempDir(), "a.json", strings.Replace(aliasDoc, "Original", "Schluessel-Alpha", 1)))
	base, _ := startServer(t, dsn, nil)
	keyAt := func(host string) (int, string) {
		status, body := hostRequest(t, base, host, "GET", "/api/v1/config", nil, "")
		return status, body
	}
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(3 * registryPoll)
		for !ok() {
			if time.Now().After(deadline) {
				t.Fatalf("not within %s: %s", 3*registryPoll, what)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if status, body := keyAt("irgendwo.test"); status != 200 || !strings.Contains(body, "Schluessel-Alpha") {
		t.Fatalf("one school on any host: %d %s", status, body)
	}
	cmd("school", "add", "--url", "http://"+hostA, "--name", "Schule Alpha")
	cmd("school", "add", "--url", "http://"+hostB, "--name", "Schule Beta")
	waitFor("A keeps its key at its address, B starts fresh, other hosts get 404", func() bool {
		sa, a := keyAt(hostA)
		sb, b := keyAt(hostB)
		so, _ := keyAt("irgendwo.test")
		return sa == 200 && strings.Contains(a, "Schluessel-Alpha") && sb == 200 && !strings.Contains(b, "Alpha") && so == 404
	})

	page := openHostStream(t, base, hostA)
	page.next(t)
	cmd("school", "remove", "--url", "http://"+hostA, "--yes")
	waitFor("A's address answers 404", func() bool { s, _ := keyAt(hostA); return s == 404 })
	select {
	case <-page.done:
	case <-time.After(3 * registryPoll):
		t.Fatal("A's page kept its stream after A was removed")
	}

	cmd("school", "add", "--url", "http://c.schule.test", "--name", "Schule Gamma")
	waitFor("C is served, fresh", func() bool {
		s, body := keyAt("c.schule.test")
		return s == 200 && !strings.Contains(body, "Alpha")
	})
	cmd("school", "remove", "--url", "http://"+hostB, "--yes")
	cmd("school", "remove", "--url", "http://c.schule.test", "--yes")
	waitFor("the database is one school again, without A's key", func() bool {
		s, body := keyAt("irgendwo.test")
		return s == 200 && !strings.Contains(body, "Alpha")
	})
}
