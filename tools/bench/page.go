package main

import (
	"fmt"
	"strconv"
	"strings"
)

// pageRun is one quiet load of bench-page.mjs (nobody types), or the medians of them; Typed is
// only set in the medians.
type pageRun struct {
	FCP         float64  `json:"fcp"`
	LCP         float64  `json:"lcp"`
	TBT         float64  `json:"tbt"`
	CLS         float64  `json:"cls"`
	Usable      float64  `json:"usable"`
	Transferred float64  `json:"transferred"`
	Encodings   []string `json:"encodings"`
	Typed       float64  `json:"typed"`
}

// typedRun is one typed load: 40 and 30 typed as soon as the field is on screen, until 75,0 %
// is on screen (0: never), and whether the fields and the result were still there 3 s later.
type typedRun struct {
	FCP        float64 `json:"fcp"`
	Typed      float64 `json:"typed"`
	Kept       bool    `json:"kept"`
	Total      string  `json:"total"`
	Achieved   string  `json:"achieved"`
	StillShown bool    `json:"stillShown"`
}

// pageResult is bench-page.mjs's answer for one page, and the size of its HTML.
type pageResult struct {
	Build  string     `json:"-"`
	HTML   htmlSizes  `json:"-"`
	Runs   []pageRun  `json:"runs"`
	Typed  []typedRun `json:"typed"`
	Median pageRun    `json:"median"`
}

// floorName is the floor page's name among the builds.
const floorName = "plain HTML (floor)"

// runPages measures the floor page and then each build's calculator page, loads of each kind.
func runPages(root string, builds []build, loads int) ([]pageResult, error) {
	addr, stop, err := serveFloorPage()
	if err != nil {
		return nil, err
	}
	floor, err := measurePage(root, "http://"+addr+"/", loads)
	stop()
	if err != nil {
		return nil, fmt.Errorf("floor page: %w", err)
	}
	floor.Build = floorName
	pages := []pageResult{floor}
	for _, b := range builds {
		srv, err := newServer(mustTempDir())
		if err != nil {
			return nil, err
		}
		if _, err := srv.start(b.path); err != nil {
			return nil, err
		}
		page, err := measurePage(root, "http://"+srv.addr+"/", loads)
		srv.stop()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.path, err)
		}
		page.Build = b.name
		pages = append(pages, page)
	}
	return pages, nil
}

func measurePage(root, url string, loads int) (pageResult, error) {
	var page pageResult
	var err error
	if page.HTML, err = measureHTML(url); err != nil {
		return page, err
	}
	err = nodeJSON(root, &page, "scripts/bench-page.mjs", url, strconv.Itoa(loads))
	return page, err
}

// Goals of the calculator page against the floor of the same run.
const (
	fcpGoal      = 1.5       // FCP ≤ 1.5 × the floor's
	typedGoal    = 2.5       // typed → 75,0 % ≤ 2.5 × the floor's
	htmlGoalGzip = 20 * 1024 // the HTML of / under 20 KiB gzip
)

