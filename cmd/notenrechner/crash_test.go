package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

// The server is killed with SIGKILL while admins save concurrently, and
// started again on the same database: every save that was answered 200 is
// there with exactly the document that was sent, nothing else but saves whose
// answer the kill swallowed, no version is missing, and the accounts work.
func TestCrashDuringSavesSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	crashDuringSaves(t, "sqlite:"+path, func(t *testing.T, latest int64) {
		db, err := sql.Open("sqlite", "file:"+path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		var check string
		if err := db.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
			t.Fatalf("integrity_check = %q, %v", check, err)
		}
		rows, err := db.Query("PRAGMA foreign_key_check")
		if err != nil {
			t.Fatal(err)
		}
		if rows.Next() {
			t.Error("foreign_key_check found rows that point nowhere")
		}
		rows.Close()
		checkTables(t, latest, func(q string) int {
			var n int
			if err := db.QueryRow(q).Scan(&n); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return n
		})
	})
}

func TestCrashDuringSavesPostgres(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	crashDuringSaves(t, dsn, func(t *testing.T, latest int64) {
		checkTables(t, latest, func(q string) int { return pgtest.QueryInt(t, dsn, q) })
	})
}

// checkTables looks at the rows behind the API: one version row per number,
// one admin, and no session of nobody.
func checkTables(t *testing.T, latest int64, count func(string) int) {
	t.Helper()
	if n := count("SELECT count(*) FROM config_versions"); int64(n) != latest {
		t.Errorf("%d version rows, want %d", n, latest)
	}
	if n := count("SELECT count(*) FROM users WHERE role = 'admin' AND password_hash LIKE '$argon2id$%'"); n != 1 {
		t.Errorf("%d admins with a password hash, want 1", n)
	}
	if n := count("SELECT count(*) FROM sessions WHERE user_id NOT IN (SELECT id FROM users)"); n != 0 {
		t.Errorf("%d sessions without a user", n)
	}
}

const crashAdminPassword = "Zebrafink-Kastanie-42"

func crashDuringSaves(t *testing.T, dsn string, checkDB func(t *testing.T, latest int64)) {
	in := startInstance(t, "crash", dsn)
	cookie := signInAdmin(t, in.base, dsn)
	s := newSaver(in.base, cookie)

	const workers, killAfter = 6, 40
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() { defer wg.Done(); s.work(w) }()
	}
	select {
	case <-s.enough(killAfter):
	case <-time.After(20 * time.Second):
		t.Fatalf("fewer than %d saves confirmed within 20 s", killAfter)
	}
	if err := in.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	in.cmd.Wait()
	wg.Wait()
	if len(s.unexpected) > 0 {
		t.Fatalf("answers other than 200 and 412 before the kill: %v", s.unexpected)
	}
	t.Logf("killed after %d confirmed saves; %d saves were in flight", len(s.confirmed), len(s.inFlight))

	in = startInstance(t, "restarted", dsn)
	var session struct{ User struct{ Email string } }
	if code := getJSON(t, in.base+"/api/v1/auth/session", cookie, &session); code != 200 || session.User.Email != "chefin@schule.de" {
		t.Fatalf("the session from before the kill: %d %+v, want 200 for chefin@schule.de", code, session)
	}
	latest := checkHistory(t, in.base, cookie, s)

	// The database takes new saves and sign-ins after the restart.
	if code := putConfig(in.base, cookie, fmt.Sprintf(`"%d"`, latest), "Nach dem Neustart"); code != 200 {
		t.Fatalf("save on version %d after the restart: %d", latest, code)
	}
	resp, err := http.Post(in.base+"/api/v1/auth/login", "application/json",
		strings.NewReader(`{"email":"chefin@schule.de","password":"`+crashAdminPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Fatalf("sign-in after the restart: %d", resp.StatusCode)
	}
	checkDB(t, latest+1)
}

