package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// cheapParams keep the tests fast; production uses auth.DefaultParams.
var cheapParams = auth.Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

const goodPassword = "Zebrafink-Kastanie-42"

// gateSlots is how many password checks the test server runs at once.
const gateSlots = 2

// apiEnv is the whole server on a real SQLite store with a clock the test
// moves.
type apiEnv struct {
	t          testing.TB
	h          http.Handler
	st         *sqlite.Store
	scales     *live.Scales
	dbPath     string
	now        time.Time
	cookies    map[string]string // who → session cookie value
	cookieName string
}

func newAPIEnv(t testing.TB, base string, tweaks ...func(*Deps)) *apiEnv {
	t.Helper()
	e := &apiEnv{t: t, now: time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC), cookies: map[string]string{}}
	clock := func() time.Time { return e.now }
	e.dbPath = filepath.Join(t.TempDir(), "n.db")
	st, err := sqlite.Open(context.Background(), e.dbPath, sqlite.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	e.st, e.scales = st, live.NewScales(logger, 4, st, clock)
	fanOut, err := e.scales.Refresh(context.Background())
	fanOut()
	if err != nil {
		t.Fatal(err)
	}
	baseURL, _ := url.Parse(base)
	e.cookieName = "notenrechner_session"
	if baseURL.Scheme == "https" {
		e.cookieName = "__Host-notenrechner_session"
	}
	d := Deps{Logger: logger, Store: st, Scales: e.scales, Assets: testAssets, BaseURL: baseURL,
		Now: clock, PasswordParams: cheapParams, Gate: auth.NewGate(gateSlots)}
	for _, tweak := range tweaks {
		tweak(&d)
	}
	e.h = New(d)
	return e
}

// addUser creates an account with goodPassword and signs it in as who.
func (e *apiEnv) addUser(who, email string, role store.Role) store.User {
	e.t.Helper()
	hash, err := auth.HashPassword(goodPassword, cheapParams)
	if err != nil {
		e.t.Fatal(err)
	}
	email = auth.NormalizeEmail(email)
	u, err := e.st.CreateUser(context.Background(), store.User{Email: email, Role: role, PasswordHash: hash, CreatedAt: e.now})
	if err != nil {
		e.t.Fatal(err)
	}
	e.cookies[who] = e.login(email, goodPassword)
	return u
}

func (e *apiEnv) login(email, password string) string {
	e.t.Helper()
	rec := e.do("POST", "/api/v1/auth/login", `{"email":"`+email+`","password":"`+password+`"}`, "", nil)
	if rec.Code != 200 {
		e.t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
	}
	for _, c := range rec.Result().Cookies() {
		if c.Name == e.cookieName {
			return c.Value
		}
	}
	e.t.Fatalf("login %s set no session cookie", email)
	return ""
}

func (e *apiEnv) do(method, path, body, who string, header map[string]string) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.doAs(e.t, method, path, body, who, header)
}

// doAs sends one request and checks the exchange against the contract (checkContract),
// reporting to t: a fuzz target passes its own.
func (e *apiEnv) doAs(t testing.TB, method, path, body, who string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json") // as the web app sends; tests may override it
	}
	if c := e.cookies[who]; c != "" {
		req.AddCookie(&http.Cookie{Name: e.cookieName, Value: c})
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	sent := contractRequest(method, path, body, req.Header)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	checkContract(t, sent, rec.Code, rec.Header(), rec.Body.Bytes())
	return rec
}

// apiCase is one request and what must come back.
type apiCase struct {
	name       string
	method     string
	path       string
	body       string
	who        string // "" signed out, or a key of apiEnv.cookies
	header     map[string]string
	wantStatus int
	wantBody   []string
}

// run sends the cases in order, each as a subtest named by the case.
func (e *apiEnv) run(cases []apiCase) {
	e.t.Helper()
	t, ok := e.t.(*testing.T)
	if !ok {
		e.t.Fatal("apiEnv.run needs a *testing.T: each case is a subtest")
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := e.doAs(t, c.method, c.path, c.body, c.who, c.header)
			if rec.Code != c.wantStatus {
				t.Errorf("%s %s as %q = %d, want %d; body %s", c.method, c.path, c.who, rec.Code, c.wantStatus, rec.Body)
				return
			}
			for _, frag := range c.wantBody {
				if !strings.Contains(rec.Body.String(), frag) {
					t.Errorf("body %s lacks %s", rec.Body, frag)
				}
			}
		})
	}
}

// current is the event the broker of the scale slug ("" the default) holds.
func (e *apiEnv) current(slug string) *live.Event {
	e.t.Helper()
	b, _, ok := e.scales.Lookup(slug)
	if !ok {
		e.t.Fatalf("no scale %q", slug)
	}
	return b.Current()
}

