package server

import (
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/conns"
	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/web"
)

// The routes of the grading scales (docs/spec.md §8). /api/v1/config and its
// routes are the default scale's; /api/v1/scales/{slug} and its routes are
// one scale's, through the same handlers.

// configsOf picks the versions a request means: the default scale's for
// the /config routes, the path's scale for the /scales/{slug} routes. Both
// go through the one door, ScaleConfig, by the scale's slug.
type configsOf func(r *http.Request) (store.ConfigStore, error)

// defaultScale asks the store which scale is the default, at each request:
// another instance may have moved it since this one's registry last looked.
func defaultScale(st store.ScaleStore) configsOf {
	return func(r *http.Request) (store.ConfigStore, error) {
		sc, err := st.DefaultScale(r.Context())
		if err != nil {
			return nil, err
		}
		return st.ScaleConfig(sc.Slug), nil
	}
}

func pathScale(st store.ScaleStore) configsOf {
	return func(r *http.Request) (store.ConfigStore, error) { return st.ScaleConfig(r.PathValue("slug")), nil }
}

// scaleItem is one scale in GET /scales and the answer of PATCH.
type scaleItem struct {
	Slug     string    `json:"slug"`
	Name     string    `json:"name"`
	Version  int64     `json:"version"`
	SavedAt  time.Time `json:"savedAt"`
	Default  bool      `json:"default"`
	Archived bool      `json:"archived"`
}

func itemOf(info live.ScaleInfo) scaleItem {
	return scaleItem{info.Slug, info.Name, info.Version, info.SavedAt.UTC(), info.Default, info.Archived}
}

func isAdmin(r *http.Request) bool {
	u, _, ok := auth.UserFrom(r.Context())
	return ok && u.Role == store.RoleAdmin
}

// handleScalesList lists the scales from memory (the registry follows the
// store): archived ones only for admins, whose pages manage them.
func handleScalesList(scales *live.Scales) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		admin := isAdmin(r)
		list := []scaleItem{}
		for _, info := range scales.List() {
			if admin || !info.Archived {
				list = append(list, itemOf(info))
			}
		}
		writeJSON(w, http.StatusOK, struct {
			Scales []scaleItem `json:"scales"`
		}{list})
	})
}

// handleScaleGet answers with the scale's version as its stream carries
// it (with "archived":true for an archived scale), like GET /config.
func handleScaleGet(scales *live.Scales, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _, ok := scales.Lookup(r.PathValue("slug"))
		if !ok {
			writeError(w, r, logger, errScaleNotFound)
			return
		}
		writeCurrent(w, r, b.Current(), logger)
	})
}

// writeCurrent answers a GET of the current version, with its ETag. Pages
// whose stream was refused poll here with If-None-Match (thousands behind
// one school's address), so the 304 reads no store and copies nothing of the
// configuration: the event and its ETag are in memory, made once per version.
// The ETag names the scale, its version and its archiving (live.Event.ID), so
// a page gets 304 only for exactly what it shows: not after the default moved
// to another scale at the same version number, not after an archiving.
func writeCurrent(w http.ResponseWriter, r *http.Request, ev *live.Event, logger *slog.Logger) {
	if ev == nil {
		writeError(w, r, logger, errNoConfig)
		return
	}
	conns.Polled(r.Context()) // a poll's connection need not stay idle for minutes
	h := w.Header()
	h.Set("ETag", ev.ETag)
	h.Set("Cache-Control", "no-cache")
	if web.ETagMatches(r.Header.Get("If-None-Match"), ev.ETag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	writeJSONBytes(w, http.StatusOK, ev.JSON)
}

// handleScaleEvents serves a scale's stream with the stream handler of
// /config/events. A page that reconnects is spared the current version only
// when its Last-Event-ID names exactly it (live.ResumesAt): the id names the
// scale and its archiving, so after the default moved, or the scale was
// archived or brought back, the page gets the current version. Unknown
// scales are refused before a stream slot is taken.
func handleScaleEvents(scales *live.Scales, admit live.Admit, heartbeat time.Duration, logger *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		slug := r.PathValue("slug")
		b, _, ok := scales.Lookup(slug)
		switch {
		case !ok && r.Method == http.MethodHead: // the head of a refusal, as for the stream limits
			w.WriteHeader(http.StatusNotFound)
			return
		case !ok:
			writeError(w, r, logger, errScaleNotFound)
			return
		}
		live.Handler(b, admit, heartbeat, logger).ServeHTTP(w, r)
	})
}

// handleScaleCreate adds a scale at version 1: {"slug", "config"} or {"slug", "preset"}.
func handleScaleCreate(logger *slog.Logger, st store.ScaleStore, scales *live.Scales) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		slug, cfg, err := decodeScaleCreate(r)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		u, _, _ := auth.UserFrom(r.Context())
		var cv store.ConfigVersion
		fanOut, err := scales.Change(r.Context(), func() (err error) {
			cv, err = st.CreateScale(r.Context(), slug, cfg, u.Email)
			return err
		})
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Location", "/api/v1/scales/"+slug)
		w.Header().Set("ETag", `"`+strconv.FormatInt(cv.Version, 10)+`"`)
		answerThenFanOut(w, logger, http.StatusCreated, live.AdminVersion(cv), fanOut)
	})
}

