// Command bench runs Notenrechner's benchmarks on loopback and writes them into
// docs/benchmarks.md, between the markers of the generated part (`make bench`).
//
//	go run ./tools/bench [-only fanout,grade,...]      (after `make build`)
//
// Each figure is a ratio or a distribution from this one run, so a noisy machine misleads less.
// The server under test is bin/notenrechner as a separate process on a fresh SQLite database.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
)

func main() {
	if len(os.Args) == 3 && os.Args[1] == "bare" {
		if err := serveBare(os.Args[2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 2 && os.Args[1] == "floor" {
		if err := serveFloor(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if len(os.Args) == 4 && os.Args[1] == "save" {
		if err := saveProcess(os.Args[2], os.Args[3]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

var allSections = []string{"grading", "live", "fanout", "instances", "scales", "poll", "grade", "startup", "bundle", "page", "passwords", "schools"}

func run() error {
	repo := flag.String("repo", ".", "the repository's root")
	only := flag.String("only", strings.Join(allSections, ","), "sections to run, comma-separated: "+strings.Join(allSections, ","))
	subs := flag.String("subscribers", "0,1000,10000", "live fan-out sizes (0: the save alone, for its round trip)")
	reps := flag.Int("fanout-runs", 3, "live fan-out runs per size (each on a fresh server)")
	scalePages := flag.Int("scale-pages", 10000, "pages of the fan-out over 10 grading scales")
	out := flag.String("out", "docs/benchmarks.md", "report to update (between its generated markers); - for stdout")
	binFlag := flag.String("bin", "", "the binary under test (default: the repository's bin/notenrechner)")
	before := flag.String("before", "", "an older binary to measure in the same run, turn about with -bin (fanout, instances, grade, page)")
	withFloor := flag.Bool("floor", true, "measure the fan-out's floor too: one write per page and nothing else (floor.go)")
	perInstance := flag.Int("instance-pages", 6000, "live pages per instance in the instances section")
	instanceRuns := flag.Int("instance-runs", 2, "runs per number of instances (each on a fresh database)")
	pollPages := flag.Int("poll-pages", 10000, "pages polling GET /api/v1/config in the poll section (and as many on streams beside them)")
	pollWindow := flag.Duration("poll-window", 30*time.Second, "how long the poll section measures, after its ramp-up")
	schools := flag.Int("schools", 100, "schools section: schools of the deployment")
	schoolPages := flag.Int("school-pages", 10000, "schools section: live pages spread over the schools (and on the one school beside them)")
	schoolSaves := flag.Int("school-saves", 10, "schools section: saves, each at one of the first schools in turn")
	schoolCounts := flag.String("school-counts", "1,100,1000", "schools section: numbers of schools whose start-up and memory are measured (SQLite)")
	schoolPGCounts := flag.String("school-postgres-counts", "1,50", "schools section: the same on PostgreSQL (2 connections a school: keep within the server's max_connections); none to skip")
	pageLoads := flag.Int("page-loads", 7, "page section: quiet loads and as many typed loads of each page (the floor, each build)")
	flag.Parse()
	root, err := filepath.Abs(*repo)
	if err != nil {
		return err
	}
	bin := filepath.Join(root, "bin", "notenrechner")
	if *binFlag != "" {
		bin = *binFlag
	}
	if _, err := os.Stat(bin); err != nil {
		return fmt.Errorf("%s missing: run `make build` first", bin)
	}
	builds := []build{{"", bin}}
	if *before != "" {
		builds = []build{{"before", *before}, {"after", bin}}
	}
	raiseFileLimit()
	sections := strings.Split(*only, ",")
	want := func(s string) bool { return slices.Contains(sections, s) }

	command := strings.TrimSpace("go run ./tools/bench " + strings.Join(os.Args[1:], " "))
	r := report{Machine: machine(), Date: time.Now().UTC(), Command: "make bench (" + command + ")"}
	step := func(name string, f func() error) error {
		if !want(name) {
			return nil
		}
		fmt.Fprintf(os.Stderr, "bench: %s …\n", name)
		begin := time.Now()
		if err := f(); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		fmt.Fprintf(os.Stderr, "bench: %s done in %s\n", name, time.Since(begin).Round(time.Second))
		return nil
	}
	err = step("grading", func() (err error) {
		r.GradingRaw, err = goBench(root, "-bench=^BenchmarkCalculate", "-count=10", "-benchtime=200ms", "./internal/grading")
		if err == nil {
			r.GradingStat, err = benchstat(root, r.GradingRaw)
		}
		return err
	})
	if err == nil {
		err = step("live", func() (err error) {
			r.LiveRaw, err = goBench(root, "-bench=.", "-count=1", "./internal/live")
			return err
		})
	}
	if err == nil {
		err = step("fanout", func() error {
			for _, s := range strings.Split(*subs, ",") {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				if err != nil {
					return err
				}
				fanoutBuilds := builds
				if *withFloor && n > 0 {
					fanoutBuilds = append(slices.Clone(builds), build{floorBuild, floorBuild})
				}
				for range *reps {
					for _, b := range fanoutBuilds {
						res, err := runFanout(b.path, n)
						if err != nil {
							return fmt.Errorf("%s: %w", b.path, err)
						}
						res.Build = b.name
						r.Fanout = append(r.Fanout, res)
					}
				}
			}
			return nil
		})
	}
	if err == nil {
		err = step("instances", func() (err error) {
			r.Instances, err = runInstanceCases(root, builds, *perInstance, *instanceRuns)
			return err
		})
	}
	if err == nil {
		err = step("scales", func() error { // 10 grading scales, the pages spread over them
			res, err := runScalesFanout(bin, 10, *scalePages)
			r.Scales = &res
			return err
		})
	}
	if err == nil {
		err = step("poll", func() error { // pages whose stream was refused, polling every 10 s ± 2 s
			res, err := runPoll(bin, *pollPages, 10*time.Second, 2*time.Second, *pollWindow)
			r.Poll = &res
			if err == nil {
				res.HandlerRaw, err = goBench(root, "-bench=^BenchmarkConfigNotModified$", "-count=3", "-benchtime=300ms", "./internal/server")
			}
			return err
		})
	}
	if err == nil {
		err = step("grade", func() (err error) {
			for _, b := range builds { // each against the bare handler in its own rounds: ratios compare across builds
				g, err := runGrade(b.path, 32, time.Second, 7)
				if err != nil {
					return fmt.Errorf("%s: %w", b.path, err)
				}
				g.Build = b.name
				r.Grades = append(r.Grades, g)
			}
			r.HandlerRaw, err = goBench(root, "-bench=^Benchmark(Grade|Bare)$", "-count=3", "-benchtime=300ms", "./internal/server")
			return err
		})
	}
	if err == nil {
		err = step("startup", func() (err error) {
			r.Startup, err = runStartup(bin, 5)
			return err
		})
	}
	if err == nil {
		err = step("bundle", func() error {
			return nodeJSON(root, &r.Bundle, "scripts/check-budget.mjs", "--json")
		})
	}
	if err == nil {
		err = step("page", func() (err error) { // the plain-HTML floor, then each build
			r.Pages, err = runPages(root, builds, *pageLoads)
			return err
		})
	}
	if err == nil {
		err = step("passwords", func() (err error) {
			r.PasswordsRaw, err = goBench(root, "-bench=.", "-count=1", "./internal/auth")
			return err
		})
	}
	if err == nil {
		err = step("schools", func() error {
			counts, err := atoiList(*schoolCounts)
			if err != nil {
				return err
			}
			plan := schoolsPlan{Schools: *schools, Pages: *schoolPages, Saves: *schoolSaves, Counts: counts,
				Watch: 2 * time.Second, Idle: 5 * time.Second}
			if *schoolPGCounts != "none" {
				if plan.PostgresCounts, err = atoiList(*schoolPGCounts); err != nil {
					return err
				}
				if plan.Postgres, err = postgresServer(root); err != nil {
					return err
				}
			}
			res, err := runSchools(bin, plan)
			r.Schools = &res
			return err
		})
	}
	if err != nil {
		return err
	}
	return r.write(root, *out, slices.ContainsFunc(sections, func(s string) bool { return s != "schools" }))
}

// write puts the report into file (- : stdout): the main part between its markers when a section of
// it ran, the schools section between its own, so that `-only schools` leaves the rest as it was.
func (r report) write(root, file string, withMain bool) error {
	md, schools := r.markdown(), ""
	if r.Schools != nil {
		schools = fmt.Sprintf("\nLast run: %s UTC, `%s`, on %s.\n", r.Date.Format("2006-01-02 15:04"), r.Command, r.Machine) +
			r.Schools.markdown()
	}
	if file == "-" {
		if withMain {
			fmt.Print(md)
		}
		fmt.Print(schools)
		return nil
	}
	path := filepath.Join(root, file)
	if withMain {
		if err := replaceGenerated(path, beginMarker, endMarker, md); err != nil {
			return err
		}
	}
	if r.Schools != nil {
		return replaceGenerated(path, schoolsBegin, schoolsEnd, schools)
	}
	return nil
}

func atoiList(list string) ([]int, error) {
	var out []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("%q: want whole numbers from 1", list)
		}
		out = append(out, n)
	}
	return out, nil
}

// build is a binary under test; name is "" when only one is measured, else "before" or "after".
type build struct{ name, path string }

// raiseFileLimit lifts this process's open-file limit to its hard limit (10,000 subscribers need
// 10,000 sockets here and as many in the server, a separate process that inherits the limit).
func raiseFileLimit() {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err == nil && l.Cur < l.Max {
		l.Cur = l.Max
		_ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l)
	}
}

// nodeJSON runs a script of web/ with node and decodes the JSON it prints.
func nodeJSON(root string, v any, args ...string) error {
	cmd := exec.Command("node", args...)
	cmd.Dir = filepath.Join(root, "web")
	cmd.Stderr = os.Stderr
	data, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("node %s: %w", strings.Join(args, " "), err)
	}
	return json.Unmarshal(data, v)
}

const (
	beginMarker  = "<!-- generated by make bench: begin -->"
	endMarker    = "<!-- generated by make bench: end -->"
	schoolsBegin = "<!-- generated by make bench, schools: begin -->"
	schoolsEnd   = "<!-- generated by make bench, schools: end -->"
)

// replaceGenerated puts md between the markers of file, keeping everything else (hand-written
// before/after notes, other sections such as the soak test's).
func replaceGenerated(file, beginMarker, endMarker, md string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	text := string(data)
	i, j := strings.Index(text, beginMarker), strings.Index(text, endMarker)
	if i < 0 || j < i {
		return fmt.Errorf("%s lacks the markers %q and %q", file, beginMarker, endMarker)
	}
	text = text[:i+len(beginMarker)] + "\n" + md + text[j:]
	return os.WriteFile(file, []byte(text), 0o644)
}
