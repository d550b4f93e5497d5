package tenancy

import (
	"html"
	"net/http"
	"strings"
	"sync/atomic"
)

// Router hands each request to the handler of the school its host names. Until Set is given
// schools, one handler answers every host: a deployment without schools is one school, as before.
type Router struct {
	routes atomic.Pointer[routes]
	health http.Handler
}

type routes struct {
	single http.Handler            // no schools: answers every host
	byHost map[string]http.Handler // HostKey → the school's handler
}

// NewRouter starts with single answering every host. health answers /healthz for a host that names
// no school (the container's probe asks 127.0.0.1): it reports on the deployment, never a school.
func NewRouter(single, health http.Handler) *Router {
	r := &Router{health: health}
	r.routes.Store(&routes{single: single})
	return r
}

// Set replaces what answers: single for every host (a database without schools), or, with single nil,
// each school's handler by the HostKey of its address and 404 for any other host, even when no
// school's handler is there. Requests already running finish on the handler they found.
func (r *Router) Set(single http.Handler, byHost map[string]http.Handler) {
	r.routes.Store(&routes{single: single, byHost: byHost})
}

// Unavailable answers for a school the registry lists but whose database does not open: 503, so that
// a load balancer and the page retry, and nothing of another school in its place.
var Unavailable http.Handler = http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Retry-After", "30")
	const msg = "Die Schule ist gerade nicht erreichbar. Bitte später noch einmal versuchen."
	if strings.HasPrefix(req.URL.Path, "/api/") {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		w.Write([]byte(`{"error":{"code":"school_unavailable","message":"` + msg + `"}}` + "\n"))
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(http.StatusServiceUnavailable)
	w.Write([]byte(msg + "\n"))
})

func (r *Router) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	rt := r.routes.Load()
	if rt.single != nil {
		rt.single.ServeHTTP(w, req)
		return
	}
	if h, ok := rt.byHost[HostKey(req.Host)]; ok {
		h.ServeHTTP(w, req)
		return
	}
	if req.URL.Path == "/healthz" && req.Method == http.MethodGet {
		r.health.ServeHTTP(w, req)
		return
	}
	notFound(w, req)
}

// NotFoundMessage is what a host that names no school of the deployment reads.
const NotFoundMessage = "Unter dieser Adresse ist keine Schule eingerichtet."

// notFound answers 404 without a word about any school: a page for people, JSON for programs.
func notFound(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if strings.HasPrefix(req.URL.Path, "/api/") {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"error":{"code":"school_not_found","message":"` + NotFoundMessage + `"}}` + "\n"))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.WriteHeader(http.StatusNotFound)
	w.Write([]byte(notFoundPage))
}

var notFoundPage = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Keine Schule unter dieser Adresse – Notenrechner</title>
<style>:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#1f2937;background:#fff;line-height:1.5}h1{font-size:1.5rem}@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#020617}}</style>
</head><body><main><h1>` + html.EscapeString(NotFoundMessage) + `</h1>
<p>Bitte die Adresse prüfen, die Ihre Schule bekannt gegeben hat. Wer den Notenrechner für mehrere Schulen
betreibt, richtet eine Schule mit <code>notenrechner school add</code> ein.</p></main></body></html>
`