// decodeScaleCreate reads {"slug", "config"} or {"slug", "preset"} as strictly as every body:
// every problem of the slug and of the configuration (at config.<path>) or the preset in one 422.
func decodeScaleCreate(r *http.Request) (string, grading.Config, error) {
	var in struct {
		Slug   json.RawMessage `json:"slug"`
		Config json.RawMessage `json:"config"`
		Preset json.RawMessage `json:"preset"`
	}
	if err := decodeMembers(r, &in); err != nil {
		return "", grading.Config{}, err
	}
	fields := map[string]string{}
	var slug string
	switch {
	case in.Slug == nil:
		fields["slug"] = msgRequired
	case json.Unmarshal(in.Slug, &slug) != nil:
		fields["slug"] = msgNotText
	case !store.ValidSlug(slug):
		fields["slug"] = store.SlugRule
	}
	var cfg grading.Config
	switch {
	case in.Config == nil && in.Preset == nil:
		fields["config"], fields["preset"] = msgRequired, msgConfigOrPreset
	case in.Config != nil && in.Preset != nil:
		fields["config"], fields["preset"] = msgConfigOrPreset, msgConfigOrPreset
	case in.Preset != nil:
		cfg = presetConfig(in.Preset, fields)
	default:
		cfg = newScaleConfig(in.Config, fields)
	}
	if len(fields) > 0 {
		return "", grading.Config{}, errScaleInvalid(fields)
	}
	return slug, cfg, nil
}

// newScaleConfig reads the document of a new scale, adding its problems to fields at config.<path>.
func newScaleConfig(raw json.RawMessage, fields map[string]string) grading.Config {
	cfg, err := grading.ParseDocument(raw)
	var ve *grading.ValidationError
	switch {
	case errors.As(err, &ve):
		for path, msg := range ve.Fields {
			fields["config."+path] = msg
		}
	case err != nil:
		fields["config"] = msgNotObject
	}
	return cfg
}

// presetConfig is the document of the preset a new scale starts from, by its id.
func presetConfig(raw json.RawMessage, fields map[string]string) grading.Config {
	var id string
	if json.Unmarshal(raw, &id) != nil {
		fields["preset"] = msgNotText
		return grading.Config{}
	}
	p, ok := grading.PresetByID(id)
	if !ok {
		fields["preset"] = msgUnknownPreset
		return grading.Config{}
	}
	return p.Config
}

// handleScalePatch sets one flag: {"default": true} or {"archived": bool}.
func handleScalePatch(logger *slog.Logger, st store.ScaleStore, scales *live.Scales) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Default  json.RawMessage `json:"default"`
			Archived json.RawMessage `json:"archived"`
		}
		if err := decodeMembers(r, &in); err != nil {
			writeError(w, r, logger, err)
			return
		}
		var sc store.Scale
		fanOut, err := scales.Change(r.Context(), func() (err error) {
			sc, err = setFlag(r, st, in.Default, in.Archived)
			return err
		})
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		item := scaleItem{sc.Slug, sc.Latest.Config.Name, sc.Latest.Version, sc.Latest.SavedAt.UTC(), sc.Default, sc.Archived}
		answerThenFanOut(w, logger, http.StatusOK, item, fanOut)
	})
}

// setFlag checks the one member of a PATCH and stores it.
func setFlag(r *http.Request, st store.ScaleStore, isDefault, archived json.RawMessage) (store.Scale, error) {
	slug := r.PathValue("slug")
	if (isDefault == nil) == (archived == nil) {
		return store.Scale{}, errFields(map[string]string{"default": msgOneFlag, "archived": msgOneFlag})
	}
	if isDefault != nil {
		if flag, ok := boolOf(isDefault); !ok || !flag {
			return store.Scale{}, errFields(map[string]string{"default": msgDefaultTrue})
		}
		return st.SetDefaultScale(r.Context(), slug)
	}
	flag, ok := boolOf(archived)
	if !ok {
		return store.Scale{}, errFields(map[string]string{"archived": msgNotBool})
	}
	return st.SetScaleArchived(r.Context(), slug, flag)
}

// boolOf reads a JSON true or false (not null, not "true").
func boolOf(raw json.RawMessage) (value, ok bool) {
	switch string(raw) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	return false, false
}

// Field messages of the scale bodies.
const (
	msgRequired    = "Pflichtfeld."
	msgNotObject   = "Muss ein JSON-Objekt sein."
	msgNotBool     = "Muss true oder false sein."
	msgOneFlag     = "Genau eines angeben: default oder archived."
	msgDefaultTrue = "Nur true. Um die Voreinstellung zu wechseln, einen anderen Notenschlüssel voreinstellen."
	// A new scale starts from a document or from a preset, never both.
	msgConfigOrPreset = "Genau eines angeben: config oder preset."
	msgUnknownPreset  = "Unbekannte Vorlage. Die Vorlagen nennt GET /api/v1/presets."
)

// decodeMembers reads a JSON object into v, a struct of json.RawMessage
// fields, as strictly as decodeJSON; the caller checks each member's value.
func decodeMembers(r *http.Request, v any) error {
	body, err := readObject(r, v)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return errInvalidJSON
	}
	return nil
}
