package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"

	"github.com/notenrechner/notenrechner/internal/school"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The school's Land and its rule for a test too many fail (docs/spec.md §11). The read is public:
// the calculator's Notenspiegel states the rule; it names no person. Only admins change it.

// schoolAnswer is GET and PUT /school: {"land": null} while none is set, else the Land with its
// rule (or null and the note saying why there is none).
type schoolAnswer struct {
	Land     *string        `json:"land"`
	Name     string         `json:"name,omitempty"`
	Country  school.Country `json:"country,omitempty"`
	Approval *school.Rule   `json:"approval,omitempty"`
	Note     string         `json:"note,omitempty"`
}

func schoolAnswerOf(code string) schoolAnswer {
	l, ok := school.ByCode(code)
	if code == "" || !ok { // a code an older build knew and this one does not: as none
		return schoolAnswer{}
	}
	return schoolAnswer{Land: &l.Code, Name: l.Name, Country: l.Country, Approval: l.Approval, Note: l.Note}
}

func handleSchoolGet(logger *slog.Logger, st store.SchoolStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, err := st.SchoolLand(r.Context())
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		writeJSON(w, http.StatusOK, schoolAnswerOf(code))
	})
}

// handleSchoolLands lists every choice with its rule: the admin's select, and the one place the
// web app reads the rules from.
func handleSchoolLands() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		writeJSON(w, http.StatusOK, struct {
			Lands []school.Land `json:"lands"`
		}{school.Lands()})
	})
}

// handleSchoolPut sets the Land: {"land": "HE"}; null or "" clears it.
func handleSchoolPut(logger *slog.Logger, st store.SchoolStore) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Land json.RawMessage `json:"land"`
		}
		if err := decodeMembers(r, &in); err != nil {
			writeError(w, r, logger, err)
			return
		}
		code, err := schoolLandOf(in.Land)
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		if err := st.SetSchoolLand(r.Context(), code); err != nil {
			writeError(w, r, logger, err)
			return
		}
		writeJSON(w, http.StatusOK, schoolAnswerOf(code))
	})
}

// schoolLandOf reads the member land: a known code (in any case, a German one with or without
// "DE-"), or null or "" for none.
func schoolLandOf(raw json.RawMessage) (string, error) {
	if raw == nil {
		return "", errFields(map[string]string{"land": msgRequired})
	}
	if string(raw) == "null" {
		return "", nil
	}
	var typed string
	if json.Unmarshal(raw, &typed) != nil {
		return "", errFields(map[string]string{"land": msgNotText})
	}
	if strings.TrimSpace(typed) == "" {
		return "", nil
	}
	l, ok := school.ByCode(typed)
	if !ok || len(typed) > 16 {
		return "", errFields(map[string]string{"land": msgUnknownLand})
	}
	return l.Code, nil
}

// msgUnknownLand names what is accepted, as the command line's school set does.
var msgUnknownLand = "Unbekanntes Land. Erlaubt sind " + strings.Join(school.Codes(), ", ") + " oder leer für keins."
