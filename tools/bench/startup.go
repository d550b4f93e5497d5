package main

import (
	"os"
	"time"
)

// startupResult: the binary and how fast it serves.
type startupResult struct {
	BinaryBytes int64
	FirstStart  time.Duration   // exec → 200 on /healthz on an empty database (migrations, default config)
	Starts      []time.Duration // the same on the existing database, several times
	Median      time.Duration
	IdleRSSKiB  int64 // one second after the first 200
}

func runStartup(bin string, restarts int) (startupResult, error) {
	var res startupResult
	info, err := os.Stat(bin)
	if err != nil {
		return res, err
	}
	res.BinaryBytes = info.Size()
	srv, err := newServer(mustTempDir())
	if err != nil {
		return res, err
	}
	if res.FirstStart, err = srv.start(bin); err != nil {
		return res, err
	}
	srv.stop()
	for i := range restarts {
		d, err := srv.start(bin)
		if err != nil {
			return res, err
		}
		res.Starts = append(res.Starts, d)
		if i == restarts-1 {
			time.Sleep(time.Second)
			if res.IdleRSSKiB, err = rssKiB(srv.pid()); err != nil {
				return res, err
			}
		}
		srv.stop()
	}
	res.Median = distributionOf(append([]time.Duration(nil), res.Starts...)).P50
	return res, nil
}
