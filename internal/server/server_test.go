package server

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/store"
)

// fakeStore is enough store for the read-only handlers; the real backends
// have their own tests.
type fakeStore struct {
	store.Store
	pingErr error
}

func (f fakeStore) Ping(context.Context) error { return f.pingErr }

var testAssets = fstest.MapFS{
	"index.html":             {Data: []byte("<!doctype html><title>Notenrechner</title>")},
	"favicon.svg":            {Data: []byte("<svg/>")},
	"assets/index-abc123.js": {Data: []byte("console.log(1)")},
	"api-docs/index.html":    {Data: []byte(`<!doctype html><title>Notenrechner API</title><redoc spec-url="/api/v1/openapi.json"></redoc>`)},
}

func newTestServer(t *testing.T, s store.Store) (http.Handler, *live.Broker) {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	b := live.NewBroker(logger, 4)
	ev, err := live.NewEvent("standard", store.ConfigVersion{Version: 3, Config: grading.Default(),
		SavedAt: time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC), SavedBy: store.SavedBySystem})
	if err != nil {
		t.Fatal(err)
	}
	b.Publish(ev)
	return New(Deps{Logger: logger, Store: s, Broker: b, Assets: testAssets}), b
}

type scenario struct {
	name       string
	method     string
	path       string
	header     map[string]string
	wantStatus int
	wantBody   []string // fragments the body must contain
	wantHeader map[string]string
}

func (sc scenario) run(t *testing.T, h http.Handler) {
	t.Run(sc.name, func(t *testing.T) {
		req := httptest.NewRequest(sc.method, sc.path, nil)
		for k, v := range sc.header {
			req.Header.Set(k, v)
		}
		sent := contractRequest(sc.method, sc.path, "", req.Header)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		checkContract(t, sent, rec.Code, rec.Header(), rec.Body.Bytes())
		if rec.Code != sc.wantStatus {
			t.Fatalf("status %d, want %d; body %s", rec.Code, sc.wantStatus, rec.Body)
		}
		for _, frag := range sc.wantBody {
			if !strings.Contains(rec.Body.String(), frag) {
				t.Errorf("body %q lacks %q", rec.Body, frag)
			}
		}
		for k, v := range sc.wantHeader {
			if got := rec.Header().Get(k); got != v {
				t.Errorf("header %s = %q, want %q", k, got, v)
			}
		}
	})
}

