package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// flushRecorder is a ResponseRecorder that runs a check at the moment the handler flushes its
// answer, the moment it reaches the client.
type flushRecorder struct {
	*httptest.ResponseRecorder
	onFlush func()
}

func (r *flushRecorder) Flush() {
	r.ResponseRecorder.Flush()
	r.onFlush()
}

// Every write answers first, so that a save does not wait for thousands of pages: when its answer goes out, the scale's current version is
// already the new one (a GET after the answer sees it) and no stream has been handed the event or
// been ended; the streams get it after. This holds for the default's routes and for the scales':
// PUT, restore, POST /scales, PATCH.
func TestSaveAnswersBeforeTheFanOut(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	// The follower runs as in the server: it wakes on the save's commit and must not fan out first.
	ctx, stop := context.WithCancel(context.Background())
	following := make(chan struct{})
	go func() { e.scales.Follow(ctx); close(following) }()
	defer func() { stop(); <-following }()
	for _, c := range []struct {
		name, method, path, body string
		header                   map[string]string
		status                   int
		stream, get              string // the scale whose stream is watched, the GET at the answer
		want                     int64  // the version of the answer, of the GET and of the event
		ends                     bool   // the stream ends (archived) instead of getting an event
	}{
		{"save", "PUT", "/api/v1/config", standardDoc("Neu"), ifMatch(`"1"`), 200, "", "/api/v1/config", 2, false},
		{"restore", "POST", "/api/v1/config/history/1/restore", "", nil, 200, "", "/api/v1/config", 3, false},
		{"create a scale", "POST", "/api/v1/scales", `{"slug":"mathe","config":` + standardDoc("Mathe") + `}`, nil, 201, "", "/api/v1/scales/mathe", 1, false},
		{"save a scale", "PUT", "/api/v1/scales/mathe", standardDoc("Mathe 2"), ifMatch(`"1"`), 200, "mathe", "/api/v1/scales/mathe", 2, false},
		{"restore a scale", "POST", "/api/v1/scales/mathe/history/1/restore", "", nil, 200, "mathe", "/api/v1/scales/mathe", 3, false},
		{"archive a scale", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, nil, 200, "mathe", "/api/v1/scales/mathe", 3, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			b, _, ok := e.scales.Lookup(c.stream)
			if !ok {
				t.Fatalf("no scale %q", c.stream)
			}
			sub, _ := b.Subscribe()
			defer b.Unsubscribe(sub)
			req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
			req.Header.Set("Content-Type", "application/json")
			for k, v := range c.header {
				req.Header.Set(k, v)
			}
			req.AddCookie(&http.Cookie{Name: e.cookieName, Value: e.cookies["admin"]})
			flushed := false
			rec := &flushRecorder{ResponseRecorder: httptest.NewRecorder()}
			rec.onFlush = func() {
				flushed = true
				select {
				case ev, open := <-sub.C:
					t.Errorf("before the answer was flushed the stream got %v (still open: %v)", ev, open)
				default:
				}
				if got := versionOf(t, rec.Body.Bytes()); got != c.want {
					t.Errorf("flushed answer has version %d, want the whole answer with %d", got, c.want)
				}
				get := e.do("GET", c.get, "", "", nil)
				if got := versionOf(t, get.Body.Bytes()); get.Code != 200 || got != c.want {
					t.Errorf("GET %s at the moment of the answer: %d, version %d, want %d", c.get, get.Code, got, c.want)
				}
			}
			e.h.ServeHTTP(rec, req)
			if rec.Code != c.status || !flushed {
				t.Fatalf("status %d, flushed %v; want %d flushed before the handler returned: %s", rec.Code, flushed, c.status, rec.Body)
			}
			select {
			case ev, open := <-sub.C:
				switch {
				case c.ends && open:
					t.Fatalf("stream got version %d, want it ended", ev.Version)
				case !c.ends && !open:
					t.Fatal("stream ended, want an event")
				case !c.ends && ev.Version != c.want:
					t.Fatalf("stream got version %d, want %d", ev.Version, c.want)
				}
			default:
				if c.stream == "" && c.name == "create a scale" {
					return // a new scale has no streams, and the default's get nothing
				}
				t.Fatal("nothing for the streams after the write returned")
			}
		})
	}
}

func versionOf(t *testing.T, body []byte) int64 {
	t.Helper()
	var v struct {
		Version int64 `json:"version"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("answer %q: %v", body, err)
	}
	return v.Version
}
