package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// readStream reads a stream for a moment and checks it against the contract.
func (e *apiEnv) readStream(t *testing.T, path string, header map[string]string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 80*time.Millisecond)
	defer cancel()
	req := httptest.NewRequest("GET", path, nil).WithContext(ctx)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	checkContract(t, contractRequest("GET", path, "", req.Header), rec.Code, rec.Header(), rec.Body.Bytes())
	if rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, rec.Code, rec.Body)
	}
	return rec.Body.String()
}

func TestScaleEventsAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"unknown", "GET", "/api/v1/scales/nix/events", "", "", nil, 404, []string{`"scale_not_found"`}},
		{"unknown, HEAD", "HEAD", "/api/v1/scales/nix/events", "", "", nil, 404, nil},
		{"HEAD", "HEAD", "/api/v1/scales/mathe/events", "", "", nil, 200, nil},
	})
	body := e.readStream(t, "/api/v1/scales/mathe/events", nil)
	if !strings.HasPrefix(body, "retry: 1000\n\nid: mathe.1\nevent: config\ndata: {\"version\":1,") || !strings.Contains(body, `"name":"Mathematik"`) ||
		strings.Contains(body, "archived") {
		t.Fatalf("mathe's stream: %q", body)
	}
	// A page that has the current version resumes without it; the id of another state gets it.
	if body := e.readStream(t, "/api/v1/scales/mathe/events", map[string]string{"Last-Event-ID": "mathe.1"}); strings.Contains(body, "event: config") {
		t.Fatalf("resumed scale stream repeated the version: %q", body)
	}
	for _, last := range []string{"1", "standard.1", "mathe.1.archiviert"} {
		if body := e.readStream(t, "/api/v1/scales/mathe/events", map[string]string{"Last-Event-ID": last}); !strings.Contains(body, "id: mathe.1\n") {
			t.Fatalf("scale stream resumed from %q without the current version: %q", last, body)
		}
	}
	if body := e.readStream(t, "/api/v1/config/events", map[string]string{"Last-Event-ID": "standard.1"}); strings.Contains(body, "event: config") {
		t.Fatalf("resumed /config stream repeated the version: %q", body)
	}
	e.run([]apiCase{{"archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200, nil}})
	body = e.readStream(t, "/api/v1/scales/mathe/events", map[string]string{"Last-Event-ID": "mathe.1"})
	if !strings.Contains(body, "id: mathe.1.archiviert\nevent: config\ndata: {\"version\":1,") || !strings.Contains(body, `,"archived":true}`+"\n\n") {
		t.Fatalf("archived scale's stream: %q", body)
	}
}

// After the default moved, a page of /config/events that resumes with the
// old default's id gets the new default's version, even when the numbers
// agree, at any time after the move: the id names the scale.
func TestConfigEventsFollowTheDefault(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 200, nil},
	})
	for _, after := range []time.Duration{0, time.Hour} {
		e.now = e.now.Add(after)
		body := e.readStream(t, "/api/v1/config/events", map[string]string{"Last-Event-ID": "standard.1"})
		if !strings.Contains(body, "id: mathe.1\nevent: config\n") || !strings.Contains(body, `"name":"Mathematik"`) {
			t.Errorf("the /config stream %s after the move, resumed with the old default's id: %q", after, body)
		}
	}
	if body := e.readStream(t, "/api/v1/config/events", map[string]string{"Last-Event-ID": "mathe.1"}); strings.Contains(body, "event: config") {
		t.Errorf("the /config stream resumed with the new default's id repeated it: %q", body)
	}
}

// A page that polls /config (its stream refused) follows a moved default: its ETag names the old
// default, so the poll after the move gets the new default in full, although both are at version 1.
func TestConfigPollFollowsTheDefault(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil}})
	first := e.do("GET", "/api/v1/config", "", "", nil)
	tag := first.Header().Get("ETag")
	e.run([]apiCase{
		{"still current", "GET", "/api/v1/config", "", "", map[string]string{"If-None-Match": tag}, 304, nil},
		{"default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 200, nil},
		{"the old default's tag after the move", "GET", "/api/v1/config", "", "", map[string]string{"If-None-Match": tag}, 200,
			[]string{`"version":1,`, `"name":"Mathematik"`}},
	})
}
