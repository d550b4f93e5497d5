package live

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sseMessage is one parsed block of an event stream.
type sseMessage struct {
	id, event, data, comment, retry string
}

type sseClient struct {
	t    *testing.T
	resp *http.Response
	msgs chan sseMessage
}

func connect(t *testing.T, url, lastEventID string) *sseClient {
	t.Helper()
	return connectWith(t, http.DefaultClient, url, lastEventID)
}

// connectWith opens a stream through client (a TLS test server's, for one).
func connectWith(t *testing.T, client *http.Client, url, lastEventID string) *sseClient {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	if lastEventID != "" {
		req.Header.Set("Last-Event-ID", lastEventID)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		t.Fatalf("status %d, content type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	c := &sseClient{t: t, resp: resp, msgs: make(chan sseMessage, 100)}
	go func() {
		defer close(c.msgs)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		var m sseMessage
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "":
				if m != (sseMessage{}) {
					c.msgs <- m
				}
				m = sseMessage{}
			case strings.HasPrefix(line, ":"):
				m.comment = strings.TrimSpace(line[1:])
			case strings.HasPrefix(line, "id: "):
				m.id = line[4:]
			case strings.HasPrefix(line, "event: "):
				m.event = line[7:]
			case strings.HasPrefix(line, "retry: "):
				m.retry = line[7:]
			case strings.HasPrefix(line, "data:"):
				m.data = strings.TrimPrefix(line[5:], " ")
			}
		}
	}()
	return c
}

// nextEvent skips retry hints and heartbeats and returns the next config event.
func (c *sseClient) nextEvent() sseMessage {
	c.t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m, ok := <-c.msgs:
			if !ok {
				c.t.Fatal("stream ended while waiting for an event")
			}
			if m.event != "" && m.event != "ping" {
				return m
			}
		case <-timeout:
			c.t.Fatal("no event within 10 s")
		}
	}
}

func checkEvent(t *testing.T, m sseMessage, version int64, name string) {
	t.Helper()
	var body struct {
		Version int64 `json:"version"`
		Config  struct {
			Name string `json:"name"`
		} `json:"config"`
	}
	if err := json.Unmarshal([]byte(m.data), &body); err != nil {
		t.Fatalf("event data is not JSON: %v: %q", err, m.data)
	}
	if m.event != "config" || m.id != "standard."+strconv.FormatInt(version, 10) || body.Version != version || body.Config.Name != name {
		t.Fatalf("event = id %q, event %q, version %d, name %q; want id/version %d, config, name %q",
			m.id, m.event, body.Version, body.Config.Name, version, name)
	}
}

func startStream(t *testing.T, heartbeat time.Duration) (*Broker, string) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	srv := httptest.NewServer(Handler(b, admitAll, heartbeat, quietLogger()))
	t.Cleanup(func() { b.Close(); srv.Close() })
	return b, srv.URL
}

func TestStreamConnectAndChange(t *testing.T) {
	b, url := startStream(t, time.Hour)
	c := connect(t, url, "")
	checkEvent(t, c.nextEvent(), 1, "eins")
	b.Publish(event(t, 2, "zwei"))
	checkEvent(t, c.nextEvent(), 2, "zwei")
}

func TestStreamResumeWithoutDuplicate(t *testing.T) {
	b, url := startStream(t, time.Hour)
	c := connect(t, url, "standard.1") // the client already has version 1
	waitForClients(t, b, 1)
	b.Publish(event(t, 2, "zwei"))
	checkEvent(t, c.nextEvent(), 2, "zwei") // not version 1 again first

	behind := connect(t, url, "standard.1") // missed version 2 while away: gets it at once
	checkEvent(t, behind.nextEvent(), 2, "zwei")
	garbage := connect(t, url, "kaputt") // unreadable id: start from the current version
	checkEvent(t, garbage.nextEvent(), 2, "zwei")
}

func TestStreamHeartbeat(t *testing.T) {
	_, url := startStream(t, 20*time.Millisecond)
	c := connect(t, url, "standard.1")
	timeout := time.After(10 * time.Second)
	for {
		select {
		case m := <-c.msgs:
			if m.event == "ping" && m.comment == "ping" {
				return // a comment for proxies, an event the page can see
			}
			if m.event != "" {
				t.Fatalf("unexpected event %+v for an up-to-date client", m)
			}
		case <-timeout:
			t.Fatal("no heartbeat")
		}
	}
}

