package web

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
)

// calculatorMarkup stands in for the render bundle: the calculator's markup for every address it is asked for.
type calculatorMarkup struct{ asked []string }

func (r *calculatorMarkup) Render(path, _, _ string, _ []byte) (string, bool) {
	r.asked = append(r.asked, path)
	return `<main>Note berechnen</main>`, true
}

// Only the calculator's address carries the calculator's markup, in whichever order the addresses are
// asked for: the admin's page and an unknown address get the page without it (the app renders them in
// the browser; taking over the calculator's markup there failed), and the calculator keeps its markup
// after one of them was served first for the same scale and version.
func TestOnlyTheCalculatorsAddressCarriesItsMarkup(t *testing.T) {
	for _, order := range [][]string{{"/", "/admin", "/gibt-es-nicht"}, {"/admin", "/gibt-es-nicht", "/", "/admin"}} {
		t.Run(strings.Join(order, " "), func(t *testing.T) {
			c := &configs{byslug: map[string]string{"": `{"version":1,"config":{"name":"Standard"}}`}}
			h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), c.lookup, testSlots, &calculatorMarkup{})
			for _, path := range order {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
				page := rec.Body.String()
				if rec.Code != 200 {
					t.Fatalf("%s: status %d", path, rec.Code)
				}
				embedded(t, page, "") // every address carries the configuration
				want := path == "/"
				if got := strings.Contains(page, `<div id="root"><main>Note berechnen</main></div>`); got != want {
					t.Errorf("%s: calculator markup %v, want %v: %s", path, got, want, page)
				}
			}
		})
	}
}
