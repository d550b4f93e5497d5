package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// schoolsResult is the many-schools section: the deployment of many schools beside one school with
// the same pages and one school with as many pages as each saving school has, then the cost of
// schools at start.
type schoolsResult struct {
	Plan             schoolsPlan
	Many, One, Alone schoolsCase
	Startups         []schoolsStartup
}

// schoolsPlan is what the section measures (the flags -schools, -school-pages, -school-saves,
// -school-counts); Watch and Idle are shortened only by the tiny run of its test.
type schoolsPlan struct {
	Schools, Pages, Saves int
	Counts                []int         // numbers of schools at start, on SQLite
	PostgresCounts        []int         // the same on PostgreSQL (none: not measured)
	Postgres              string        // the PostgreSQL server for PostgresCounts
	Watch                 time.Duration // how long every page is watched after the last save
	Idle                  time.Duration // how long the idle CPU is measured
}

// runSchools measures the three deployments one after the other, then each count of schools at start.
func runSchools(bin string, plan schoolsPlan) (schoolsResult, error) {
	res := schoolsResult{Plan: plan}
	var err error
	if res.One, err = runSchoolsCase(bin, plan, 1, plan.Pages); err != nil {
		return res, fmt.Errorf("one school: %w", err)
	}
	if res.Many, err = runSchoolsCase(bin, plan, plan.Schools, plan.Pages); err != nil {
		return res, fmt.Errorf("%d schools: %w", plan.Schools, err)
	}
	if res.Alone, err = runSchoolsCase(bin, plan, 1, res.Many.PagesPerSaved); err != nil {
		return res, fmt.Errorf("one school alone: %w", err)
	}
	res.Startups, err = runSchoolsStartup(bin, plan.Counts, plan.Idle, plan.Postgres, plan.PostgresCounts)
	return res, err
}

// ratio of the many schools' figure to another deployment's.
func timeRatio(a, b time.Duration) float64 { return float64(a) / float64(max(b, 1)) }

func (s schoolsResult) markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	m := s.Many
	p("\n### Many schools on one deployment\n\n")
	p("One process on one SQLite database serving %d schools (`notenrechner school add`), %d live pages (SSE streams, as\n", m.Schools, m.Pages)
	p("above) spread evenly over them, each page's request with its school's host; %d saves (`PUT /api/v1/config` as that\n", m.Saves)
	p("school's admin), one school after the other. Beside it, in the same run, one school with the same %d pages, and one\n", m.Pages)
	p("school alone with as many pages as each school of the %d has (%d). Latency from the moment the save was sent until\n", m.Schools, m.PagesPerSaved)
	p("each page of the saving school had parsed the event, over every save, and each save's p99, median of the saves\n")
	p("(one slow commit on this shared disk moves the first, not the second); CPU: the server's threads' time from just\n")
	p("before a save until its school's pages all had it, median of the saves. After the last save every page is watched\n")
	p("%s more: a page of a school that did not save may receive nothing.\n\n", s.Plan.Watch)
	p("| Deployment | schools | pages | pages of the saving school | saves | connect all | deliveries | at other schools | from the request: p50 / p99 / max | a save's p99 | CPU per save | save round trip |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, c := range []struct {
		name string
		c    schoolsCase
	}{{"many schools", s.Many}, {"one school, the same pages", s.One}, {"one school alone, a school's pages", s.Alone}} {
		p("| %s | %d | %d | %d | %d | %s | %d | **%d** | %s / %s / %s | %s | %s | %s |\n", c.name, c.c.Schools, c.c.Pages, c.c.PagesPerSaved,
			c.c.Saves, ms(c.c.ConnectTime), c.c.Reached, c.c.Crossed, ms(c.c.Latency.P50), ms(c.c.Latency.P99), ms(c.c.Latency.Max),
			ms(median(c.c.SaveP99)), ms(median(c.c.CPU)), ms(median(c.c.SaveTime)))
	}
	lat1, cpu1 := timeRatio(median(m.SaveP99), median(s.One.SaveP99)), timeRatio(median(m.CPU), median(s.One.CPU))
	latA, cpuA := timeRatio(median(m.SaveP99), median(s.Alone.SaveP99)), timeRatio(median(m.CPU), median(s.Alone.CPU))
	p("\nA save among %d schools against one school with the same %d pages: a save's p99 **%.2f×**, CPU per save **%.2f×**; goal ≤ 1.2×: %s.\n",
		m.Schools, m.Pages, lat1, cpu1, verdict(lat1 <= 1.2 && cpu1 <= 1.2))
	p("Against one school alone with the saving school's %d pages (what the %d other schools and their %d pages add to a\n",
		m.PagesPerSaved, m.Schools-1, m.Pages-m.PagesPerSaved)
	p("save): a save's p99 **%.2f×**, CPU per save **%.2f×** (%s at ≤ 1.2×). Deliveries at other schools: **%d** (must be 0).\n",
		latA, cpuA, verdict(latA <= 1.2 && cpuA <= 1.2), m.Crossed)
	if len(s.Startups) > 0 {
		schoolsStartupMarkdown(p, s.Startups, s.Plan.Idle)
	}
	return b.String()
}

func schoolsStartupMarkdown(p printer, rows []schoolsStartup, idle time.Duration) {
	p("\nWhat schools cost before anybody uses them: a fresh SQLite deployment with each number of schools (registered\n")
	p("with `school add`, four at a time), started without pages. Start: exec → 200 on `/healthz`, which answers once\n")
	p("every school is served (the last school's configuration is then read through its host to prove it); the first\n")
	p("start after `school add` and one restart. RSS and open files one second after the first start; idle CPU: the\n")
	p("server's threads' time over the next %s, as a share of one core. Per school: the growth over the first row,\n", idle)
	p("divided by the schools added (on the same database). PostgreSQL: a fresh database on the server the tests use, on\n")
	p("this machine; its connections are the server's sockets but its listener. Errors: lines of level ERROR in its log.\n\n")
	p("| database | schools | school add, all | start | restart | RSS | RSS per school | open files | files per school | connections to PostgreSQL | idle CPU | errors |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range rows {
		perRSS, perFiles, conns := "–", "–", "–"
		base := rows[slices.IndexFunc(rows, func(b schoolsStartup) bool { return b.Backend == r.Backend })]
		if d := r.Schools - base.Schools; d > 0 {
			perRSS = fmt.Sprintf("%.0f KiB", float64(r.RSSKiB-base.RSSKiB)/float64(d))
			perFiles = fmt.Sprintf("%.1f", float64(r.Files-base.Files)/float64(d))
		}
		if r.Backend == "PostgreSQL" {
			conns = fmt.Sprint(r.DBConns)
		}
		p("| %s | %d | %s | %s | %s | %.1f MiB | %s | %d | %s | %s | %.1f %% | %d |\n", r.Backend, r.Schools, ms(r.Setup),
			ms(r.First), ms(r.Restart), float64(r.RSSKiB)/1024, perRSS, r.Files, perFiles, conns, 100*r.IdleCPU.Seconds()/idle.Seconds(), r.Errors)
	}
}
