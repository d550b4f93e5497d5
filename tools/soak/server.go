package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

const (
	adminEmail    = "soak@schule.de"
	adminPassword = "Dauerlauf-Kastanie-42"
)

// server is the real binary on a fresh SQLite file on loopback.
type server struct {
	base   string
	cmd    *exec.Cmd
	dir    string
	cookie *http.Cookie
	client *http.Client // saves, grades and scrapes; the pages have their own
}

func startServer(ctx context.Context, bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "notenrechner-soak-")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, client: &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 128}}}
	if bin == "" {
		bin = filepath.Join(dir, "notenrechner")
		logf("building %s", bin)
		build := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/notenrechner")
		build.Dir, build.Stdout, build.Stderr = repoRoot(), os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("build: %w", err)
		}
	}
	db := "sqlite:" + filepath.Join(dir, "soak.db")
	admin := exec.CommandContext(ctx, bin, "admin", "create", "--db", db, "--email", adminEmail)
	admin.Stdin = strings.NewReader(adminPassword + "\n")
	if out, err := admin.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("admin create: %w: %s", err, out)
	}
	addr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	s.base = "http://" + addr
	logFile, err := os.Create(filepath.Join(dir, "server.log"))
	if err != nil {
		return nil, err
	}
	// Every soak client comes from this one address: lift the per-address bound on streams.
	s.cmd = exec.Command(bin, "serve", "--addr", addr, "--db", db, "--max-streams-per-address", "50000", "--max-streams", "50000")
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	if err := s.waitHealthy(ctx); err != nil {
		s.stop()
		return nil, err
	}
	if err := s.signIn(ctx); err != nil {
		s.stop()
		return nil, err
	}
	return s, nil
}

// repoRoot is the module's folder, so that `go run ./tools/soak` works from
// anywhere inside the repository.
func repoRoot() string {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil || strings.TrimSpace(string(out)) == "" {
		return "."
	}
	return filepath.Dir(strings.TrimSpace(string(out)))
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func (s *server) waitHealthy(ctx context.Context) error {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if resp, err := s.client.Get(s.base + "/healthz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return nil
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("server not healthy within 30 s (log: %s)", filepath.Join(s.dir, "server.log"))
}

func (s *server) signIn(ctx context.Context) error {
	req, _ := http.NewRequestWithContext(ctx, "POST", s.base+"/api/v1/auth/login",
		strings.NewReader(`{"email":"`+adminEmail+`","password":"`+adminPassword+`"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.client.Do(req)
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == "notenrechner_session" {
			s.cookie = c
			return nil
		}
	}
	return fmt.Errorf("sign in: %d without a session cookie", resp.StatusCode)
}

// stop ends the server with SIGTERM and removes its files.
func (s *server) stop() {
	if s.cmd != nil && s.cmd.Process != nil {
		s.cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { s.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(15 * time.Second):
			s.cmd.Process.Kill()
			<-done
		}
	}
	os.RemoveAll(s.dir)
}

// sample is one scrape of the server's /metrics.
type sample struct {
	goroutines, heap, rss, streams, version float64
	lastGC                                  float64 // Unix seconds
}

func (m sample) String() string {
	return fmt.Sprintf("%.0f goroutines, heap in use %.1f MiB, RSS %.1f MiB, %.0f streams, version %.0f",
		m.goroutines, m.heap/(1<<20), m.rss/(1<<20), m.streams, m.version)
}

func (s *server) scrape(ctx context.Context) (sample, error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", s.base+"/metrics", nil)
	req.AddCookie(s.cookie) // /metrics is for admins
	resp, err := s.client.Do(req)
	if err != nil {
		return sample{}, fmt.Errorf("scrape: %w", err)
	}
	defer resp.Body.Close()
	fields := map[string]*float64{}
	var m sample
	fields["go_goroutines"], fields["go_memstats_heap_inuse_bytes"] = &m.goroutines, &m.heap
	fields["process_resident_memory_bytes"], fields["notenrechner_sse_streams_open"] = &m.rss, &m.streams
	fields["notenrechner_config_version"], fields["go_memstats_last_gc_time_seconds"] = &m.version, &m.lastGC
	found := 0
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		name, value, _ := strings.Cut(sc.Text(), " ")
		if p, ok := fields[name]; ok {
			if *p, err = strconv.ParseFloat(value, 64); err != nil {
				return m, fmt.Errorf("scrape: %s: %w", name, err)
			}
			found++
		}
	}
	if found != len(fields) {
		return m, fmt.Errorf("scrape: %d of the %d metrics the soak reads are missing", len(fields)-found, len(fields))
	}
	return m, sc.Err()
}

// waitStreams waits until the server reports exactly n open streams.
func (s *server) waitStreams(ctx context.Context, n int, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		m, err := s.scrape(ctx)
		if err != nil {
			return err
		}
		if int(m.streams) == n {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the server reports %.0f open streams after %v, want %d", m.streams, limit, n)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// watch logs the server's figures every interval until ctx ends and
// returns the highest of each.
func (s *server) watch(ctx context.Context, p *pages, every time.Duration) sample {
	var peak sample
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return peak
		case <-t.C:
		}
		m, err := s.scrape(context.Background())
		if err != nil {
			logf("%v", err)
			continue
		}
		peak = sample{max(peak.goroutines, m.goroutines), max(peak.heap, m.heap), max(peak.rss, m.rss),
			max(peak.streams, m.streams), max(peak.version, m.version), m.lastGC}
		events, reconnects := p.totals()
		logf("%s; clients got %d events, reconnected %d times", m, events, reconnects)
	}
}

// waitGC waits for the server's first garbage collection after t, so that
// heap figures compare live data, not garbage. An idle Go program collects
// at least every two minutes.
func (s *server) waitGC(ctx context.Context, t time.Time, limit time.Duration) (sample, error) {
	deadline := time.Now().Add(limit)
	for {
		m, err := s.scrape(ctx)
		if err != nil {
			return m, err
		}
		if m.lastGC >= float64(t.UnixMilli())/1000 {
			return m, nil
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return m, fmt.Errorf("no garbage collection in the server within %v", limit)
		}
		time.Sleep(2 * time.Second)
	}
}

// settle waits for a collection after the clients left, then until
// goroutines and memory are back near their start level (the runtime hands
// freed pages back to the system in the background; net/http's buffer pools
// empty only at the second collection). Tolerances: goroutines +5; heap
// +8 MiB, RSS +16 MiB (2,000 clients hold about 30 MiB of heap, so a leak of
// a quarter of that shows).
func (s *server) settle(ctx context.Context, start sample, limit time.Duration) (sample, bool) {
	deadline := time.Now().Add(limit)
	m, err := s.waitGC(ctx, time.Now(), limit)
	if err != nil {
		logf("%v", err)
		return m, false
	}
	for {
		ok := m.goroutines <= start.goroutines+5 && m.heap <= start.heap+8<<20 && m.rss <= start.rss+16<<20
		if ok || time.Now().After(deadline) || ctx.Err() != nil {
			logf("after the clients left: %s", m)
			return m, ok
		}
		logf("settling: %s", m)
		time.Sleep(10 * time.Second)
		if m, err = s.scrape(ctx); err != nil {
			logf("%v", err)
			return m, false
		}
	}
}
