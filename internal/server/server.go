// Package server is the HTTP face of Notenrechner: the JSON API under
// /api/v1, the live configuration stream, health and metrics, and the
// embedded web app (web.Handler) for every other path.
package server

import (
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"net/url"
	"runtime"
	"slices"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/web"
)

// Deps is everything the server needs, passed in so that tests can give
// their own store, clock and assets.
type Deps struct {
	Logger *slog.Logger
	Store  store.Store
	// Scales holds a broker per grading scale and follows the store.
	// Without it, Broker alone serves the one default scale (live.Fixed):
	// tests and benchmarks that publish themselves.
	Scales    *live.Scales
	Broker    *live.Broker
	Assets    fs.FS         // the built web app (web/dist)
	Heartbeat time.Duration // SSE comment interval; default 20 s
	BaseURL   *url.URL      // public address, for links and the cookie's Secure flag
	Now       func() time.Time
	// PasswordParams are the argon2id parameters for new hashes; stored
	// hashes with weaker ones are upgraded at the next sign-in.
	PasswordParams auth.Params
	// ObserveKDF, when set, is told about every argon2id run of the server
	// (auth.Hasher); tests count password work with it.
	ObserveKDF func(p auth.Params, passwordLen int)
	Sessions   *auth.Sessions // default: from Store, Now and BaseURL
	// TrustedProxies are load balancers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	Limiter        *auth.Limiter // default: docs/spec.md §5 limits on Store
	Gate           *auth.Gate    // bounds argon2id work; default: one slot per CPU
	// Streams bounds the open live streams, per address and in all: serve
	// derives the bounds from --max-streams and the open-file limit. nil:
	// live's defaults (DefaultStreamsTotal, half of it per address).
	Streams *live.Guard
	Metrics *metrics.Requests // request counts; default: new ones

	// Sign-in at the school's identity provider; nil: not set up.
	SSO *auth.SSO
	// NoPasswordLogin turns the password sign-in off (serve
	// --password-login=false); the CLI's admin set-password still works.
	NoPasswordLogin bool
	// PageConfig is the configuration the calculator's page carries (web.PageConfig); nil: none,
	// the page waits for the stream.
	PageConfig web.PageConfig
	// Render puts the calculator's markup into its page (web.Renderer); nil: the app renders it in the browser.
	Render web.Renderer
}

// New returns the complete handler.
func New(d Deps) http.Handler {
	d = withDefaults(d)
	mux := http.NewServeMux()
	addRoutes(mux, d)
	var h http.Handler = mux
	h = refuseCrossOrigin(d, h)
	h = limitBodies(d.Logger, h)
	h = securityHeaders(d, h)
	h = recoverPanics(d.Logger, h)
	h = countRequests(d.Metrics, h)
	return h
}

// signIn is every way into an account, with the server's store, limits
// and password work (auth.SignIn).
func (d Deps) signIn() *auth.SignIn {
	return auth.NewSignIn(auth.SignInDeps{Store: d.Store, Sessions: d.Sessions, Limiter: d.Limiter, Gate: d.Gate,
		Hasher: auth.Hasher{Params: d.PasswordParams, Observe: d.ObserveKDF}, Now: d.Now, Logger: d.Logger,
		SSO: d.SSO, PasswordOff: d.NoPasswordLogin})
}

func withDefaults(d Deps) Deps {
	if d.Heartbeat <= 0 {
		d.Heartbeat = 20 * time.Second
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.BaseURL == nil {
		d.BaseURL = &url.URL{Scheme: "http", Host: "localhost:8080"}
	}
	if d.PasswordParams == (auth.Params{}) {
		d.PasswordParams = auth.DefaultParams
	}
	if d.Sessions == nil {
		d.Sessions = auth.NewSessions(d.Store, d.Now, d.BaseURL.Scheme == "https")
	}
	if d.Limiter == nil {
		d.Limiter = auth.NewLimiter(d.Store, d.Now)
	}
	if d.Gate == nil {
		d.Gate = auth.NewGate(runtime.NumCPU())
	}
	if d.Metrics == nil {
		d.Metrics = metrics.NewRequests()
	}
	if d.Scales == nil {
		d.Scales = live.Fixed(d.Broker)
	}
	if d.Streams == nil {
		d.Streams = live.NewGuard(live.DefaultStreamsPerAddress(live.DefaultStreamsTotal), live.DefaultStreamsTotal, d.Logger)
	}
	return d
}

// refuseCrossOrigin rejects writes a browser sends on behalf of another
// site (Sec-Fetch-Site, Origin), with the JSON error of the API.
func refuseCrossOrigin(d Deps, next http.Handler) http.Handler {
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, r, d.Logger, errCrossOrigin)
	}))
	return cop.Handler(next)
}

// countRequests records every answer under the route pattern that served it
// (the mux sets r.Pattern), so that paths with IDs do not explode the labels.
func countRequests(m *metrics.Requests, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		status := rec.status
		if status == 0 {
			status = http.StatusOK
		}
		m.Observe(route, status)
	})
}

// statusRecorder remembers the status a handler wrote. Unwrap lets
// http.ResponseController reach Flush and SetWriteDeadline for streams.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(p)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func recoverPanics(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				logger.Error("panic in handler", "method", r.Method, "route", r.Pattern, "panic", v)
				writeError(w, r, logger, errInternal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// ContentSecurityPolicy is sent with every response. Scripts come only from
// the app's own files (no inline script, no eval); inline styles are allowed
// because react-hot-toast sets them. default-src 'self' also covers the
// service worker (worker-src) and the web app manifest (manifest-src).
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; object-src 'none'; img-src 'self' data:; " +
	"style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"

// securityHeaders sets headers that cost nothing and close whole classes of
// attacks, on every answer: API, errors, the stream and the app's files.
// HSTS only behind TLS: sent over plain HTTP it would be ignored anyway, and
// a test installation on http://localhost must not pin anything.
func securityHeaders(d Deps, next http.Handler) http.Handler {
	// Built once: assigning the same value slices (canonical keys, len == cap, never
	// appended to in place) saves five allocations on every request.
	fixed := http.Header{
		"X-Content-Type-Options":  {"nosniff"},
		"Referrer-Policy":         {"same-origin"},
		"Content-Security-Policy": {ContentSecurityPolicy},
		"X-Frame-Options":         {"DENY"}, // frame-ancestors for browsers without CSP 2
	}
	if d.BaseURL.Scheme == "https" {
		fixed["Strict-Transport-Security"] = []string{"max-age=31536000"}
	}
	for k, v := range fixed {
		fixed[k] = slices.Clip(v)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		for k, v := range fixed {
			h[k] = v
		}
		next.ServeHTTP(w, r)
	})
}
