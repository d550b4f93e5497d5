package main

import (
	"fmt"
	"strings"
	"time"
)

type bundleFile struct {
	File string `json:"file"`
	Gzip int    `json:"gzip"`
}

type report struct {
	Machine, Command string
	Date             time.Time
	GradingRaw       string
	GradingStat      string
	LiveRaw          string
	PasswordsRaw     string
	HandlerRaw       string
	Fanout           []fanoutResult
	Scales           *scalesResult // several grading scales
	Poll             *pollResult
	Grades           []gradeResult // one per build
	Startup          startupResult
	Bundle           struct {
		Budget       int          `json:"budget"`
		RouteJS      []bundleFile `json:"routeJS"`
		RouteJSTotal int          `json:"routeJSTotal"`
		RouteCSS     []bundleFile `json:"routeCSS"`
		LazyChunks   []bundleFile `json:"lazyChunks"`
		FontBudget   int          `json:"fontBudget"`
		Fonts        []struct {
			File  string `json:"file"`
			Bytes int    `json:"bytes"`
		} `json:"fonts"`
		FontTotal int  `json:"fontTotal"`
		OK        bool `json:"ok"`
	}
	Pages     []pageResult
	Instances []instanceResult
	Schools   *schoolsResult // written between markers of its own (main.go, write)
}

func micro(d time.Duration) string { return fmt.Sprintf("%.1f µs", float64(d.Nanoseconds())/1000) }

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }
func kib(n int) string          { return fmt.Sprintf("%.1f KiB", float64(n)/1024) }

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**missed**"
}

