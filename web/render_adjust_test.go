package web

import (
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
)

// TestPageSearchKeepsTheKeyForThisTest: the render sees the adjustment of the address (docs/spec.md §10)
// in a fixed order, so that the page shows the adjusted key and one address is rendered once.
func TestPageSearchKeepsTheKeyForThisTest(t *testing.T) {
	for _, tc := range []struct{ query, want string }{
		{"gesamt=40&bestehen=45&schluessel=m&stand=7&x=1", "?schluessel=m&stand=7&bestehen=45&gesamt=40"},
		{"punkte=1&rundung=0,25&beste=92", "?beste=92&rundung=0%2C25&punkte=1"},
	} {
		q, err := url.ParseQuery(tc.query)
		if err != nil {
			t.Fatal(err)
		}
		got, inputs, ok := pageSearch(q)
		if got != tc.want || !inputs || !ok {
			t.Errorf("pageSearch(%q) = %q, %v, %v; want %q, true, true", tc.query, got, inputs, ok, tc.want)
		}
	}
}

// TestRenderShowsTheAdjustedKey: the server's page of an address with an adjustment holds the adjusted
// key, its marks and the list of moved bounds, as the app's first render does.
func TestRenderShowsTheAdjustedKey(t *testing.T) {
	r := NewScriptRenderer(slog.New(slog.NewTextHandler(io.Discard, nil)))
	if r == nil {
		t.Skip("web/ssr-dist/render.js is not built (make build)")
	}
	data := []byte(`{"version":3,"savedAt":"2026-01-01T00:00:00Z","config":{"name":"Mathematik","system":"noten",` +
		`"rule":{"kind":"table","percentage":"exact","bands":[{"grade":"1","from":90},{"grade":"2","from":80},` +
		`{"grade":"3","from":65},{"grade":"4","from":50},{"grade":"5","from":25},{"grade":"6"}]}}}`)
	markup, ok := r.Render("/", "?stand=3&bestehen=45&gesamt=100&erreicht=47", "", data)
	if !ok {
		t.Fatal("no markup")
	}
	for _, want := range []string{"ab 45 (statt ab 50)", "4 ab 45 % statt 50 %", "Schlüssel anpassen"} {
		if !strings.Contains(markup, want) {
			t.Errorf("the page lacks %q:\n%.3000s", want, markup)
		}
	}
	plain, _ := r.Render("/", "?gesamt=100&erreicht=47", "", data)
	if strings.Contains(plain, "statt") || !strings.Contains(plain, "Schlüssel anpassen") {
		t.Errorf("the school's page shows an adjustment or no button:\n%.3000s", plain)
	}
}
