package main

import (
	"fmt"
	"io"
	"time"
)

// report is what one run measured; print writes it as Markdown for
// docs/benchmarks.md.
type report struct {
	options
	started                time.Time
	start, connected, peak sample
	end                    sample
	settled                bool
	saves                  saveResult
	grades                 latencies
	missing                int
	events, reconnects     int64
}

func (r *report) print(w io.Writer) {
	mib := func(b float64) string { return fmt.Sprintf("%.1f MiB", b/(1<<20)) }
	fmt.Fprintf(w, "\n- started %s; %d SSE clients for %v; a save every %v; GET /api/v1/grade at %d/s\n",
		r.started.Format(time.RFC3339), r.clients, r.duration, r.saveInterval, r.gradeRate)
	fmt.Fprintf(w, "- saves: %d confirmed (%d conflicts, %d failed), final version %d; latency %s\n",
		r.saves.ok, r.saves.conflicts, r.saves.failed, r.saves.last, r.saves.latency)
	fmt.Fprintf(w, "- grade requests: %d answered 200, %d failed; latency %s\n", len(r.grades.samples), r.grades.failed, r.grades)
	fmt.Fprintf(w, "- clients: %d events received, %d reconnects, %d without the final version\n", r.events, r.reconnects, r.missing)
	fmt.Fprintln(w, "\n| server | goroutines | heap in use | RSS |")
	fmt.Fprintln(w, "|---|---:|---:|---:|")
	for _, row := range []struct {
		name string
		s    sample
	}{{"start (no clients)", r.start}, {"all clients connected", r.connected}, {"highest under load", r.peak}, {"after the clients left", r.end}} {
		fmt.Fprintf(w, "| %s | %.0f | %s | %s |\n", row.name, row.s.goroutines, mib(row.s.heap), mib(row.s.rss))
	}
	if r.connected.rss > r.start.rss && r.clients > 0 {
		fmt.Fprintf(w, "\nRSS per connected client: %.1f KiB\n", (r.connected.rss-r.start.rss)/float64(r.clients)/1024)
	}
}