func (r report) markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("\nLast run: %s UTC, `%s`, on %s.\n", r.Date.Format("2006-01-02 15:04"), r.Command, r.Machine)

	if r.GradingStat != "" {
		p("\n### Grading core (`internal/grading`)\n\n")
		p("`go test -run='^$' -bench=^BenchmarkCalculate -benchmem -count=10 -benchtime=200ms ./internal/grading`, summarised by\n")
		p("`go run golang.org/x/perf/cmd/benchstat@%s`. `Calculate` is parse + percentage + grade as the API\n", benchstatVersion)
		p("runs it (fast path); `CalculateExact` is the same in `big.Rat` arithmetic, the path taken for inputs beyond the\n")
		p("fast path and the code that ran before. Goal: < 2 µs and ≤ 4 allocations per grade.\n\n```\n%s```\n", r.GradingStat)
	}
	if len(r.Fanout) > 0 {
		fanoutMarkdown(p, r.Fanout)
	}
	if len(r.Instances) > 0 {
		instancesMarkdown(p, r.Instances)
	}
	if r.Scales != nil {
		b.WriteString(r.Scales.markdown())
	}
	if r.Poll != nil {
		b.WriteString(r.Poll.markdown(r.Fanout))
	}
	if r.LiveRaw != "" {
		p("\nThe broker alone (`go test -run='^$' -bench=. -benchmem ./internal/live`): a publish hands the one encoded\n")
		p("event to every client and allocates nothing per client (also proven by `TestPublishSharesOneEncoding`).\n")
		p("`BenchmarkPublish` is the path of subscriptions (a goroutine per stream, where a connection cannot be taken\n")
		p("over); `BenchmarkPublishStreams` the path of every other stream, written to loopback TCP connections whose\n")
		p("readers run in the same process.\n\n```\n%s```\n", benchLines(r.LiveRaw))
	}
	for i, g := range r.Grades {
		if i == 0 {
			p("\n### Grade endpoint\n\n")
			p("`GET %s` on the real server versus a bare `net/http` handler (a separate process) that returns the\n", gradePath)
			p("same %d bytes `%s`; Go load generator in the bench process, %d keep-alive connections, %d alternating\n", len(g.Body), strings.TrimSpace(g.Body), g.Conns, g.Rounds)
			p("rounds of %s each (after a warm-up), so that both see the same machine. Goal: ≥ 70 %% of the bare handler.\n", g.Round)
			if len(r.Grades) > 1 {
				p("Each build is measured against the bare handler in rounds of its own, one build after the other in this run.\n")
			}
		}
		name := "notenrechner /api/v1/grade" + buildSuffix(g.Build)
		p("\n| Server | requests | req/s | p50 | p90 | p99 | max | errors |\n|---|---|---|---|---|---|---|---|\n")
		for _, row := range []struct {
			name string
			l    loadResult
		}{{name, g.Grade}, {"bare net/http, fixed JSON", g.Bare}} {
			p("| %s | %d | %.0f | %s | %s | %s | %s | %d |\n", row.name, row.l.Requests, row.l.RPS,
				ms(row.l.Latency.P50), ms(row.l.Latency.P90), ms(row.l.Latency.P99), ms(row.l.Latency.Max), row.l.Errors)
		}
		rs := make([]string, len(g.Ratios))
		for i, x := range g.Ratios {
			rs[i] = fmt.Sprintf("%.0f %%", 100*x)
		}
		p("\nRatio%s: **%.0f %%** of the bare handler's requests per second, the median of the rounds (%s; all rounds together\n", buildSuffix(g.Build), 100*g.Ratio, strings.Join(rs, ", "))
		p("%.0f %%); goal ≥ 70 %%: %s.\n", 100*g.Grade.RPS/g.Bare.RPS, verdict(g.Ratio >= 0.7))
	}
	if len(r.Grades) > 0 && r.HandlerRaw != "" {
		p("\nWithout the network (`go test -run='^$' -bench='^Benchmark(Grade|Bare)$' -benchmem -count=3 ./internal/server`): the\n")
		p("handler chain — metrics, security headers, body limit, cross-origin check, mux, query parsing, grading, JSON —\n")
		p("against the bare handler, both writing into an `httptest.ResponseRecorder`.\n\n```\n%s```\n", benchLines(r.HandlerRaw))
	}
	if r.Startup.BinaryBytes > 0 {
		s := r.Startup
		p("\n### Start-up\n\n")
		p("| Binary | exec → 200 on /healthz, empty database | same, existing database (median of %d) | idle RSS |\n|---|---|---|---|\n", len(s.Starts))
		p("| %.1f MiB | %s | %s (%s) | %.1f MiB |\n", float64(s.BinaryBytes)/(1<<20), ms(s.FirstStart), ms(s.Median), joinMs(s.Starts), float64(s.IdleRSSKiB)/1024)
	}
	if r.Bundle.Budget > 0 {
		bu := r.Bundle
		p("\n### The page: bundle (gzip -9)\n\n")
		p("`node web/scripts/check-budget.mjs` (also run by `make test`): the JS the calculator route loads before it runs —\n")
		p("index.html's module scripts, their modulepreloads and static imports, not `import()` chunks.\n\n")
		p("| What | File | gzip |\n|---|---|---|\n")
		for _, f := range bu.RouteJS {
			p("| calculator route JS | `%s` | %s |\n", f.File, kib(f.Gzip))
		}
		for _, f := range bu.RouteCSS {
			p("| calculator route CSS | `%s` | %s |\n", f.File, kib(f.Gzip))
		}
		for _, f := range bu.LazyChunks {
			p("| lazy chunk | `%s` | %s |\n", f.File, kib(f.Gzip))
		}
		for _, f := range bu.Fonts {
			p("| preloaded font (woff2, sent as it is) | `%s` | %s |\n", f.File, kib(f.Bytes))
		}
		p("\nCalculator route JS: **%s** of the %s budget (%s; %s to spare).\n", kib(bu.RouteJSTotal), kib(bu.Budget), verdict(bu.RouteJSTotal <= bu.Budget), kib(bu.Budget-bu.RouteJSTotal))
		p("Preloaded font: **%s** of its %s budget (%s).\n", kib(bu.FontTotal), kib(bu.FontBudget), verdict(bu.FontTotal <= bu.FontBudget))
	}
	if len(r.Pages) > 0 {
		pageMarkdown(p, r.Pages)
	}
	if r.PasswordsRaw != "" {
		p("\n### Passwords (`internal/auth`)\n\n```\n%s```\n", benchLines(r.PasswordsRaw))
	}
	return b.String()
}

// benchLines keeps the result lines of `go test -bench` output.
func benchLines(raw string) string {
	var b strings.Builder
	for _, line := range strings.Split(raw, "\n") {
		if strings.HasPrefix(line, "Benchmark") || strings.HasPrefix(line, "cpu:") {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

func joinMs(ds []time.Duration) string {
	parts := make([]string, len(ds))
	for i, d := range ds {
		parts[i] = fmt.Sprintf("%.0f", float64(d.Microseconds())/1000)
	}
	return strings.Join(parts, ", ") + " ms"
}

func joinF(rs []pageRun, f func(pageRun) float64) string {
	parts := make([]string, len(rs))
	for i, x := range rs {
		parts[i] = fmt.Sprintf("%.0f", f(x))
	}
	return strings.Join(parts, ", ")
}

// printer appends formatted text to the report.
type printer func(format string, a ...any)

// buildName is the label of a binary in the tables.
func buildName(b string) string {
	if b == "" {
		return "this build"
	}
	return b
}

// buildSuffix names a build after a figure: " (before)"; nothing when one build is measured.
func buildSuffix(build string) string {
	if build == "" {
		return ""
	}
	return " (" + build + ")"
}
