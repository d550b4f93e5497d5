package server

import (
	"fmt"
	"io"
	"net/http"
	"sort"
	"strconv"
	"sync"
)

// metrics counts requests by route pattern and status. The Prometheus text
// format for three metrics is a few lines; the client library would bring a
// dozen modules for it (docs/decisions.md).
type metrics struct {
	mu       sync.Mutex
	requests map[requestKey]uint64
}

type requestKey struct {
	route  string
	status int
}

func newMetrics() *metrics { return &metrics{requests: make(map[requestKey]uint64)} }

func (m *metrics) observe(route string, status int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{route, status}]++
}

// write renders the metrics in the Prometheus text exposition format.
// Route labels are our own route patterns, so they need no escaping beyond
// what %q does for quotes and backslashes.
func (m *metrics) write(w io.Writer, openStreams int, configVersion int64) {
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
}

// statusRecorder remembers the status a handler wrote. Unwrap lets
// http.ResponseController reach Flush and SetWriteDeadline for streams.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(p []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(p)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }
