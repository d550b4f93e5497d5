package server

import (
	"errors"
	"log/slog"
	"net/http"
	"net/url"

	"github.com/notenrechner/notenrechner/internal/grading"
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
		key, err := adjustedKey(ev, q)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, key.Calculate(q.Get("total"), q.Get("achieved")))
	})
}

// adjustedKey is the key a grade query grades on: the version's own, or with ?pass=, ?top=, ?step= the key
// for this test (docs/spec.md §10), made for this request from the version's document.
func adjustedKey(ev *live.Event, q url.Values) (grading.Key, error) {
	var a grading.Adjustment
	fields := map[string]string{}
	for name, field := range map[string]*string{"pass": &a.Pass, "top": &a.Top, "step": &a.Step} {
		switch len(q[name]) {
		case 0:
		case 1:
			*field = q[name][0]
		default:
			fields[name] = "Nur einmal angeben."
		}
	}
	if len(fields) > 0 {
		return grading.Key{}, errBadQuery(fields)
	}
	if a.IsZero() {
		return ev.Key, nil
	}
	adjusted, err := ev.Config.Adjust(a)
	var invalid *grading.ValidationError
	if errors.As(err, &invalid) {
		return grading.Key{}, errBadAdjustment(invalid.Fields)
	}
	if err != nil {
		return grading.Key{}, err
	}
	return adjusted.Key(), nil
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
