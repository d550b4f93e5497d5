package live

import (
	"bufio"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// Streams run on taken-over HTTP/1.1 connections (events.go): the head must carry the headers set
// before the handler (the server's security headers), and a client that leaves must be let go at
// once, not at the next heartbeat.

func TestTakenOverStreamKeepsHeadersAndNoticesLeaving(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		Handler(b, time.Hour, quietLogger()).ServeHTTP(w, r)
	})
	srv := httptest.NewServer(outer)
	t.Cleanup(func() { b.Close(); srv.Close() })

	conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{
		"Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache",
		"X-Content-Type-Options": "nosniff",
	} {
		if got := res.Header.Get(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if !res.Close || len(res.TransferEncoding) != 0 {
		t.Errorf("body framing: close %v, transfer encoding %v; want a body that ends with the connection", res.Close, res.TransferEncoding)
	}
	body := bufio.NewReader(res.Body)
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(line, "event: config") {
			break
		}
	}
	waitForClients(t, b, 1)
	conn.Close()
	deadline := time.Now().Add(5 * time.Second)
	for b.Clients() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d clients 5 s after the only one left (heartbeat is an hour)", b.Clients())
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestHeadOfStreamSubscribesNobody(t *testing.T) {
	b, url := startStream(t, time.Hour)
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	req, _ := http.NewRequest(http.MethodHead, url, nil)
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("HEAD: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	time.Sleep(100 * time.Millisecond) // a stream would have subscribed by now
	if n := b.Clients(); n != 0 {
		t.Fatalf("%d live clients after a HEAD with its connection still open, want 0", n)
	}
}
