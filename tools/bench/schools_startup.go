package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// schoolsStartup is one deployment of Schools schools (SQLite) started without pages: what each
// school costs the process before anybody uses it.
type schoolsStartup struct {
	Schools int
	Setup   time.Duration // `school add` for all of them (four at a time)
	First   time.Duration // exec → 200 on /healthz, every school served (the first start after school add)
	Restart time.Duration // the same once more
	RSSKiB  int64         // one second after the first start
	Files   int           // open file descriptors then
	IdleCPU time.Duration // the server's CPU over the plan's Idle with nothing to do
}

// runSchoolsStartup measures a fresh deployment of each count of schools.
func runSchoolsStartup(bin string, counts []int, idle time.Duration) ([]schoolsStartup, error) {
	var out []schoolsStartup
	for _, n := range counts {
		res, err := schoolsStartupOf(bin, n, idle)
		if err != nil {
			return out, fmt.Errorf("%d schools: %w", n, err)
		}
		out = append(out, res)
	}
	return out, nil
}

func schoolsStartupOf(bin string, n int, idle time.Duration) (schoolsStartup, error) {
	res := schoolsStartup{Schools: n}
	dir := mustTempDir()
	defer os.RemoveAll(dir) // a thousand schools' files: not left behind
	srv, err := newServer(dir)
	if err != nil {
		return res, err
	}
	_, port, _ := net.SplitHostPort(srv.addr)
	urls := make([]string, n)
	for i := range urls {
		urls[i] = schoolURL(i, port)
	}
	begin := time.Now()
	if err := addSchools(bin, srv.db, urls); err != nil {
		return res, err
	}
	res.Setup = time.Since(begin)
	if res.First, err = srv.start(bin); err != nil {
		return res, err
	}
	// /healthz answers once every school is served (serve reads the registry before it listens);
	// the last school's own configuration proves it.
	if err := schoolAnswers(srv.addr, urls[n-1]); err != nil {
		srv.stop()
		return res, err
	}
	time.Sleep(time.Second)
	if res.RSSKiB, err = rssKiB(srv.pid()); err == nil {
		res.Files, err = openFiles(srv.pid())
	}
	var cpu0, cpu1 time.Duration
	if err == nil {
		cpu0, err = cpuTime(srv.pid())
	}
	if err == nil {
		time.Sleep(idle)
		cpu1, err = cpuTime(srv.pid())
	}
	srv.stop()
	if err != nil {
		return res, err
	}
	res.IdleCPU = cpu1 - cpu0
	if res.Restart, err = srv.start(bin); err != nil {
		return res, err
	}
	srv.stop()
	return res, nil
}

// schoolAnswers asks the school at url for its configuration through the server at addr.
func schoolAnswers(addr, url string) error {
	req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/api/v1/config", nil)
	req.Host = strings.TrimPrefix(url, "http://")
	res, err := (&http.Client{Timeout: 10 * time.Second}).Do(req)
	if err != nil {
		return err
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: GET /api/v1/config: %s", url, res.Status)
	}
	return nil
}

// openFiles counts the file descriptors a process holds.
func openFiles(pid int) (int, error) {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(entries), err
}
