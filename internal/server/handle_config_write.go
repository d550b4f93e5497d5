package server

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

// handleConfigPut replaces the configuration, but only on top of the
// version the editor loaded (If-Match), so that nobody overwrites a save
// they have not seen.
func handleConfigPut(logger *slog.Logger, configs store.ConfigStore, broker *live.Broker) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		base, ok := parseIfMatch(r.Header.Get("If-Match"))
		if !ok {
			writeError(w, r, logger, errIfMatchMissing)
			return
		}
		body, err := readBody(r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		cfg, err := grading.ParseConfig(body)
		if errors.Is(err, grading.ErrMalformed) {
			err = errInvalidJSON
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		saveAndPublish(w, r, logger, configs, broker, cfg, base)
	})
}

// saveAndPublish stores a version and hands it to the broker at once, so that this instance's
// pages do not wait for the follower. The broker's current version changes first (a GET after the
// answer sees it), then the answer goes out, and only then the event to the streams: with
// thousands of pages open, the fan-out would otherwise delay the answer (issue 18).
func saveAndPublish(w http.ResponseWriter, r *http.Request, logger *slog.Logger, configs store.ConfigStore, broker *live.Broker, cfg grading.Config, base int64) {
	u, _, _ := auth.UserFrom(r.Context())
	fanOut, cv, err := saveCurrent(r.Context(), configs, broker, cfg, u.Email, base)
	if errors.Is(err, store.ErrConflict) {
		writeConflict(w, r, logger, configs)
		return
	}
	if err != nil {
		writeError(w, r, logger, err)
		return
	}
	body, err := json.Marshal(live.AdminVersion(cv)) // for admins: with who saved it, unlike the public event
	if err != nil {
		writeError(w, r, logger, err)
		return
	}
	w.Header().Set("ETag", `"`+strconv.FormatInt(cv.Version, 10)+`"`)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+1)) // so that the flush below is the whole answer
	writeJSONBytes(w, http.StatusOK, body)
	if err := http.NewResponseController(w).Flush(); err != nil {
		logger.Debug("save answer not flushed before the fan-out", "err", err)
	}
	fanOut()
}

// saveCurrent stores a version and makes it the broker's current one; fanOut hands it to the
// streams. The follower, woken by the commit, is held off until then (Broker.Saving).
func saveCurrent(ctx context.Context, configs store.ConfigStore, broker *live.Broker, cfg grading.Config, by string, base int64) (fanOut func(), cv store.ConfigVersion, err error) {
	done := broker.Saving()
	defer done()
	cv, err = configs.SaveConfig(ctx, cfg, by, base)
	if err != nil {
		return nil, cv, err
	}
	ev, err := live.NewEvent(cv)
	if err != nil {
		return nil, cv, err
	}
	return broker.SetCurrent(ev), cv, nil
}

// writeConflict answers 412 with the version that is now current, so the
// editor can show it and offer to load it.
func writeConflict(w http.ResponseWriter, r *http.Request, logger *slog.Logger, configs store.ConfigStore) {
	cv, err := configs.LatestConfig(r.Context())
	if err != nil {
		writeError(w, r, logger, err)
		return
	}
	writeError(w, r, logger, errConfigConflict(live.AdminVersion(cv)))
}

// parseIfMatch reads a version from If-Match: "7", W/"7" or 7.
func parseIfMatch(h string) (int64, bool) {
	h = strings.TrimPrefix(strings.TrimSpace(h), "W/")
	v, err := strconv.ParseInt(strings.Trim(h, `"`), 10, 64)
	return v, err == nil && v > 0
}
