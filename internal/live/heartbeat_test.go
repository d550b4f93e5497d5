package live

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// carriers serves handler the three ways a stream leaves the server: on a taken-over socket
// (socketStream), on a taken-over TLS connection and through the ResponseWriter (writerStream).
func carriers(t *testing.T, handler http.Handler) map[string]*httptest.Server {
	t.Helper()
	start := func(h http.Handler, tls bool) *httptest.Server {
		srv := httptest.NewServer
		if tls {
			srv = httptest.NewTLSServer
		}
		s := srv(h)
		t.Cleanup(s.Close)
		return s
	}
	return map[string]*httptest.Server{
		"taken over": start(handler, false),
		"TLS":        start(handler, true),
		"not taken over": start(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			handler.ServeHTTP(plainWriter{w}, r)
		}), false),
	}
}

// The broker's heartbeat loop pings every stream again and again, however it is carried: a page
// replaces a stream that stays silent for 45 s, and the ping at the start is only the first.
func TestHeartbeatReachesEveryCarrier(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	t.Cleanup(b.Close)
	for name, srv := range carriers(t, Handler(b, admitAll, 20*time.Millisecond, quietLogger())) {
		t.Run(name, func(t *testing.T) {
			c := connectWith(t, srv.Client(), srv.URL, "1") // up to date: nothing but pings comes
			pings := 0
			timeout := time.After(10 * time.Second)
			for pings < 4 {
				select {
				case m, ok := <-c.msgs:
					if !ok {
						t.Fatalf("stream ended after %d pings", pings)
					}
					if m.event == "ping" {
						pings++
					}
				case <-timeout:
					t.Fatalf("%d pings in 10 s with a heartbeat of 20 ms, want the start's and more", pings)
				}
			}
		})
	}
}

func beating(b *Broker) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.beating
}

// waitBeating waits until the broker's heartbeat loop runs (want) or has ended.
func waitBeating(t *testing.T, b *Broker, want bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for beating(b) != want {
		if time.Now().After(deadline) {
			t.Fatalf("heartbeat loop running: %v after 5 s, want %v", !want, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A broker without streams, one of many scales, holds no goroutine: its heartbeat loop ends when
// the last stream has gone and starts again with the next, and ends when the broker closes.
func TestHeartbeatLoopRunsOnlyWhileStreamsAreOpen(t *testing.T) {
	b, url := startStream(t, 10*time.Millisecond)
	if beating(b) {
		t.Fatal("heartbeat loop running before any stream opened")
	}
	conn, _ := openRawStream(t, url)
	waitBeating(t, b, true)
	conn.Close()
	waitForClients(t, b, 0)
	waitBeating(t, b, false)

	c := connect(t, url, "1")
	waitBeating(t, b, true)
	for pings := 0; pings < 3; {
		select {
		case m := <-c.msgs:
			if m.event == "ping" {
				pings++
			}
		case <-time.After(5 * time.Second):
			t.Fatal("no heartbeat on a stream opened after the loop had ended")
		}
	}
	b.Close()
	waitBeating(t, b, false)
}
