package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The many-schools benchmark: one process serving many schools of one SQLite database
// (docs/architecture.md, „Mehrere Schulen“), live pages spread over them, saves at some of them.
// Every school answers on loopback under a host of its own (s0001.bench.test:PORT), which the
// bench's connections send as Host while dialling the server's address.

// schoolsCase is one deployment: Schools schools, Pages live pages spread round-robin over them,
// Saves saves, each at one of the first schools in turn.
type schoolsCase struct {
	Schools, Pages int
	PagesPerSaved  int // pages of each saving school
	Saves          int
	ConnectTime    time.Duration
	Reached        int             // deliveries of the saved version to the saving school's pages, all saves
	Latency        distribution    // save request sent → page parsed the event, over every save's pages
	SaveP99        []time.Duration // the same per save: its p99 (one slow commit moves the pooled p99, not their median)
	CPU            []time.Duration // the server's CPU per save, from just before it until its school's pages all had it
	SaveTime       []time.Duration // the PUT's round trip
	Crossed        int             // events a page received beyond its own school's saves: another school's, or one twice (must be 0)
}

// schoolURL is the address of the bench's i-th school on the server's port.
func schoolURL(i int, port string) string { return fmt.Sprintf("http://s%04d.bench.test:%s", i, port) }

// addSchools registers the schools with `notenrechner school add`, four at a time (the registry's
// writes take turns in SQLite). The first is added alone first, so that it is the one taking over
// the database's own tables, as in a deployment that grew from one school.
func addSchools(bin, db string, urls []string) error {
	add := func(u string) error {
		out, err := exec.Command(bin, "school", "add", "--db", db, "--url", u, "--name", "Schule "+u).CombinedOutput()
		if err != nil {
			return fmt.Errorf("school add %s: %v: %s", u, err, out)
		}
		return nil
	}
	if len(urls) == 0 {
		return nil
	}
	if err := add(urls[0]); err != nil {
		return err
	}
	work := make(chan string)
	errs := make(chan error, len(urls))
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for u := range work {
				if err := add(u); err != nil {
					errs <- err
				}
			}
		})
	}
	for _, u := range urls[1:] {
		work <- u
	}
	close(work)
	wg.Wait()
	close(errs)
	return <-errs
}

// schoolClient signs in as the bench's admin at the school of host on the server at addr.
func schoolClient(addr, host string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	dialer := &net.Dialer{Timeout: 10 * time.Second}
	transport := &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
		return dialer.DialContext(ctx, network, addr)
	}}
	return (&server{addr: host}).signInWith(&http.Client{Jar: jar, Timeout: 30 * time.Second, Transport: transport})
}

// schoolPage is one live page and the config events it has parsed.
type schoolPage struct {
	school   int
	sub      *subscriber
	mu       sync.Mutex
	got      []time.Time
	versions []int64
}

// read records every event of the page until its connection closes, counting it for its school.
func (p *schoolPage) read(arrived []atomic.Int64) {
	for {
		v, err := p.sub.next()
		if err != nil {
			return
		}
		at := time.Now()
		p.mu.Lock()
		p.got, p.versions = append(p.got, at), append(p.versions, v)
		p.mu.Unlock()
		arrived[p.school].Add(1)
	}
}

