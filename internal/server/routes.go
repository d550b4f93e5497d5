package server

import (
	"net/http"

	"github.com/notenrechner/notenrechner/internal/live"
)

// addRoutes lists every route of the product in one place.
func addRoutes(mux *http.ServeMux, d Deps, m *metrics) {
	mux.Handle("GET /api/v1/config", handleConfigGet(d.Broker, d.Logger))
	mux.Handle("GET /api/v1/config/events", live.Handler(d.Broker, d.Heartbeat, d.Logger))
	mux.Handle("GET /api/v1/grade", handleGrade(d.Broker, d.Logger))
	mux.Handle("/api/", handleAPINotFound(d.Logger))

	mux.Handle("GET /healthz", handleHealth(d.Store))
	mux.Handle("GET /metrics", handleMetrics(m, d.Broker))

	mux.Handle("/", handleApp(d.Assets, d.Logger))
}
