package live

import (
	"bufio"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// scaleServer serves the stream of the scale slug names as the server does: the broker is looked up
// at every request. noTakeOver serves it through the ResponseWriter (a goroutine per stream, as
// for TLS and HTTP/2) instead of a taken-over connection.
func scaleServer(t *testing.T, s *Scales, slug string, noTakeOver bool) string {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _, ok := s.Lookup(slug)
		if !ok {
			http.NotFound(w, r)
			return
		}
		if noTakeOver {
			w = flushOnly{w}
		}
		Handler(b, admitAll, time.Hour, quietLogger()).ServeHTTP(w, r)
	}))
	t.Cleanup(func() { s.Close(); srv.Close() })
	return srv.URL
}

// flushOnly hides every ability of the ResponseWriter but Flush, so that it cannot be taken over.
type flushOnly struct{ w http.ResponseWriter }

func (f flushOnly) Header() http.Header         { return f.w.Header() }
func (f flushOnly) Write(p []byte) (int, error) { return f.w.Write(p) }
func (f flushOnly) WriteHeader(code int)        { f.w.WriteHeader(code) }
func (f flushOnly) Flush()                      { f.w.(http.Flusher).Flush() }

// restOfStream reads the stream until it ends (true) or stays silent for d (false).
func restOfStream(conn net.Conn, body *bufio.Reader, d time.Duration) (string, bool) {
	var rest strings.Builder
	_ = conn.SetReadDeadline(time.Now().Add(d))
	for {
		line, err := body.ReadString('\n')
		rest.WriteString(line)
		if err != nil {
			var ne net.Error
			return rest.String(), !(errors.As(err, &ne) && ne.Timeout())
		}
	}
}

func retiredCount(s *Scales) int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.retired)
}

