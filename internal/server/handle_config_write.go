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
	writeError(w, r, d.Logger, errConfigConflict(versionJSON(cv)))
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

// History pages: ?limit= (default 50, at most 500) versions older than
// ?before= (a version; default: from the newest).
const (
	historyPage    = 50
	historyPageMax = 500
)

// handleHistory lists a page of versions, newest first; nextBefore, when
// present, asks for the next older page.
func handleHistory(d Deps) http.Handler {
	type entry struct {
		Version int64     `json:"version"`
		SavedAt time.Time `json:"savedAt"`
		SavedBy string    `json:"savedBy"`
		Name    string    `json:"name"`
	}
	type page struct {
		Versions   []entry `json:"versions"`
		NextBefore int64   `json:"nextBefore,omitempty"`
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		before, limit, err := historyQuery(r)
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		history, err := d.Store.ConfigHistory(r.Context(), before, limit+1) // one more: is there a next page?
		if err != nil {
			writeError(w, r, d.Logger, err)
			return
		}
		var p page
		if len(history) > limit {
			history = history[:limit]
			p.NextBefore = history[limit-1].Version
		}
		p.Versions = make([]entry, 0, len(history))
		for _, cv := range history {
			p.Versions = append(p.Versions, entry{cv.Version, cv.SavedAt.UTC(), cv.SavedBy, cv.Config.Name})
		}
		writeJSON(w, http.StatusOK, p)
	})
}

func historyQuery(r *http.Request) (before int64, limit int, err error) {
	q := r.URL.Query()
	fields := map[string]string{}
	limit = historyPage
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > historyPageMax {
			fields["limit"] = fmt.Sprintf("Eine ganze Zahl von 1 bis %d.", historyPageMax)
		}
		limit = n
	}
	if v := q.Get("before"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			fields["before"] = "Eine Versionsnummer ab 1."
		}
		before = n
	}
	if len(fields) > 0 {
		return 0, 0, errBadQuery(fields)
	}
	return before, limit, nil
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
