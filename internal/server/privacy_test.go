package server

import (
	"bufio"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/web"
)

// TestPublicAnswersCarryNoAccount saves as an admin and reads every answer
// anyone may read: none may name the account (docs/spec.md §5, docs/privacy.md),
// while the admins' history still says who saved what.
func TestPublicAnswersCarryNoAccount(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test", func(d *Deps) {
		d.Assets = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><title>Notenrechner</title></head><body></body></html>")}}
		d.PageConfig = d.Scales.PageConfig // as serve sets it
	})
	e.addUser("admin", "lehrerin.meier@schule.de", store.RoleAdmin)
	e.run([]apiCase{{"save", "PUT", "/api/v1/config", standardDoc("Oberstufe"), "admin", ifMatch(`"1"`), 200,
		[]string{`"savedBy":"lehrerin.meier@schule.de"`}}})

	e.run([]apiCase{{"create a scale", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201,
		[]string{`"savedBy":"lehrerin.meier@schule.de"`}}})
	public := map[string]string{
		"GET /config":        e.do("GET", "/api/v1/config", "", "", nil).Body.String(),
		"GET /grade":         e.do("GET", "/api/v1/grade?total=30&achieved=23", "", "", nil).Body.String(),
		"stream":             firstStreamEvent(t, e.h, "/api/v1/config/events"),
		"GET /scales":        e.do("GET", "/api/v1/scales", "", "", nil).Body.String(),
		"GET /scales/{slug}": e.do("GET", "/api/v1/scales/mathe", "", "", nil).Body.String(),
		"a scale's stream":   firstStreamEvent(t, e.h, "/api/v1/scales/mathe/events"),
		// The calculator's page carries the configuration of its address.
		"page /":                     pageConfigBlock(t, e, "/", "", "Oberstufe"),
		"page /?schluessel=mathe":    pageConfigBlock(t, e, "/?schluessel=mathe", "mathe", "Mathematik"),
		"page /?schluessel=standard": pageConfigBlock(t, e, "/?schluessel=standard", "standard", "Oberstufe"),
	}
	for name, body := range public {
		if !strings.Contains(body, `"`) {
			t.Fatalf("%s: no JSON answer: %q", name, body)
		}
		for _, leak := range []string{"lehrerin.meier", "savedBy"} {
			if strings.Contains(body, leak) {
				t.Errorf("%s carries %q: %s", name, leak, body)
			}
		}
	}
	e.run([]apiCase{{"the admins' history keeps the author", "GET", "/api/v1/config/history", "", "admin", nil, 200,
		[]string{`"version":2,"savedAt":"2026-11-22T08:00:00Z","savedBy":"lehrerin.meier@schule.de"`}}})
}

// pageConfigBlock returns the configuration block of the page at path, failing unless there is
// one, for slug, with the configuration named name.
func pageConfigBlock(t *testing.T, e *apiEnv, path, slug, name string) string {
	t.Helper()
	rec := e.do("GET", path, "", "", nil)
	open := `<script type="application/json" id="` + web.ConfigElementID + `" data-` + web.SlugParam + `="` + slug + `">`
	_, after, found := strings.Cut(rec.Body.String(), open)
	block, _, closed := strings.Cut(after, "</script>")
	if rec.Code != http.StatusOK || !found || !closed || !strings.Contains(block, `"name":"`+name+`"`) {
		t.Fatalf("GET %s: %d, want a configuration block of %q: %s", path, rec.Code, name, rec.Body)
	}
	return block
}

// firstStreamEvent reads the stream over a real connection until the first
// configuration event and returns its data line.
func firstStreamEvent(t *testing.T, h http.Handler, path string) string {
	t.Helper()
	srv := httptest.NewServer(h)
	defer srv.Close()
	client := &http.Client{Timeout: 5 * time.Second}
	res, err := client.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok && data != "" {
			return data
		}
	}
	t.Fatalf("stream ended without a configuration: %v", sc.Err())
	return ""
}