func pageMarkdown(p printer, pages []pageResult) {
	floor, last := pages[0], pages[len(pages)-1]
	p("\n### The page: Lighthouse-style figures beside a plain-HTML floor\n\n")
	p("`node web/scripts/bench-page.mjs URL %d` against the built binary and, first, against the floor: a plain HTML page\n", len(floor.Runs))
	p("that tools/bench serves on loopback as the server sends its page (gzip, no-cache; `tools/bench/floorpage.go`) with\n")
	p("the calculator's header, its two labelled fields, the two results, the 6-row table of whole grades, a few lines of\n")
	p("inline CSS and an inline script that computes on input. Debian's Chromium over the DevTools protocol at 390 × 844,\n")
	p("a fresh context per load, Lighthouse's mobile conditions applied by CDP (4× CPU slowdown, 150 ms round trip,\n")
	p("1.6 Mbit/s down, 750 kbit/s up). %d quiet loads per page (nobody types): LCP and CLS from PerformanceObserver, total\n", len(floor.Runs))
	p("blocking time = Σ(long task − 50 ms) after first contentful paint, \"usable\" = navigation start until the total field\n")
	p("is in the page (a MutationObserver, on the clock of FCP). %d typed loads per page: once the total field is in the\n", len(floor.Typed))
	p("page and FCP has happened, 40 is typed into it and 30 into the achieved field with real key events; \"typed →\n")
	p("75,0 %%\" = navigation start until the first animation frame in which an `<output>` shows 75,0 %% (a MutationObserver\n")
	p("asks for the next frame after each change of the document). 3 s later both fields must still hold 40 and 30 and\n")
	p("75,0 %% must still show. Medians; the app's assets came %s. HTML of `/` = its bytes as sent for\n", encodingsOf(last))
	p("`Accept-Encoding: gzip` (and `br`, where the server offers it for the page).\n\n")
	p("| Build | FCP | LCP | CLS | TBT | usable | typed → 75,0 %% | FCP ÷ floor | typed ÷ floor | HTML of `/` gzip | br | bytes transferred |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, pg := range pages {
		m := pg.Median
		p("| %s | %.0f ms | %.0f ms | %.3f | %.0f ms | %.0f ms | %s | %s | %s | %s | %s | %s |\n", buildName(pg.Build), m.FCP, m.LCP, m.CLS, m.TBT,
			m.Usable, msOrNever(m.Typed), ratio(m.FCP, floor.Median.FCP), ratio(m.Typed, floor.Median.Typed),
			bytesOrNone(pg.HTML.Gzip), bytesOrNone(pg.HTML.Brotli), kib(int(m.Transferred)))
	}
	for _, pg := range pages {
		p("\n%s, each load: FCP %s ms; LCP %s ms; usable %s ms; TBT %s ms; typed → 75,0 %% %s.\n", buildName(pg.Build),
			joinF(pg.Runs, func(x pageRun) float64 { return x.FCP }), joinF(pg.Runs, func(x pageRun) float64 { return x.LCP }),
			joinF(pg.Runs, func(x pageRun) float64 { return x.Usable }), joinF(pg.Runs, func(x pageRun) float64 { return x.TBT }),
			joinTyped(pg.Typed))
	}
	lost := 0
	for _, pg := range pages {
		for i, t := range pg.Typed {
			if !t.Kept {
				lost++
				p("\n**Typed values lost**: %s, typed load %d: 75,0 %% %s; 3 s later the fields held %q and %q, 75,0 %% %s.\n",
					buildName(pg.Build), i+1, map[bool]string{true: "shown", false: "never shown"}[t.Typed > 0],
					t.Total, t.Achieved, map[bool]string{true: "still shown", false: "gone"}[t.StillShown])
			}
		}
	}
	m, f := last.Median, floor.Median
	p("\nGoals (%s, medians):\n\n", buildName(last.Build))
	p("- FCP ≤ %.1f × the floor's: %.0f ms ÷ %.0f ms = %s (%s).\n", fcpGoal, m.FCP, f.FCP, ratio(m.FCP, f.FCP), verdict(m.FCP <= fcpGoal*f.FCP))
	p("- Typed 40 and 30 → 75,0 %% on screen ≤ %.1f × the floor's: %s ÷ %s = %s (%s).\n", typedGoal, msOrNever(m.Typed), msOrNever(f.Typed),
		ratio(m.Typed, f.Typed), verdict(m.Typed > 0 && m.Typed <= typedGoal*f.Typed))
	p("- Typed values kept in every typed load of every page: %s.\n", verdict(lost == 0))
	p("- HTML of `/` under %s gzip: %s (%s).\n", kib(htmlGoalGzip), bytesOrNone(last.HTML.Gzip), verdict(last.HTML.Gzip > 0 && last.HTML.Gzip < htmlGoalGzip))
	p("- Usable within 100 ms of FCP: %.0f ms (%s).\n", m.Usable-m.FCP, verdict(m.Usable-m.FCP <= 100))
}

func encodingsOf(pg pageResult) string {
	if len(pg.Runs) == 0 || len(pg.Runs[0].Encodings) == 0 {
		return "without content coding"
	}
	return strings.Join(pg.Runs[0].Encodings, "/")
}

func ratio(x, floor float64) string {
	if x <= 0 || floor <= 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", x/floor)
}

func msOrNever(x float64) string {
	if x <= 0 {
		return "never"
	}
	return fmt.Sprintf("%.0f ms", x)
}

func bytesOrNone(n int) string {
	if n <= 0 {
		return "—"
	}
	return fmt.Sprintf("%d B (%s)", n, kib(n))
}

func joinTyped(ts []typedRun) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = "never"
		if t.Typed > 0 {
			parts[i] = fmt.Sprintf("%.0f ms", t.Typed)
		}
	}
	return strings.Join(parts, ", ")
}
