package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
)

// instance is `notenrechner serve` in a process of its own.
type instance struct {
	base string
	cmd  *exec.Cmd
	logs *syncBuffer
}

func startInstance(t *testing.T, name, dsn string) *instance {
	t.Helper()
	if strings.HasPrefix(dsn, "postgres") {
		u, _ := url.Parse(dsn)
		q := u.Query()
		q.Set("application_name", "notenrechner-"+name) // so a test can find this instance's connections
		u.RawQuery = q.Encode()
		dsn = u.String()
	}
	return startProcess(t, name, freeAddr(t), dsn)
}

// startProcess runs `notenrechner serve` at addr on dsn as a process of its
// own and waits until /healthz answers 200.
func startProcess(t *testing.T, name, addr, dsn string) *instance {
	t.Helper()
	in := &instance{base: "http://" + addr, logs: &syncBuffer{}}
	in.cmd = exec.Command(os.Args[0], "serve", "--addr", addr, "--db", dsn)
	// The safety-net poll is pushed out of reach, so that only LISTEN/NOTIFY
	// (and the re-read after a reconnect) can deliver a save in this test.
	in.cmd.Env = append(os.Environ(), "NOTENRECHNER_RUN_MAIN=1", "NOTENRECHNER_POSTGRES_POLL_INTERVAL=1h")
	in.cmd.Stderr = in.logs
	if err := in.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.cmd.Process.Signal(os.Interrupt)
		in.cmd.Wait()
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		if resp, err := http.Get(in.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return in
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("instance %s not healthy after 20 s:\n%s", name, in.logs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stream collects the ids of the config events an SSE client receives.
type stream struct {
	ids  chan string
	done chan struct{} // closed when the server ended the stream
}

func openStream(t *testing.T, base string) *stream {
	t.Helper()
	return openHostStream(t, base, "")
}

// openHostStream opens the default scale's stream as if at host ("": base's own).
func openHostStream(t *testing.T, base, host string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/api/v1/config/events", nil)
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	s := &stream{ids: make(chan string, 100), done: make(chan struct{})}
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
				id = eventVersion(id)
				s.ids <- id
			}
		}
	}()
	return s
}

// next waits for the next event; the bound only turns a hang into a failure.
func (s *stream) next(t *testing.T) (string, time.Duration) {
	t.Helper()
	start := time.Now()
	select {
	case id := <-s.ids:
		return id, time.Since(start)
	case <-time.After(10 * time.Second):
		t.Fatal("no event within 10 s")
		return "", 0
	}
}

// quiet asserts that no further event arrives for a while (no duplicates).
func (s *stream) quiet(t *testing.T, d time.Duration) {
	t.Helper()
	select {
	case id := <-s.ids:
		t.Fatalf("unexpected extra event with id %s", id)
	case <-time.After(d):
	}
}

func signInAdmin(t *testing.T, base, dsn string) *http.Cookie {
	t.Helper()
	if _, errOut, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", dsn, "--email", "chefin@schule.de"); err != nil {
		t.Fatalf("admin create: %v %s", err, errOut)
	}
	resp, err := http.Post(base+"/api/v1/auth/login", "application/json",
		strings.NewReader(`{"email":"chefin@schule.de","password":"Zebrafink-Kastanie-42"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return sessionCookie(t, resp)
}

// sessionCookie is the session cookie a sign-in answered, or the test fails.
func sessionCookie(t *testing.T, resp *http.Response) *http.Cookie {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == "notenrechner_session" {
			return c
		}
	}
	t.Fatalf("sign-in: %d without a session cookie", resp.StatusCode)
	return nil
}

// putConfig saves through an instance's API and returns the status; a
// transport error is status 0 (safe to call from another goroutine).
func putConfig(base string, cookie *http.Cookie, ifMatch, name string) int {
	req, _ := http.NewRequest("PUT", base+"/api/v1/config", strings.NewReader(strings.Replace(aliasDoc, "Original", name, 1)))
	req.Header.Set("If-Match", ifMatch)
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(cookie)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.StatusCode
}

// Two server processes on one PostgreSQL behave like one: a save through A
// reaches a page on B, also after B lost its database connections, exactly
// once; and two saves on the same version from both are one win, one 412.
func TestTwoInstancesOnOnePostgres(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a := startInstance(t, "a", dsn)
	b := startInstance(t, "b", dsn)
	cookie := signInAdmin(t, a.base, dsn)
	onB := openStream(t, b.base)
	if id, _ := onB.next(t); id != "1" {
		t.Fatalf("first event on B has id %s, want 1", id)
	}

	if code := putConfig(a.base, cookie, `"1"`, "Von A"); code != 200 {
		t.Fatalf("save on A: %d", code)
	}
	id, took := onB.next(t)
	if id != "2" {
		t.Fatalf("B's page got id %s after A's save, want 2", id)
	}
	t.Logf("A's save reached B's page after %v", took)

	// Every connection of B dies, as in a database restart.
	pgtest.Exec(t, dsn, `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE application_name = 'notenrechner-b' AND datname = current_database()`)
	time.Sleep(200 * time.Millisecond) // the save lands while B is still reconnecting
	if code := putConfig(a.base, cookie, `"2"`, "Nach dem Abbruch"); code != 200 {
		t.Fatalf("save on A after B lost its connections: %d", code)
	}
	if id, took = onB.next(t); id != "3" {
		t.Fatalf("after B reconnected its page got id %s, want 3", id)
	}
	t.Logf("the save during B's reconnect reached B's page after %v", took)
	onB.quiet(t, 1500*time.Millisecond)

	// The same If-Match on both instances at once: exactly one wins.
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, in := range []*instance{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i] = putConfig(in.base, cookie, `"3"`, fmt.Sprintf("Gleichzeitig %d", i))
		}()
	}
	wg.Wait()
	if !(codes[0] == 200 && codes[1] == 412 || codes[0] == 412 && codes[1] == 200) {
		t.Fatalf("concurrent saves on version 3 answered %v, want one 200 and one 412", codes)
	}
	if id, _ = onB.next(t); id != "4" {
		t.Fatalf("B's page got id %s after the winning save, want 4", id)
	}
	onB.quiet(t, time.Second)
}

// While its database is unreachable an instance reports itself down on
// /healthz; when the database returns it recovers by itself, and its pages
// get the saves made meanwhile.
func TestInstanceRecoversWhenTheDatabaseReturns(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	u, _ := url.Parse(dsn)
	proxy := newTCPProxy(t, u.Host)
	viaProxy := *u
	viaProxy.Host = proxy.addr
	a := startInstance(t, "a", dsn)
	b := startInstance(t, "b", viaProxy.String())
	cookie := signInAdmin(t, a.base, dsn)
	onB := openStream(t, b.base)
	if id, _ := onB.next(t); id != "1" {
		t.Fatalf("first event id %s", id)
	}

	proxy.cut()
	waitHealth(t, b.base, http.StatusServiceUnavailable)
	if code := putConfig(a.base, cookie, `"1"`, "Während des Ausfalls"); code != 200 {
		t.Fatalf("save on A while B's database is unreachable: %d", code)
	}
	proxy.restore()
	waitHealth(t, b.base, http.StatusOK)
	id, took := onB.next(t)
	if id != "2" {
		t.Fatalf("after the database returned B's page got id %s, want 2", id)
	}
	t.Logf("B caught up %v after its health returned", took)
	onB.quiet(t, time.Second)
}

func waitHealth(t *testing.T, base string, want int) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(base + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == want {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz did not answer %d within 30 s", want)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
