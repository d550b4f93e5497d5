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