func TestAPI(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{})
	jsonType := map[string]string{"Content-Type": "application/json; charset=utf-8"}
	for _, sc := range []scenario{
		{name: "config", method: "GET", path: "/api/v1/config", wantStatus: 200,
			wantBody:   []string{`"version":3`, `"savedAt":"2026-11-22T09:00:00Z"`, `"config":{"name":"Standard"`, `"general":{"minus":33.33,"normal":33.33}`},
			wantHeader: map[string]string{"ETag": `"standard.3"`, "Content-Type": "application/json; charset=utf-8"}},
		{name: "config not modified", method: "GET", path: "/api/v1/config", header: map[string]string{"If-None-Match": `"standard.3"`}, wantStatus: 304,
			wantHeader: map[string]string{"ETag": `"standard.3"`}},
		{name: "config weak tag in a list", method: "GET", path: "/api/v1/config", header: map[string]string{"If-None-Match": `"standard.1", W/"standard.3"`}, wantStatus: 304},
		{name: "config stale tag", method: "GET", path: "/api/v1/config", header: map[string]string{"If-None-Match": `"standard.2"`}, wantStatus: 200,
			wantBody: []string{`"version":3`}},

		{name: "grade", method: "GET", path: "/api/v1/grade?total=30&achieved=23", wantStatus: 200,
			wantBody: []string{`{"percentage":"76,7%","grade":"2"}`}, wantHeader: jsonType},
		{name: "grade comma and spaces", method: "GET", path: "/api/v1/grade?total=+25+&achieved=12,5", wantStatus: 200,
			wantBody: []string{`{"percentage":"50,0%","grade":"4+"}`}},
		{name: "grade over 100", method: "GET", path: "/api/v1/grade?total=10&achieved=11", wantStatus: 200,
			wantBody: []string{`{"percentage":"110,0%","grade":"1+"}`}},
		{name: "grade not a number clears", method: "GET", path: "/api/v1/grade?total=abc&achieved=3", wantStatus: 200,
			wantBody: []string{`{"percentage":"","grade":""}`}},
		{name: "grade zero clears", method: "GET", path: "/api/v1/grade?total=0&achieved=3", wantStatus: 200,
			wantBody: []string{`{"percentage":"","grade":""}`}},
		{name: "grade empty clears", method: "GET", path: "/api/v1/grade?total=&achieved=", wantStatus: 200,
			wantBody: []string{`{"percentage":"","grade":""}`}},
		{name: "grade missing parameter", method: "GET", path: "/api/v1/grade?total=30", wantStatus: 400,
			wantBody: []string{`"code":"bad_request"`, `"fields":{"achieved":"Pflichtparameter."}`}, wantHeader: jsonType},
		{name: "grade repeated parameter", method: "GET", path: "/api/v1/grade?total=30&total=20&achieved=3", wantStatus: 400,
			wantBody: []string{`"total":"Nur einmal angeben."`}},

		{name: "unknown api path", method: "GET", path: "/api/v1/nichts", wantStatus: 404,
			wantBody: []string{`{"error":{"code":"not_found","message":"Diese Adresse gibt es nicht."}}`}, wantHeader: jsonType},
		{name: "unknown api version", method: "POST", path: "/api/v2/config", wantStatus: 404, wantBody: []string{`"not_found"`}},
		{name: "wrong method", method: "DELETE", path: "/api/v1/config", wantStatus: 405,
			wantBody: []string{`"code":"method_not_allowed"`}, wantHeader: map[string]string{"Allow": "GET, PUT"}},
		{name: "wrong method with a path value", method: "GET", path: "/api/v1/config/history/3/restore", wantStatus: 405,
			wantHeader: map[string]string{"Allow": "POST"}},

		{name: "the contract as JSON", method: "GET", path: "/api/v1/openapi.json", wantStatus: 200,
			wantBody:   []string{`{"openapi":"3.1.0","info":{"title":"Notenrechner API"`, `"/api/v1/config/events":{"get":{`},
			wantHeader: map[string]string{"Cache-Control": "no-cache", "Content-Type": "application/json; charset=utf-8"}},
		{name: "the contract revalidated", method: "GET", path: "/api/v1/openapi.json", header: map[string]string{"If-None-Match": etagOf(t, h, "/api/v1/openapi.json")},
			wantStatus: 304},
		{name: "the contract for people", method: "GET", path: "/api/docs", wantStatus: 200, wantBody: []string{`<redoc spec-url="/api/v1/openapi.json">`},
			wantHeader: map[string]string{"Cache-Control": "no-cache", "Content-Type": "text/html; charset=utf-8"}},
		{name: "the docs page revalidated", method: "GET", path: "/api/docs", header: map[string]string{"If-None-Match": etagOf(t, h, "/api/docs")},
			wantStatus: 304},
		{name: "the docs page has one address", method: "GET", path: "/api/docs/", wantStatus: 404},

		{name: "health", method: "GET", path: "/healthz", wantStatus: 200, wantBody: []string{`"status":"ok"`}},
		{name: "home", method: "GET", path: "/", wantStatus: 200, wantBody: []string{"<title>Notenrechner</title>"},
			wantHeader: map[string]string{"Cache-Control": "no-cache", "Content-Type": "text/html; charset=utf-8"}},
		{name: "admin route is the app", method: "GET", path: "/admin", wantStatus: 200, wantBody: []string{"<title>Notenrechner</title>"}},
		{name: "index.html is the app", method: "GET", path: "/index.html", wantStatus: 200, wantBody: []string{"<title>Notenrechner</title>"}},
		{name: "hashed asset cached for a year", method: "GET", path: "/assets/index-abc123.js", wantStatus: 200,
			wantBody: []string{"console.log"}, wantHeader: map[string]string{"Cache-Control": "public, max-age=31536000, immutable"}},
		{name: "missing asset", method: "GET", path: "/assets/index-gone.js", wantStatus: 404},
		{name: "missing file with extension", method: "GET", path: "/robots.txt", wantStatus: 404},
		{name: "unhashed file revalidated", method: "GET", path: "/favicon.svg", wantStatus: 200,
			wantHeader: map[string]string{"Cache-Control": "no-cache"}},
	} {
		sc.run(t, h)
	}
}

