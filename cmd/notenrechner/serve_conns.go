package main

import (
	"log/slog"
	"net/netip"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/conns"
)

// The files kept in reserve beside the connections and streams: the database (with SQLite's -wal and
// -shm, the pool's connections), the listeners, the log, the binary and the files of the web app's
// page render. A sixty-fourth of the limit more leaves room for a burst of new requests.
const (
	connReserveFiles = 64
	// connsUnknownFiles is the bound on plain connections where the open-file limit cannot be read.
	connsUnknownFiles = 16384
	// pollIdle: a page whose stream was refused polls every 10 s ± 2 s, so its connection is in use
	// again within 12 s; one that stops polling gives its file back after 20 s instead of 2 minutes.
	pollIdle = 20 * time.Second
)

// connBounds derives the bounds on plain connections from the open-file limit (0: unknown) and the
// bound on live streams, which hold a file each once taken over: the files less the streams and the
// reserve, and half of that per address, as with the streams (a school behind one NAT address stays
// far below it; a single client cannot take every connection). Where --max-streams leaves less than a
// quarter of the files (an operator who gives streams more than the files, as the benchmarks do), a
// quarter stays for plain connections all the same.
func connBounds(files uint64, streams int) (total, perAddress int) {
	total = connsUnknownFiles
	if files > 0 {
		spare := int64(files) - int64(streams) - connReserveFiles - int64(files/64)
		total = int(max(spare, int64(files/4), 16))
	}
	return total, max(total/2, 1)
}

// connLimiter bounds the server's plain connections (conns.Limiter): trusted proxies, which carry
// everybody's requests, have no bound per address, nor has the proxy on a Unix socket.
func connLimiter(files uint64, streams int, trusted []netip.Prefix, logger *slog.Logger) *conns.Limiter {
	total, perAddress := connBounds(files, streams)
	logger.Info("connections limited", "total", total, "per_address", perAddress, "poll_idle", pollIdle.String())
	return conns.New(conns.Options{
		Max: total, PerAddress: perAddress, PollIdle: pollIdle, Logger: logger,
		Group: func(a netip.Addr) string { return auth.AddressGroup(a.String()) },
		Exempt: func(a netip.Addr) bool {
			if !a.IsValid() {
				return true // through the Unix socket: the proxy
			}
			for _, p := range trusted {
				if p.Contains(a) {
					return true
				}
			}
			return false
		},
	})
}
