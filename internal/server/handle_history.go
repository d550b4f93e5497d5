package server

import (
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
)

// History pages: ?limit= (default 50, at most 500) versions older than
// ?before= (a version; default: from the newest).
const (
	historyPage    = 50
	historyPageMax = 500
)

// handleHistory lists a page of versions, newest first; nextBefore, when
// present, asks for the next older page.
func handleHistory(logger *slog.Logger, configs configsOf) http.Handler {
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
			writeError(w, r, logger, err)
			return
		}
		versions, err := configs(r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		history, err := versions.ConfigHistory(r.Context(), before, limit+1) // one more: is there a next page?
		if err != nil {
			writeError(w, r, logger, err)
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

func handleHistoryVersion(logger *slog.Logger, configs configsOf) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, cv, err := configAtPath(r, configs)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, live.AdminVersion(cv))
	})
}

// handlePublicVersion answers a version's document for anyone, without who saved it: a version never
// changes, so a link to a key adjusted for one test (docs/spec.md §10) shows the key it was made on. A
// scale's version is cached as immutable; the default's (/config/versions) only with revalidation, since
// another scale may become the default and the same address then names another document.
func handlePublicVersion(logger *slog.Logger, configs configsOf, immutable bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, cv, err := configAtPath(r, configs)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		if immutable {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		writeJSON(w, http.StatusOK, live.PublicVersion(cv))
	})
}

// handleRestore saves an old version again as the newest one; history is
// never rewritten.
func handleRestore(logger *slog.Logger, configs configsOf, scales *live.Scales) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		versions, cv, err := configAtPath(r, configs)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		saveAndPublish(w, r, logger, versions, scales, cv.Config, store.Unconditional)
	})
}

// configAtPath returns the version the path names, of the scale configs picks, with that scale's versions.
func configAtPath(r *http.Request, configs configsOf) (store.ConfigStore, store.ConfigVersion, error) {
	v, err := strconv.ParseInt(r.PathValue("version"), 10, 64)
	if err != nil || v < 1 {
		return nil, store.ConfigVersion{}, errNotFound
	}
	versions, err := configs(r)
	if err != nil {
		return nil, store.ConfigVersion{}, err
	}
	cv, err := versions.ConfigAt(r.Context(), v)
	return versions, cv, err
}
