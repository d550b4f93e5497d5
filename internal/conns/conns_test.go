package conns

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// serve runs an http.Server with the limiter on loopback: / answers at once, /slow waits for release,
// /poll answers as a poll does.
func serve(t *testing.T, l *Limiter, release chan struct{}) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "ok") })
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) { <-release; io.WriteString(w, "late") })
	mux.HandleFunc("/poll", func(w http.ResponseWriter, r *http.Request) {
		Polled(r.Context())
		w.WriteHeader(http.StatusNotModified)
	})
	srv := &http.Server{Handler: mux, ConnState: l.ConnState, ConnContext: l.ConnContext, IdleTimeout: time.Minute}
	go srv.Serve(l.Listener(ln))
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// client is one keep-alive connection that sends requests one at a time.
type client struct {
	c  net.Conn
	br *bufio.Reader
}

func dial(t *testing.T, addr string) *client {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &client{c, bufio.NewReader(c)}
}

// get sends GET path and reads the answer; ok is false when the connection was closed.
func (c *client) get(path string) (status int, body string, ok bool) {
	c.c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c.c, "GET "+path+" HTTP/1.1\r\nHost: test\r\n\r\n"); err != nil {
		return 0, "", false
	}
	res, err := http.ReadResponse(c.br, nil)
	if err != nil {
		return 0, "", false
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	return res.StatusCode, string(b), true
}

// closed reports whether the server has closed the connection (waiting up to d for it).
func (c *client) closed(d time.Duration) bool {
	c.c.SetReadDeadline(time.Now().Add(d))
	_, err := c.br.ReadByte()
	return err != nil && !isTimeout(err)
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}

// TestIdleConnectionsGiveWay: a crowd of idle keep-alive connections from one address never keeps a new
// request (a health check) out; they give way, longest idle first, and the count stays within the bound.
func TestIdleConnectionsGiveWay(t *testing.T) {
	l := New(Options{Max: 20, PerAddress: 8})
	addr := serve(t, l, nil)
	var crowd []*client
	for i := range 40 {
		c := dial(t, addr)
		if _, _, ok := c.get("/"); !ok {
			t.Fatalf("request %d on a new connection was not served", i)
		}
		crowd = append(crowd, c)
		if n := l.Open(); n > 8 {
			t.Fatalf("after %d idle connections from one address %d are open, want at most 8", i+1, n)
		}
	}
	if status, body, ok := dial(t, addr).get("/healthz"); !ok || status != 200 || body != "ok" {
		t.Fatalf("health check behind 40 idle connections: %d %q %v", status, body, ok)
	}
	// The oldest gave way, the newest still work.
	if !crowd[0].closed(time.Second) {
		t.Error("the longest-idle connection is still open")
	}
	if _, _, ok := crowd[len(crowd)-1].get("/"); !ok {
		t.Error("the newest idle connection was closed")
	}
}

// TestExemptPeersShareTheTotal: a trusted proxy's connections have no per-address bound, only the total.
func TestExemptPeersShareTheTotal(t *testing.T) {
	l := New(Options{Max: 12, PerAddress: 2, Exempt: func(a netip.Addr) bool { return a.IsLoopback() }})
	addr := serve(t, l, nil)
	for i := range 30 {
		if _, _, ok := dial(t, addr).get("/"); !ok {
			t.Fatalf("request %d not served", i)
		}
		if n := l.Open(); n > 12 || (i >= 12 && n < 12) {
			t.Fatalf("after %d connections %d are open, want min(%d, 12): the total bounds them, not the address", i+1, n, i+1)
		}
	}
}

