package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// doc is a valid configuration; every save gets a name of its own.
const doc = `{"name": "NAME",
  "grades": {"1": {"min": 85, "max": 100}, "2": {"min": 70, "max": 85}, "3": {"min": 55, "max": 70},
             "4": {"min": 40, "max": 55}, "5": {"min": 20, "max": 40}, "6": {"min": 0, "max": 20}},
  "schema": {"general": {"minus": 25, "plus": 25}, "1": {"normal": 10}, "6": {"minus": 10}}}`

type saveResult struct {
	ok, conflicts, failed int
	last                  int64 // the newest version a save was confirmed as
	latency               latencies
}

// saveEvery saves through the API like an admin, on the version it was
// last told of (a 412 names the current one).
func (s *server) saveEvery(ctx context.Context, every time.Duration) saveResult {
	var r saveResult
	version := int64(1)
	t := time.NewTicker(every)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return r
		case <-t.C:
		}
		body := strings.Replace(doc, "NAME", fmt.Sprintf("Dauerlauf %d", n), 1)
		req, _ := http.NewRequest("PUT", s.base+"/api/v1/config", strings.NewReader(body))
		req.Header.Set("If-Match", fmt.Sprintf(`"%d"`, version))
		req.Header.Set("Content-Type", "application/json")
		req.AddCookie(s.cookie)
		start := time.Now()
		resp, err := s.client.Do(req)
		if err != nil {
			r.failed++
			logf("save: %v", err)
			continue
		}
		raw, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var answer struct {
			Version int64
			Error   struct{ Current struct{ Version int64 } }
		}
		json.Unmarshal(raw, &answer)
		switch resp.StatusCode {
		case http.StatusOK:
			r.ok++
			r.latency.add(time.Since(start))
			version, r.last = answer.Version, answer.Version
		case http.StatusPreconditionFailed:
			r.conflicts++
			version = answer.Error.Current.Version
		default:
			r.failed++
			logf("save: %d %s", resp.StatusCode, raw)
		}
	}
}

// gradeAt runs GET /api/v1/grade at a steady rate, each request on its own
// goroutine so that a slow answer does not lower the rate.
func (s *server) gradeAt(ctx context.Context, perSecond int) latencies {
	var (
		mu  sync.Mutex
		l   latencies
		wg  sync.WaitGroup
		n   int
		tck = time.NewTicker(time.Second / time.Duration(perSecond))
	)
	defer tck.Stop()
	for {
		select {
		case <-ctx.Done():
			wg.Wait()
			return l
		case <-tck.C:
		}
		n++
		url := fmt.Sprintf("%s/api/v1/grade?total=%d&achieved=%d", s.base, 30+n%70, n%31)
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			resp, err := s.client.Get(url)
			ok := err == nil && resp.StatusCode == 200
			if err == nil {
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			mu.Lock()
			defer mu.Unlock()
			if ok {
				l.add(time.Since(start))
			} else {
				l.failed++
			}
		}()
	}
}

// latencies collects durations of successful requests.
type latencies struct {
	samples []time.Duration
	failed  int
}

func (l *latencies) add(d time.Duration) { l.samples = append(l.samples, d) }

func (l latencies) String() string {
	if len(l.samples) == 0 {
		return "none"
	}
	s := slices.Clone(l.samples)
	slices.Sort(s)
	q := func(p float64) time.Duration { return s[int(p*float64(len(s)-1))].Round(10 * time.Microsecond) }
	return fmt.Sprintf("p50 %v, p99 %v, max %v", q(0.5), q(0.99), s[len(s)-1].Round(10*time.Microsecond))
}
