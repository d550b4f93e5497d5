package server

import (
	"io"
	"io/fs"
	"log/slog"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/web"
)

// pageBudgetGzip bounds the HTML of / as sent gzip-compressed: the page carries the calculator's
// markup, the app's stylesheet and the configuration, and all of it comes before the first paint
// (docs/benchmarks.md, the page section; `make bench` reports the size it measures).
const pageBudgetGzip = 20 * 1024

// TestPageFitsItsBudget: the page of / on a fresh database (the default configuration), with the
// built app and the server render as serve wires them, stays under its budget gzip-compressed.
func TestPageFitsItsBudget(t *testing.T) {
	if _, err := fs.Stat(web.Dist(), "index.html"); err != nil {
		t.Skip("web/dist is not built (make build); the page's size is checked against the built app")
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	render := web.NewScriptRenderer(logger)
	if render == nil {
		t.Skip("web/ssr-dist/render.js is not built (make build)")
	}
	e := newAPIEnv(t, "http://noten.test", func(d *Deps) {
		d.Assets, d.PageConfig, d.Render = web.Dist(), d.Scales.PageConfig, render
	})
	// A render cut off by its time limit (a slow machine, the race detector) leaves the page without
	// markup and uncached, so the next request renders again; the size only counts with the markup in.
	var plain string
	for try := 0; try < 3 && !rendered(plain); try++ {
		plain = e.do("GET", "/", "", "", nil).Body.String()
	}
	if !rendered(plain) {
		t.Fatalf("the page of / carries no server-rendered calculator:\n%.2000s", plain)
	}
	rec := e.do("GET", "/", "", "", map[string]string{"Accept-Encoding": "gzip"}) // the same page, cached
	if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET / with gzip: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}
	compressed := rec.Body.Len()
	if compressed >= pageBudgetGzip {
		t.Errorf("the page of / is %d bytes gzip-compressed (%d plain), want under %d", compressed, len(plain), pageBudgetGzip)
	}
	t.Logf("the page of /: %d bytes gzip, %d plain", compressed, len(plain))
}

// rendered tells a page with the server's markup and the inlined stylesheet from the bare shell.
func rendered(page string) bool {
	return strings.Contains(page, "Gesamtpunktzahl") && strings.Contains(page, "<style>")
}