// TestWorkingConnectionsAreNeverClosed: at the total bound a connection inside a request is not taken for
// room; a new one is admitted beside it (the reserve covers it) and both are answered.
func TestWorkingConnectionsAreNeverClosed(t *testing.T) {
	l := New(Options{Max: 2, PerAddress: 10})
	release := make(chan struct{})
	addr := serve(t, l, release)
	slow := make([]*client, 2)
	done := make(chan string, 2)
	for i := range slow {
		slow[i] = dial(t, addr)
		go func(c *client) { _, body, _ := c.get("/slow"); done <- body }(slow[i])
	}
	waitFor(t, func() bool { return activeCount(l) == 2 })
	if _, body, ok := dial(t, addr).get("/"); !ok || body != "ok" {
		t.Fatalf("a new request beside two working connections: %q %v", body, ok)
	}
	close(release)
	for range slow {
		if body := <-done; body != "late" {
			t.Errorf("a working connection was cut: got %q", body)
		}
	}
}

// TestPollsDoNotHoldIdleConnections: after a poll the connection may stay idle for PollIdle only; after
// another request it keeps the server's idle time.
func TestPollsDoNotHoldIdleConnections(t *testing.T) {
	l := New(Options{Max: 10, PerAddress: 10, PollIdle: 150 * time.Millisecond})
	addr := serve(t, l, nil)
	poller, other := dial(t, addr), dial(t, addr)
	if status, _, ok := poller.get("/poll"); !ok || status != http.StatusNotModified {
		t.Fatalf("poll: %d %v", status, ok)
	}
	if _, _, ok := other.get("/"); !ok {
		t.Fatal("plain request not served")
	}
	if !poller.closed(3 * time.Second) {
		t.Error("an idle polling connection stayed open past PollIdle")
	}
	if other.closed(500 * time.Millisecond) {
		t.Error("a plain idle connection was closed after PollIdle")
	}
	// A poll followed by a plain request is a plain connection again.
	mixed := dial(t, addr)
	mixed.get("/poll")
	mixed.get("/")
	if mixed.closed(500 * time.Millisecond) {
		t.Error("a connection whose last request was no poll was closed as a poll's")
	}
}

func activeCount(l *Limiter) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, x := range l.open {
		if x.state == http.StateActive {
			n++
		}
	}
	return n
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not reached in 5 s")
}

func TestAddrOfUnixSocketIsOneAddress(t *testing.T) {
	if a := addrOf(&net.UnixAddr{Name: "@", Net: "unix"}); a.IsValid() {
		t.Errorf("addrOf(unix) = %v, want the zero address", a)
	}
	if a := addrOf(&net.TCPAddr{IP: net.ParseIP("::ffff:192.0.2.1"), Port: 5}); a != netip.MustParseAddr("192.0.2.1") {
		t.Errorf("addrOf(mapped) = %v", a)
	}
}

// TestABurstOfNewConnectionsIsNotTakenForRoom: at the total bound, connections that have not sent their
// first request yet are a burst of pages opening (every stream starts so), not waiting: only after
// silentAfter without a request does one give way.
func TestABurstOfNewConnectionsIsNotTakenForRoom(t *testing.T) {
	var mu sync.Mutex
	now := time.Unix(1_000_000, 0)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	l := New(Options{Max: 4, PerAddress: 100, Now: clock}) // the total bound: many pages, many addresses
	addr := serve(t, l, nil)
	var burst []*client
	for range 6 {
		burst = append(burst, dial(t, addr)) // connected, nothing sent yet
	}
	waitFor(t, func() bool { return l.Open() == 6 })
	for i, c := range burst {
		if c.closed(50 * time.Millisecond) {
			t.Fatalf("connection %d of a fresh burst was closed for room", i)
		}
	}
	mu.Lock()
	now = now.Add(silentAfter)
	mu.Unlock()
	if _, _, ok := dial(t, addr).get("/"); !ok {
		t.Fatal("a request after the burst was not served")
	}
	gone := 0
	for _, c := range burst {
		if c.closed(200 * time.Millisecond) {
			gone++
		}
	}
	if gone == 0 {
		t.Error("no connection silent for silentAfter gave way at the bound")
	}
}

