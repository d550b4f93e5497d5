package server

import (
	"log/slog"
	"net/http"
	"strconv"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/web"
)

// handleConfigGet answers with the configuration the live stream carries,
// so a page that reads it once and a page that follows the stream agree.
func handleConfigGet(b *live.Broker, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ev := b.Current()
		if ev == nil {
			writeError(w, r, logger, errNoConfig)
			return
		}
		etag := `"` + strconv.FormatInt(ev.Version, 10) + `"`
		w.Header().Set("ETag", etag)
		w.Header().Set("Cache-Control", "no-cache")
		if web.ETagMatches(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		writeJSONBytes(w, http.StatusOK, ev.JSON)
	})
}

// handleGrade computes percentage and grade from the live configuration.
// Values that are empty, zero or not a number give empty strings, as on the
// page; a parameter that is missing altogether is a client error.
func handleGrade(b *live.Broker, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var missing map[string]string // made only for a bad request
		for _, name := range []string{"total", "achieved"} {
			problem := ""
			switch len(q[name]) {
			case 0:
				problem = "Pflichtparameter."
			case 1:
				continue
			default:
				problem = "Nur einmal angeben."
			}
			if missing == nil {
				missing = map[string]string{}
			}
			missing[name] = problem
		}
		if len(missing) > 0 {
			writeError(w, r, logger, errMissingQueries(missing))
			return
		}
		ev := b.Current()
		if ev == nil {
			writeError(w, r, logger, errNoConfig)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, grading.Calculate(ev.Config, q.Get("total"), q.Get("achieved")))
	})
}
