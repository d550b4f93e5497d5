package server

import (
	"errors"
	"log/slog"
	"net/http"
	"net/netip"
	"strconv"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/live"
)

// DefaultStreamsTotal bounds the open live streams when Deps leaves Streams
// nil. serve derives its total from the open-file limit, at most this
// (docs/operations.md).
const DefaultStreamsTotal = 10000

// DefaultStreamsPerAddress is the bound per client address that goes with a
// total of total streams: half of it (never below 1). A school reaches the
// server through one address (its router, the Schulträger's proxy), so one
// address must hold the pages of 2,000 pupils and staff at once; the other
// half stays for everybody else, and a page refused past it still works by
// polling (docs/decisions.md).
func DefaultStreamsPerAddress(total int) int { return max(total/2, 1) }

// admitStream bounds the live streams per client address (IPv6 per /56, as
// the sign-in limits count) and in total: past a limit, 429 or 503 with
// Retry-After and the JSON error, so that a host cannot hold every open file.
func admitStream(guard *live.Guard, trusted []netip.Prefix, logger *slog.Logger) live.Admit {
	return func(w http.ResponseWriter, r *http.Request) (func(), bool) {
		release, err := guard.Admit(auth.AddressGroup(clientAddress(r, trusted)))
		if err == nil {
			return release, true
		}
		retry := live.RetryFull
		if errors.Is(err, live.ErrClientStreams) {
			retry = live.RetryClient
		}
		w.Header().Set("Retry-After", strconv.Itoa(int(retry.Seconds())))
		writeError(w, r, logger, err)
		return nil, false
	}
}
