package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

// scalesResult is the fan-out with several grading scales: pages spread evenly over the
// scales, one save on one scale; only that scale's pages may receive anything.
type scalesResult struct {
	Scales, Pages  int
	ConnectTime    time.Duration
	Reached        int          // pages of the saved scale that parsed the new version
	Latency        distribution // save response → page parsed the event
	Others         int          // pages of the other scales
	OthersReceived int          // of them, pages that received an event (must be 0)
	PublishCPU     time.Duration
	SaveTime       time.Duration
}

const scalesConfig = `{"name":"%s","grades":{"1":{"min":85,"max":100},"2":{"min":70,"max":85},"3":{"min":55,"max":70},` +
	`"4":{"min":40,"max":55},"5":{"min":20,"max":40},"6":{"min":0,"max":20}},` +
	`"schema":{"general":{"minus":33.33,"normal":33.33},"1":{"minus":33.33},"6":{"normal":50}}}`

func scaleSlug(i int) string { return fmt.Sprintf("s%d", i) }

// runScalesFanout: `scales` scales (the default and scales-1 created through the API), `pages`
// pages spread over them round-robin, then one save on scale s1.
func runScalesFanout(bin string, scales, pages int) (scalesResult, error) {
	res := scalesResult{Scales: scales, Pages: pages}
	srv, err := startFanoutServer(bin)
	if err != nil {
		return res, err
	}
	defer srv.stop()
	client, err := srv.signIn()
	if err != nil {
		return res, err
	}
	for i := 1; i < scales; i++ {
		body := fmt.Sprintf(`{"slug":%q,"config":`+scalesConfig+`}`, scaleSlug(i), scaleSlug(i))
		r, err := client.Post("http://"+srv.addr+"/api/v1/scales", "application/json", strings.NewReader(body))
		if err != nil {
			return res, err
		}
		r.Body.Close()
		if r.StatusCode != http.StatusCreated {
			return res, fmt.Errorf("create scale %s: %s", scaleSlug(i), r.Status)
		}
	}
	slugOf := func(page int) string {
		if page%scales == 0 {
			return "standard"
		}
		return scaleSlug(page % scales)
	}
	subs, took, err := connectAll(srv.addr, pages, func(i int) string { return "/api/v1/scales/" + slugOf(i) + "/events" })
	res.ConnectTime = took
	defer func() {
		for _, s := range subs {
			if s != nil {
				s.conn.Close()
			}
		}
	}()
	if err != nil {
		return res, err
	}
	return measureScaleSave(srv, client, subs, slugOf, res)
}

// measureScaleSave saves scale s1 once and waits: its pages must parse version 2, every other page
// must see nothing for a second after the last of them.
func measureScaleSave(srv *server, client *http.Client, subs []*subscriber, slugOf func(int) string, res scalesResult) (scalesResult, error) {
	const saved = "s1"
	got := make([]time.Time, len(subs))
	versions := make([]int64, len(subs))
	var wg sync.WaitGroup
	for i, s := range subs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = s.conn.SetReadDeadline(time.Now().Add(20 * time.Second))
			if slugOf(i) != saved {
				_ = s.conn.SetReadDeadline(time.Now().Add(3 * time.Second))
			}
			v, err := s.next()
			got[i] = time.Now()
			if err != nil {
				v = -1
			}
			versions[i] = v
		}()
	}
	time.Sleep(200 * time.Millisecond) // let the readers block
	cpu0, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	req, _ := http.NewRequest(http.MethodPut, "http://"+srv.addr+"/api/v1/scales/"+saved,
		bytes.NewReader(fmt.Appendf(nil, scalesConfig, "Gespeichert")))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("If-Match", `"1"`)
	sent := time.Now()
	r, err := client.Do(req)
	if err != nil {
		return res, err
	}
	r.Body.Close()
	answered := time.Now()
	if r.StatusCode != http.StatusOK {
		return res, errors.New("save: " + r.Status)
	}
	res.SaveTime = answered.Sub(sent)
	wg.Wait()
	cpu1, err := cpuTime(srv.pid())
	if err != nil {
		return res, err
	}
	res.PublishCPU = cpu1 - cpu0
	var lat []time.Duration
	for i := range subs {
		switch {
		case slugOf(i) == saved && versions[i] == 2:
			res.Reached++
			lat = append(lat, max(0, got[i].Sub(answered)))
		case slugOf(i) == saved:
			return res, fmt.Errorf("page %d of %s got version %d, want 2", i, saved, versions[i])
		default:
			res.Others++
			if versions[i] != -1 {
				res.OthersReceived++
			}
		}
	}
	res.Latency = distributionOf(lat)
	return res, nil
}

func (s scalesResult) markdown() string {
	var b strings.Builder
	p := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	p("\n### Live fan-out with several grading scales\n\n")
	p("%d scales, %d pages spread evenly over them (each on `/api/v1/scales/{slug}/events`), one save on one scale\n", s.Scales, s.Pages)
	p("through `PUT /api/v1/scales/{slug}`. Only that scale's pages may receive it: the cost of a publish is per\n")
	p("subscriber of that scale. Latency as above; the other pages are watched for 3 s.\n\n")
	p("| scales | pages | connect all | pages of the saved scale reached | p50 | p99 | max | other pages | of them received anything | save round trip | CPU of the publish |\n")
	p("|---|---|---|---|---|---|---|---|---|---|---|\n")
	p("| %d | %d | %s | %d | %s | %s | %s | %d | %d | %s | %s |\n", s.Scales, s.Pages, ms(s.ConnectTime), s.Reached,
		ms(s.Latency.P50), ms(s.Latency.P99), ms(s.Latency.Max), s.Others, s.OthersReceived, ms(s.SaveTime), ms(s.PublishCPU))
	return b.String()
}
