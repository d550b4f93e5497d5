package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

const gradePath = "/api/v1/grade?total=30&achieved=23,5"

// serveBare is the `bare` subcommand: a plain net/http server whose one handler returns body as
// JSON, the yardstick for GET /api/v1/grade. It prints its address and serves until killed.
func serveBare(body string) error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Println(l.Addr().String())
	b := []byte(body)
	return http.Serve(l, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(b)
	}))
}

// startBare runs this program's `bare` subcommand as a separate process, like the real server.
func startBare(body string) (*exec.Cmd, string, error) { return startSelf("bare", body) }

// startSelf runs this program with args (a subcommand that prints its address on its first line
// and then serves) as a separate process and returns it with that address.
func startSelf(args ...string) (*exec.Cmd, string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, "", err
	}
	cmd := exec.Command(self, args...)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, "", fmt.Errorf("%s did not start: %w", args[0], err)
	}
	return cmd, addr[:len(addr)-1], nil
}

// loadResult is one load run against one server.
type loadResult struct {
	Requests int
	Elapsed  time.Duration
	RPS      float64
	Latency  distribution
	Errors   int
}

// load sends GET path over conns keep-alive connections, each one request at a time, for d.
// Requests are written and read raw (http.ReadResponse) so the generator costs little next to
// the servers it compares.
func load(addr, path string, conns int, d time.Duration) (loadResult, error) {
	req := []byte("GET " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nUser-Agent: bench\r\n\r\n")
	var stop atomic.Bool
	var wg sync.WaitGroup
	lats := make([][]time.Duration, conns)
	errs := make([]int, conns)
	var firstErr atomic.Value
	begin := time.Now()
	for i := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			conn, err := net.Dial("tcp", addr)
			if err != nil {
				firstErr.CompareAndSwap(nil, err)
				return
			}
			defer conn.Close()
			br := bufio.NewReader(conn)
			own := make([]time.Duration, 0, 1<<16)
			for !stop.Load() {
				t := time.Now()
				if _, err := conn.Write(req); err != nil {
					errs[i]++
					return
				}
				res, err := http.ReadResponse(br, nil)
				if err != nil {
					errs[i]++
					return
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					errs[i]++
				}
				own = append(own, time.Since(t))
			}
			lats[i] = own
		}()
	}
	time.Sleep(d)
	stop.Store(true)
	wg.Wait()
	elapsed := time.Since(begin)
	if err, ok := firstErr.Load().(error); ok {
		return loadResult{}, err
	}
	var all []time.Duration
	r := loadResult{Elapsed: elapsed}
	for i := range lats {
		all = append(all, lats[i]...)
		r.Errors += errs[i]
	}
	r.Requests = len(all)
	r.RPS = float64(r.Requests) / elapsed.Seconds()
	r.Latency = distributionOf(all)
	return r, nil
}

// gradeResult compares GET /api/v1/grade with the bare handler, in alternating rounds.
type gradeResult struct {
	Build       string // "" when one build is measured, else "before" or "after"
	Body        string
	Conns       int
	Round       time.Duration
	Rounds      int
	Grade, Bare loadResult
	Ratio       float64   // median of the rounds' ratios: robust against a round the machine was busy in
	Ratios      []float64 // each round's grade req/s ÷ bare req/s
}

func runGrade(bin string, conns int, round time.Duration, rounds int) (gradeResult, error) {
	res := gradeResult{Conns: conns, Round: round, Rounds: rounds}
	srv, err := newServer(mustTempDir())
	if err != nil {
		return res, err
	}
	if _, err := srv.start(bin); err != nil {
		return res, err
	}
	defer srv.stop()
	r, err := http.Get("http://" + srv.addr + gradePath)
	if err != nil {
		return res, err
	}
	body, _ := io.ReadAll(r.Body)
	r.Body.Close()
	res.Body = string(body)
	bare, bareAddr, err := startBare(res.Body)
	if err != nil {
		return res, err
	}
	defer func() { _ = bare.Process.Kill(); _ = bare.Wait() }()

	// warm both up, then alternate so that a change in the machine's load hits both alike
	for _, a := range []string{srv.addr, bareAddr} {
		if _, err := load(a, gradePath, conns, 300*time.Millisecond); err != nil {
			return res, err
		}
	}
	var grade, plain []loadResult
	for range rounds {
		g, err := load(srv.addr, gradePath, conns, round)
		if err != nil {
			return res, err
		}
		b, err := load(bareAddr, gradePath, conns, round)
		if err != nil {
			return res, err
		}
		grade, plain = append(grade, g), append(plain, b)
		res.Ratios = append(res.Ratios, g.RPS/b.RPS)
	}
	res.Grade, res.Bare = merge(grade), merge(plain)
	sorted := slices.Clone(res.Ratios)
	slices.Sort(sorted)
	res.Ratio = sorted[len(sorted)/2]
	return res, nil
}

// merge adds up rounds; latency percentiles are of the rounds' p50/p99 weighted alike (the max is the max).
func merge(rs []loadResult) loadResult {
	var m loadResult
	for _, r := range rs {
		m.Requests += r.Requests
		m.Elapsed += r.Elapsed
		m.Errors += r.Errors
		m.Latency.N += r.Latency.N
		m.Latency.P50 += r.Latency.P50 / time.Duration(len(rs))
		m.Latency.P90 += r.Latency.P90 / time.Duration(len(rs))
		m.Latency.P99 += r.Latency.P99 / time.Duration(len(rs))
		m.Latency.Max = max(m.Latency.Max, r.Latency.Max)
	}
	m.RPS = float64(m.Requests) / m.Elapsed.Seconds()
	return m
}
