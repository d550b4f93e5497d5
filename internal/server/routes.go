package server

import (
	"log/slog"
	"net/http"
	"strings"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/web"
)

// addRoutes lists every route of the product in one place, each with what
// its handler uses: a handler maker takes what it touches, never the whole
// Deps (TestHandlerMakersTakeWhatTheyTouch).
func addRoutes(mux *http.ServeMux, d Deps) {
	deny := func(w http.ResponseWriter, r *http.Request, err error) { writeError(w, r, d.Logger, err) }
	// Only routes that need the account read the session: static files and
	// the event stream cost no database query.
	withUser := func(h http.Handler) http.Handler { return noStore(d.Sessions.Load(deny, h)) }
	signedIn := func(h http.Handler) http.Handler { return withUser(auth.RequireUser(deny, h)) }
	admin := func(h http.Handler) http.Handler { return withUser(auth.RequireAdmin(deny, h)) }

	// The /config routes are the default scale's.
	admit := admitStream(d.Streams, d.TrustedProxies, d.Logger)
	mux.Handle("GET /api/v1/config", handleConfigGet(d.Scales, d.Logger))
	mux.Handle("GET /api/v1/config/events", handleScaleEvents(d.Scales, admit, d.Heartbeat, d.Logger))
	mux.Handle("PUT /api/v1/config", admin(handleConfigPut(d.Logger, defaultScale(d.Store), d.Scales)))
	mux.Handle("GET /api/v1/config/history", admin(handleHistory(d.Logger, defaultScale(d.Store))))
	mux.Handle("GET /api/v1/config/history/{version}", admin(handleHistoryVersion(d.Logger, defaultScale(d.Store))))
	mux.Handle("GET /api/v1/config/versions/{version}", handlePublicVersion(d.Logger, defaultScale(d.Store), false))
	mux.Handle("POST /api/v1/config/history/{version}/restore", admin(handleRestore(d.Logger, defaultScale(d.Store), d.Scales)))
	mux.Handle("GET /api/v1/grade", handleGrade(d.Scales, d.Logger))
	mux.Handle("GET /api/v1/presets", handlePresets(d.Logger))

	// Grading scales: the list is public, archived ones only for admins.
	mux.Handle("GET /api/v1/scales", withUser(handleScalesList(d.Scales)))
	mux.Handle("POST /api/v1/scales", admin(handleScaleCreate(d.Logger, d.Store, d.Scales)))
	mux.Handle("GET /api/v1/scales/{slug}", handleScaleGet(d.Scales, d.Logger))
	mux.Handle("PUT /api/v1/scales/{slug}", admin(handleConfigPut(d.Logger, pathScale(d.Store), d.Scales)))
	mux.Handle("PATCH /api/v1/scales/{slug}", admin(handleScalePatch(d.Logger, d.Store, d.Scales)))
	mux.Handle("GET /api/v1/scales/{slug}/events", handleScaleEvents(d.Scales, admit, d.Heartbeat, d.Logger))
	mux.Handle("GET /api/v1/scales/{slug}/history", admin(handleHistory(d.Logger, pathScale(d.Store))))
	mux.Handle("GET /api/v1/scales/{slug}/history/{version}", admin(handleHistoryVersion(d.Logger, pathScale(d.Store))))
	mux.Handle("GET /api/v1/scales/{slug}/versions/{version}", handlePublicVersion(d.Logger, pathScale(d.Store), true))
	mux.Handle("POST /api/v1/scales/{slug}/history/{version}/restore", admin(handleRestore(d.Logger, pathScale(d.Store), d.Scales)))

	// Every account answer is no-store: they carry the account or a Set-Cookie.
	// Every way in is signIn's; the password routes answer 403 while password
	// sign-in is off, the provider's 404 while none is set up.
	signIn, secure := d.signIn(), d.BaseURL.Scheme == "https"
	passwords := func(h http.Handler) http.Handler { return passwordsOn(d.Logger, signIn, h) }
	provider := func(h http.Handler) http.Handler { return providerOn(d.Logger, signIn, h) }
	mux.Handle("POST /api/v1/auth/login", noStore(passwords(handleLogin(d.Logger, signIn, d.TrustedProxies))))
	mux.Handle("POST /api/v1/auth/logout", noStore(handleLogout(d.Logger, d.Sessions)))
	mux.Handle("GET /api/v1/auth/session", withUser(handleSession()))
	mux.Handle("POST /api/v1/auth/password", signedIn(passwords(handlePasswordChange(d.Logger, signIn))))
	mux.Handle("GET /api/v1/auth/setup/{token}", noStore(handleSetupCheck(d.Logger, signIn)))
	mux.Handle("POST /api/v1/auth/setup/{token}", noStore(passwords(handleSetup(d.Logger, signIn))))
	mux.Handle("GET /api/v1/auth/invite/{token}", noStore(handleInviteCheck(d.Logger, signIn)))
	mux.Handle("POST /api/v1/auth/invite/{token}", noStore(passwords(handleInviteAccept(d.Logger, signIn))))

	// Sign-in at the school's identity provider: public, browser navigations.
	mux.Handle("GET /api/v1/auth/methods", noStore(handleAuthMethods(signIn)))
	mux.Handle("GET /api/v1/auth/oidc/start", noStore(provider(handleSSOStart(d.Logger, signIn, secure))))
	mux.Handle("GET /api/v1/auth/oidc/callback", noStore(provider(handleSSOCallback(d.Logger, signIn, secure))))

	// The school's Land and its rule (docs/spec.md §11): public to read, admins set it.
	mux.Handle("GET /api/v1/school", handleSchoolGet(d.Logger, d.Store))
	mux.Handle("PUT /api/v1/school", admin(handleSchoolPut(d.Logger, d.Store)))
	mux.Handle("GET /api/v1/school/lands", handleSchoolLands())

	mux.Handle("GET /api/v1/users", admin(handleUsersList(d.Logger, d.Store)))
	mux.Handle("POST /api/v1/users", admin(handleUserCreate(d.Logger, d.Store, d.Now, d.BaseURL)))
	mux.Handle("PATCH /api/v1/users/{id}", admin(handleUserUpdate(d.Logger, d.Store)))
	mux.Handle("DELETE /api/v1/users/{id}", admin(handleUserDelete(d.Logger, d.Store)))
	mux.Handle("POST /api/v1/users/{id}/invitation", admin(handleInviteReissue(d.Logger, d.Store, d.Now, d.BaseURL)))

	mux.Handle("GET /api/v1/openapi.json", handleOpenAPI(d.Logger))
	mux.Handle("GET /api/docs", handleAPIDocs(d.Assets, d.Logger))
	mux.Handle("/api/", handleAPIFallback(mux, d.Logger))

	mux.Handle("GET /healthz", handleHealth(d.Store))
	mux.Handle("GET /metrics", admin(metrics.Handler(d.Metrics, d.Scales, d.Streams)))

	mux.Handle("/", web.Handler(d.Assets, d.Logger, d.PageConfig, store.MaxScales+1, d.Render))
}

// handleAPIFallback answers API requests no route took: 405 with Allow when
// the path exists for other methods, else a JSON 404. (The mux itself would
// answer in plain text, and "/api/" catches both cases first.)
func handleAPIFallback(mux *http.ServeMux, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var allowed []string
		for _, method := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
			probe := &http.Request{Method: method, URL: r.URL, Host: r.Host}
			if _, pattern := mux.Handler(probe); pattern != "/api/" && pattern != "" {
				allowed = append(allowed, method)
			}
		}
		if len(allowed) == 0 {
			writeError(w, r, logger, errNotFound)
			return
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		writeError(w, r, logger, errMethodNotAllowed)
	})
}

// noStore keeps answers that depend on the signed-in account out of every
// cache.
func noStore(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		next.ServeHTTP(w, r)
	})
}
