// Command soak is a bounded load test of the real binary on loopback (make
// soak; not part of make test): thousands of open pages on the live stream
// for ten minutes while an admin saves every second and GET /api/v1/grade
// runs at a steady rate. It exits non-zero when a client misses the final
// version, a request fails, or the server's goroutines or memory do not
// return to their start level once the clients have left.
//
//	go run ./tools/soak [-clients 2000] [-duration 10m] [-grade-rate 50]
//
// SOAK_DURATION (e.g. 30s) shortens the run for trying it out.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

type options struct {
	clients      int
	duration     time.Duration
	gradeRate    int
	saveInterval time.Duration
	settle       time.Duration
	bin          string
}

func main() {
	o := options{}
	flag.IntVar(&o.clients, "clients", 2000, "SSE clients held open")
	defDuration := 10 * time.Minute
	if v := os.Getenv("SOAK_DURATION"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			fmt.Fprintf(os.Stderr, "soak: SOAK_DURATION: %v\n", err)
			os.Exit(2)
		}
		defDuration = d
	}
	flag.DurationVar(&o.duration, "duration", defDuration, "how long the clients stay connected under load (SOAK_DURATION)")
	flag.IntVar(&o.gradeRate, "grade-rate", 50, "GET /api/v1/grade requests per second")
	flag.DurationVar(&o.saveInterval, "save-interval", time.Second, "time between configuration saves")
	flag.DurationVar(&o.settle, "settle", 4*time.Minute, "how long to wait for goroutines and memory to return to their start level")
	flag.StringVar(&o.bin, "bin", "", "notenrechner binary to run (default: go build ./cmd/notenrechner)")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	r, err := soak(ctx, o)
	if r != nil {
		r.print(os.Stdout)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak: FAIL:", err)
		os.Exit(1)
	}
	fmt.Println("soak: PASS")
}

func soak(ctx context.Context, o options) (*report, error) {
	if err := raiseFileLimit(2*o.clients + 1000); err != nil {
		return nil, err
	}
	srv, err := startServer(ctx, o.bin)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	r := &report{options: o, started: time.Now().UTC()}
	logf("waiting for the server's next garbage collection, for a start level without the sign-in's garbage")
	if r.start, err = srv.waitGC(ctx, time.Now(), 3*time.Minute); err != nil {
		return r, err
	}
	logf("server up at %s; start: %s", srv.base, r.start)

	pages := newPages(srv.base)
	logf("connecting %d SSE clients", o.clients)
	if err := pages.connect(ctx, o.clients); err != nil {
		return r, err
	}
	if err := srv.waitStreams(ctx, o.clients, time.Minute); err != nil {
		return r, err
	}
	if r.connected, err = srv.scrape(ctx); err != nil {
		return r, err
	}
	logf("%d clients connected: %s", o.clients, r.connected)

	loadCtx, endLoad := context.WithTimeout(ctx, o.duration)
	defer endLoad()
	saves := make(chan saveResult, 1)
	go func() { saves <- srv.saveEvery(loadCtx, o.saveInterval) }()
	grades := make(chan latencies, 1)
	go func() { grades <- srv.gradeAt(loadCtx, o.gradeRate) }()
	r.peak = srv.watch(loadCtx, pages, 30*time.Second)
	r.saves, r.grades = <-saves, <-grades
	if ctx.Err() != nil {
		return r, ctx.Err()
	}

	// Every page must reach the last confirmed version.
	r.missing = pages.waitFor(r.saves.last, 30*time.Second)
	r.events, r.reconnects = pages.totals()
	logf("final version %d; %d clients without it", r.saves.last, r.missing)
	pages.disconnect()
	if err := srv.waitStreams(ctx, 0, time.Minute); err != nil {
		return r, err
	}
	r.end, r.settled = srv.settle(ctx, r.start, o.settle)
	return r, r.verdict()
}

// verdict names every property that failed.
func (r *report) verdict() error {
	var errs []error
	if r.missing > 0 {
		errs = append(errs, fmt.Errorf("%d of %d clients did not receive the final version %d", r.missing, r.options.clients, r.saves.last))
	}
	if r.saves.ok == 0 || r.saves.failed > 0 {
		errs = append(errs, fmt.Errorf("saves: %d confirmed, %d failed", r.saves.ok, r.saves.failed))
	}
	if r.grades.failed > 0 || len(r.grades.samples) == 0 {
		errs = append(errs, fmt.Errorf("grade requests: %d answered 200, %d failed", len(r.grades.samples), r.grades.failed))
	}
	if !r.settled {
		errs = append(errs, fmt.Errorf("after the clients left the server did not return to its start level: start %s, end %s", r.start, r.end))
	}
	return errors.Join(errs...)
}

// raiseFileLimit lifts this process's open-file limit (inherited by the
// server it starts) to at least need, as far as the hard limit allows.
func raiseFileLimit(need int) error {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return fmt.Errorf("read the open-file limit: %w", err)
	}
	lim.Cur = lim.Max
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return fmt.Errorf("raise the open-file limit: %w", err)
	}
	if lim.Cur < uint64(need) {
		return fmt.Errorf("open-file limit %d is below the %d this run needs (ulimit -Hn)", lim.Cur, need)
	}
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "soak %s: %s\n", time.Now().UTC().Format("15:04:05"), fmt.Sprintf(format, args...))
}
