package server

import (
	"strings"
	"testing"
)

// The school's Zeugnisnote settings ride in a scale's document (member "zeugnis"): saved, answered and
// streamed with it, kept in its history, and refused field by field without storing anything.

const zeugnisSettings = `"zeugnis":{"tendency":"0,25","rounding":"worse","categories":[{"name":"schriftlich","weight":"2"},{"name":"mündlich","weight":"1"}]}`

func withSettings(doc, settings string) string { return doc[:len(doc)-1] + "," + settings + "}" }

func TestZeugnisSettingsAPI(t *testing.T) {
	e := newScalesEnv(t)
	plain := standardDoc("Standard")
	set := withSettings(plain, zeugnisSettings)
	typed := withSettings(plain, `"zeugnis":{"categories":[{"weight":" 2 ","name":" schriftlich "},{"name":"mündlich","weight":"1"}],"rounding":"worse","tendency":"0.25"}`)
	swissSet := withSettings(swissDoc, `"zeugnis":{"step":"0,1"}`)
	e.run([]apiCase{
		{"save settings as typed", "PUT", "/api/v1/config", typed, "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2,`, `"config":` + set + `}`}},
		{"read them canonical", "GET", "/api/v1/config", "", "", nil, 200, []string{`"config":` + set + "}\n"}},
		{"bad settings", "PUT", "/api/v1/config", withSettings(plain, `"zeugnis":{"step":"0,5","categories":[{"name":"a","weight":"0"},{"name":"a","weight":"1"}]}`),
			"admin", ifMatch(`"2"`), 422, []string{`"code":"validation_failed"`,
				`"zeugnis.step":"Eine Schrittweite gibt es nur bei Schweizer Noten."`,
				`"zeugnis.categories.0.weight":"Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5."`,
				`"zeugnis.categories.1.name":"Diese Kategorie gibt es schon."`}},
		{"nothing stored", "GET", "/api/v1/config", "", "", nil, 200, []string{`{"version":2,`, `"config":` + set + "}\n"}},
		{"without settings again", "PUT", "/api/v1/config", plain, "admin", ifMatch(`"2"`), 200, []string{`"version":3,`, `"config":` + plain + `}`}},
		{"history", "GET", "/api/v1/config/history/2", "", "admin", nil, 200, []string{`"config":` + set + `}`}},
		{"restore the settings", "POST", "/api/v1/config/history/2/restore", "", "admin", nil, 200, []string{`"version":4,`, `"config":` + set + `}`}},
		{"a Swiss scale with a step", "POST", "/api/v1/scales", `{"slug":"ch","config":` + swissSet + `}`, "admin", nil, 201, []string{`"config":` + swissSet + `}`}},
		{"a tendency under Swiss grades", "PUT", "/api/v1/scales/ch", withSettings(swissDoc, `"zeugnis":{"tendency":"0,3"}`), "admin", ifMatch(`"1"`), 422,
			[]string{`"fields":{"zeugnis.tendency":"Eine Tendenz für + und − gibt es nur bei Noten von 1 bis 6."}`}},
		{"the Swiss scale unchanged", "GET", "/api/v1/scales/ch", "", "", nil, 200, []string{`"version":1,`, `"config":` + swissSet + "}\n"}},
	})
	if got := e.current("").Config.Zeugnis; got.Tendency != "0,25" || got.Rounding != "worse" || got.Count != 2 {
		t.Fatalf("broker after restoring the settings: %+v", got)
	}
	body := e.readStream(t, "/api/v1/scales/ch/events", nil)
	if !strings.Contains(body, `"config":`+swissSet+"}\n\n") {
		t.Fatalf("the Swiss scale's stream lacks its settings: %q", body)
	}
}