// runSchoolsCase starts a deployment of `schools` schools with `pages` pages and saves plan.Saves times.
func runSchoolsCase(bin string, plan schoolsPlan, schools, pages int) (schoolsCase, error) {
	saves := plan.Saves
	res := schoolsCase{Schools: schools, Pages: pages, Saves: saves}
	dir := mustTempDir()
	defer os.RemoveAll(dir) // a thousand schools' files: not left behind
	srv, err := newServer(dir)
	if err != nil {
		return res, err
	}
	_, port, _ := net.SplitHostPort(srv.addr)
	urls := make([]string, schools)
	hosts := make([]string, schools)
	for i := range urls {
		urls[i] = schoolURL(i, port)
		hosts[i] = strings.TrimPrefix(urls[i], "http://")
	}
	if err := addSchools(bin, srv.db, urls); err != nil {
		return res, err
	}
	saving := min(saves, schools)
	for _, u := range urls[:saving] {
		cmd := exec.Command(bin, "admin", "create", "--db", srv.db, "--school", u, "--email", benchEmail)
		cmd.Stdin = strings.NewReader(benchPassword + "\n")
		if out, err := cmd.CombinedOutput(); err != nil {
			return res, fmt.Errorf("admin create --school %s: %v: %s", u, err, out)
		}
	}
	if _, err := srv.start(bin); err != nil {
		return res, err
	}
	defer srv.stop()
	clients := make([]*http.Client, saving)
	for i := range clients {
		if clients[i], err = schoolClient(srv.addr, hosts[i]); err != nil {
			return res, fmt.Errorf("%s: %w", hosts[i], err)
		}
	}
	subs, took, err := connectAllAt(srv.addr, pages, func(i int) string { return hosts[i%schools] },
		func(int) string { return "/api/v1/config/events" })
	defer closeAll(subs)
	if err != nil {
		return res, err
	}
	res.ConnectTime = took
	arrived := make([]atomic.Int64, schools)
	perSchool := make([]int, schools)
	page := make([]*schoolPage, pages)
	for i, s := range subs {
		page[i] = &schoolPage{school: i % schools, sub: s}
		perSchool[i%schools]++
		go page[i].read(arrived)
	}
	res.PagesPerSaved = perSchool[0]
	time.Sleep(500 * time.Millisecond) // let the readers block
	return measureSchoolSaves(srv, clients, hosts, page, perSchool, arrived, plan.Watch, res)
}

// measureSchoolSaves saves at the saving schools in turn, each once its school's pages all had the
// one before; then watches every page for watch more and checks what each received.
func measureSchoolSaves(srv *server, clients []*http.Client, hosts []string, page []*schoolPage, perSchool []int,
	arrived []atomic.Int64, watch time.Duration, res schoolsCase) (schoolsCase, error) {
	savesAt := make([]int, len(perSchool))
	type save struct {
		k       int // the how-manieth save
		version int64
		sent    time.Time
	}
	saved := make([][]save, len(perSchool)) // per school, its saves in order
	for k := range res.Saves {
		s := k % len(clients)
		time.Sleep(200 * time.Millisecond)
		cpu0, err := cpuTime(srv.pid())
		if err != nil {
			return res, err
		}
		version, sent, answered, err := (&server{addr: hosts[s]}).save(clients[s], fmt.Sprintf("Bench %d", k))
		if err != nil {
			return res, fmt.Errorf("%s: %w", hosts[s], err)
		}
		savesAt[s]++
		saved[s] = append(saved[s], save{k, version, sent})
		want := int64(perSchool[s] * savesAt[s])
		for deadline := time.Now().Add(30 * time.Second); arrived[s].Load() < want; time.Sleep(time.Millisecond) {
			if time.Now().After(deadline) {
				return res, fmt.Errorf("save %d at %s: %d of %d deliveries within 30 s", k, hosts[s], arrived[s].Load(), want)
			}
		}
		cpu1, err := cpuTime(srv.pid())
		if err != nil {
			return res, err
		}
		res.CPU = append(res.CPU, cpu1-cpu0)
		res.SaveTime = append(res.SaveTime, answered.Sub(sent))
	}
	time.Sleep(watch) // a stray delivery elsewhere would arrive within this
	var lat []time.Duration
	perSave := make([][]time.Duration, res.Saves)
	for i, p := range page {
		p.mu.Lock()
		mine := saved[p.school]
		for e, v := range p.versions {
			if e >= len(mine) {
				res.Crossed++
				continue
			}
			if v != mine[e].version {
				p.mu.Unlock()
				return res, fmt.Errorf("page %d of %s: event %d has version %d, want %d", i, hosts[p.school], e, v, mine[e].version)
			}
			res.Reached++
			d := p.got[e].Sub(mine[e].sent)
			lat = append(lat, d)
			perSave[mine[e].k] = append(perSave[mine[e].k], d)
		}
		p.mu.Unlock()
	}
	res.Latency = distributionOf(lat)
	for _, ds := range perSave {
		res.SaveP99 = append(res.SaveP99, distributionOf(ds).P99)
	}
	return res, nil
}

// median of durations (the upper one of an even count).
func median(ds []time.Duration) time.Duration {
	return distributionOf(append([]time.Duration(nil), ds...)).P50
}
