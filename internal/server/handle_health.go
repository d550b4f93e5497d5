package server

import (
	"context"
	"net/http"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// handleHealth reports liveness and whether the database answers, so that a
// load balancer takes an instance out while its database is unreachable.
func handleHealth(s store.Store) http.Handler { return Health(s) }

// Health answers /healthz for whatever answers Ping: a school's store, or the deployment's database
// for a host that names no school (internal/tenancy).
func Health(s interface {
	Ping(ctx context.Context) error
}) http.Handler {
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
