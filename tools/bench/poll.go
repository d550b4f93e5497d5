package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"time"
)

// pollResult: pages whose stream was refused (a school behind one address past its limit) poll
// GET /api/v1/config with If-None-Match every Interval ± Jitter on keep-alive connections, as the
// page's fallback does (web/src/lib/live-connection.ts); beside them, as many pages on streams.
type pollResult struct {
	Pages            int
	Interval, Jitter time.Duration
	Window           time.Duration // measured, after a ramp-up of Interval + Jitter
	Requests         int           // sent within the window
	NotModified      int
	Full             int // 200 (none: nothing changes within the window)
	Errors           int
	Reconnects       int // connections opened after the first, over the whole run
	Latency          distribution
	RPS              float64
	CPUPerSecond     time.Duration // server CPU per second of the window
	RSSKiB           int64         // server RSS at the window's end
	RSSIdleKiB       int64
	// After the window the admin saves once; Updated pages hold the new version one interval and
	// jitter later (all of them, unless a poll failed), each having fetched it with one 200.
	Updated int

	// The same number of pages on streams, idle (heartbeats) for a window as long.
	StreamConnect      time.Duration
	StreamCPUPerSecond time.Duration
	StreamRSSKiB       int64
	StreamRSSIdleKiB   int64

	HandlerRaw string // BenchmarkConfigNotModified: the 304 without the network
}

// pollPage is one page's polling: a connection opened at its first poll and kept, as a browser
// keeps it, and opened again when the server has closed it.
type pollPage struct {
	addr, etag  string
	conn        net.Conn
	r           *bufio.Reader
	dials       int
	lat         []time.Duration
	notModified int
	full        int
	errors      int
}

func (p *pollPage) poll() (status int, err error) {
	if p.conn == nil {
		if p.conn, err = net.DialTimeout("tcp", p.addr, 10*time.Second); err != nil {
			return 0, err
		}
		p.dials++
		p.r = bufio.NewReaderSize(p.conn, 1024)
	}
	_ = p.conn.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err = fmt.Fprintf(p.conn, "GET /api/v1/config HTTP/1.1\r\nHost: %s\r\nAccept: application/json\r\nIf-None-Match: %s\r\n\r\n", p.addr, p.etag); err == nil {
		var res *http.Response
		if res, err = http.ReadResponse(p.r, nil); err == nil {
			_, err = io.Copy(io.Discard, res.Body)
			res.Body.Close()
			status = res.StatusCode
			if status == http.StatusOK {
				p.etag = res.Header.Get("ETag")
			}
			if res.Close {
				err = io.EOF // the server ends the connection: the next poll opens another
			}
		}
	}
	if err != nil {
		p.conn.Close()
		p.conn = nil
	}
	return status, err
}

// run polls from a random moment within the first interval (pages opened at different times)
// until stop, and records the polls sent within [from, end).
func (p *pollPage) run(interval, jitter time.Duration, from, end, stop time.Time) {
	next := time.Now().Add(rand.N(interval + jitter))
	for next.Before(stop) {
		time.Sleep(time.Until(next))
		sent := time.Now()
		status, err := p.poll()
		took := time.Since(sent)
		if !sent.Before(from) && sent.Before(end) {
			switch {
			case err != nil && status == 0:
				p.errors++
			case status == http.StatusNotModified:
				p.notModified++
				p.lat = append(p.lat, took)
			case status == http.StatusOK:
				p.full++
				p.lat = append(p.lat, took)
			default:
				p.errors++
			}
		}
		next = time.Now().Add(interval - jitter + rand.N(2*jitter))
	}
	if p.conn != nil {
		p.conn.Close()
	}
}

func runPoll(bin string, pages int, interval, jitter, window time.Duration) (pollResult, error) {
	res := pollResult{Pages: pages, Interval: interval, Jitter: jitter, Window: window}
	if err := measureStreams(bin, &res); err != nil {
		return res, err
	}
	srv, err := startFanoutServer(bin)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	admin, err := srv.signIn() // before the window: a sign-in is an argon2id hash
	if err != nil {
		return res, err
	}
	time.Sleep(300 * time.Millisecond)
	if res.RSSIdleKiB, err = rssKiB(srv.pid()); err != nil {
		return res, err
	}
	r, err := http.Get("http://" + srv.addr + "/api/v1/config")
	if err != nil {
		return res, err
	}
	r.Body.Close()
	etag := r.Header.Get("ETag") // what each page has: it embedded or streamed this version before
	from := time.Now().Add(interval + jitter)
	end := from.Add(window)
	stop := end.Add(interval + jitter + time.Second) // every page polls once more after the save
	all := make([]*pollPage, pages)
	var wg sync.WaitGroup
	for i := range all {
		all[i] = &pollPage{addr: srv.addr, etag: etag}
		wg.Add(1)
		go func() { defer wg.Done(); all[i].run(interval, jitter, from, end, stop) }()
	}
	time.Sleep(time.Until(from))
	cpu0, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	time.Sleep(time.Until(end))
	cpu1, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	if res.RSSKiB, err = rssKiB(srv.pid()); err != nil {
		return res, err
	}
	version, _, _, err := srv.save(admin, "Geändert beim Nachfragen") // each page fetches it at its next poll
	if err != nil {
		return res, err
	}
	wg.Wait()
	res.CPUPerSecond = time.Duration(float64(cpu1-cpu0) / window.Seconds())
	var lat []time.Duration
	saved := fmt.Sprintf(`"%d"`, version)
	for _, p := range all {
		lat = append(lat, p.lat...)
		res.NotModified += p.notModified
		res.Full += p.full
		res.Errors += p.errors
		res.Reconnects += max(p.dials-1, 0)
		if p.etag == saved {
			res.Updated++
		}
	}
	res.Requests = res.NotModified + res.Full + res.Errors
	res.RPS = float64(res.Requests) / window.Seconds()
	res.Latency = distributionOf(lat)
	return res, nil
}

