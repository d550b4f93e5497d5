package proxytest

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// An upstream with an event stream that sends one event at once and flushes it, then more when
// told, and ends when told; and a plain answer with a header.
func upstream(t *testing.T) (srv *httptest.Server, more, end chan struct{}) {
	more, end = make(chan struct{}), make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/events" {
			w.Header().Set("ETag", `"7"`)
			if r.Header.Get("If-None-Match") == `"7"` {
				w.WriteHeader(http.StatusNotModified)
				return
			}
			io.WriteString(w, `{"version":7}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "event: ping\ndata:\n\n")
		w.(http.Flusher).Flush()
		for {
			select {
			case <-more:
				io.WriteString(w, "event: config\ndata: {}\n\n")
				w.(http.Flusher).Flush()
			case <-end:
				return
			case <-r.Context().Done():
				return
			}
		}
	}))
	t.Cleanup(srv.Close)
	return srv, more, end
}

func through(t *testing.T, up *httptest.Server) *httptest.Server {
	target, _ := url.Parse(up.URL)
	p := httptest.NewServer(Buffering(target))
	t.Cleanup(p.Close)
	return p
}

func TestBufferingHoldsAnEventStreamUntilItEnds(t *testing.T) {
	up, more, end := upstream(t)
	proxy := through(t, up)
	res, err := http.Get(proxy.URL + "/events") // the head comes at once
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("head: %d %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	first := make(chan string, 1) // the first bytes of the body, as soon as any arrive
	rest := make(chan string, 1)
	go func() {
		buf := make([]byte, 4096)
		n, _ := res.Body.Read(buf)
		first <- string(buf[:n])
		b, _ := io.ReadAll(res.Body)
		rest <- string(buf[:n]) + string(b)
	}()
	more <- struct{}{} // the upstream has sent and flushed two events by now
	select {
	case b := <-first:
		t.Fatalf("the body came before the stream ended: %q", b)
	case <-time.After(300 * time.Millisecond):
	}
	close(end)
	select {
	case b := <-rest:
		if b != "event: ping\ndata:\n\nevent: config\ndata: {}\n\n" {
			t.Fatalf("body = %q", b)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no body 10 s after the stream ended")
	}
}

func TestBufferingPassesOtherAnswers(t *testing.T) {
	up, _, _ := upstream(t)
	proxy := through(t, up)
	req, _ := http.NewRequest(http.MethodGet, proxy.URL+"/config", nil)
	req.Header.Set("If-None-Match", `"7"`)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNotModified || res.Header.Get("ETag") != `"7"` {
		t.Fatalf("conditional GET: %d, ETag %q", res.StatusCode, res.Header.Get("ETag"))
	}
	res, err = http.Get(proxy.URL + "/config")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	line, _ := bufio.NewReader(res.Body).ReadString('\n')
	if res.StatusCode != 200 || !strings.HasPrefix(line, `{"version":7}`) {
		t.Fatalf("GET: %d %q", res.StatusCode, line)
	}
}
