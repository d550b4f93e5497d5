package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// TestHostileScaleSettings sends spoiled members "fehlerquotient" and "zeugnis" to every route that
// stores a document (PUT /config, PUT /scales/{slug}, POST /scales): each is a 422 that names the
// member's path with its German message, never a 5xx, and the database is exactly as before.
func TestHostileScaleSettings(t *testing.T) {
	e := newScalesEnv(t)
	if _, err := e.st.CreateScale(context.Background(), "mathe", grading.Default(), "admin@schule.de"); err != nil {
		t.Fatal(err)
	}
	step := func(from, deduction string) string { return `{"from":` + from + `,"deduction":` + deduction + `}` }
	own := func(members string) string {
		return `"fehlerquotient":{"name":"Deutsch","unit":"drittel","steps":[` + step(`"3"`, "1") + `],"max":1` + members + `}`
	}
	fehlerWith := func(steps string) string {
		return `"fehlerquotient":{"name":"Deutsch","unit":"drittel","steps":[` + steps + `],"max":2}`
	}
	category := func(name, weight string) string { return `{"name":` + name + `,"weight":` + weight + `}` }
	categories := func(list ...string) string { return `"zeugnis":{"categories":[` + strings.Join(list, ",") + `]}` }
	const (
		msgFrom      = "Muss eine Zahl größer als 0 und höchstens 100 mit höchstens 2 Nachkommastellen sein, z. B. 3 oder 3,5."
		msgDeduction = "Muss eine ganze Zahl von 1 bis 15 sein."
		msgWeight    = "Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5."
		msgTendency  = "Muss 0,3, 0,25 oder 1/3 sein."
		msgNameChars = "Der Name darf keine unsichtbaren Steuerzeichen enthalten."
	)
	for _, c := range []struct {
		name, member string
		fields       map[string]string
	}{
		{"fehlerquotient null", `"fehlerquotient":null`, map[string]string{"fehlerquotient": "Muss ein Objekt sein."}},
		{"fehlerquotient a list", `"fehlerquotient":[]`, map[string]string{"fehlerquotient": "Muss ein Objekt sein."}},
		{"fehlerquotient empty", `"fehlerquotient":{}`, map[string]string{"fehlerquotient.name": "Pflichtfeld.",
			"fehlerquotient.unit": "Pflichtfeld.", "fehlerquotient.steps": "Pflichtfeld.", "fehlerquotient.max": "Pflichtfeld."}},
		{"an unknown published rule", `"fehlerquotient":{"preset":"HESSEN-OBERSTUFE"}`,
			map[string]string{"fehlerquotient.preset": "Diese Regel gibt es nicht. Bekannt: hessen-oberstufe."}},
		{"a published rule and own values", `"fehlerquotient":{"preset":"hessen-oberstufe","max":3}`,
			map[string]string{"fehlerquotient.max": "Eine veröffentlichte Regel steht allein: keine eigenen Werte daneben."}},
		{"a published rule twice", `"fehlerquotient":{"preset":"hessen-oberstufe","preset":"hessen-oberstufe"}`,
			map[string]string{"fehlerquotient.preset": "Doppelt angegeben."}},
		{"fehlerquotient twice", `"fehlerquotient":{"preset":"hessen-oberstufe"},"fehlerquotient":{"preset":"hessen-oberstufe"}`,
			map[string]string{"fehlerquotient": "Doppelt angegeben."}},
		{"a threshold 1e400", fehlerWith(step(`"1e400"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold NaN", fehlerWith(step(`"NaN"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold of 5000 digits", fehlerWith(step(`"`+strings.Repeat("1", 5000)+`"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold of 0", fehlerWith(step(`"0"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a negative threshold", fehlerWith(step(`"-3"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold with 3 decimals", fehlerWith(step(`"3,001"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold past 100", fehlerWith(step(`"100,01"`, "1")), map[string]string{"fehlerquotient.steps.0.from": msgFrom}},
		{"a threshold as a number", fehlerWith(step("3", "1")), map[string]string{"fehlerquotient.steps.0.from": "Muss ein Text sein."}},
		{"a deduction 1e400", fehlerWith(step(`"3"`, "1e400")), map[string]string{"fehlerquotient.steps.0.deduction": msgDeduction}},
		{"a deduction of 1.5", fehlerWith(step(`"3"`, "1.5")), map[string]string{"fehlerquotient.steps.0.deduction": msgDeduction}},
		{"a deduction as text", fehlerWith(step(`"3"`, `"1"`)), map[string]string{"fehlerquotient.steps.0.deduction": "Muss eine Zahl sein."}},
		{"a maximum of -0", own("")[:len(own(""))-len(`,"max":1}`)] + `,"max":-0}`, map[string]string{"fehlerquotient.max": msgDeduction}},
		{"minWords past 100000", own(`,"minWords":99999999999999999999999`), map[string]string{"fehlerquotient.minWords": "Muss eine ganze Zahl von 0 bis 100000 sein."}},
		{"minWords null", own(`,"minWords":null`), map[string]string{"fehlerquotient.minWords": "Muss eine Zahl sein."}},
		{"a step twice over", fehlerWith(`{"from":"3","deduction":1,"from":"4"}`), map[string]string{"fehlerquotient.steps.0.from": "Doppelt angegeben."}},
		{"a step with an unknown member", fehlerWith(`{"from":"3","deduction":1,"x":1}`), map[string]string{"fehlerquotient.steps.0.x": "Unbekanntes Feld."}},
		{"a step null", fehlerWith("null"), map[string]string{"fehlerquotient.steps.0": "Muss ein Objekt sein."}},
		{"eleven steps", fehlerWith(strings.Repeat(step(`"3"`, "1")+",", 10) + step(`"3"`, "1")), map[string]string{"fehlerquotient.steps": "1 bis 10 Stufen."}},
		{"steps nested 9990 deep", fehlerWith(strings.Repeat("[", 9990) + strings.Repeat("]", 9990)), map[string]string{"fehlerquotient.steps.0": "Muss ein Objekt sein."}},
		{"a unit in capitals", `"fehlerquotient":{"name":"Deutsch","unit":"Drittel","steps":[` + step(`"3"`, "1") + `],"max":1}`,
			map[string]string{"fehlerquotient.unit": "Muss „notenpunkte“ oder „drittel“ sein."}},
		{"a name with NUL", `"fehlerquotient":{"name":"Deutsch\u0000","unit":"drittel","steps":[` + step(`"3"`, "1") + `],"max":1}`,
			map[string]string{"fehlerquotient.name": msgNameChars}},
		{"a name of 81 characters", `"fehlerquotient":{"name":"` + strings.Repeat("ä", 81) + `","unit":"drittel","steps":[` + step(`"3"`, "1") + `],"max":1}`,
			map[string]string{"fehlerquotient.name": "Der Name muss 1 bis 80 Zeichen lang sein."}},
		{"a name of blanks", `"fehlerquotient":{"name":"   ","unit":"drittel","steps":[` + step(`"3"`, "1") + `],"max":1}`,
			map[string]string{"fehlerquotient.name": "Der Name darf nicht nur aus Leerzeichen bestehen."}},

		{"zeugnis null", `"zeugnis":null`, map[string]string{"zeugnis": "Muss ein Objekt sein."}},
		{"zeugnis with an unknown member", `"zeugnis":{"x":1}`, map[string]string{"zeugnis.x": "Unbekanntes Feld."}},
		{"zeugnis twice", `"zeugnis":{"tendency":"0,25"},"zeugnis":{"tendency":"0,25"}`, map[string]string{"zeugnis": "Doppelt angegeben."}},
		{"a tendency NaN", `"zeugnis":{"tendency":"NaN"}`, map[string]string{"zeugnis.tendency": msgTendency}},
		{"a negative tendency", `"zeugnis":{"tendency":"-0,25"}`, map[string]string{"zeugnis.tendency": msgTendency}},
		{"a tendency as a number", `"zeugnis":{"tendency":0.25}`, map[string]string{"zeugnis.tendency": "Muss ein Text sein."}},
		{"a rounding twice", `"zeugnis":{"rounding":"worse","rounding":"better"}`, map[string]string{"zeugnis.rounding": "Doppelt angegeben."}},
		{"a rounding null", `"zeugnis":{"rounding":null}`, map[string]string{"zeugnis.rounding": "Muss ein Text sein."}},
		{"a step outside Switzerland", `"zeugnis":{"step":"0,1"}`, map[string]string{"zeugnis.step": "Eine Schrittweite gibt es nur bei Schweizer Noten."}},
		{"no categories", `"zeugnis":{"categories":[]}`, map[string]string{"zeugnis.categories": "1 bis 10 Kategorien."}},
		{"categories an object", `"zeugnis":{"categories":{}}`, map[string]string{"zeugnis.categories": "Muss eine Liste sein."}},
		{"eleven categories", categories(strings.Split(strings.Repeat(category(`"a"`, `"1"`)+";", 11), ";")[:11]...),
			map[string]string{"zeugnis.categories": "1 bis 10 Kategorien."}},
		{"categories nested 9990 deep", `"zeugnis":{"categories":` + strings.Repeat("[", 9990) + strings.Repeat("]", 9990) + `}`,
			map[string]string{"zeugnis.categories.0": "Muss ein Objekt sein."}},
		{"a weight 1e400", categories(category(`"a"`, `"1e400"`)), map[string]string{"zeugnis.categories.0.weight": msgWeight}},
		{"a weight NaN", categories(category(`"a"`, `"NaN"`)), map[string]string{"zeugnis.categories.0.weight": msgWeight}},
		{"a weight of 5000 digits", categories(category(`"a"`, `"`+strings.Repeat("9", 5000)+`"`)), map[string]string{"zeugnis.categories.0.weight": msgWeight}},
		{"a negative weight", categories(category(`"a"`, `"-1"`)), map[string]string{"zeugnis.categories.0.weight": msgWeight}},
		{"a weight as a number", categories(category(`"a"`, "2")), map[string]string{"zeugnis.categories.0.weight": "Muss ein Text sein."}},
		{"a weight twice", `"zeugnis":{"categories":[{"name":"a","weight":"1","weight":"2"}]}`, map[string]string{"zeugnis.categories.0.weight": "Doppelt angegeben."}},
		{"a category name with NUL", categories(category(`"a\u0000"`, `"1"`)), map[string]string{"zeugnis.categories.0.name": msgNameChars}},
		{"a category name with a bidi override", categories(category(`"a\u202eb"`, `"1"`)), map[string]string{"zeugnis.categories.0.name": msgNameChars}},
		{"a category name of 41 characters", categories(category(`"`+strings.Repeat("x", 41)+`"`, `"1"`)),
			map[string]string{"zeugnis.categories.0.name": "Der Name muss 1 bis 40 Zeichen lang sein."}},
		{"a category twice", categories(category(`"a"`, `"1"`), category(`"a"`, `"2"`)),
			map[string]string{"zeugnis.categories.1.name": "Diese Kategorie gibt es schon."}},
	} {
		doc := withSettings(standardDoc("Hostil"), c.member)
		for _, route := range []struct{ method, path, body string }{
			{"PUT", "/api/v1/config", doc},
			{"PUT", "/api/v1/scales/mathe", doc},
			{"POST", "/api/v1/scales", `{"slug":"neu","config":` + doc + `}`},
		} {
			t.Run(c.name+"/"+route.method+" "+route.path, func(t *testing.T) {
				before := e.snapshot(t)
				rec := e.doAs(t, route.method, route.path, route.body, "admin", ifMatch(`"1"`))
				if rec.Code != 422 {
					t.Fatalf("status %d, want 422; body %.300s", rec.Code, rec.Body)
				}
				raw := append([]byte(nil), rec.Body.Bytes()...) // checkErrorShape reads the body
				if code := checkErrorShape(t, c.name, rec); code != "validation_failed" {
					t.Errorf("code %q, want validation_failed", code)
				}
				var body struct {
					Error struct {
						Fields map[string]string `json:"fields"`
					} `json:"error"`
				}
				if err := json.Unmarshal(raw, &body); err != nil {
					t.Fatal(err)
				}
				want := c.fields
				if route.method == "POST" { // the document is the member config there
					want = map[string]string{}
					for k, v := range c.fields {
						want["config."+k] = v
					}
				}
				if len(body.Error.Fields) != len(want) {
					t.Errorf("fields %v, want %v", body.Error.Fields, want)
				}
				for k, v := range want {
					if body.Error.Fields[k] != v {
						t.Errorf("field %s: %q, want %q (all: %v)", k, body.Error.Fields[k], v, body.Error.Fields)
					}
				}
				if after := e.snapshot(t); after != before {
					t.Errorf("a refused document changed the database:\nbefore %s\nafter  %s", before, after)
				}
			})
		}
	}
	if v := e.current("").Version; v != 1 {
		t.Errorf("the live configuration moved to version %d", v)
	}
}

// TestIfMatchAsTheContractSays: a save reads its version from If-Match exactly as the contract's
// pattern (^(W/)?"?[1-9][0-9]*"?$) allows; any other form ("+1", "0", "1e0", "*", a list) is a 428
// with nothing stored, never a save on a version the contract cannot name.
func TestIfMatchAsTheContractSays(t *testing.T) {
	e := newScalesEnv(t)
	before := e.snapshot(t)
	for _, im := range []string{`"+1"`, "+1", `"0"`, `"-1"`, `"01"`, `"1e0"`, "*", `"1", "2"`, `" 1"`, `"99999999999999999999"`, `W/"+1"`} {
		e.checkError(t, "If-Match "+im, "PUT", "/api/v1/config", standardDoc("X"), "admin", ifMatch(im), 428, "precondition_required")
	}
	if after := e.snapshot(t); after != before {
		t.Errorf("a refused If-Match changed the database:\nbefore %s\nafter  %s", before, after)
	}
	for i, im := range []string{`"1"`, `W/"2"`, "3"} {
		if rec := e.doAs(t, "PUT", "/api/v1/config", standardDoc("X"), "admin", ifMatch(im)); rec.Code != 200 {
			t.Errorf("If-Match %s (save %d): %d %.200s", im, i+1, rec.Code, rec.Body)
		}
	}
}
