package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

var pageAssets = fstest.MapFS{
	"index.html":    {Data: []byte(`<!doctype html><html><head><title>Notenrechner</title></head><body><div id="root"></div></body></html>`)},
	"index.html.br": {Data: []byte("BR-INDEX")},
	"index.html.gz": {Data: []byte("GZ-INDEX")},
	"assets/a.js":   {Data: []byte("console.log(1)")},
}

// hostileConfig holds what could end the script block early or break it as JavaScript.
const hostileConfig = `{"version":7,"config":{"name":"</script><script>alert(1)</script> & <!-- \u2028\u2029 ` + "\u2028\u2029" + `"}}`

// configs is a lookup over a map from slug to JSON, remembering the slugs asked for.
type configs struct {
	byslug map[string]string
	asked  []string
}

func (c *configs) lookup(_ context.Context, slug string) ([]byte, int64, bool) {
	c.asked = append(c.asked, slug)
	data, ok := c.byslug[slug]
	if !ok {
		return nil, 0, false
	}
	var v struct{ Version int64 }
	_ = json.Unmarshal([]byte(data), &v)
	return []byte(data), v.Version, true
}

// embedded returns the content of the configuration block of page, failing when there is not
// exactly one.
func embedded(t *testing.T, page, slug string) string {
	t.Helper()
	open := `<script type="application/json" id="` + ConfigElementID + `" data-schluessel="` + slug + `">`
	if strings.Count(page, open) != 1 {
		t.Fatalf("want one configuration block in %q", page)
	}
	rest := page[strings.Index(page, open)+len(open):]
	end := strings.Index(rest, "</script>")
	if end < 0 {
		t.Fatalf("configuration block not closed: %q", rest)
	}
	return rest[:end]
}

func TestPageEmbedsTheConfiguration(t *testing.T) {
	c := &configs{byslug: map[string]string{"": hostileConfig, "bio": `{"version":3,"config":{"name":"Bio"}}`,
		"b": `{"version":9,"config":{"name":"B"}}`}}
	h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), c.lookup, testSlots, nil)
	for _, tc := range []struct {
		name, path, wantSlug, wantJSON string
	}{
		{"default at /", "/", "", hostileConfig},
		{"a route of the app", "/verwaltung", "", hostileConfig},
		{"the scale the address names", "/?schluessel=bio", "bio", `{"version":3,"config":{"name":"Bio"}}`},
		{"the scale named as people type it", "/?schluessel=%20BIO%20", "bio", `{"version":3,"config":{"name":"Bio"}}`},
		{"markup in the address is no part of a slug", `/?schluessel=%22%3E%3Cb`, "b", `{"version":9,"config":{"name":"B"}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", tc.path, nil))
			page := rec.Body.String()
			if rec.Code != 200 || rec.Header().Get("Content-Type") != "text/html; charset=utf-8" ||
				rec.Header().Get("Cache-Control") != "no-cache" {
				t.Fatalf("%d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control"))
			}
			block := embedded(t, page, tc.wantSlug)
			if strings.ContainsAny(block, "<>&\u2028\u2029") {
				t.Errorf("block not escaped for HTML: %q", block)
			}
			var got, want any
			if err := json.Unmarshal([]byte(block), &got); err != nil {
				t.Fatalf("block is not JSON: %v", err)
			}
			_ = json.Unmarshal([]byte(tc.wantJSON), &want)
			if g, w := mustJSON(t, got), mustJSON(t, want); g != w {
				t.Errorf("block = %s, want %s", g, w)
			}
			if !strings.HasPrefix(page, "<!doctype html><html><head><title>Notenrechner</title><script type=") ||
				!strings.HasSuffix(page, `</script></head><body><div id="root"></div></body></html>`) {
				t.Errorf("the block is not just before </head>: %q", page)
			}
		})
	}
	if strings.Join(c.asked, ",") != `,,bio,bio,b` {
		t.Errorf("slugs asked for: %q", c.asked)
	}
}

func TestTheServiceWorkersCopyHasNoConfiguration(t *testing.T) {
	c := &configs{byslug: map[string]string{"": hostileConfig}}
	h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), c.lookup, testSlots, nil)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/index.html?__WB_REVISION__=1", nil))
	if rec.Code != 200 || strings.Contains(rec.Body.String(), ConfigElementID) || len(c.asked) != 0 {
		t.Fatalf("%d, asked %q, page %q: the precached shell must carry no configuration", rec.Code, c.asked, rec.Body.String())
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The page's ETag changes with the configuration (a browser revalidating gets the new one), a
// browser that has this version gets 304, and the gzip variant is the same page.
func TestPageETagFollowsTheVersion(t *testing.T) {
	c := &configs{byslug: map[string]string{"": `{"version":1,"config":{"name":"A"}}`}}
	h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), c.lookup, testSlots, nil)
	get := func(accept, ifNoneMatch string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Accept-Encoding", accept)
		req.Header.Set("If-None-Match", ifNoneMatch)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	plain := get("", "")
	v1 := plain.Header().Get("ETag")
	zipped := get("gzip, br", "")
	if zipped.Header().Get("Content-Encoding") != "gzip" || zipped.Header().Get("ETag") == v1 || zipped.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("gzip variant: encoding %q, ETag %q (plain %q), Vary %q", zipped.Header().Get("Content-Encoding"),
			zipped.Header().Get("ETag"), v1, zipped.Header().Get("Vary"))
	}
	zr, err := gzip.NewReader(zipped.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if !bytes.Equal(unzipped, plain.Body.Bytes()) {
		t.Fatal("the gzip variant is another page")
	}
	if rec := get("", v1); rec.Code != 304 {
		t.Fatalf("If-None-Match with the current ETag: %d, want 304", rec.Code)
	}
	c.byslug[""] = `{"version":2,"config":{"name":"B"}}`
	if rec := get("", v1); rec.Code != 200 || rec.Header().Get("ETag") == v1 || !strings.Contains(embedded(t, rec.Body.String(), ""), `"B"`) {
		t.Fatalf("after a new version: %d, ETag %q (was %q)", rec.Code, rec.Header().Get("ETag"), v1)
	}
}

// Without a configuration (none stored yet, no lookup, or an unusable one) the page is the built
// index.html as before, precompressed variants included.
func TestPageWithoutConfiguration(t *testing.T) {
	for name, lookup := range map[string]PageConfig{
		"no lookup": nil,
		"none yet":  (&configs{}).lookup,
		"not JSON":  (&configs{byslug: map[string]string{"": "{kaputt"}}).lookup,
	} {
		t.Run(name, func(t *testing.T) {
			h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), lookup, testSlots, nil)
			req := httptest.NewRequest("GET", "/", nil)
			req.Header.Set("Accept-Encoding", "br")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Body.String() != "BR-INDEX" {
				t.Fatalf("%d %q, want the built page", rec.Code, rec.Body.String())
			}
		})
	}
}
