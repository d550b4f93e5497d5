package server

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

var errIfMatchMissing = &apiError{http.StatusPreconditionRequired, "precondition_required",
	"Die Version (If-Match) fehlt.", nil}

// handleConfigPut replaces the configuration, but only on top of the
// version the editor loaded (If-Match), so that nobody overwrites a save
// they have not seen.
func handleConfigPut(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		base, ok := parseIfMatch(r.Header.Get("If-Match"))
		if !ok {
			writeError(w, r, d.Logger, errIfMatchMissing)
			return
		}
		body, err := readBody(r)
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		cfg, err := grading.ParseConfig(body)
		if errors.Is(err, grading.ErrMalformed) {
			err = errInvalidJSON
		}
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		saveAndPublish(w, r, d, cfg, base)
	})
}

// saveAndPublish stores a version and hands it to the broker at once, so
// that this instance's pages do not wait for the next poll.
func saveAndPublish(w http.ResponseWriter, r *http.Request, d Deps, cfg grading.Config, base int64) {
	u, _, _ := auth.UserFrom(r.Context())
	cv, err := d.Store.SaveConfig(r.Context(), cfg, u.Email, base)
	if errors.Is(err, store.ErrConflict) {
		writeConflict(w, r, d)
		return
	}
	if err != nil {
		writeError(w, r, d.Logger, err)
		return
	}
	ev, err := live.NewEvent(cv)
	if err != nil {
		writeError(w, r, d.Logger, err)
		return
	}
	d.Broker.Publish(ev)
	w.Header().Set("ETag", `"`+strconv.FormatInt(cv.Version, 10)+`"`)
	writeJSON(w, http.StatusOK, versionJSON(cv)) // for admins: with who saved it, unlike the public event
}

// writeConflict answers 412 with the version that is now current, so the
// editor can show it and offer to load it.
func writeConflict(w http.ResponseWriter, r *http.Request, d Deps) {
	cv, err := d.Store.LatestConfig(r.Context())
	if err != nil {
		writeError(w, r, d.Logger, err)
		return
	}
	writeJSON(w, http.StatusPreconditionFailed, map[string]any{"error": map[string]any{
		"code":    "config_conflict",
		"message": fmt.Sprintf("Jemand anderes hat inzwischen Version %d gespeichert.", cv.Version),
		"current": versionJSON(cv),
	}})
}

// parseIfMatch reads a version from If-Match: "7", W/"7" or 7.
func parseIfMatch(h string) (int64, bool) {
	h = strings.TrimPrefix(strings.TrimSpace(h), "W/")
	v, err := strconv.ParseInt(strings.Trim(h, `"`), 10, 64)
	return v, err == nil && v > 0
}

type versionResponse struct {
	Version int64          `json:"version"`
	SavedAt time.Time      `json:"savedAt"`
	SavedBy string         `json:"savedBy"`
	Config  grading.Config `json:"config"`
}

func versionJSON(cv store.ConfigVersion) versionResponse {
	return versionResponse{cv.Version, cv.SavedAt.UTC(), cv.SavedBy, cv.Config}
}

func handleHistory(d Deps) http.Handler {
	type entry struct {
		Version int64     `json:"version"`
		SavedAt time.Time `json:"savedAt"`
		SavedBy string    `json:"savedBy"`
		Name    string    `json:"name"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		history, err := d.Store.ConfigHistory(r.Context())
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		versions := make([]entry, 0, len(history))
		for _, cv := range history {
			versions = append(versions, entry{cv.Version, cv.SavedAt, cv.SavedBy, cv.Config.Name})
		}
		writeJSON(w, http.StatusOK, map[string]any{"versions": versions})
	})
}

func handleHistoryVersion(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cv, err := configAtPath(r, d)
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		writeJSON(w, http.StatusOK, versionJSON(cv))
	})
}

// handleRestore saves an old version again as the newest one; history is
// never rewritten.
func handleRestore(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cv, err := configAtPath(r, d)
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		saveAndPublish(w, r, d, cv.Config, store.Unconditional)
	})
}

func configAtPath(r *http.Request, d Deps) (store.ConfigVersion, error) {
	v, err := strconv.ParseInt(r.PathValue("version"), 10, 64)
	if err != nil || v < 1 {
		return store.ConfigVersion{}, errNotFound
	}
	return d.Store.ConfigAt(r.Context(), v)
}
