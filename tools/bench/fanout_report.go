package main

import (
	"slices"
	"time"
)

func fanoutMarkdown(p printer, runs []fanoutResult) {
	p("\n### Live fan-out (SSE)\n\n")
	p("N subscribers (raw TCP, parsing the stream as EventSource does) in the bench process, the server a separate\n")
	p("process; one save through `PUT /api/v1/config` as a signed-in admin. Latency: from the save's response to each\n")
	p("subscriber having parsed the event (an event parsed before the response arrived counts as 0), and from the\n")
	p("moment the save was sent. RSS from `/proc/PID/status` of the server. CPU: the server's threads' time on a CPU\n")
	p("(`/proc/PID/task/*/schedstat`, in ns) from just before the save until every subscriber had the event (save,\n")
	p("SQLite commit, one encoding, N writes); its kernel part from `/proc/PID/stat`, in ticks of 10 ms. Goals: p99 < 250 ms at 10,000 and ≤ 16 KiB per subscriber; at 10,000, CPU per publish\n")
	p("≤ 60 ms, p99 from the request ≤ 60 ms in a quiet run, and the save's round trip within 2× of the same with no\n")
	p("subscribers, median of the runs. The floor is the same run against the least a server can do\n")
	p("(`tools/bench/floor.go`): the same frame written once into each page's socket and nothing else, so its CPU\n")
	p("and latency are what this machine's kernel and the bench's readers cost, the bound no server can beat here.\n\n")
	p("| Build | Subscribers | connect all | p50 | p90 | p99 | max | parsed before the response | from the request: p50 / p99 / max | save round trip | server RSS idle → connected | per subscriber | CPU of the publish (kernel) |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range runs {
		p("| %s | %d | %s | %s | %s | %s | %s | %d | %s / %s / %s | %s | %.1f → %.1f MiB | %.1f KiB | %s (%s) |\n", buildName(f.Build), f.Subscribers,
			ms(f.ConnectTime), ms(f.Latency.P50), ms(f.Latency.P90), ms(f.Latency.P99), ms(f.Latency.Max), f.Early,
			ms(f.FromRequest.P50), ms(f.FromRequest.P99), ms(f.FromRequest.Max), ms(f.SaveTime),
			float64(f.RSSIdleKiB)/1024, float64(f.RSSConnectedKiB)/1024, f.PerSubscriber, ms(f.PublishCPU), ms(f.PublishSys))
	}
	var builds []string
	for _, f := range runs {
		if !slices.Contains(builds, f.Build) {
			builds = append(builds, f.Build)
		}
	}
	for _, b := range builds {
		fanoutSummary(p, b, runs)
	}
	p("\nEach run starts a fresh server. The per-subscriber figure is judged at 10,000, where the runtime's fixed costs\n")
	p("(heap arenas, GC headroom) weigh least.\n")
}

// fanoutMedians is one build's medians at 10,000 subscribers (n runs) and with none (save0).
type fanoutMedians struct {
	n                              int
	p99, fromReq, cpu, save, save0 time.Duration
	kb                             float64
}

func mediansOf(build string, runs []fanoutResult) fanoutMedians {
	var p99s, fromReq, cpu, save, save0 []time.Duration
	var per []float64
	for _, f := range runs {
		switch {
		case f.Build != build:
		case f.Subscribers == 10000:
			p99s, fromReq = append(p99s, f.Latency.P99), append(fromReq, f.FromRequest.P99)
			cpu, save = append(cpu, f.PublishCPU), append(save, f.SaveTime)
			per = append(per, f.PerSubscriber)
		case f.Subscribers == 0:
			save0 = append(save0, f.SaveTime)
		}
	}
	m := fanoutMedians{n: len(p99s)}
	if m.n == 0 {
		return m
	}
	med := func(ds []time.Duration) time.Duration { return distributionOf(slices.Clone(ds)).P50 }
	slices.Sort(per)
	m.p99, m.fromReq, m.cpu, m.save, m.kb = med(p99s), med(fromReq), med(cpu), med(save), per[len(per)/2]
	if len(save0) > 0 {
		m.save0 = med(save0)
	}
	return m
}

// fanoutSummary is the medians of one build's runs at 10,000 subscribers against the goals, and
// against the floor's when the run measured it.
func fanoutSummary(p printer, build string, runs []fanoutResult) {
	m := mediansOf(build, runs)
	if m.n == 0 {
		return
	}
	if build == floorBuild {
		p("\nThe floor at 10,000, the median of %d runs: CPU of the publish %s (%s per page), p99 from the request %s.\n",
			m.n, ms(m.cpu), micro(m.cpu/10000), ms(m.fromReq))
		return
	}
	p("\n%s at 10,000, the median of %d runs: p99 %s after the response (goal < 250 ms: %s), %.1f KiB per subscriber (goal ≤ 16 KiB: %s);\n",
		buildName(build), m.n, ms(m.p99), verdict(m.p99 < 250*time.Millisecond), m.kb, verdict(m.kb <= 16))
	p("p99 from the request %s (goal ≤ 60 ms: %s), CPU of the publish %s (goal ≤ 60 ms: %s)", ms(m.fromReq),
		verdict(m.fromReq <= 60*time.Millisecond), ms(m.cpu), verdict(m.cpu <= 60*time.Millisecond))
	if m.save0 > 0 {
		p(", save round trip %s against %s with no subscribers (goal within 2×: %s)", ms(m.save), ms(m.save0),
			verdict(m.save <= 2*m.save0))
	}
	p(".\n")
	if f := mediansOf(floorBuild, runs); f.n > 0 && f.cpu > 0 && f.fromReq > 0 {
		p("Against the floor in this run: CPU of the publish %.2f× the floor's, p99 from the request %.2f× the floor's.\n",
			float64(m.cpu)/float64(f.cpu), float64(m.fromReq)/float64(f.fromReq))
	}
}
