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

// The save answers first (issue 18): when its answer goes out, the broker's current version is
// already the new one (a GET after the answer sees it) and no stream has been handed the event;
// the streams get it after.
func TestSaveAnswersBeforeTheFanOut(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	// The follower runs as in the server: it wakes on the save's commit and must not fan out first.
	ctx, stop := context.WithCancel(context.Background())
	following := make(chan struct{})
	go func() { e.broker.Follow(ctx, e.st); close(following) }()
	defer func() { stop(); <-following }()
	for _, c := range []struct {
		name, method, path, body string
		header                   map[string]string
		want                     int64
	}{
		{"save", "PUT", "/api/v1/config", standardDoc("Neu"), ifMatch(`"1"`), 2},
		{"restore", "POST", "/api/v1/config/history/1/restore", "", nil, 3},
	} {
		t.Run(c.name, func(t *testing.T) {
			sub, _ := e.broker.Subscribe()
			defer e.broker.Unsubscribe(sub)
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
				if n := len(sub.C); n != 0 {
					t.Errorf("%d events handed to the streams before the answer was flushed", n)
				}
				if got := versionOf(t, rec.Body.Bytes()); got != c.want {
					t.Errorf("flushed answer has version %d, want the whole answer with %d", got, c.want)
				}
				get := e.do("GET", "/api/v1/config", "", "", nil)
				if got := versionOf(t, get.Body.Bytes()); got != c.want {
					t.Errorf("GET at the moment of the answer: version %d, want %d", got, c.want)
				}
			}
			e.h.ServeHTTP(rec, req)
			if rec.Code != 200 || !flushed {
				t.Fatalf("status %d, flushed %v; want 200 flushed before the handler returned", rec.Code, flushed)
			}
			select {
			case ev := <-sub.C:
				if ev.Version != c.want {
					t.Fatalf("stream got version %d, want %d", ev.Version, c.want)
				}
			default:
				t.Fatal("no event for the streams after the save returned")
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