func standardDoc(name string) string {
	return `{"name":"` + name + `","grades":{"1":{"min":85,"max":100},"2":{"min":70,"max":85},"3":{"min":55,"max":70},` +
		`"4":{"min":40,"max":55},"5":{"min":20,"max":40},"6":{"min":0,"max":20}},` +
		`"schema":{"general":{"minus":33.33,"normal":33.33},"1":{"minus":33.33},"6":{"normal":50}}}`
}

func ifMatch(v string) map[string]string { return map[string]string{"If-Match": v} }

func TestConfigWriteAPI(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	huge := `{"name":"` + strings.Repeat("x", 70<<10) + `"}`
	e.run([]apiCase{
		{"signed out", "PUT", "/api/v1/config", standardDoc("A"), "", ifMatch(`"1"`), 401, []string{`"code":"unauthenticated"`}},
		{"user may not edit", "PUT", "/api/v1/config", standardDoc("A"), "user", ifMatch(`"1"`), 403, []string{`"code":"forbidden"`}},
		{"no If-Match", "PUT", "/api/v1/config", standardDoc("A"), "admin", nil, 428, []string{`"code":"precondition_required"`}},
		{"malformed JSON", "PUT", "/api/v1/config", `{"name":`, "admin", ifMatch(`"1"`), 400, []string{`"code":"invalid_json"`}},
		{"too large", "PUT", "/api/v1/config", huge, "admin", ifMatch(`"1"`), 413, []string{`"code":"too_large"`}},
		{"every failing field", "PUT", "/api/v1/config", strings.Replace(strings.Replace(standardDoc(""), `"max":100`, `"max":90`, 1), `"normal":50`, `"normal":101`, 1),
			"admin", ifMatch(`"1"`), 422, []string{`"code":"validation_failed"`, `"name":"Der Name muss 1 bis 80 Zeichen lang sein."`,
				`"grades.1.max":"Das Maximum der Note 1 muss 100 sein."`, `"schema.6.normal":"Muss zwischen 0 und 100 liegen."`}},
		{"cross-origin write", "PUT", "/api/v1/config", standardDoc("A"), "admin", map[string]string{"If-Match": `"1"`, "Sec-Fetch-Site": "cross-site"},
			403, []string{`"code":"cross_origin"`}},
		{"foreign Origin", "PUT", "/api/v1/config", standardDoc("A"), "admin", map[string]string{"If-Match": `"1"`, "Origin": "https://evil.example"},
			403, []string{`"code":"cross_origin"`}},
		{"save", "PUT", "/api/v1/config", standardDoc("Oberstufe"), "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2`, `"savedBy":"admin@schule.de"`, `"name":"Oberstufe"`}},
		{"stale version", "PUT", "/api/v1/config", standardDoc("Veraltet"), "admin", ifMatch(`"1"`), 412,
			[]string{`{"error":{"code":"config_conflict","current":{"version":2,`, `"name":"Oberstufe"`,
				`"message":"Jemand anderes hat inzwischen Version 2 gespeichert."`}},
		{"bare and weak tags", "PUT", "/api/v1/config", standardDoc("Drei"), "admin", ifMatch(`W/"2"`), 200, []string{`"version":3`}},
	})
	if cur := e.current(""); cur.Version != 3 || cur.Config.Name != "Drei" {
		t.Fatalf("broker has version %d %q after the saves, want 3 \"Drei\"", cur.Version, cur.Config.Name)
	}
	def, _ := e.st.DefaultScale(context.Background())
	if latest := def.Latest; latest.Version != 3 {
		t.Fatalf("store has version %d, want 3: a refused request wrote something", latest.Version)
	}
}

func TestHistoryAPI(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	e.run([]apiCase{
		{"save 2", "PUT", "/api/v1/config", standardDoc("Zwei"), "admin", ifMatch("1"), 200, nil},
		{"list signed out", "GET", "/api/v1/config/history", "", "", nil, 401, nil},
		{"list as user", "GET", "/api/v1/config/history", "", "user", nil, 403, nil},
		{"list newest first", "GET", "/api/v1/config/history", "", "admin", nil, 200,
			[]string{`{"versions":[{"version":2,"savedAt":"2026-11-22T08:00:00Z","savedBy":"admin@schule.de","name":"Zwei"},{"version":1,`, `"savedBy":"system","name":"Standard"}]}`}},
		{"one version", "GET", "/api/v1/config/history/1", "", "admin", nil, 200, []string{`"version":1`, `"config":{"name":"Standard"`}},
		{"unknown version", "GET", "/api/v1/config/history/99", "", "admin", nil, 404, []string{`"not_found"`}},
		{"not a version", "GET", "/api/v1/config/history/abc", "", "admin", nil, 404, nil},
		{"restore as user", "POST", "/api/v1/config/history/1/restore", "", "user", nil, 403, nil},
		{"restore unknown", "POST", "/api/v1/config/history/99/restore", "", "admin", nil, 404, nil},
		{"restore", "POST", "/api/v1/config/history/1/restore", "", "admin", nil, 200, []string{`"version":3`, `"name":"Standard"`, `"savedBy":"admin@schule.de"`}},
	})
	if cur := e.current(""); cur.Version != 3 || cur.Config.Name != "Standard" {
		t.Fatalf("restore did not reach the broker: version %d %q", cur.Version, cur.Config.Name)
	}
}

func TestLoginAPI(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "Admin@Schule.de", store.RoleAdmin)
	generic := `{"error":{"code":"invalid_credentials","message":"E-Mail oder Passwort ist falsch."}}`
	e.run([]apiCase{
		{"email case-insensitive", "POST", "/api/v1/auth/login", `{"email":" ADMIN@schule.DE ","password":"` + goodPassword + `"}`, "", nil, 200,
			[]string{`"user":{"id":1,"email":"admin@schule.de","role":"admin"`}},
		{"wrong password", "POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"falsch-falsch"}`, "", nil, 401, []string{generic}},
		{"unknown email, same answer", "POST", "/api/v1/auth/login", `{"email":"wer@schule.de","password":"falsch-falsch"}`, "", nil, 401, []string{generic}},
		{"missing fields", "POST", "/api/v1/auth/login", `{}`, "", nil, 422, []string{`"email":"Pflichtfeld."`, `"password":"Pflichtfeld."`}},
		{"malformed", "POST", "/api/v1/auth/login", `nope`, "", nil, 400, []string{`"invalid_json"`}},
		{"too large", "POST", "/api/v1/auth/login", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`, "", nil, 413, []string{`"too_large"`}},
		{"cross-origin sign-in", "POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"x"}`, "", map[string]string{"Origin": "https://evil.example"}, 403, []string{`"cross_origin"`}},
		{"session signed out", "GET", "/api/v1/auth/session", "", "", nil, 200, []string{`{"user":null}`}},
		{"session signed in", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`"email":"admin@schule.de"`, `"lastSignInAt":"2026-11-22T08:00:00Z"`}},
		{"logout", "POST", "/api/v1/auth/logout", "", "admin", nil, 204, nil},
		{"session gone after logout", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`{"user":null}`}},
		{"logout again is harmless", "POST", "/api/v1/auth/logout", "", "", nil, 204, nil},
	})
	// Signing in from a browser that still carries a session ends that one.
	old := e.login("admin@schule.de", goodPassword)
	e.cookies["old"] = old
	rec := e.do("POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"`+goodPassword+`"}`, "old", nil)
	if rec.Code != 200 {
		t.Fatalf("second sign-in: %d", rec.Code)
	}
	e.run([]apiCase{{"the earlier token is gone", "GET", "/api/v1/auth/session", "", "old", nil, 200, []string{`{"user":null}`}}})
}

