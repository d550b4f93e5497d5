package server

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// Documents of the other grading systems through the API: saved, answered and streamed in their
// canonical form, graded with their own labels, kept in history and restored like the original's.

// klausurDoc is the IHK's numbers typed by hand with a school's own rounding to whole percent (the
// setting "round"), written as a person might (members in another order, 92.0): its canonical form is
// klausurCanonical.
const (
	klausurDoc = `{"rule":{"bands":[{"grade":"1","from":92.0},{"grade":"2","from":81},{"grade":"3","from":67},` +
		`{"grade":"4","from":50},{"grade":"5","from":30},{"grade":"6"}],"percentage":"round","kind":"table"},"system":"noten","name":"Klausur"}`
	klausurCanonical = `{"name":"Klausur","system":"noten","rule":{"kind":"table","percentage":"round","bands":[{"grade":"1","from":92},` +
		`{"grade":"2","from":81},{"grade":"3","from":67},{"grade":"4","from":50},{"grade":"5","from":30},{"grade":"6"}]}}`
	swissDoc = `{"name":"Schweiz","system":"schweiz","rule":{"kind":"formula","step":0.25,"midpoint":"up"}}`
)

func presetJSON(t *testing.T, id string) string {
	t.Helper()
	p, ok := grading.PresetByID(id)
	if !ok {
		t.Fatalf("no preset %q", id)
	}
	doc, err := json.Marshal(p.Config)
	if err != nil {
		t.Fatal(err)
	}
	return string(doc)
}

