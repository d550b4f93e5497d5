package live

import (
	"log/slog"
	"net/http"
	"strings"
	"time"
)

// writeTimeout bounds one write to a stream: a client that does not read
// for this long is given up on (it reconnects and resumes).
const writeTimeout = 10 * time.Second

// retryFrame tells EventSource to reconnect 1 s after a dropped stream (its
// own default differs between browsers). The page opens a new EventSource
// with back-off when the browser gives up (web/src/lib/live-connection.ts).
var retryFrame = []byte("retry: 1000\n\n")

// pingFrame is the heartbeat of docs/spec.md §6: a comment line for proxies,
// and in the same block a `ping` event, because EventSource hides comments from the
// page, and the page must see that a quiet stream is alive (it replaces one
// silent for 45 s: a lost network often shows no error). Every stream also
// starts with one, after the current version: a proxy that buffers event
// streams lets headers through but no event, and the page takes a stream
// that brings no event within 10 s of opening for such a proxy and asks by
// polling instead (web/src/lib/live-connection.ts). A resumed stream whose
// client has the current version would otherwise send nothing for 20 s.
var pingFrame = []byte(": ping\nevent: ping\ndata:\n\n")

// Admit lets a stream open, or answers the request itself with a refusal
// (ok false). The server decides by client address (a Guard); release is
// called when the stream ends.
type Admit func(w http.ResponseWriter, r *http.Request) (release func(), ok bool)

// Handler serves GET /api/v1/config/events: the current configuration at
// connect (unless Last-Event-ID says the client has it already), every new
// version after that, and a ping event every heartbeat so that proxies
// keep the connection open and the page knows it is alive. The pings come
// from the broker's one heartbeat loop (beat), which runs at the heartbeat
// of the stream that started it: every handler of a server has the same.
func Handler(b *Broker, admit Admit, heartbeat time.Duration, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		release, ok := admit(w, r)
		if !ok {
			return
		}
		h := w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
		if r.Method == http.MethodHead {
			// The head of a stream; no events follow. The page asks with HEAD after a refused stream,
			// to read Retry-After, which EventSource hides.
			release()
			w.WriteHeader(http.StatusOK)
			return
		}
		sent := ResumesAt(b.Current(), strings.TrimSpace(r.Header.Get("Last-Event-ID")))
		rc := http.NewResponseController(w)
		// Counted before the take-over, while the server still tracks this connection, so that a
		// Shutdown that has returned has seen every start (WaitStreams). A closed broker takes
		// none over: the stream goes through w and ends at once (the page reconnects).
		if b.startTaken() {
			if conn, ok := hijack(rc, h, logger); ok {
				// The handler returns at once: net/http's buffers, the request and this goroutine's
				// stack are freed, and the stream lives on in one small goroutine that waits for the
				// client to leave; the broker writes the events (socket.go, docs/benchmarks.md).
				go func() {
					defer b.endTaken()
					defer release()
					streamTakenOver(b, conn, sent, heartbeat)
				}()
				return
			}
			b.endTaken() // served through w: Shutdown waits for this handler itself
		}
		defer release()
		serveStream(b, w, rc, r, sent, heartbeat, logger)
	})
}

// serveStream is the stream through the ResponseWriter (a writerStream), for connections that
// cannot be taken over.
func serveStream(b *Broker, w http.ResponseWriter, rc *http.ResponseController, r *http.Request, sent int64,
	heartbeat time.Duration, logger *slog.Logger) {
	// The server's WriteTimeout is meant for ordinary requests; a stream
	// lives for hours, so each write gets its own deadline instead.
	if err := rc.SetWriteDeadline(time.Time{}); err != nil {
		logger.Debug("stream without write deadlines", "err", err)
	}
	w.WriteHeader(http.StatusOK)
	write := func(p []byte) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
		if _, err := w.Write(p); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	b.serveWriter(sent, heartbeat, r.Context().Done(), write)
}
