package web

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// The service worker and the manifest, which make the app installable and usable offline: the worker script must be revalidated on every
// load, or a browser keeps running an old release's worker (and its cached app) for up to 24 h;
// the manifest needs its own media type to count as one.
func TestAppServesServiceWorkerAndManifest(t *testing.T) {
	assets := fstest.MapFS{
		"index.html":               {Data: []byte("<!doctype html><title>Notenrechner</title>")},
		"sw.js":                    {Data: []byte("self.skipWaiting()")},
		"workbox-9c191d2f.js":      {Data: []byte("define([], function () {})")},
		"registerSW.js":            {Data: []byte("navigator.serviceWorker.register('/sw.js')")},
		"manifest.webmanifest":     {Data: []byte(`{"name":"Notenrechner"}`)},
		"icons/icon-192.png":       {Data: []byte("\x89PNG\r\n\x1a\n")},
		"assets/index-abc123.js":   {Data: []byte("console.log(1)")},
		"assets/font-abc123.woff2": {Data: []byte("wOF2")},
	}
	h := Handler(assets, slog.New(slog.NewTextHandler(io.Discard, nil)), nil, testSlots, nil)
	for _, tc := range []struct {
		path, cacheControl, contentType string
	}{
		{"/sw.js", "no-cache", "text/javascript; charset=utf-8"},
		{"/workbox-9c191d2f.js", "no-cache", "text/javascript; charset=utf-8"},
		{"/registerSW.js", "no-cache", "text/javascript; charset=utf-8"},
		{"/manifest.webmanifest", "no-cache", "application/manifest+json"},
		{"/icons/icon-192.png", "no-cache", "image/png"},
		{"/assets/index-abc123.js", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"/assets/font-abc123.woff2", "public, max-age=31536000, immutable", "font/woff2"}, // the app's font
	} {
		t.Run(tc.path, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
			if rec.Code != 200 {
				t.Fatalf("status %d, want 200", rec.Code)
			}
			if got := rec.Header().Get("Cache-Control"); got != tc.cacheControl {
				t.Errorf("Cache-Control = %q, want %q", got, tc.cacheControl)
			}
			if got := rec.Header().Get("Content-Type"); got != tc.contentType {
				t.Errorf("Content-Type = %q, want %q", got, tc.contentType)
			}
		})
	}
}
