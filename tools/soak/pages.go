package main

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// pages are the SSE clients: each holds one stream open, remembers the
// newest version it received and, like a browser, reconnects with
// Last-Event-ID when the stream ends.
type pages struct {
	base   string
	client *http.Client
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	all    []*page
}

type page struct {
	last       atomic.Int64 // the newest version received
	lastID     atomic.Value // its event id ("standard.7"), sent back as Last-Event-ID
	events     atomic.Int64
	reconnects atomic.Int64
}

func newPages(base string) *pages {
	ctx, cancel := context.WithCancel(context.Background())
	tr := &http.Transport{DisableCompression: true, MaxIdleConnsPerHost: -1}
	return &pages{base: base, client: &http.Client{Transport: tr}, ctx: ctx, cancel: cancel}
}

// connect opens n streams, 100 at a time, and waits until each has its
// first configuration.
func (ps *pages) connect(ctx context.Context, n int) error {
	for i := range n {
		p := &page{}
		ps.all = append(ps.all, p)
		ps.wg.Add(1)
		go func() { defer ps.wg.Done(); ps.follow(p) }()
		if i%100 == 99 {
			time.Sleep(20 * time.Millisecond)
		}
	}
	deadline := time.Now().Add(time.Minute)
	for ps.without(1) > 0 {
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%d of %d clients had no configuration a minute after connecting", ps.without(1), n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return nil
}

func (ps *pages) follow(p *page) {
	for ps.ctx.Err() == nil {
		req, _ := http.NewRequestWithContext(ps.ctx, "GET", ps.base+"/api/v1/config/events", nil)
		if id, ok := p.lastID.Load().(string); ok {
			req.Header.Set("Last-Event-ID", id)
		}
		if resp, err := ps.client.Do(req); err == nil {
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(make([]byte, 4096), 1<<20)
			for sc.Scan() {
				if id, ok := strings.CutPrefix(sc.Text(), "id: "); ok {
					fields := strings.Split(id, ".") // scale, version and maybe "archiviert"
					if len(fields) > 1 {
						v, _ := strconv.ParseInt(fields[1], 10, 64)
						p.last.Store(v)
					}
					p.lastID.Store(id)
					p.events.Add(1)
				}
			}
			resp.Body.Close()
		}
		if ps.ctx.Err() != nil {
			return
		}
		p.reconnects.Add(1)
		select {
		case <-ps.ctx.Done():
		case <-time.After(time.Second): // the server's retry: hint
		}
	}
}

// without counts the clients whose newest version is below v.
func (ps *pages) without(v int64) int {
	n := 0
	for _, p := range ps.all {
		if p.last.Load() < v {
			n++
		}
	}
	return n
}

// waitFor waits until every client has version v and returns how many do not.
func (ps *pages) waitFor(v int64, limit time.Duration) int {
	deadline := time.Now().Add(limit)
	for ps.without(v) > 0 && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	return ps.without(v)
}

func (ps *pages) totals() (events, reconnects int64) {
	for _, p := range ps.all {
		events += p.events.Load()
		reconnects += p.reconnects.Load()
	}
	return events, reconnects
}

// disconnect closes every stream, as when all pages are closed.
func (ps *pages) disconnect() {
	ps.cancel()
	ps.wg.Wait()
	ps.client.CloseIdleConnections()
}