// tickingClock is a fake clock that moves a millisecond at each reading: whatever a test does takes far
// less than silentAfter, yet every connection has its own moment.
func tickingClock() func() time.Time {
	var ticks atomic.Int64
	return func() time.Time { return time.Unix(1_000_000, 0).Add(time.Duration(ticks.Add(1)) * time.Millisecond) }
}

// TestASilentFloodFromOneAddressStaysWithinItsBound: one address that opens connections and sends nothing
// cannot pass its bound however fast it opens them: at the bound its own silent connection gives way at
// once (no grace), the longest-silent first, and a request on the newest is served.
func TestASilentFloodFromOneAddressStaysWithinItsBound(t *testing.T) {
	l := New(Options{Max: 1000, PerAddress: 4, Now: tickingClock()})
	addr := serve(t, l, nil)
	var flood []*client
	for range 50 {
		flood = append(flood, dial(t, addr)) // connected, nothing sent
	}
	// The server accepts in order: once the newest connection is answered, all 50 before it were admitted.
	last := dial(t, addr)
	if _, body, ok := last.get("/"); !ok || body != "ok" {
		t.Fatalf("a request behind 50 silent connections: %q %v", body, ok)
	}
	if n := l.Open(); n > 4 {
		t.Fatalf("%d connections from one address are open, want at most its bound 4", n)
	}
	if !flood[0].closed(time.Second) {
		t.Error("the longest-silent connection is still open")
	}
	if flood[len(flood)-1].closed(100 * time.Millisecond) {
		t.Error("the newest silent connection was closed before the older ones")
	}
}

// TestAPeerAtItsBoundWithEveryConnectionWorkingIsRefused: when every connection of an address at its bound
// is inside a request, none is closed for the new one: the new one is closed instead, and the address stays
// within its bound.
func TestAPeerAtItsBoundWithEveryConnectionWorkingIsRefused(t *testing.T) {
	l := New(Options{Max: 1000, PerAddress: 2, Now: tickingClock()})
	release := make(chan struct{})
	addr := serve(t, l, release)
	done := make(chan string, 2)
	for range 2 {
		go func(c *client) { _, body, _ := c.get("/slow"); done <- body }(dial(t, addr))
	}
	waitFor(t, func() bool { return activeCount(l) == 2 })
	if _, _, ok := dial(t, addr).get("/"); ok {
		t.Error("a third connection from an address at its bound of 2 working ones was served")
	}
	if n := l.Open(); n > 2 {
		t.Errorf("%d connections from one address are counted, want at most 2", n)
	}
	close(release)
	for range 2 {
		if body := <-done; body != "late" {
			t.Errorf("a working connection was cut: got %q", body)
		}
	}
	// Once they are done (idle), a new connection is served again: an idle one gives way.
	if _, body, ok := dial(t, addr).get("/"); !ok || body != "ok" {
		t.Errorf("a new connection after the work was done: %q %v", body, ok)
	}
}

// TestExemptPeersHaveNoBoundOfTheirOwnEvenSilent: a trusted proxy's silent connections (its pages' streams
// opening together) count only in the total, with its grace.
func TestExemptPeersHaveNoBoundOfTheirOwnEvenSilent(t *testing.T) {
	l := New(Options{Max: 100, PerAddress: 2, Now: tickingClock(), Exempt: func(a netip.Addr) bool { return a.IsLoopback() }})
	addr := serve(t, l, nil)
	var burst []*client
	for range 10 {
		burst = append(burst, dial(t, addr))
	}
	if _, _, ok := dial(t, addr).get("/"); !ok {
		t.Fatal("a request from a trusted proxy behind 10 silent connections was not served")
	}
	if n := l.Open(); n != 11 {
		t.Errorf("%d connections of a trusted proxy are counted, want all 11", n)
	}
	for i, c := range burst {
		if c.closed(20 * time.Millisecond) {
			t.Errorf("silent connection %d of a trusted proxy was closed", i)
		}
	}
}