// A client that opens a stream and never reads fills its socket, the
// handler's write blocks, its buffer fills, and it is dropped, while a
// reading client gets every version.
func TestStreamSlowClientDoesNotBlockOthers(t *testing.T) {
	b, url := startStream(t, time.Hour)
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.(*net.TCPConn).SetReadBuffer(4096)
	conn.Write([]byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n"))
	fast := connect(t, url, "")
	checkEvent(t, fast.nextEvent(), 1, "eins")
	waitForClients(t, b, 2)

	big := strings.Repeat("x", 64)
	for v := int64(2); v <= 400; v++ {
		ev := event(t, v, "v"+strconv.FormatInt(v, 10))
		ev.Frame = append(ev.Frame[:len(ev.Frame)-2], []byte("\n: "+strings.Repeat(big, 1024)+"\n\n")...) // 64 KiB of padding
		published := make(chan struct{})
		go func() { b.Publish(ev); close(published) }()
		select {
		case <-published:
		case <-time.After(10 * time.Second):
			t.Fatalf("publishing version %d was held up by a client that does not read", v)
		}
		checkEvent(t, fast.nextEvent(), v, "v"+strconv.FormatInt(v, 10))
	}
	if n := b.Clients(); n != 1 {
		t.Fatalf("%d clients after 25 MiB to a reader that never reads, want the slow one dropped", n)
	}
}

func waitForClients(t *testing.T, b *Broker, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for b.Clients() < n {
		if time.Now().After(deadline) {
			t.Fatalf("%d clients after 10 s, want %d", b.Clients(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// The stream opens with a retry: hint, before any event, so that a browser
// reconnects after a second whatever its own default; a resumed stream too.
func TestStreamSetsRetry(t *testing.T) {
	_, url := startStream(t, time.Hour)
	for _, last := range []string{"", "standard.1"} {
		c := connect(t, url, last)
		select {
		case m := <-c.msgs:
			ms, err := strconv.Atoi(m.retry)
			if err != nil || ms < 100 || ms > 10_000 || m.event != "" {
				t.Fatalf("first block (Last-Event-ID %q) = %+v; want a retry of 0.1–10 s before any event", last, m)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no first block within 10 s")
		}
	}
}

// plainWriter hides everything of the ResponseWriter but writing and flushing, so that the stream
// cannot be taken over and is served through the handler (serveStream), as over HTTP/2.
type plainWriter struct {
	w http.ResponseWriter
}

func (p plainWriter) Header() http.Header         { return p.w.Header() }
func (p plainWriter) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p plainWriter) WriteHeader(status int)      { p.w.WriteHeader(status) }
func (p plainWriter) Flush()                      { p.w.(http.Flusher).Flush() }

// Every stream brings an event at once, however it is carried and whether or not the client has the
// current version: a ping after the current version. The page takes a stream that brings no event
// within 10 s for one a proxy buffers, and polls instead (web/src/lib/live-connection.ts); a resumed
// stream would otherwise be silent until the first heartbeat.
func TestStreamPingsAtStart(t *testing.T) {
	b := NewBroker(quietLogger(), 4)
	b.Publish(event(t, 1, "eins"))
	handler := Handler(b, admitAll, time.Hour, quietLogger())
	plain := httptest.NewServer(handler)      // taken over, written by the broker (socket.go)
	overTLS := httptest.NewTLSServer(handler) // taken over, a writerStream
	notTaken := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handler.ServeHTTP(plainWriter{w}, r) // through the handler, a writerStream
	}))
	t.Cleanup(func() { b.Close(); plain.Close(); overTLS.Close(); notTaken.Close() })
	for _, carrier := range []struct {
		name string
		srv  *httptest.Server
	}{{"taken over", plain}, {"TLS", overTLS}, {"not taken over", notTaken}} {
		for _, last := range []string{"", "standard.1"} {
			t.Run(carrier.name+"/Last-Event-ID "+last, func(t *testing.T) {
				c := connectWith(t, carrier.srv.Client(), carrier.srv.URL, last)
				var got []string
				timeout := time.After(5 * time.Second)
				for {
					select {
					case m, ok := <-c.msgs:
						if !ok {
							t.Fatalf("stream ended after %v", got)
						}
						got = append(got, m.event)
						if m.event == "ping" {
							if want := map[string]int{"": 3, "standard.1": 2}[last]; len(got) != want {
								t.Fatalf("blocks before the first ping: %q; want the retry hint%s, then the ping",
									got, map[string]string{"": " and the current version", "standard.1": ""}[last])
							}
							return
						}
					case <-timeout:
						t.Fatalf("no ping within 5 s of opening (heartbeat an hour); blocks: %q", got)
					}
				}
			})
		}
	}
}
