package live

import (
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// writeTimeout bounds one write to a stream: a client that does not read
// for this long is given up on (it reconnects and resumes).
const writeTimeout = 10 * time.Second

// retryFrame tells EventSource to reconnect 1 s after a dropped stream (its
// own default differs between browsers). The page opens a new EventSource
// with back-off when the browser gives up (web/src/lib/use-live-config.ts).
var retryFrame = []byte("retry: 1000\n\n")

// pingFrame is the heartbeat: the comment line SPEC §6 asks for, in the
// same block a `ping` event, because EventSource hides comments from the
// page, and the page must see that a quiet stream is alive (it replaces one
// silent for 45 s: a lost network often shows no error).
var pingFrame = []byte(": ping\nevent: ping\ndata:\n\n")

// Handler serves GET /api/v1/config/events: the current configuration at
// connect (unless Last-Event-ID says the client has it already), every new
// version after that, and a ping event every heartbeat so that proxies
// keep the connection open and the page knows it is alive.
func Handler(b *Broker, heartbeat time.Duration, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		// The server's WriteTimeout is meant for ordinary requests; a stream
		// lives for hours, so each write gets its own deadline instead.
		if err := rc.SetWriteDeadline(time.Time{}); err != nil {
			logger.Debug("stream without write deadlines", "err", err)
		}
		h := w.Header()
		h.Set("Content-Type", "text/event-stream; charset=utf-8")
		h.Set("Cache-Control", "no-cache")
		h.Set("X-Accel-Buffering", "no") // nginx: do not buffer the stream
		w.WriteHeader(http.StatusOK)

		sub, current := b.Subscribe()
		defer b.Unsubscribe(sub)

		sent := lastEventID(r)
		write := func(p []byte) bool {
			_ = rc.SetWriteDeadline(time.Now().Add(writeTimeout))
			if _, err := w.Write(p); err != nil {
				return false
			}
			return rc.Flush() == nil
		}
		if !write(retryFrame) {
			return
		}
		if current != nil && current.Version != sent {
			if !write(current.Frame) {
				return
			}
			sent = current.Version
		}
		ticker := time.NewTicker(heartbeat)
		defer ticker.Stop()
		for {
			select {
			case <-r.Context().Done():
				return
			case ev, open := <-sub.C:
				if !open {
					return // dropped as too slow, or shutting down
				}
				if ev.Version <= sent {
					continue // the client has it (resumed) or something newer
				}
				if !write(ev.Frame) {
					return
				}
				sent = ev.Version
			case <-ticker.C:
				if !write(pingFrame) {
					return
				}
			}
		}
	})
}

// lastEventID reads the version the client already has. A missing or
// malformed value means "none": the stream then starts with the current
// version, which is always safe because every event is a full snapshot.
func lastEventID(r *http.Request) int64 {
	v, err := strconv.ParseInt(strings.TrimSpace(r.Header.Get("Last-Event-ID")), 10, 64)
	if err != nil || v < 1 {
		return 0
	}
	return v
}
