package server

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

// BenchmarkGrade is GET /api/v1/grade through the whole handler chain (metrics, security headers,
// body limit, cross-origin check, mux), without the network: what the server adds to net/http's own
// per-request work, which tools/bench compares with a bare handler over loopback.
func BenchmarkGrade(b *testing.B) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker := live.NewBroker(logger, 4)
	ev, err := live.NewEvent("standard", store.ConfigVersion{Version: 1, Config: grading.Default(), SavedAt: time.Now(), SavedBy: store.SavedBySystem})
	if err != nil {
		b.Fatal(err)
	}
	broker.Publish(ev)
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: broker, Assets: testAssets})
	req := httptest.NewRequest(http.MethodGet, "/api/v1/grade?total=30&achieved=23,5", nil)
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkBare is the yardstick: a handler that writes a fixed JSON of the same size.
func BenchmarkBare(b *testing.B) {
	body := []byte(`{"percentage":"78,3%","grade":"2"}` + "\n")
	h := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
	req := httptest.NewRequest(http.MethodGet, "/api/v1/grade?total=30&achieved=23,5", nil)
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
	}
}

// BenchmarkConfigNotModified is a polling page's request (GET /api/v1/config with the current
// version in If-None-Match) through the whole handler chain, without the network.
func BenchmarkConfigNotModified(b *testing.B) {
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	broker := live.NewBroker(logger, 4)
	ev, err := live.NewEvent("standard", store.ConfigVersion{Version: 1234, Config: grading.Default(), SavedAt: time.Now(), SavedBy: store.SavedBySystem})
	if err != nil {
		b.Fatal(err)
	}
	broker.Publish(ev)
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: broker, Assets: testAssets})
	req := httptest.NewRequest(http.MethodGet, "/api/v1/config", nil)
	req.Header.Set("If-None-Match", ev.ETag)
	w := &nullWriter{h: http.Header{}}
	for b.Loop() {
		clear(w.h)
		req.Body = http.NoBody
		h.ServeHTTP(w, req)
		if w.code != http.StatusNotModified {
			b.Fatal(w.code)
		}
	}
}
