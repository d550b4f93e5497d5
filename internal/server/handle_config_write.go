package server

import (
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

// handleConfigPut replaces the configuration of a scale (configs: the
// default's or the path's), but only on top of the version the editor
// loaded (If-Match), so that nobody overwrites a save they have not seen.
func handleConfigPut(logger *slog.Logger, configs configsOf, scales *live.Scales) http.Handler {
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
		cfg, err := grading.ParseDocument(body)
		if errors.Is(err, grading.ErrMalformed) {
			err = errInvalidJSON
		}
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		versions, err := configs(r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		saveAndPublish(w, r, logger, versions, scales, cfg, base)
	})
}

// saveAndPublish stores a version of a scale (configs) and makes it current in that scale's broker
// at once, so that this instance's pages do not wait for the follower. The version is current
// first (a GET after the answer sees it), then the answer goes out, and only then the event to the
// streams: with thousands of pages open, the fan-out would otherwise delay the answer.
func saveAndPublish(w http.ResponseWriter, r *http.Request, logger *slog.Logger, configs store.ConfigStore, scales *live.Scales, cfg grading.Config, base int64) {
	u, _, _ := auth.UserFrom(r.Context())
	var cv store.ConfigVersion
	fanOut, err := scales.Change(r.Context(), func() (err error) {
		cv, err = configs.SaveConfig(r.Context(), cfg, u.Email, base)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		writeConflict(w, r, logger, configs)
		return
	}
	if err != nil {
		writeError(w, r, logger, err)
		return
	}
	w.Header().Set("ETag", `"`+strconv.FormatInt(cv.Version, 10)+`"`)
	answerThenFanOut(w, logger, http.StatusOK, live.AdminVersion(cv), fanOut) // for admins: with who saved it, unlike the public event
}

// answerThenFanOut writes v as the whole answer, flushes it to the client, and only then runs
// fanOut (Scales.Change), so that a writer does not wait for the streams of every page.
func answerThenFanOut(w http.ResponseWriter, logger *slog.Logger, status int, v any, fanOut func()) {
	defer fanOut()
	body, err := json.Marshal(v)
	if err != nil { // only our own types get here; they always encode
		logger.Error("encode answer", "err", err)
		http.Error(w, `{"error":{"code":"internal","message":"Interner Fehler."}}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(body)+1)) // so that the flush below is the whole answer
	writeJSONBytes(w, status, body)
	if err := http.NewResponseController(w).Flush(); err != nil {
		logger.Debug("answer not flushed before the fan-out", "err", err)
	}
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

// parseIfMatch reads a version from If-Match: "7", W/"7" or 7, exactly the contract's pattern
// ^(W/)?"?[1-9][0-9]*"?$ (ParseInt alone would also take "+7" and "07").
func parseIfMatch(h string) (int64, bool) {
	digits := strings.TrimPrefix(strings.TrimSpace(h), "W/")
	digits = strings.TrimSuffix(strings.TrimPrefix(digits, `"`), `"`)
	if digits == "" || digits[0] == '0' || strings.ContainsFunc(digits, func(r rune) bool { return r < '0' || r > '9' }) {
		return 0, false
	}
	v, err := strconv.ParseInt(digits, 10, 64)
	return v, err == nil
}
