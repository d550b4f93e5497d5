package server

import (
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
