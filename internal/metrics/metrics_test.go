package metrics

import (
	"bufio"
	"io"
	"log/slog"
	"net/http/httptest"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/live"
)

// scrapeGauges reads the unlabelled samples of /metrics, checking that each
// has its HELP and TYPE lines first, as Prometheus expects.
func scrapeGauges(t *testing.T) map[string]float64 {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	scrape := Handler(NewRequests(), live.Fixed(live.NewBroker(logger, 4)), live.NewGuard(5, 30, logger))
	rec := httptest.NewRecorder()
	scrape.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	values := map[string]float64{}
	typed := map[string]bool{}
	sc := bufio.NewScanner(rec.Body)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "# TYPE "); ok {
			typed[strings.Fields(name)[0]] = true
			continue
		}
		if strings.HasPrefix(line, "#") || strings.Contains(line, "{") {
			continue
		}
		name, value, _ := strings.Cut(line, " ")
		v, err := strconv.ParseFloat(value, 64)
		if err != nil || !typed[name] {
			t.Fatalf("sample %q: value %v, TYPE before it: %v", line, err, typed[name])
		}
		values[name] = v
	}
	return values
}

// The runtime gauges move with what the process really holds: goroutines
// started and a large block in use show up, and leave again.
func TestRuntimeMetrics(t *testing.T) {
	const extra, block = 100, 64 << 20
	gcAt := float64(time.Now().UnixMilli()) / 1000
	debug.FreeOSMemory() // start from a collected heap that holds no spare pages
	before := scrapeGauges(t)
	if last := before["go_memstats_last_gc_time_seconds"]; last < gcAt-0.01 || last > gcAt+60 {
		t.Errorf("go_memstats_last_gc_time_seconds = %v, want the collection just made (≈ %v)", last, gcAt)
	}
	release := make(chan struct{})
	for range extra {
		go func() { <-release }()
	}
	held := make([]byte, block)
	for i := 0; i < len(held); i += 4096 {
		held[i] = 1 // resident only once touched
	}
	during := scrapeGauges(t)
	runtime.KeepAlive(held)
	close(release)

	for _, name := range []string{"go_goroutines", "go_memstats_heap_inuse_bytes", "go_memstats_last_gc_time_seconds", "process_resident_memory_bytes"} {
		if _, ok := during[name]; !ok {
			t.Fatalf("%s is missing from /metrics", name)
		}
	}
	if d := during["go_goroutines"] - before["go_goroutines"]; d < extra {
		t.Errorf("go_goroutines rose by %v with %d more goroutines", d, extra)
	}
	for _, name := range []string{"go_memstats_heap_inuse_bytes", "process_resident_memory_bytes"} {
		if d := during[name] - before[name]; d < block*0.9 {
			t.Errorf("%s rose by %v with %d bytes more in use", name, d, block)
		}
	}
	for range 100 { // the released goroutines end
		if scrapeGauges(t)["go_goroutines"] < during["go_goroutines"]-extra/2 {
			return
		}
		runtime.Gosched()
	}
	t.Errorf("go_goroutines did not fall after %d goroutines ended", extra)
}
