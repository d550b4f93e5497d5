package server

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/school"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The school's Land (docs/spec.md §11): anyone reads it, with its rule and source; only an admin
// sets it, to a known code or none; a refused write changes nothing.
func TestSchoolAPI(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	cross := map[string]string{"Sec-Fetch-Site": "cross-site"}
	e.run([]apiCase{
		{"none at first", "GET", "/api/v1/school", "", "", nil, 200, []string{`{"land":null}`}},
		{"signed out", "PUT", "/api/v1/school", `{"land":"HE"}`, "", nil, 401, []string{`"code":"unauthenticated"`}},
		{"a teacher may not", "PUT", "/api/v1/school", `{"land":"HE"}`, "user", nil, 403, []string{`"code":"forbidden"`}},
		{"cross-site", "PUT", "/api/v1/school", `{"land":"HE"}`, "admin", cross, 403, []string{`"code":"cross_origin"`}},
		{"unknown code", "PUT", "/api/v1/school", `{"land":"XY"}`, "admin", nil, 422,
			[]string{`"code":"validation_failed"`, `"land":"Unbekanntes Land. Erlaubt sind BW, BY, BE,`, `CH-ZH, AT-1,`, `oder leer für keins."`}},
		{"a canton without prefix is no canton", "PUT", "/api/v1/school", `{"land":"ZH"}`, "admin", nil, 422, []string{`"land":"Unbekanntes Land.`}},
		{"a number", "PUT", "/api/v1/school", `{"land":7}`, "admin", nil, 422, []string{`"land":"Muss ein Text sein."`}},
		{"missing", "PUT", "/api/v1/school", `{}`, "admin", nil, 422, []string{`"land":"Pflichtfeld."`}},
		{"still none", "GET", "/api/v1/school", "", "", nil, 200, []string{`{"land":null}`}},
		{"Hessen", "PUT", "/api/v1/school", `{"land":"de-he"}`, "admin", nil, 200,
			[]string{`"land":"HE"`, `"name":"Hessen"`, `"source":"VOGSV § 34"`, `"over":[1,3]`, `"over":[1,2]`, `"failing":["5","6"]`}},
		{"read by anyone", "GET", "/api/v1/school", "", "", nil, 200,
			[]string{`"land":"HE"`, `"url":"https://www.rv.hessenrecht.hessen.de/`, `"kind":"schulleitung"`, `"kind":"wiederholung"`}},
		{"a Land without a rule says why", "PUT", "/api/v1/school", `{"land":"NW"}`, "admin", nil, 200,
			[]string{`"land":"NW"`, `"note":"Keine Regel mehr: der „Drittelerlass“`}},
		{"an Austrian Land has the federal rule", "PUT", "/api/v1/school", `{"land":"AT-9"}`, "admin", nil, 200,
			[]string{`"land":"AT-9"`, `"name":"Wien"`, `"source":"LBVO § 7 Abs. 11"`, `"failing":["5"]`}},
		{"empty clears", "PUT", "/api/v1/school", `{"land":""}`, "admin", nil, 200, []string{`{"land":null}`}},
		{"null clears", "PUT", "/api/v1/school", `{"land":null}`, "admin", nil, 200, []string{`{"land":null}`}},
		{"the list", "GET", "/api/v1/school/lands", "", "", nil, 200, []string{`"code":"BW"`, `"code":"CH-ZH"`, `"code":"AT-9"`}},
	})

	rec := e.do("GET", "/api/v1/school/lands", "", "", nil)
	var list struct{ Lands []school.Land }
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || len(list.Lands) != len(school.Lands()) {
		t.Fatalf("the list: %d Länder, %v; want %d", len(list.Lands), err, len(school.Lands()))
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("the list's Cache-Control %q", cc)
	}
	if land, err := e.st.SchoolLand(context.Background()); err != nil || land != "" {
		t.Errorf("stored %q, %v after clearing", land, err)
	}
}

// A Land stored by a build that knew it and read by one that does not is answered as none, not
// as a 500.
func TestSchoolUnknownStoredLand(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	if err := e.st.SetSchoolLand(context.Background(), "XX"); err != nil {
		t.Fatal(err)
	}
	if rec := e.do("GET", "/api/v1/school", "", "", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `{"land":null}`) {
		t.Errorf("GET = %d %s", rec.Code, rec.Body)
	}
}