func TestLoginRateLimits(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	wrong := `{"email":"admin@schule.de","password":"falsch-falsch"}`
	for range 5 {
		e.run([]apiCase{{"failure", "POST", "/api/v1/auth/login", wrong, "", nil, 401, nil}})
	}
	right := `{"email":"admin@schule.de","password":"` + goodPassword + `"}`
	rec := e.do("POST", "/api/v1/auth/login", right, "", nil)
	retry, _ := strconv.Atoi(rec.Header().Get("Retry-After"))
	if rec.Code != 429 || retry < 1 || retry > 15*60+1 || !strings.Contains(rec.Body.String(), "Zu viele Anmeldeversuche") {
		t.Fatalf("6th attempt within 15 min = %d %s (Retry-After %q), want 429 even with the right password",
			rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	e.now = e.now.Add(15*time.Minute + time.Second)
	e.run([]apiCase{{"after the window", "POST", "/api/v1/auth/login", right, "", nil, 200, nil}})

	// Per address: guessing across many accounts from one address stops too.
	for i := range 20 {
		e.run([]apiCase{{"spray", "POST", "/api/v1/auth/login", `{"email":"x` + string(rune('a'+i)) + `@schule.de","password":"falsch-falsch"}`, "", nil, 401, nil}})
	}
	e.run([]apiCase{{"address blocked", "POST", "/api/v1/auth/login", right, "", nil, 429, []string{`"too_many_attempts"`}}})
	if retry, _ := strconv.Atoi(e.do("POST", "/api/v1/auth/login", right, "", nil).Header().Get("Retry-After")); retry < 1 || retry > 15*60+1 {
		t.Fatalf("address block: Retry-After %d s, want 1 to 901", retry)
	}
}

func TestSessionExpiry(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	signedIn := apiCase{"signed in", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`"email":"admin@schule.de"`}}
	signedOut := apiCase{"signed out", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`{"user":null}`}}

	// Idle: each use moves the 24 h; 24 h without use ends it.
	for range 3 {
		e.now = e.now.Add(23 * time.Hour)
		e.run([]apiCase{signedIn})
	}
	e.now = e.now.Add(24 * time.Hour)
	e.run([]apiCase{signedOut})

	// Absolute: even in daily use a session ends after 30 days.
	e.cookies["admin"] = e.login("admin@schule.de", goodPassword)
	start := e.now
	for e.now.Sub(start) < 30*24*time.Hour-20*time.Hour {
		e.now = e.now.Add(20 * time.Hour)
		e.run([]apiCase{signedIn})
	}
	e.now = start.Add(30 * 24 * time.Hour)
	e.run([]apiCase{signedOut})
}

