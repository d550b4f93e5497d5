// Package metrics is the Prometheus text of /metrics: requests by route and
// status, the live streams and their bounds, the configuration version, and
// the process's gauges. The server counts the requests (Requests.Observe);
// serve also shows the text on a listener of its own (--metrics-addr).
package metrics

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/notenrechner/notenrechner/internal/live"
)

// Handler serves the Prometheus text. In the app it is for admins only;
// serve --metrics-addr also serves it without sign-in on a listener of its
// own, for a scraper on the internal network (docs/operations.md).
func Handler(m *Requests, scales *live.Scales, g *live.Guard) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var version int64 // the default scale's
		if b, _, ok := scales.Lookup(""); ok && b.Current() != nil {
			version = b.Current().Version
		}
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		m.write(w, scales.Clients(), version)
		writeStreamLimits(w, g)
	})
}

// Requests counts requests by route pattern and status. The Prometheus text
// format for these few metrics is a few lines; the client library would
// bring a dozen modules for it (docs/decisions.md).
type Requests struct {
	mu       sync.Mutex
	requests map[requestKey]uint64
}

type requestKey struct {
	route  string
	status int
}

// NewRequests starts the counts; serve shares them between the app and the
// metrics listener (--metrics-addr).
func NewRequests() *Requests { return &Requests{requests: make(map[requestKey]uint64)} }

// Observe counts one answer; route is the pattern that served it, so that
// paths with IDs do not explode the labels.
func (m *Requests) Observe(route string, status int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{route, status}]++
}

// write renders the metrics in the Prometheus text exposition format.
// Route labels are our own route patterns, so they need no escaping beyond
// what %q does for quotes and backslashes.
func (m *Requests) write(w io.Writer, openStreams int, configVersion int64) {
	m.mu.Lock()
	keys := make([]requestKey, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	counts := make(map[requestKey]uint64, len(keys))
	for _, k := range keys {
		counts[k] = m.requests[k]
	}
	m.mu.Unlock()
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].route != keys[j].route {
			return keys[i].route < keys[j].route
		}
		return keys[i].status < keys[j].status
	})
	fmt.Fprintln(w, "# HELP notenrechner_http_requests_total HTTP requests by route and status.")
	fmt.Fprintln(w, "# TYPE notenrechner_http_requests_total counter")
	for _, k := range keys {
		fmt.Fprintf(w, "notenrechner_http_requests_total{route=%q,status=\"%d\"} %d\n", k.route, k.status, counts[k])
	}
	fmt.Fprintln(w, "# HELP notenrechner_sse_streams_open Open live configuration streams.")
	fmt.Fprintln(w, "# TYPE notenrechner_sse_streams_open gauge")
	fmt.Fprintf(w, "notenrechner_sse_streams_open %d\n", openStreams)
	fmt.Fprintln(w, "# HELP notenrechner_config_version Version of the configuration this instance serves.")
	fmt.Fprintln(w, "# TYPE notenrechner_config_version gauge")
	fmt.Fprintf(w, "notenrechner_config_version %s\n", strconv.FormatInt(configVersion, 10))
	writeRuntime(w)
}

// writeStreamLimits reports the bounds on live streams and how often they
// refused one, so that an operator sees a flood (or too low a limit).
func writeStreamLimits(w io.Writer, g *live.Guard) {
	perAddress, total := g.Limits()
	_, refusedAddress, refusedTotal := g.Stats()
	fmt.Fprintln(w, "# HELP notenrechner_sse_streams_refused_total Live streams refused: too many from one address (429) or in total (503).")
	fmt.Fprintln(w, "# TYPE notenrechner_sse_streams_refused_total counter")
	fmt.Fprintf(w, "notenrechner_sse_streams_refused_total{reason=\"per_address\"} %d\n", refusedAddress)
	fmt.Fprintf(w, "notenrechner_sse_streams_refused_total{reason=\"total\"} %d\n", refusedTotal)
	fmt.Fprintln(w, "# HELP notenrechner_sse_streams_limit Most live streams allowed per address and in total.")
	fmt.Fprintln(w, "# TYPE notenrechner_sse_streams_limit gauge")
	fmt.Fprintf(w, "notenrechner_sse_streams_limit{scope=\"per_address\"} %d\n", perAddress)
	fmt.Fprintf(w, "notenrechner_sse_streams_limit{scope=\"total\"} %d\n", total)
}

// writeRuntime adds the process gauges under the names the Prometheus Go
// client uses, so that dashboards and leak checks (tools/soak) read them
// as they would for any Go service.
func writeRuntime(w io.Writer) {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms) // stops the world for microseconds; scrapes are rare
	fmt.Fprintln(w, "# HELP go_goroutines Number of goroutines that currently exist.")
	fmt.Fprintln(w, "# TYPE go_goroutines gauge")
	fmt.Fprintf(w, "go_goroutines %d\n", runtime.NumGoroutine())
	fmt.Fprintln(w, "# HELP go_memstats_heap_inuse_bytes Number of heap bytes that are in use.")
	fmt.Fprintln(w, "# TYPE go_memstats_heap_inuse_bytes gauge")
	fmt.Fprintf(w, "go_memstats_heap_inuse_bytes %d\n", ms.HeapInuse)
	fmt.Fprintln(w, "# HELP go_memstats_last_gc_time_seconds Number of seconds since 1970 of last garbage collection.")
	fmt.Fprintln(w, "# TYPE go_memstats_last_gc_time_seconds gauge")
	fmt.Fprintf(w, "go_memstats_last_gc_time_seconds %s\n", strconv.FormatFloat(float64(ms.LastGC)/1e9, 'f', 3, 64))
	if rss, ok := residentBytes(); ok {
		fmt.Fprintln(w, "# HELP process_resident_memory_bytes Resident memory size in bytes.")
		fmt.Fprintln(w, "# TYPE process_resident_memory_bytes gauge")
		fmt.Fprintf(w, "process_resident_memory_bytes %d\n", rss)
	}
}

// residentBytes reads the resident set size from /proc/self/statm (Linux;
// elsewhere the gauge is left out rather than reported as 0).
func residentBytes() (uint64, bool) {
	raw, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	fields := strings.Fields(string(raw))
	if len(fields) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseUint(fields[1], 10, 64)
	if err != nil {
		return 0, false
	}
	return pages * uint64(os.Getpagesize()), true
}