// checkHistory compares the stored versions with what the saver was told
// and returns the newest version.
func checkHistory(t *testing.T, base string, cookie *http.Cookie, s *saver) int64 {
	t.Helper()
	var history struct{ Versions []struct{ Version int64 } }
	if code := getJSON(t, base+"/api/v1/config/history", cookie, &history); code != 200 {
		t.Fatalf("history after the restart: %d", code)
	}
	n := int64(len(history.Versions))
	for i, v := range history.Versions {
		if v.Version != n-int64(i) {
			t.Fatalf("history has version %d at place %d of %d: the sequence has a gap", v.Version, i, n)
		}
	}
	stored := make(map[string]int64) // name → version
	for v := int64(2); v <= n; v++ {
		var cv struct {
			Version int64
			Config  json.RawMessage
		}
		if code := getJSON(t, base+"/api/v1/config/history/"+strconv.FormatInt(v, 10), cookie, &cv); code != 200 {
			t.Fatalf("version %d: %d (not readable or not valid)", v, code)
		}
		got, err := grading.ParseConfig(cv.Config)
		if err != nil {
			t.Fatalf("version %d does not validate: %v", v, err)
		}
		want, sent := s.sent(got.Name)
		if !sent {
			t.Fatalf("version %d is %q, which no 200 or lost answer accounts for", v, got.Name)
		}
		if got != want {
			t.Fatalf("version %d differs from the document sent:\n got %+v\nwant %+v", v, got, want)
		}
		stored[got.Name] = v
	}
	for name, v := range s.confirmed {
		if stored[name] != v {
			t.Errorf("save %q was answered 200 as version %d, but the history has it as %d (0: missing)", name, v, stored[name])
		}
	}
	t.Logf("history after the restart: %d versions, %d of them confirmed saves", n, len(s.confirmed))
	return n
}

// saver runs concurrent saves, each on the version it believes current,
// and remembers what the server answered.
type saver struct {
	base    string
	cookie  *http.Cookie
	version atomic.Int64

	mu         sync.Mutex
	docs       map[string]grading.Config // every document sent, by name
	confirmed  map[string]int64          // answered 200: name → version
	inFlight   map[string]bool           // sent, answer lost in the kill
	unexpected []string
	waiters    []chan struct{}
	wantCount  []int
}

func newSaver(base string, cookie *http.Cookie) *saver {
	s := &saver{base: base, cookie: cookie, docs: map[string]grading.Config{},
		confirmed: map[string]int64{}, inFlight: map[string]bool{}}
	s.version.Store(1)
	return s
}

// enough is closed once n saves are confirmed.
func (s *saver) enough(n int) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan struct{})
	s.waiters, s.wantCount = append(s.waiters, ch), append(s.wantCount, n)
	return ch
}

func (s *saver) sent(name string) (grading.Config, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cfg, ok := s.docs[name]
	_, confirmed := s.confirmed[name]
	return cfg, ok && (confirmed || s.inFlight[name])
}

// work saves until the server is gone. A 412 carries the current version,
// on which the next attempt builds.
func (s *saver) work(worker int) {
	for n := 0; ; n++ {
		name := fmt.Sprintf("Lauf %d-%d", worker, n)
		doc := strings.Replace(aliasDoc, "Original", name, 1)
		cfg, err := grading.ParseConfig([]byte(doc))
		if err != nil {
			panic(err)
		}
		s.mu.Lock()
		s.docs[name] = cfg
		s.mu.Unlock()
		base := s.version.Load()
		req, _ := http.NewRequest("PUT", s.base+"/api/v1/config", strings.NewReader(doc))
		req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, base))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(s.cookie)
		resp, err := http.DefaultClient.Do(req)
		var body []byte
		if err == nil {
			body, err = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		if err != nil { // the kill: whether it was stored is unknown
			s.mu.Lock()
			s.inFlight[name] = true
			s.mu.Unlock()
			return
		}
		var answer struct {
			Version int64
			Error   struct{ Current struct{ Version int64 } }
		}
		json.Unmarshal(body, &answer)
		switch resp.StatusCode {
		case http.StatusOK:
			s.confirm(name, answer.Version)
		case http.StatusPreconditionFailed:
			s.advance(answer.Error.Current.Version)
		default:
			s.mu.Lock()
			s.unexpected = append(s.unexpected, fmt.Sprintf("%d %s", resp.StatusCode, body))
			s.mu.Unlock()
			return
		}
	}
}

func (s *saver) advance(v int64) {
	for {
		old := s.version.Load()
		if v <= old || s.version.CompareAndSwap(old, v) {
			return
		}
	}
}

func (s *saver) confirm(name string, version int64) {
	s.advance(version)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.confirmed[name] = version
	for i, ch := range s.waiters {
		if ch != nil && len(s.confirmed) >= s.wantCount[i] {
			close(ch)
			s.waiters[i] = nil
		}
	}
}

func getJSON(t *testing.T, url string, cookie *http.Cookie, into any) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	req.AddCookie(cookie)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == 200 {
		if err := json.NewDecoder(resp.Body).Decode(into); err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
	}
	return resp.StatusCode
}