// waitRetired waits until at most n replaced brokers are kept.
func waitRetired(t *testing.T, s *Scales, n int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for retiredCount(s) > n {
		if time.Now().After(deadline) {
			t.Fatalf("%d replaced brokers kept 5 s after their streams ended, want at most %d", retiredCount(s), n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A scale archived and brought back again and again keeps no replaced broker once its streams have
// ended: at once without streams, when the last stream has gone with them.
func TestRetiredBrokersAreForgotten(t *testing.T) {
	for _, c := range []struct {
		name                 string
		streams              int
		subscribed, noTakeOv bool
	}{
		{"no streams", 0, false, false},
		{"subscriptions", 0, true, false},
		{"taken-over streams", 3, false, false},
		{"streams through the ResponseWriter", 2, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := &memScales{}
			st.set("standard", 1, true, false)
			st.set("ihk", 5, false, false)
			s := NewScales(quietLogger(), 4, st, time.Now)
			refreshed(t, s)
			url := scaleServer(t, s, "ihk", c.noTakeOv)
			for i := range 30 {
				archived := i%2 == 0
				var subs []*Subscription
				if c.subscribed {
					subs = append(subs, subscribe(t, s, "ihk"))
				}
				var conns []net.Conn
				var bodies []*bufio.Reader
				for range c.streams {
					conn, body := openRawStream(t, url)
					conns, bodies = append(conns, conn), append(bodies, body)
				}
				st.set("ihk", 5, false, archived)
				refreshed(t, s)
				for j := range conns {
					if _, ended := restOfStream(conns[j], bodies[j], 5*time.Second); !ended {
						t.Fatalf("round %d: a stream of the replaced broker is still open", i)
					}
					conns[j].Close()
				}
				for _, sub := range subs {
					if _, closed := received(sub); !closed {
						t.Fatalf("round %d: a subscription of the replaced broker is still open", i)
					}
				}
				waitRetired(t, s, 0)
			}
		})
	}
}

// At shutdown WaitStreams waits for the streams of a broker replaced a moment ago, whose streams
// have not been told to end yet (the change's fan-out has not run), and the broker is forgotten
// when the fan-out runs after all.
func TestWaitStreamsWaitsForReplacedBrokers(t *testing.T) {
	st := &memScales{}
	st.set("standard", 1, true, false)
	st.set("ihk", 2, false, false)
	s := NewScales(quietLogger(), 4, st, time.Now)
	refreshed(t, s)
	conn, body := openRawStream(t, scaleServer(t, s, "ihk", false))
	st.set("ihk", 2, false, true)
	fanOut, err := s.Refresh(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if n := retiredCount(s); n != 1 {
		t.Fatalf("%d replaced brokers kept while their stream is open, want 1", n)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.WaitStreams(ctx); err != nil {
		t.Fatalf("WaitStreams: %v", err)
	}
	if _, ended := restOfStream(conn, body, time.Second); !ended {
		t.Fatal("the replaced broker's stream is open after WaitStreams returned")
	}
	fanOut()
	waitRetired(t, s, 0)
}

// An archived scale's open pages get the archived version from their stream, then its end (they
// reconnect to the new broker, which says the same): the version did not change, only the flag.
// Bringing the scale back tells them too; a move of the default ends the streams without a word.
func TestRetiredBrokerTellsItsStreamsTheNewState(t *testing.T) {
	for _, noTakeOver := range []bool{false, true} {
		name := map[bool]string{false: "taken over", true: "through the ResponseWriter"}[noTakeOver]
		t.Run(name, func(t *testing.T) {
			st := &memScales{}
			st.set("standard", 1, true, false)
			st.set("ihk", 3, false, false)
			s := NewScales(quietLogger(), 4, st, time.Now)
			refreshed(t, s)
			url := scaleServer(t, s, "ihk", noTakeOver)
			for _, step := range []struct {
				archived, isDefault bool
				want                string // in the rest of the stream; "" for no event
			}{
				{true, false, "id: ihk.3.archiviert\nevent: config\ndata: {\"version\":3,"},
				{false, false, "id: ihk.3\nevent: config\ndata: {\"version\":3,"},
				{false, true, ""},
			} {
				conn, body := openRawStream(t, url)
				var err error
				for line := ""; line != "\n"; { // the rest of the first event
					if line, err = body.ReadString('\n'); err != nil {
						t.Fatal(err)
					}
				}
				st.set("ihk", 3, step.isDefault, step.archived)
				if step.isDefault {
					st.set("standard", 1, false, false)
				}
				refreshed(t, s)
				rest, ended := restOfStream(conn, body, 5*time.Second)
				switch {
				case !ended:
					t.Fatalf("archived %v, default %v: the stream stayed open: %q", step.archived, step.isDefault, rest)
				case step.want == "" && strings.Contains(rest, "event: config"):
					t.Errorf("a move of the default sent an event: %q", rest)
				case step.want != "" && (!strings.Contains(rest, step.want) ||
					strings.Contains(rest, `"archived":true`) != step.archived):
					t.Errorf("archived %v: the end of the stream is %q, want the version with the flag", step.archived, rest)
				}
				conn.Close()
			}
			waitRetired(t, s, 0)
		})
	}
}

// A slow stream that is retired writes what waits in its backlog and then the last word before it
// ends; the retirement does not wait for it.
func TestRetiredSlowStreamWritesItsBacklogFirst(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	client, r := attachPair(t, b, true)
	if v := nextVersion(t, r); v != 1 {
		t.Fatalf("first event version %d, want 1", v)
	}
	b.Publish(paddedEvent(t, 2, 64)) // more than the socket takes: the stream is slow now
	last := paddedEvent(t, 2, 1)
	last.Frame = append(last.Frame[:len(last.Frame)-2:len(last.Frame)-2], "\n: last word\n\n"...)
	drained := make(chan struct{})
	begin := time.Now()
	b.Retire(last, func() { close(drained) })
	if d := time.Since(begin); d > time.Second {
		t.Fatalf("Retire took %s while the client did not read", d)
	}
	<-drained // no stream of it was taken over through the handler
	_ = client.SetReadDeadline(time.Now().Add(10 * time.Second))
	if v := nextVersion(t, r); v != 2 {
		t.Fatalf("got version %d, want the backlog's 2", v)
	}
	rest, ended := restOfStream(client, r, 10*time.Second)
	if !ended || !strings.Contains(rest, "id: standard.2\n") || !strings.HasSuffix(rest, ": last word\n\n") {
		t.Fatalf("after the backlog (ended %v): %.200q … %q", ended, rest, rest[max(0, len(rest)-40):])
	}
}
