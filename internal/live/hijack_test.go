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

// Streams run on taken-over HTTP/1.1 connections (takeover.go): the head must carry the headers set
// before the handler (the server's security headers), and a client that leaves must be let go at
// once, not at the next heartbeat.

func TestTakenOverStreamKeepsHeadersAndNoticesLeaving(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	outer := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		Handler(b, admitAll, time.Hour, quietLogger()).ServeHTTP(w, r)
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

// openRawStream starts a stream on a plain TCP connection and reads up to its first event.
func openRawStream(t *testing.T, url string) (net.Conn, *bufio.Reader) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if err := req.Write(conn); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		t.Fatal(err)
	}
	body := bufio.NewReader(res.Body)
	for {
		line, err := body.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(line, "event: config") {
			return conn, body
		}
	}
}

// readsToEnd reports whether the stream ends (EOF or reset) within d.
func readsToEnd(conn net.Conn, body *bufio.Reader, d time.Duration) bool {
	_ = conn.SetReadDeadline(time.Now().Add(d))
	for {
		if _, err := body.ReadString('\n'); err != nil {
			var ne net.Error
			return !(errors.As(err, &ne) && ne.Timeout())
		}
	}
}

// Shutdown does not wait for taken-over connections; WaitStreams ends them and waits until each
// stream has closed its connection.
func TestWaitStreamsEndsTakenOverStreams(t *testing.T) {
	b, url := startStream(t, time.Hour)
	var streams [3]struct {
		conn net.Conn
		body *bufio.Reader
	}
	for i := range streams {
		streams[i].conn, streams[i].body = openRawStream(t, url)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := b.WaitStreams(ctx); err != nil {
		t.Fatalf("WaitStreams: %v", err)
	}
	for i, s := range streams {
		if !readsToEnd(s.conn, s.body, time.Second) {
			t.Errorf("stream %d still open after WaitStreams returned", i)
		}
	}
}

// A client that sends bytes after its request (EventSource never does) is cut off instead of being
// read one system call per byte for as long as it likes.
func TestStreamCutsOffAClientThatKeepsSending(t *testing.T) {
	_, url := startStream(t, time.Hour)
	conn, body := openRawStream(t, url)
	if _, err := conn.Write([]byte("noise")); err != nil {
		t.Fatal(err)
	}
	if !readsToEnd(conn, body, 5*time.Second) {
		t.Fatal("the stream stayed open while the client kept sending")
	}
}