// etagOf is the ETag GET path answers with; it must be a strong tag.
func etagOf(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	tag := rec.Header().Get("ETag")
	if len(tag) < 10 || !strings.HasPrefix(tag, `"`) {
		t.Fatalf("GET %s: ETag %q, want a strong tag", path, tag)
	}
	return tag
}

func TestAPIDocsMissingFromTheBuild(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: live.NewBroker(logger, 1), Assets: fstest.MapFS{}})
	scenario{name: "no docs page", method: "GET", path: "/api/docs", wantStatus: 503, wantBody: []string{"make build"}}.run(t, h)
}

func TestHealthReportsDatabaseDown(t *testing.T) {
	h, _ := newTestServer(t, fakeStore{pingErr: errors.New("database is locked")})
	scenario{name: "down", method: "GET", path: "/healthz", wantStatus: 503,
		wantBody: []string{`"database":"down"`}}.run(t, h)
}

func TestNoConfigYet(t *testing.T) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: live.NewBroker(logger, 1), Assets: testAssets})
	for _, path := range []string{"/api/v1/config", "/api/v1/grade?total=1&achieved=1"} {
		scenario{name: path, method: "GET", path: path, wantStatus: 503,
			wantBody: []string{`"code":"config_unavailable"`}}.run(t, h)
	}
}

func TestMetrics(t *testing.T) {
	h, scrape, b := newMetricsServer(t)
	for _, path := range []string{"/api/v1/config", "/api/v1/config", "/api/v1/nichts", "/metrics"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
	sub, _ := b.Subscribe()
	defer b.Unsubscribe(sub)
	// The scrape goes to the listener of --metrics-addr, which serves the same text without
	// sign-in; it is not the app's address, so the contract (admins only there) does not apply.
	rec := httptest.NewRecorder()
	scrape.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 {
		t.Fatalf("status %d, want 200; body %s", rec.Code, rec.Body)
	}
	for _, frag := range []string{
		"# TYPE notenrechner_http_requests_total counter\n",
		`notenrechner_http_requests_total{route="GET /api/v1/config",status="200"} 2` + "\n",
		`notenrechner_http_requests_total{route="/api/",status="404"} 1` + "\n",
		`notenrechner_http_requests_total{route="GET /metrics",status="401"} 1` + "\n", // for admins only in the app
		"notenrechner_sse_streams_open 1\n",
		"notenrechner_config_version 3\n",
		`notenrechner_sse_streams_limit{scope="per_address"} 5` + "\n",
		`notenrechner_sse_streams_refused_total{reason="total"} 0` + "\n",
	} {
		if !strings.Contains(rec.Body.String(), frag) {
			t.Errorf("body %q lacks %q", rec.Body, frag)
		}
	}
}

// newMetricsServer is the test server with its metrics handler as serve
// --metrics-addr serves it (the app's /metrics is for admins only).
func newMetricsServer(t *testing.T) (app, scrape http.Handler, b *live.Broker) {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	b = live.NewBroker(logger, 4)
	ev, err := live.NewEvent("standard", store.ConfigVersion{Version: 3, Config: grading.Default(), SavedBy: store.SavedBySystem})
	if err != nil {
		t.Fatal(err)
	}
	b.Publish(ev)
	m, g := metrics.NewRequests(), live.NewGuard(5, 30, logger)
	app = New(Deps{Logger: logger, Store: fakeStore{}, Broker: b, Assets: testAssets, Metrics: m, Streams: g})
	return app, metrics.Handler(m, live.Fixed(b), g), b
}
