package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSchoolsTiny runs the many-schools section at its smallest against a binary built from this
// tree: 3 schools, 30 pages, 2 saves, start-up with 1 and 3 schools, and with 1 and 2 on
// PostgreSQL where NOTENRECHNER_TEST_POSTGRES names a server (about 10 s, most of it the build).
// It proves the section works; its figures mean nothing at this size.
func TestSchoolsTiny(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the server")
	}
	bin := filepath.Join(t.TempDir(), "notenrechner")
	build := exec.Command("go", "build", "-o", bin, "./cmd/notenrechner")
	build.Dir = filepath.Join("..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	plan := schoolsPlan{Schools: 3, Pages: 30, Saves: 2, Counts: []int{1, 3},
		Watch: 300 * time.Millisecond, Idle: 200 * time.Millisecond}
	if pg := os.Getenv("NOTENRECHNER_TEST_POSTGRES"); pg != "" {
		plan.Postgres, plan.PostgresCounts = pg, []int{1, 2}
	}
	res, err := runSchools(bin, plan)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name                  string
		c                     schoolsCase
		schools, pages, reach int
	}{
		{"many", res.Many, 3, 30, 2 * 10}, // two saves at two schools of 10 pages each
		{"one", res.One, 1, 30, 2 * 30},
		{"alone", res.Alone, 1, 10, 2 * 10},
	} {
		if c.c.Schools != c.schools || c.c.Pages != c.pages || c.c.Reached != c.reach || c.c.Crossed != 0 ||
			len(c.c.CPU) != 2 || len(c.c.SaveP99) != 2 || c.c.Latency.N != c.reach {
			t.Errorf("%s: %+v; want %d schools, %d pages, %d deliveries, none elsewhere", c.name, c.c, c.schools, c.pages, c.reach)
		}
	}
	if len(res.Startups) != 2+len(plan.PostgresCounts) || res.Startups[1].Schools != 3 || res.Startups[1].RSSKiB == 0 ||
		res.Startups[1].First == 0 {
		t.Errorf("start-ups %+v", res.Startups)
	}
	for _, s := range res.Startups {
		if s.Errors != 0 || (s.Backend == "PostgreSQL") != (s.DBConns > 0) {
			t.Errorf("start-up %+v: want no errors, and connections counted on PostgreSQL alone", s)
		}
	}
	md := res.markdown()
	for _, want := range []string{"### Many schools on one deployment", "Deliveries at other schools: **0**", "| 3 | "} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

// -only schools rewrites its own part of docs/benchmarks.md and leaves the main part as it was; a
// run of the other sections leaves the schools part.
func TestReportWritesItsParts(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "b.md")
	doc := "head\n" + beginMarker + "\nold main\n" + endMarker + "\nmiddle\n" + schoolsBegin + "\nold schools\n" + schoolsEnd + "\ntail\n"
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	r := report{Date: time.Now(), Command: "c", Machine: "m", Schools: &schoolsResult{Many: schoolsCase{Schools: 7}}}
	if err := r.write(dir, "b.md", false); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if !strings.Contains(string(got), "old main") || strings.Contains(string(got), "old schools") ||
		!strings.Contains(string(got), "serving 7 schools") || !strings.HasSuffix(string(got), schoolsEnd+"\ntail\n") {
		t.Errorf("after -only schools:\n%s", got)
	}
	r.Schools = nil
	if err := r.write(dir, "b.md", true); err != nil {
		t.Fatal(err)
	}
	got, _ = os.ReadFile(file)
	if strings.Contains(string(got), "old main") || !strings.Contains(string(got), "serving 7 schools") {
		t.Errorf("after the other sections:\n%s", got)
	}
}
