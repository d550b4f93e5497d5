package server

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/metrics"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// A page whose stream was refused (a school behind one address past its limit) polls its scale's
// configuration with If-None-Match every 10 s ± 2 s: 10,000 such pages are 1,000 requests a second.
// Neither the 304 nor a full answer reads the store (the versions are in the brokers), and neither
// does the request's way through the middleware or a scrape of /metrics.
func TestPollingReadsNoStore(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "n.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	counting := newCountingStore(st)
	if _, err := counting.CreateScale(ctx, "mathe", grading.Default(), store.SavedBySystem); err != nil {
		t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	scales := live.NewScales(logger, 4, counting, time.Now)
	fanOut, err := scales.Refresh(ctx)
	fanOut()
	if err != nil {
		t.Fatal(err)
	}
	guard, requests := live.NewGuard(10, 100, logger), metrics.NewRequests()
	h := New(Deps{Logger: logger, Store: counting, Scales: scales, Assets: testAssets, Streams: guard, Metrics: requests})
	scrape := metrics.Handler(requests, scales, guard)
	if calls := counting.taken(); !strings.Contains(strings.Join(calls, " "), "ScalesChangedSince") {
		t.Fatalf("the set-up read no versions through the counting store (%v): the count below would prove nothing", calls)
	}

	const polls = 50
	for _, path := range []string{"/api/v1/config", "/api/v1/scales/standard", "/api/v1/scales/mathe"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		etag := rec.Header().Get("ETag")
		checkContract(t, contractRequest("GET", path, "", http.Header{}), rec.Code, rec.Header(), rec.Body.Bytes())
		if rec.Code != 200 || etag == "" {
			t.Fatalf("GET %s: %d with ETag %q", path, rec.Code, etag)
		}
		for i := range polls {
			req := httptest.NewRequest("GET", path, nil)
			req.Header.Set("If-None-Match", etag)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if i == 0 {
				checkContract(t, contractRequest("GET", path, "", req.Header), rec.Code, rec.Header(), rec.Body.Bytes())
			}
			if rec.Code != http.StatusNotModified {
				t.Fatalf("GET %s with If-None-Match %s: %d, want 304", path, etag, rec.Code)
			}
			h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil)) // a page without a copy yet
		}
	}
	scrape.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/metrics", nil))
	if calls := counting.taken(); len(calls) > 0 {
		t.Fatalf("%d polls of each configuration, conditional and not, and a scrape read the store: %v", polls, calls)
	}
}

// nullWriter is a ResponseWriter that keeps only the status and the headers, reused between
// requests, so that the allocations counted are the server's own.
type nullWriter struct {
	h    http.Header
	code int
}

func (w *nullWriter) Header() http.Header         { return w.h }
func (w *nullWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *nullWriter) WriteHeader(code int)        { w.code = code }

// notModifiedCost returns the allocations and the bytes allocated by one conditional GET of path
// that matches (304), through the whole handler chain of a server whose configuration is ev.
func notModifiedCost(t *testing.T, ev *live.Event, path string) (allocs float64, bytes uint64) {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	b := live.NewBroker(logger, 4)
	b.Publish(ev)
	h := New(Deps{Logger: logger, Store: fakeStore{}, Broker: b, Assets: testAssets})
	req := httptest.NewRequest("GET", path, nil)
	req.Header.Set("If-None-Match", ev.ETag)
	w := &nullWriter{h: http.Header{}}
	serve := func() {
		clear(w.h)
		req.Body = http.NoBody // the body limit wraps it on every request
		h.ServeHTTP(w, req)
	}
	serve()
	if w.code != http.StatusNotModified {
		t.Fatalf("GET %s with If-None-Match %s: %d, want 304", path, ev.ETag, w.code)
	}
	allocs = testing.AllocsPerRun(200, serve)
	// TotalAlloc counts every goroutine's allocations: the least of three rounds leaves out
	// whatever else ran (a goroutine of another test still winding down).
	const runs = 200
	bytes = ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for range runs {
			serve()
		}
		runtime.ReadMemStats(&after)
		bytes = min(bytes, (after.TotalAlloc-before.TotalAlloc)/runs)
	}
	return allocs, bytes
}

// A 304 to a polling page costs a few allocations of a few hundred bytes, whatever the size of the
// configuration: nothing of it is copied or encoded, and the ETag is made once per version.
func TestNotModifiedCostsTheSameForAnyConfiguration(t *testing.T) {
	small := grading.Default()
	large := grading.Default()
	large.Name = strings.Repeat("Notenschlüssel der Oberstufe ", 8000) // about 240 KiB of JSON
	const maxAllocs, maxBytes = 6, 512
	for _, path := range []string{"/api/v1/config", "/api/v1/scales/standard"} {
		var allocs [2]float64
		for i, cfg := range []grading.Config{small, large} {
			ev, err := live.NewEvent("standard", store.ConfigVersion{Version: 1234, Config: cfg, SavedAt: time.Now(), SavedBy: store.SavedBySystem})
			if err != nil {
				t.Fatal(err)
			}
			n, bytes := notModifiedCost(t, ev, path)
			t.Logf("GET %s, 304, configuration of %d bytes: %.0f allocations, %d bytes", path, len(ev.JSON), n, bytes)
			if n > maxAllocs || bytes > maxBytes {
				t.Errorf("GET %s, 304, configuration of %d bytes: %.0f allocations of %d bytes, want at most %d and %d bytes",
					path, len(ev.JSON), n, bytes, maxAllocs, maxBytes)
			}
			allocs[i] = n
		}
		if allocs[0] != allocs[1] {
			t.Errorf("GET %s, 304: %.0f allocations for the small configuration, %.0f for the large one", path, allocs[0], allocs[1])
		}
	}
}
