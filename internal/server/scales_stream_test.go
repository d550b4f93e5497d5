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
	if !strings.HasPrefix(body, "retry: 1000\n\nid: 1\nevent: config\ndata: {\"version\":1,") || !strings.Contains(body, `"name":"Mathematik"`) ||
		strings.Contains(body, "archived") {
		t.Fatalf("mathe's stream: %q", body)
	}
	// A scale's stream starts with the current version even when the page has it.
	if body := e.readStream(t, "/api/v1/scales/mathe/events", map[string]string{"Last-Event-ID": "1"}); !strings.Contains(body, "id: 1\n") {
		t.Fatalf("resumed scale stream without the current version: %q", body)
	}
	// The /config stream resumes as before.
	if body := e.readStream(t, "/api/v1/config/events", map[string]string{"Last-Event-ID": "1"}); strings.Contains(body, "id: 1\n") {
		t.Fatalf("resumed /config stream repeated the version: %q", body)
	}
	e.run([]apiCase{{"archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200, nil}})
	body = e.readStream(t, "/api/v1/scales/mathe/events", map[string]string{"Last-Event-ID": "1"})
	if !strings.Contains(body, "id: 1\nevent: config\ndata: {\"version\":1,") || !strings.Contains(body, `,"archived":true}`+"\n\n") {
		t.Fatalf("archived scale's stream: %q", body)
	}
}

// After the default moved, a page of /config/events that resumes with the
// old default's version gets the new default's, even when the numbers agree,
// for a minute by the server's clock (Deps.Now); then it resumes as before.
func TestConfigEventsFollowTheDefault(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 200, nil},
	})
	moved := e.now
	for _, c := range []struct {
		name   string
		after  time.Duration
		resent bool
	}{
		{"at the move", 0, true},
		{"just within the grace", defaultMoveGrace - time.Nanosecond, true},
		{"once the grace is over", defaultMoveGrace, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			e.now = moved.Add(c.after)
			body := e.readStream(t, "/api/v1/config/events", map[string]string{"Last-Event-ID": "1"})
			if strings.Contains(body, "id: 1\nevent: config\n") != c.resent ||
				c.resent && !strings.Contains(body, `"name":"Mathematik"`) {
				t.Errorf("the /config stream %s after the move (version sent again: %v): %q", c.after, c.resent, body)
			}
		})
	}
}