func TestPasswordChangeAPI(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.cookies["other tab"] = e.login("admin@schule.de", goodPassword)
	change := func(current, next string) string {
		return `{"currentPassword":"` + current + `","newPassword":"` + next + `"}`
	}
	e.run([]apiCase{
		{"signed out", "POST", "/api/v1/auth/password", change(goodPassword, "Neues-Passwort-99"), "", nil, 401, nil},
		{"wrong current", "POST", "/api/v1/auth/password", change("falsch-falsch", "Neues-Passwort-99"), "admin", nil, 422,
			[]string{`"currentPassword":"Das aktuelle Passwort ist falsch."`}},
		{"too short", "POST", "/api/v1/auth/password", change(goodPassword, "kurz"), "admin", nil, 422, []string{`"newPassword":"Mindestens 10 Zeichen."`}},
		{"common", "POST", "/api/v1/auth/password", change(goodPassword, "1234567890"), "admin", nil, 422, []string{`"newPassword":"Dieses Passwort ist zu verbreitet.`}},
		{"changed", "POST", "/api/v1/auth/password", change(goodPassword, "Neues-Passwort-99"), "admin", nil, 204, nil},
		{"this session stays", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`"email":"admin@schule.de"`}},
		{"other sessions end", "GET", "/api/v1/auth/session", "", "other tab", nil, 200, []string{`{"user":null}`}},
		{"old password refused", "POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"` + goodPassword + `"}`, "", nil, 401, nil},
		{"new password works", "POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"Neues-Passwort-99"}`, "", nil, 200, nil},
	})
}

func TestSecureCookieBehindTLS(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	hash, _ := auth.HashPassword(goodPassword, cheapParams)
	e.st.CreateUser(context.Background(), store.User{Email: "a@schule.de", Role: store.RoleAdmin, PasswordHash: hash, CreatedAt: e.now})
	rec := e.do("POST", "/api/v1/auth/login", `{"email":"a@schule.de","password":"`+goodPassword+`"}`, "", nil)
	cookies := rec.Result().Cookies()
	if len(cookies) != 1 {
		t.Fatalf("login set %d cookies, want 1", len(cookies))
	}
	c := cookies[0]
	if c.Name != "__Host-notenrechner_session" || !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Domain != "" || len(c.Value) < 22 {
		t.Fatalf("cookie %+v: want __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain, ≥128-bit token", c)
	}
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("body %s: %v", rec.Body, err)
	}
	return v
}

// Simultaneous guesses cannot all pass the limit check before any failure
// is counted: checks run inside the password gate, so at most gateSlots-1
// guesses beyond the limit get an answer other than 429.
func TestConcurrentGuessesAreLimited(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	codes := make(chan int, 40)
	var wg sync.WaitGroup
	for range 40 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes <- e.do("POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"falsch-falsch"}`, "", nil).Code
		}()
	}
	wg.Wait()
	close(codes)
	counts := map[int]int{}
	for c := range codes {
		counts[c]++
	}
	if counts[401] < 5 || counts[401] > 5+gateSlots-1 || counts[401]+counts[429] != 40 {
		t.Fatalf("40 simultaneous wrong passwords answered %v; want 5 to %d × 401, the rest 429", counts, 5+gateSlots-1)
	}
}

func TestPasswordChangeGuessesAreLimited(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	wrong := `{"currentPassword":"falsch-falsch","newPassword":"Neues-Passwort-99"}`
	for range 5 {
		e.run([]apiCase{{"wrong current", "POST", "/api/v1/auth/password", wrong, "admin", nil, 422, nil}})
	}
	right := `{"currentPassword":"` + goodPassword + `","newPassword":"Neues-Passwort-99"}`
	e.run([]apiCase{{"limited", "POST", "/api/v1/auth/password", right, "admin", nil, 429, []string{`"too_many_attempts"`}}})
}
