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
	return SchoolsHandler(func() []School { return []School{{Requests: m, Scales: scales}} }, g)
}

// School is one school's counts in the text: its requests and its live scales, labelled with its
// address (empty: a deployment of one school, unlabelled as before).
type School struct {
	Label    string
	Requests *Requests
	Scales   *live.Scales
}

// SchoolsHandler serves the text of a deployment of several schools (docs/spec.md §14): every series
// of a school carries school="<its address>", so that no school's numbers are summed into another's;
// the process's bounds and gauges are the process's.
func SchoolsHandler(schools func() []School, g *live.Guard) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
		writeSchools(w, schools())
		writeStreamLimits(w, g)
		writeRuntime(w)
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

// counts copies the counts in the order of route and status.
func (m *Requests) counts() ([]requestKey, map[requestKey]uint64) {
	m.mu.Lock()
	counts := make(map[requestKey]uint64, len(m.requests))
	keys := make([]requestKey, 0, len(m.requests))
	for k, n := range m.requests {
		keys = append(keys, k)
		counts[k] = n
	}
	m.mu.Unlock()
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].route != keys[j].route {
			return keys[i].route < keys[j].route
		}
		return keys[i].status < keys[j].status
	})
	return keys, counts
}

// writeSchools renders each school's series in the Prometheus text exposition format, one family
// after the other. Route labels are our own route patterns and school labels canonical addresses,
// so they need no escaping beyond what %q does for quotes and backslashes.
func writeSchools(w io.Writer, schools []School) {
	label := func(s School) string {
		if s.Label == "" {
			return ""
		}
		return fmt.Sprintf("school=%q", s.Label)
	}
	fmt.Fprintln(w, "# HELP notenrechner_http_requests_total HTTP requests by route and status.")
	fmt.Fprintln(w, "# TYPE notenrechner_http_requests_total counter")
	for _, s := range schools {
		prefix := label(s)
		if prefix != "" {
			prefix += ","
		}
		keys, counts := s.Requests.counts()
		for _, k := range keys {
			fmt.Fprintf(w, "notenrechner_http_requests_total{%sroute=%q,status=\"%d\"} %d\n", prefix, k.route, k.status, counts[k])
		}
	}
	fmt.Fprintln(w, "# HELP notenrechner_sse_streams_open Open live configuration streams.")
	fmt.Fprintln(w, "# TYPE notenrechner_sse_streams_open gauge")
	for _, s := range schools {
		fmt.Fprintf(w, "notenrechner_sse_streams_open%s %d\n", braced(label(s)), s.Scales.Clients())
	}
	fmt.Fprintln(w, "# HELP notenrechner_config_version Version of the configuration this instance serves.")
	fmt.Fprintln(w, "# TYPE notenrechner_config_version gauge")
	for _, s := range schools {
		var version int64 // the default scale's
		if b, _, ok := s.Scales.Lookup(""); ok && b.Current() != nil {
			version = b.Current().Version
		}
		fmt.Fprintf(w, "notenrechner_config_version%s %s\n", braced(label(s)), strconv.FormatInt(version, 10))
	}
}

func braced(labels string) string {
	if labels == "" {
		return ""
	}
	return "{" + labels + "}"
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
