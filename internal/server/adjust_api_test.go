package server

import (
	"net/http"
	"strings"
	"testing"
)

// The key for this test through GET /grade (docs/spec.md §10): the adjustment's parameters grade on the
// adjusted key of the current version; a refused one answers 400 with the field's message.
func TestGradeWithTheKeyForThisTest(t *testing.T) {
	e := newScalesEnv(t)
	kmk := presetJSON(t, "kmk-oberstufe")
	e.run([]apiCase{
		{"save the KMK preset", "PUT", "/api/v1/config", kmk, "admin", ifMatch(`"1"`), 200, []string{`"version":2,`}},
		// 42 % is 4 points (ab 40) in the school's key; with the pass mark at 40 % it is 5 points (4).
		{"the school's key", "GET", "/api/v1/grade?total=100&achieved=42", "", "", nil, 200,
			[]string{`{"percentage":"42,0%","grade":"4","alt":"4-"}`}},
		{"pass moved", "GET", "/api/v1/grade?total=100&achieved=42&pass=40", "", "", nil, 200,
			[]string{`{"percentage":"42,0%","grade":"5","alt":"4"}`}},
		// top at 92: 15 points from 92 % on, 93 % no longer needs 95
		{"top moved", "GET", "/api/v1/grade?total=100&achieved=93&top=92", "", "", nil, 200,
			[]string{`{"percentage":"93,0%","grade":"15","alt":"1+"}`}},
		{"the school's own values", "GET", "/api/v1/grade?total=100&achieved=93&pass=45&top=95", "", "", nil, 200,
			[]string{`{"percentage":"93,0%","grade":"14","alt":"1"}`}},
		{"empty parameters keep the school's key", "GET", "/api/v1/grade?total=100&achieved=42&pass=&top=", "", "", nil, 200,
			[]string{`"grade":"4","alt":"4-"`}},
		{"pass out of range", "GET", "/api/v1/grade?total=100&achieved=42&pass=100", "", "", nil, 400,
			[]string{`"code":"bad_request"`, `"fields":{"pass":"Muss größer als 0 und kleiner als 100 sein."}`}},
		{"no Swiss rounding on a table", "GET", "/api/v1/grade?total=100&achieved=42&step=0,5", "", "", nil, 400,
			[]string{`"fields":{"step":"Nur der Schweizer Schlüssel wird gerundet."}`}},
		{"twice", "GET", "/api/v1/grade?total=100&achieved=42&pass=40&pass=41", "", "", nil, 400,
			[]string{`"fields":{"pass":"Nur einmal angeben."}`}},
		{"save the Swiss formula", "PUT", "/api/v1/config", swissDoc, "admin", ifMatch(`"2"`), 200, []string{`"version":3,`}},
		// 55 of 100 with 4 at 55 %: 4; without, 1 + 5 · 0,55 = 3,75.
		{"Swiss school key", "GET", "/api/v1/grade?total=100&achieved=55", "", "", nil, 200, []string{`"grade":"3,75"`}},
		{"Swiss pass", "GET", "/api/v1/grade?total=100&achieved=55&pass=55", "", "", nil, 200, []string{`"grade":"4"`}},
		{"Swiss step", "GET", "/api/v1/grade?total=100&achieved=55&pass=55&step=1", "", "", nil, 200, []string{`"grade":"4"`}},
		{"no Swiss top", "GET", "/api/v1/grade?total=100&achieved=55&top=90", "", "", nil, 400,
			[]string{`"top":"Der Schweizer Schlüssel hat keine eigene Grenze der besten Note: Die Note steigt gleichmäßig bis 6 bei 100 %."`}},
	})
}

// A version's document is public and never changes: a link to a key adjusted on version 1 shows exactly it.
func TestAVersionIsPublicWithoutItsAuthor(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"save a second version", "PUT", "/api/v1/config", presetJSON(t, "kmk-oberstufe"), "admin", ifMatch(`"1"`), 200, []string{`"version":2,`}},
		{"the first, signed out", "GET", "/api/v1/config/versions/1", "", "", nil, 200,
			[]string{`{"version":1,"savedAt":`, `"config":{"name":"Standard","grades":`}},
		{"the second", "GET", "/api/v1/config/versions/2", "", "", nil, 200, []string{`"version":2,`, `"preset":"kmk-oberstufe"`}},
		{"no such version", "GET", "/api/v1/config/versions/3", "", "", nil, 404, []string{`"code":"not_found"`}},
		{"not a version", "GET", "/api/v1/config/versions/0", "", "", nil, 404, []string{`"code":"not_found"`}},
		{"no such scale", "GET", "/api/v1/scales/gibt-es-nicht/versions/1", "", "", nil, 404, []string{`"code":"scale_not_found"`}},
	})
	rec := e.do("GET", "/api/v1/config/versions/2", "", "admin", nil)
	if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "savedBy") || strings.Contains(rec.Body.String(), "@") {
		t.Fatalf("a public version names who saved it: %d %s", rec.Code, rec.Body)
	}
	if got := rec.Header().Get("Cache-Control"); got != "no-cache" { // the default may move to another scale
		t.Fatalf("Cache-Control of the default's version %q", got)
	}
}

// A binding key (the school's "adjustable": false) is graded as it is; an adjustment is refused.
func TestABindingKeyRefusesTheAdjustment(t *testing.T) {
	e := newScalesEnv(t)
	binding := strings.TrimSuffix(presetJSON(t, "kmk-oberstufe"), "}") + `,"adjustable":false}`
	e.run([]apiCase{
		{"save it binding", "PUT", "/api/v1/config", binding, "admin", ifMatch(`"1"`), 200, []string{`"config":` + binding + `}`}},
		{"graded as it is", "GET", "/api/v1/grade?total=100&achieved=42", "", "", nil, 200, []string{`"grade":"4","alt":"4-"`}},
		{"no adjustment", "GET", "/api/v1/grade?total=100&achieved=42&pass=40", "", "", nil, 400,
			[]string{`"fields":{"pass":"Der Schlüssel der Schule ist verbindlich und kann nicht angepasst werden."}`}},
	})
}