// measureStreams holds res.Pages streams open on a fresh server for a window as long as the
// polls' and reads the server's CPU (heartbeats) and memory.
func measureStreams(bin string, res *pollResult) error {
	srv, err := startFanoutServer(bin)
	if err != nil {
		return err
	}
	defer srv.stop()
	time.Sleep(300 * time.Millisecond)
	if res.StreamRSSIdleKiB, err = rssKiB(srv.pid()); err != nil {
		return err
	}
	subs, took, err := connectAll(srv.addr, res.Pages, defaultEvents)
	defer closeAll(subs)
	if err != nil {
		return err
	}
	res.StreamConnect = took
	time.Sleep(time.Second)
	cpu0, err := cpuTime(srv.pid())
	if err != nil {
		return err
	}
	time.Sleep(res.Window)
	cpu1, err := cpuTime(srv.pid())
	if err != nil {
		return err
	}
	res.StreamCPUPerSecond = time.Duration(float64(cpu1-cpu0) / res.Window.Seconds())
	res.StreamRSSKiB, err = rssKiB(srv.pid())
	return err
}

func (r pollResult) markdown(fanout []fanoutResult) string {
	var b []byte
	p := func(format string, a ...any) { b = fmt.Appendf(b, format, a...) }
	p("\n### Polling pages (a refused stream's fallback)\n\n")
	p("%d pages from loopback whose stream was refused, each polling `GET /api/v1/config` with `If-None-Match` every\n", r.Pages)
	p("%s ± %s on a keep-alive connection (opened at its first poll, at a random moment of the first %s), as\n", secs(r.Interval), secs(r.Jitter), secs(r.Interval+r.Jitter))
	p("`web/src/lib/live-connection.ts` does; measured for %s after that ramp-up. After the window the admin saves\n", secs(r.Window))
	p("once, and the pages poll on for %s: the last column counts those that then hold the new version. Beside it,\n", secs(r.Interval+r.Jitter+time.Second))
	p("on a fresh server, the same number of pages holding streams, idle for as long (a heartbeat every 20 s). CPU:\n")
	p("the server's threads' time (`/proc/PID/task/*/schedstat`) per second of the window; RSS at its end (the idle\n")
	p("figure of the polling server is taken after the admin's sign-in, whose argon2id hash the runtime keeps for a while).\n\n")
	p("| Pages | requests/s | 304 | 200 | errors | reconnects | p50 | p99 | max | server CPU per second | server RSS idle → loaded | pages with the saved version |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	p("| %d polling | %.0f | %d (%.1f %%) | %d | %d | %d | %s | %s | %s | %s (%.1f %% of a core) | %.1f → %.1f MiB | %d of %d |\n",
		r.Pages, r.RPS, r.NotModified, 100*float64(r.NotModified)/float64(max(r.Requests, 1)), r.Full, r.Errors, r.Reconnects,
		ms(r.Latency.P50), ms(r.Latency.P99), ms(r.Latency.Max), ms(r.CPUPerSecond), 100*r.CPUPerSecond.Seconds(),
		float64(r.RSSIdleKiB)/1024, float64(r.RSSKiB)/1024, r.Updated, r.Pages)
	p("| %d on streams | — | — | — | — | — | — | — | — | %s (%.1f %% of a core) | %.1f → %.1f MiB | — |\n",
		r.Pages, ms(r.StreamCPUPerSecond), 100*r.StreamCPUPerSecond.Seconds(), float64(r.StreamRSSIdleKiB)/1024, float64(r.StreamRSSKiB)/1024)
	p("\nPer polling page: %s of server CPU per request, %.1f KiB of server memory; per page on a stream %.1f KiB",
		micro(time.Duration(float64(r.CPUPerSecond)/max(r.RPS, 1))), float64(r.RSSKiB-r.RSSIdleKiB)/float64(r.Pages),
		float64(r.StreamRSSKiB-r.StreamRSSIdleKiB)/float64(r.Pages))
	if m := mediansOf("", fanout); m.n > 0 {
		p(", and one save costs the %d streams %s of CPU (Live fan-out, median)", r.Pages, ms(m.cpu))
	}
	p(".\n")
	if r.HandlerRaw != "" {
		p("\nThe 304 without the network (`go test -run='^$' -bench=^BenchmarkConfigNotModified$ -benchmem ./internal/server`),\n")
		p("through the whole handler chain into a writer that keeps nothing:\n\n```\n%s```\n", benchLines(r.HandlerRaw))
	}
	return string(b)
}

func secs(d time.Duration) string { return fmt.Sprintf("%g s", d.Seconds()) }
