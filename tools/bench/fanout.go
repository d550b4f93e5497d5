package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sort"
	"sync"
	"time"
)

// fanoutResult is one live fan-out run: N SSE subscribers, one save through the API.
type fanoutResult struct {
	Build           string // "", "before" or "after" (-before)
	Subscribers     int
	RSSIdleKiB      int64         // server RSS before any subscriber
	RSSConnectedKiB int64         // with every subscriber connected and holding the snapshot
	PerSubscriber   float64       // KiB of server RSS per subscriber
	PublishCPU      time.Duration // server CPU time from just before the save until every subscriber had the event
	PublishSys      time.Duration // the part of PublishCPU spent in the kernel
	Latency         distribution  // save response → subscriber parsed the event
	Early           int           // subscribers that had parsed the event before the save's response arrived
	FromRequest     distribution  // save request sent → subscriber parsed the event (includes the save itself)
	SaveTime        time.Duration // the PUT's own round trip
	ConnectTime     time.Duration
}

// subscriber is one SSE stream read as a browser's EventSource would: line by line, an event
// ends at a blank line, its data is parsed as JSON.
type subscriber struct {
	conn net.Conn
	r    *bufio.Reader
}

// subscribe opens the stream at path (the default's /api/v1/config/events, or a scale's).
func subscribe(addr, path string) (*subscriber, error) { return subscribeAt(addr, addr, path) }

// subscribeAt opens the stream at path on the server at addr with host as the request's Host: the
// school whose page it is, where one server serves several (schools.go).
func subscribeAt(addr, host, path string) (*subscriber, error) {
	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	req, _ := http.NewRequest(http.MethodGet, "http://"+host+path, nil)
	req.Header.Set("Accept", "text/event-stream")
	if err := req.Write(conn); err != nil {
		conn.Close()
		return nil, err
	}
	br := bufio.NewReaderSize(conn, 2048)
	res, err := http.ReadResponse(br, req)
	if err != nil {
		conn.Close()
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		conn.Close()
		return nil, fmt.Errorf("%s: %s", path, res.Status)
	}
	return &subscriber{conn: conn, r: bufio.NewReaderSize(res.Body, 2048)}, nil
}

// next reads until the next `config` event and returns its version from the parsed data.
func (s *subscriber) next() (int64, error) {
	var event string
	var data []byte
	for {
		line, err := s.r.ReadSlice('\n')
		if err != nil {
			return 0, err
		}
		line = bytes.TrimRight(line, "\r\n")
		switch {
		case len(line) == 0:
			if event == "config" {
				var body struct {
					Version int64 `json:"version"`
				}
				if err := json.Unmarshal(data, &body); err != nil {
					return 0, err
				}
				return body.Version, nil
			}
			event, data = "", data[:0]
		case bytes.HasPrefix(line, []byte("event: ")):
			event = string(line[7:])
		case bytes.HasPrefix(line, []byte("data: ")):
			data = append(data, line[6:]...)
		}
	}
}

// floorBuild in place of a binary's path runs the fan-out against the floor (floor.go).
const floorBuild = "floor"

func runFanout(bin string, n int) (fanoutResult, error) {
	res := fanoutResult{Subscribers: n}
	srv, err := startFanoutServer(bin)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	time.Sleep(300 * time.Millisecond)
	if res.RSSIdleKiB, err = rssKiB(srv.pid()); err != nil {
		return res, err
	}

	subs, connectTime, err := connectAll(srv.addr, n, defaultEvents)
	defer closeAll(subs)
	if err != nil {
		return res, err
	}
	res.ConnectTime = connectTime
	time.Sleep(500 * time.Millisecond)
	if res.RSSConnectedKiB, err = rssKiB(srv.pid()); err != nil {
		return res, err
	}
	res.PerSubscriber = float64(res.RSSConnectedKiB-res.RSSIdleKiB) / float64(max(n, 1))

	wait := awaitEvent(subs)
	time.Sleep(200 * time.Millisecond) // let the readers block
	saver, err := startSaver(srv.addr, fmt.Sprintf("Bench %d", n))
	if err != nil {
		return res, err
	}
	cpu0, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	_, sys0, err := cpuTimes(srv.pid())
	if err != nil {
		return res, err
	}
	version, sent, answered, err := saver.save()
	if err != nil {
		return res, err
	}
	got, versions := wait()
	cpu1, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	_, sys1, err := cpuTimes(srv.pid())
	if err != nil {
		return res, err
	}
	res.PublishCPU, res.PublishSys = cpu1-cpu0, sys1-sys0
	res.SaveTime = answered.Sub(sent)
	lat := make([]time.Duration, 0, n)
	fromReq := make([]time.Duration, 0, n)
	for i := range got {
		if versions[i] != version {
			return res, fmt.Errorf("subscriber %d got version %d, want %d", i, versions[i], version)
		}
		fromReq = append(fromReq, got[i].Sub(sent))
		d := got[i].Sub(answered)
		if d < 0 {
			res.Early++
			d = 0
		}
		lat = append(lat, d)
	}
	res.Latency = distributionOf(lat)
	res.FromRequest = distributionOf(fromReq)
	return res, nil
}

