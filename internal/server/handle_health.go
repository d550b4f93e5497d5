package server

import (
	"context"
	"net/http"
	"time"

	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

// handleHealth reports liveness and whether the database answers, so that a
// load balancer takes an instance out while its database is unreachable.
func handleHealth(s store.Store) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		w.Header().Set("Cache-Control", "no-store")
		if err := s.Ping(ctx); err != nil {
			writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "down", "database": "down"})
			return
		}
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
	})
}

// MetricsHandler serves the Prometheus text. In the app it is for admins
// only; serve --metrics-addr also serves it without sign-in on a listener of
// its own, for a scraper on the internal network (docs/operations.md).
func MetricsHandler(m *Metrics, b *live.Broker, g *live.Guard) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var version int64
		if ev := b.Current(); ev != nil {
			version = ev.Version
		}
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		m.write(w, b.Clients(), version)
		writeStreamLimits(w, g)
	})
}