func TestRuleDocumentsConfigAPI(t *testing.T) {
	e := newScalesEnv(t)
	kmk := presetJSON(t, "kmk-oberstufe")
	e.run([]apiCase{
		{"save a table", "PUT", "/api/v1/config", klausurDoc, "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2,`, `"config":` + klausurCanonical + `}`}},
		{"read it canonical", "GET", "/api/v1/config", "", "", nil, 200,
			[]string{`{"version":2,"savedAt":"2026-11-22T08:00:00Z","config":` + klausurCanonical + "}\n"}},
		// 183 of 200 are 91,5 %, rounded to 92: a 1; 182,8 are 91,4 %, rounded to 91: a 2.
		{"grade rounds", "GET", "/api/v1/grade?total=200&achieved=183", "", "", nil, 200,
			[]string{`{"percentage":"92%","grade":"1","alt":"sehr gut"}`}},
		{"grade below the bound", "GET", "/api/v1/grade?total=200&achieved=182,8", "", "", nil, 200,
			[]string{`{"percentage":"91%","grade":"2","alt":"gut"}`}},
		{"stale save", "PUT", "/api/v1/config", standardDoc("Alt"), "admin", ifMatch(`"1"`), 412,
			[]string{`"code":"config_conflict"`, `"current":{"version":2,`, `"config":` + klausurCanonical + `}`}},
		{"unknown rule member", "PUT", "/api/v1/config", strings.Replace(klausurDoc, `"kind"`, `"x":1,"kind"`, 1), "admin", ifMatch(`"2"`), 422,
			[]string{`"code":"validation_failed"`, `"fields":{"rule.x":"Unbekanntes Feld."}`}},
		{"formula of another system", "PUT", "/api/v1/config", strings.Replace(swissDoc, `"schweiz"`, `"noten"`, 1), "admin", ifMatch(`"2"`), 422,
			[]string{`"rule.kind":"Die Formel gibt es nur für Schweizer Noten."`}},
		{"a preset's rule changed", "PUT", "/api/v1/config", strings.Replace(presetJSON(t, "ihk"), `"from":92`, `"from":91`, 1), "admin", ifMatch(`"2"`), 422,
			[]string{`"preset":"Notensystem und Regel weichen von der Vorlage ab; ohne Vorlage speichern."`}},
		{"malformed", "PUT", "/api/v1/config", `{"system":`, "admin", ifMatch(`"2"`), 400, []string{`"invalid_json"`}},
		{"save the Swiss formula", "PUT", "/api/v1/config", swissDoc, "admin", ifMatch(`"2"`), 200, []string{`"version":3,`, `"config":` + swissDoc}},
		// 15 of 20 are 75 %: 1 + 5 · 0,75 = 4,75. 27 of 40 are 67,5 %: 4,375, the midpoint of 4,25 and 4,5, goes up.
		{"grade Swiss", "GET", "/api/v1/grade?total=20&achieved=15", "", "", nil, 200, []string{`{"percentage":"75,0%","grade":"4,75"}` + "\n"}},
		{"grade Swiss midpoint", "GET", "/api/v1/grade?total=40&achieved=27", "", "", nil, 200, []string{`{"percentage":"67,5%","grade":"4,5"}` + "\n"}},
		{"save the KMK preset", "PUT", "/api/v1/config", kmk, "admin", ifMatch(`"3"`), 200, []string{`"version":4,`, `"config":` + kmk + `}`}},
		// 86 % is 13 points (ab 85), the KMK's 1-.
		{"grade points", "GET", "/api/v1/grade?total=100&achieved=86", "", "", nil, 200, []string{`{"percentage":"86,0%","grade":"13","alt":"1-"}`}},
		{"history", "GET", "/api/v1/config/history", "", "admin", nil, 200,
			[]string{`{"versions":[{"version":4,`, `"name":"Notenpunkte"},{"version":3,`, `"name":"Schweiz"},{"version":2,`, `"name":"Klausur"},{"version":1,`}},
		{"a version", "GET", "/api/v1/config/history/2", "", "admin", nil, 200, []string{`"config":` + klausurCanonical + `}`}},
		{"restore the table", "POST", "/api/v1/config/history/2/restore", "", "admin", nil, 200, []string{`"version":5,`, `"config":` + klausurCanonical + `}`}},
		{"restore the original", "POST", "/api/v1/config/history/1/restore", "", "admin", nil, 200, []string{`"version":6,`, `"config":{"name":"Standard","grades":`}},
		{"graded by the original again", "GET", "/api/v1/grade?total=200&achieved=183", "", "", nil, 200, []string{`{"percentage":"91,5%","grade":"1"}` + "\n"}},
		{"restore the preset", "POST", "/api/v1/config/history/4/restore", "", "admin", nil, 200, []string{`"version":7,`, `"config":` + kmk + `}`}},
		{"read the preset", "GET", "/api/v1/config", "", "", nil, 200, []string{`"config":` + kmk + "}\n"}},
	})
	if kmkConfig, _ := grading.PresetByID("kmk-oberstufe"); e.current("").Version != 7 || e.current("").Config != kmkConfig.Config {
		t.Fatalf("broker after restoring the preset: %+v", e.current(""))
	}
}

func TestRuleDocumentsScalesAPI(t *testing.T) {
	e := newScalesEnv(t)
	kmk := presetJSON(t, "kmk-oberstufe")
	e.run([]apiCase{
		{"from a preset", "POST", "/api/v1/scales", `{"slug":"oberstufe","preset":"kmk-oberstufe"}`, "admin", nil, 201,
			[]string{`"version":1,`, `"config":` + kmk + `}`}},
		{"read it", "GET", "/api/v1/scales/oberstufe", "", "", nil, 200, []string{`"config":` + kmk + "}\n"}},
		// 86 % is 13 points (ab 85), the KMK's 1-; 84,96 % is 12 points, and "85,0%" would read as 13.
		{"grade points", "GET", "/api/v1/grade?total=100&achieved=86&scale=oberstufe", "", "", nil, 200,
			[]string{`{"percentage":"86,0%","grade":"13","alt":"1-"}`}},
		{"grade points near a bound", "GET", "/api/v1/grade?total=100&achieved=84,96&scale=oberstufe", "", "", nil, 200,
			[]string{`{"percentage":"84,96%","grade":"12","alt":"2+"}`}},
		{"put the preset renamed", "PUT", "/api/v1/scales/oberstufe", strings.Replace(kmk, `"name":"Notenpunkte"`, `"name":"Q1"`, 1), "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2,`, `"config":{"name":"Q1","system":"notenpunkte","preset":"kmk-oberstufe",`}},
		{"oberstufe history", "GET", "/api/v1/scales/oberstufe/history", "", "admin", nil, 200, []string{`"name":"Q1"},{"version":1,`, `"name":"Notenpunkte"}]}`}},
		{"with a document", "POST", "/api/v1/scales", `{"slug":"schweiz","config":` + swissDoc + `}`, "admin", nil, 201, []string{`"config":` + swissDoc}},
		{"put a table on it", "PUT", "/api/v1/scales/schweiz", klausurDoc, "admin", ifMatch(`"1"`), 200, []string{`"version":2,`, `"config":` + klausurCanonical}},
		{"stale put", "PUT", "/api/v1/scales/schweiz", swissDoc, "admin", ifMatch(`"1"`), 412, []string{`"current":{"version":2,`}},
		{"scale history", "GET", "/api/v1/scales/schweiz/history", "", "admin", nil, 200, []string{`"name":"Klausur"},{"version":1,`, `"name":"Schweiz"}]}`}},
		{"restore the formula", "POST", "/api/v1/scales/schweiz/history/1/restore", "", "admin", nil, 200, []string{`"version":3,`, `"config":` + swissDoc}},
		{"archive", "PATCH", "/api/v1/scales/schweiz", `{"archived":true}`, "admin", nil, 200, []string{`"name":"Schweiz","version":3,`}},
		{"archived", "GET", "/api/v1/scales/schweiz", "", "", nil, 200, []string{`"config":` + swissDoc + `,"archived":true}`}},
		{"unknown preset", "POST", "/api/v1/scales", `{"slug":"x","preset":"ihk-2014"}`, "admin", nil, 422,
			[]string{`"fields":{"preset":"Unbekannte Vorlage. Die Vorlagen nennt GET /api/v1/presets."}`}},
		{"preset not text", "POST", "/api/v1/scales", `{"slug":"x","preset":7}`, "admin", nil, 422, []string{`"fields":{"preset":"Muss ein Text sein."}`}},
		{"preset and config", "POST", "/api/v1/scales", `{"slug":"x","preset":"ihk","config":` + swissDoc + `}`, "admin", nil, 422,
			[]string{`"config":"Genau eines angeben: config oder preset."`, `"preset":"Genau eines angeben: config oder preset."`}},
		{"neither", "POST", "/api/v1/scales", `{"slug":"x"}`, "admin", nil, 422,
			[]string{`"config":"Pflichtfeld."`, `"preset":"Genau eines angeben: config oder preset."`}},
		{"an invalid rule", "POST", "/api/v1/scales", `{"slug":"x","config":` + strings.Replace(klausurDoc, `"from":81`, `"from":95`, 1) + `}`, "admin", nil, 422,
			[]string{`"config.rule.bands.1.from":"Muss kleiner als die Grenze der Note 1 sein, sonst bleibt für diese Note nichts."`}},
		{"a preset as user", "POST", "/api/v1/scales", `{"slug":"x","preset":"ihk"}`, "user", nil, 403, nil},
	})
	body := e.readStream(t, "/api/v1/scales/oberstufe/events", nil)
	q1 := strings.Replace(kmk, `"name":"Notenpunkte"`, `"name":"Q1"`, 1)
	if !strings.Contains(body, "id: oberstufe.2\nevent: config\ndata: {\"version\":2,\"savedAt\":\"2026-11-22T08:00:00Z\",\"config\":"+q1+"}\n\n") {
		t.Fatalf("the preset scale's stream: %q", body)
	}
	if rec := e.do("GET", "/api/v1/scales/x", "", "", nil); rec.Code != 404 {
		t.Fatalf("a refused create left scale x: %d", rec.Code)
	}
}

func TestPresetsAPI(t *testing.T) {
	e := newScalesEnv(t)
	rec := e.do("GET", "/api/v1/presets", "", "", nil)
	if rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-cache" || rec.Header().Get("ETag") == "" {
		t.Fatalf("presets: %d, headers %v", rec.Code, rec.Header())
	}
	var got struct {
		Presets []struct {
			ID, Name, System, Source, Region, SchoolType string
			Config                                       json.RawMessage
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	want := grading.Presets()
	if len(got.Presets) != len(want) {
		t.Fatalf("%d presets, want %d", len(got.Presets), len(want))
	}
	for i, p := range got.Presets {
		w := want[i]
		system := w.Config.Rule.System
		if w.ID == "standard" {
			system = grading.SystemPlusMinus
		}
		if p.ID != w.ID || p.Name != w.Name || p.Source != w.Source || p.Region != w.Region || p.SchoolType != w.SchoolType ||
			p.System != system || string(p.Config) != presetJSON(t, w.ID) {
			t.Errorf("preset %d: %+v, want %s in system %s", i, p, w.ID, system)
		}
	}
	if !strings.Contains(rec.Body.String(), `{"id":"standard","name":"Standard (85/70/55/40/20, Grenzen „über“)","system":"noten-plus-minus",`) {
		t.Errorf("the Standard preset: %.300s", rec.Body)
	}
	e.run([]apiCase{
		{"revalidated", "GET", "/api/v1/presets", "", "", map[string]string{"If-None-Match": rec.Header().Get("ETag")}, 304, nil},
		{"signed in alike", "GET", "/api/v1/presets", "", "admin", nil, 200, []string{`"id":"ihk-dezimal"`}},
	})
}