// startFanoutServer starts bin on a fresh database with the bench's admin, or the floor.
func startFanoutServer(bin string) (*server, error) {
	if bin == floorBuild {
		return startFloor()
	}
	srv, err := newServer(mustTempDir())
	if err != nil {
		return nil, err
	}
	if err := srv.createAdmin(bin); err != nil {
		return nil, err
	}
	if _, err := srv.start(bin); err != nil {
		return nil, err
	}
	return srv, nil
}

// defaultEvents is the stream of the default scale, for connectAll.
func defaultEvents(int) string { return "/api/v1/config/events" }

// connectAll opens n streams to addr (100 at a time), the i-th at pathOf(i), and reads the snapshot
// on each.
func connectAll(addr string, n int, pathOf func(int) string) ([]*subscriber, time.Duration, error) {
	return connectAllAt(addr, n, func(int) string { return addr }, pathOf)
}

// connectAllAt is connectAll with the i-th stream's request to host hostOf(i) (a school's).
func connectAllAt(addr string, n int, hostOf, pathOf func(int) string) ([]*subscriber, time.Duration, error) {
	subs := make([]*subscriber, n)
	begin := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	gate := make(chan struct{}, 100)
	for i := range subs {
		wg.Add(1)
		gate <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-gate }()
			s, err := subscribeAt(addr, hostOf(i), pathOf(i))
			if err == nil {
				_, err = s.next()
			}
			if err != nil {
				errs <- err
				return
			}
			subs[i] = s
		}()
	}
	wg.Wait()
	select {
	case err := <-errs:
		return subs, 0, fmt.Errorf("%d subscribers: %w", n, err)
	default:
	}
	return subs, time.Since(begin), nil
}

func closeAll(subs []*subscriber) {
	for _, s := range subs {
		if s != nil {
			s.conn.Close()
		}
	}
}

// awaitEvent lets every subscriber wait for its next event and note when it has parsed it; wait
// returns those moments and the versions (-1 for a failed stream) once all have one.
func awaitEvent(subs []*subscriber) (wait func() ([]time.Time, []int64)) {
	got := make([]time.Time, len(subs))
	versions := make([]int64, len(subs))
	var wg sync.WaitGroup
	for i, s := range subs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.conn.SetReadDeadline(time.Now().Add(60 * time.Second))
			v, err := s.next()
			got[i] = time.Now()
			if err != nil {
				v = -1
			}
			versions[i] = v
		}()
	}
	return func() ([]time.Time, []int64) {
		wg.Wait()
		return got, versions
	}
}

// distribution summarises durations.
type distribution struct {
	N                  int
	P50, P90, P99, Max time.Duration
}

func distributionOf(ds []time.Duration) distribution {
	if len(ds) == 0 {
		return distribution{}
	}
	sort.Slice(ds, func(i, j int) bool { return ds[i] < ds[j] })
	at := func(q float64) time.Duration { return ds[min(len(ds)-1, int(q*float64(len(ds))))] }
	return distribution{N: len(ds), P50: at(0.50), P90: at(0.90), P99: at(0.99), Max: ds[len(ds)-1]}
}
