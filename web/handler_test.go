package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
)

// The variants hold made-up bytes: the handler must pick the file, not compress anything itself.
var compressedAssets = fstest.MapFS{
	"index.html":                {Data: []byte("<!doctype html><title>Notenrechner</title>")},
	"index.html.br":             {Data: []byte("BR-INDEX")},
	"index.html.gz":             {Data: []byte("GZ-INDEX")},
	"assets/index-abc123.js":    {Data: []byte("console.log('plain')")},
	"assets/index-abc123.js.br": {Data: []byte("BR-JS")},
	"assets/index-abc123.js.gz": {Data: []byte("GZ-JS!")},
	"assets/only-gzip.css":      {Data: []byte("body{}")},
	"assets/only-gzip.css.gz":   {Data: []byte("GZ-CSS")},
	"favicon.svg":               {Data: []byte("<svg/>")},
}

func TestPrecompressedAssets(t *testing.T) {
	h := Handler(compressedAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), nil, testSlots, nil)
	const js, immutable = "text/javascript; charset=utf-8", "public, max-age=31536000, immutable"
	for _, tc := range []struct {
		name, method, path, accept string
		wantBody, wantEncoding     string
		wantType, wantCache        string
		wantVary                   bool
	}{
		{"br preferred over gzip", "GET", "/assets/index-abc123.js", "gzip, deflate, br, zstd", "BR-JS", "br", js, immutable, true},
		{"gzip when br is not offered", "GET", "/assets/index-abc123.js", "gzip, deflate", "GZ-JS!", "gzip", js, immutable, true},
		{"identity without Accept-Encoding", "GET", "/assets/index-abc123.js", "", "console.log('plain')", "", js, immutable, true},
		{"identity for an unknown coding", "GET", "/assets/index-abc123.js", "deflate", "console.log('plain')", "", js, immutable, true},
		{"br;q=0 refuses brotli", "GET", "/assets/index-abc123.js", "br;q=0, gzip", "GZ-JS!", "gzip", js, immutable, true},
		{"both q=0 give identity", "GET", "/assets/index-abc123.js", "br;q=0, gzip;q=0", "console.log('plain')", "", js, immutable, true},
		{"the higher weight wins", "GET", "/assets/index-abc123.js", "br;q=0.5, gzip;q=0.8", "GZ-JS!", "gzip", js, immutable, true},
		{"a star accepts br", "GET", "/assets/index-abc123.js", "*", "BR-JS", "br", js, immutable, true},
		{"star;q=0 refuses what is not named", "GET", "/assets/index-abc123.js", "gzip;q=0.1, *;q=0", "GZ-JS!", "gzip", js, immutable, true},
		{"only the variants that exist", "GET", "/assets/only-gzip.css", "br, gzip", "GZ-CSS", "gzip", "text/css; charset=utf-8", immutable, true},
		{"no variant, no Vary", "GET", "/favicon.svg", "br, gzip", "<svg/>", "", "image/svg+xml", "no-cache", false},
		{"an app route gets index.html compressed, not cached", "GET", "/admin", "br", "BR-INDEX", "br", "text/html; charset=utf-8", "no-cache", true},
		{"index.html by name", "GET", "/index.html", "gzip", "GZ-INDEX", "gzip", "text/html; charset=utf-8", "no-cache", true},
		{"HEAD", "HEAD", "/assets/index-abc123.js", "br", "", "br", js, immutable, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			res := rec.Result()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("status %d, want 200", res.StatusCode)
			}
			if got := rec.Body.String(); got != tc.wantBody {
				t.Errorf("body %q, want %q", got, tc.wantBody)
			}
			wantLen := len(tc.wantBody)
			if tc.method == "HEAD" {
				wantLen = len("BR-JS")
			}
			checks := map[string]string{
				"Content-Encoding": tc.wantEncoding,
				"Content-Type":     tc.wantType,
				"Content-Length":   strconv.Itoa(wantLen),
				"Cache-Control":    tc.wantCache,
			}
			if tc.wantVary {
				checks["Vary"] = "Accept-Encoding"
			} else {
				checks["Vary"] = ""
			}
			for k, want := range checks {
				if got := res.Header.Get(k); got != want {
					t.Errorf("%s = %q, want %q", k, got, want)
				}
			}
		})
	}
}

func TestNegotiate(t *testing.T) {
	both := []string{"br", "gzip"}
	for _, tc := range []struct {
		header []string
		want   string
	}{
		{nil, ""},
		{[]string{"gzip, br"}, "br"},
		{[]string{"GZIP"}, "gzip"},
		{[]string{"x-gzip"}, "gzip"},
		{[]string{"gzip", "br"}, "br"}, // several header lines
		{[]string{"br;q=0.0, gzip;q=0.001"}, "gzip"},
		{[]string{"br; q=1.000, gzip"}, "br"},
		{[]string{"identity"}, ""},
		{[]string{"*;q=0.5, br;q=0"}, "gzip"},
	} {
		if got := negotiate(tc.header, both); got != tc.want {
			t.Errorf("negotiate(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
	if got := negotiate([]string{"br"}, []string{"gzip"}); got != "" {
		t.Errorf("negotiate(br) with only gzip on disk = %q, want identity", got)
	}
}

// Each file and encoding has its own ETag, so that a browser revalidates index.html, sw.js and the
// manifest (no-cache) with a 304 instead of downloading them again.
func TestAppFilesRevalidateWithETags(t *testing.T) {
	h := Handler(compressedAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), nil, testSlots, nil)
	get := func(path, accept, ifNoneMatch string) *http.Response {
		req := httptest.NewRequest("GET", path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		if ifNoneMatch != "" {
			req.Header.Set("If-None-Match", ifNoneMatch)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec.Result()
	}
	seen := map[string]string{}
	for _, tc := range []struct{ path, accept string }{
		{"/", "br"}, {"/", "gzip"}, {"/", ""}, {"/favicon.svg", ""}, {"/assets/index-abc123.js", "br"},
	} {
		first := get(tc.path, tc.accept, "")
		tag := first.Header.Get("ETag")
		if first.StatusCode != http.StatusOK || len(tag) < 10 || tag[0] != '"' {
			t.Fatalf("%s (%q): status %d, ETag %q; want 200 with a strong ETag", tc.path, tc.accept, first.StatusCode, tag)
		}
		if other, dup := seen[tag]; dup {
			t.Fatalf("%s (%q) has the ETag of %s", tc.path, tc.accept, other)
		}
		seen[tag] = tc.path + " " + tc.accept
		again := get(tc.path, tc.accept, tag)
		body, _ := io.ReadAll(again.Body)
		if again.StatusCode != http.StatusNotModified || len(body) != 0 {
			t.Errorf("%s (%q) with its ETag: status %d, %d bytes; want 304 and no body", tc.path, tc.accept, again.StatusCode, len(body))
		}
		if stale := get(tc.path, tc.accept, `"something-else"`); stale.StatusCode != http.StatusOK {
			t.Errorf("%s (%q) with another ETag: status %d, want 200", tc.path, tc.accept, stale.StatusCode)
		}
	}
}
