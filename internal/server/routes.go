package server

import (
	"net/http"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
)

// addRoutes lists every route of the product in one place.
func addRoutes(mux *http.ServeMux, d Deps) {
	deny := func(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, d.Logger, err) }
	// Only routes that need the account read the session: static files and
	// the event stream cost no database query.
	withUser := func(h http.Handler) http.Handler { return noStore(d.Sessions.Load(deny, h)) }
	signedIn := func(h http.Handler) http.Handler { return withUser(auth.RequireUser(deny, h)) }
	admin := func(h http.Handler) http.Handler { return withUser(auth.RequireAdmin(deny, h)) }

	mux.Handle("GET /api/v1/config", handleConfigGet(d.Broker, d.Logger))
	mux.Handle("GET /api/v1/config/events", live.Handler(d.Broker, admitStream(d.Streams, d.TrustedProxies, d.Logger), d.Heartbeat, d.Logger))
	mux.Handle("PUT /api/v1/config", admin(handleConfigPut(d)))
	mux.Handle("GET /api/v1/config/history", admin(handleHistory(d)))
	mux.Handle("GET /api/v1/config/history/{version}", admin(handleHistoryVersion(d)))
	mux.Handle("POST /api/v1/config/history/{version}/restore", admin(handleRestore(d)))
	mux.Handle("GET /api/v1/grade", handleGrade(d.Broker, d.Logger))

	// Every account answer is no-store: they carry the account or a Set-Cookie.
	mux.Handle("POST /api/v1/auth/login", noStore(handleLogin(d)))
	mux.Handle("POST /api/v1/auth/logout", noStore(handleLogout(d)))
	mux.Handle("GET /api/v1/auth/session", withUser(handleSession()))
	mux.Handle("POST /api/v1/auth/password", signedIn(handlePasswordChange(d)))
	mux.Handle("GET /api/v1/auth/setup/{token}", noStore(handleSetupCheck(d)))
	mux.Handle("POST /api/v1/auth/setup/{token}", noStore(handleSetup(d)))
	mux.Handle("GET /api/v1/auth/invite/{token}", noStore(handleInviteCheck(d)))
	mux.Handle("POST /api/v1/auth/invite/{token}", noStore(handleInviteAccept(d)))

	mux.Handle("GET /api/v1/users", admin(handleUsersList(d)))
	mux.Handle("POST /api/v1/users", admin(handleUserCreate(d)))
	mux.Handle("PATCH /api/v1/users/{id}", admin(handleUserUpdate(d)))
	mux.Handle("DELETE /api/v1/users/{id}", admin(handleUserDelete(d)))

	mux.Handle("GET /api/v1/openapi.json", handleOpenAPI(d.Logger))
	mux.Handle("GET /api/docs", handleAPIDocs(d.Assets, d.Logger))
	mux.Handle("/api/", handleAPIFallback(mux, d.Logger))

	mux.Handle("GET /healthz", handleHealth(d.Store))
	mux.Handle("GET /metrics", admin(MetricsHandler(d.Metrics, d.Broker, d.Streams)))

	mux.Handle("/", handleApp(d.Assets, d.Logger))
}

// noStore keeps answers that depend on the signed-in account out of every
// cache.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
