package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// schoolsStartup is one deployment of Schools schools (SQLite or PostgreSQL) started without pages: what each
// school costs the process before anybody uses it.
type schoolsStartup struct {
	Backend string // "SQLite" or "PostgreSQL"
	Schools int
	Setup   time.Duration // `school add` for all of them (four at a time)
	First   time.Duration // exec → 200 on /healthz, every school served (the first start after school add)
	Restart time.Duration // the same once more
	RSSKiB  int64         // one second after the first start
	Files   int           // open file descriptors then
	IdleCPU time.Duration // the server's CPU over the plan's Idle with nothing to do
	DBConns int           // PostgreSQL: the server's connections to it then (its sockets but the listener)
	Errors  int           // lines of level ERROR in the server's log
}

// runSchoolsStartup measures a fresh SQLite deployment of each count of schools, then a fresh
// PostgreSQL database (on pgServer, the tests' server) of each of pgCounts.
func runSchoolsStartup(bin string, counts []int, idle time.Duration, pgServer string, pgCounts []int) ([]schoolsStartup, error) {
	var out []schoolsStartup
	for _, n := range counts {
		res, err := schoolsStartupOf(bin, n, idle, "")
		if err != nil {
			return out, fmt.Errorf("%d schools: %w", n, err)
		}
		out = append(out, res)
	}
	for _, n := range pgCounts {
		res, err := schoolsStartupOf(bin, n, idle, pgServer)
		if err != nil {
			return out, fmt.Errorf("%d schools on PostgreSQL: %w", n, err)
		}
		out = append(out, res)
	}
	return out, nil
}

// schoolsStartupOf measures n schools on SQLite, or on a fresh database of pgServer.
func schoolsStartupOf(bin string, n int, idle time.Duration, pgServer string) (schoolsStartup, error) {
	res := schoolsStartup{Backend: "SQLite", Schools: n}
	dir := mustTempDir()
	defer os.RemoveAll(dir) // a thousand schools' files: not left behind
	srv, err := newServer(dir)
	if err != nil {
		return res, err
	}
	if pgServer != "" {
		dsn, drop, err := freshDatabase(pgServer)
		if err != nil {
			return res, err
		}
		defer drop()
		res.Backend, srv.db = "PostgreSQL", dsn
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
	if err == nil && pgServer != "" {
		res.DBConns, err = sockets(srv.pid())
		res.DBConns-- // the listener
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
	res.Errors = strings.Count(srv.log.String(), "level=ERROR")
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

// sockets counts the sockets among a process's file descriptors.
func sockets(pid int) (int, error) {
	dir := fmt.Sprintf("/proc/%d/fd", pid)
	entries, err := os.ReadDir(dir)
	n := 0
	for _, e := range entries {
		if target, err := os.Readlink(dir + "/" + e.Name()); err == nil && strings.HasPrefix(target, "socket:") {
			n++
		}
	}
	return n, err
}

// openFiles counts the file descriptors a process holds.
func openFiles(pid int) (int, error) {
	entries, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	return len(entries), err
}
