package server

import (
	"log/slog"
	"net/http"
	"net/url"

	"github.com/notenrechner/notenrechner/internal/live"
)

// handleConfigGet answers with the default scale's configuration as the
// live stream carries it, so a page that reads it once and a page that
// follows the stream agree.
func handleConfigGet(scales *live.Scales, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var ev *live.Event
		if b, _, ok := scales.Lookup(""); ok {
			ev = b.Current()
		}
		writeCurrent(w, r, ev, logger)
	})
}

// handleGrade computes percentage and grade from the live configuration of
// the scale ?scale= names, or of the default.
// Values that are empty, zero or not a number give empty strings, as on the
// page; a parameter that is missing altogether is a client error.
func handleGrade(scales *live.Scales, logger *slog.Logger) http.Handler {
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
		ev, err := gradeScale(scales, q)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, ev.Key.Calculate(q.Get("total"), q.Get("achieved")))
	})
}

// gradeScale is the current event of the scale the grade query names:
// ?scale=slug once, or none for the default.
func gradeScale(scales *live.Scales, q url.Values) (*live.Event, error) {
	slug := ""
	switch names := q["scale"]; len(names) {
	case 0:
	case 1:
		if slug = names[0]; slug == "" {
			return nil, errScaleNotFound
		}
	default:
		return nil, errBadQuery(map[string]string{"scale": "Nur einmal angeben."})
	}
	b, _, ok := scales.Lookup(slug)
	if !ok && slug != "" {
		return nil, errScaleNotFound
	}
	var ev *live.Event
	if ok {
		ev = b.Current()
	}
	if ev == nil {
		return nil, errNoConfig
	}
	return ev, nil
}
