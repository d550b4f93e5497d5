package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The routes of the grading scales, one scenario table per route.

func newScalesEnv(t *testing.T) *apiEnv {
	t.Helper()
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	return e
}

func createBody(slug, name string) string {
	return `{"slug":"` + slug + `","config":` + standardDoc(name) + `}`
}

// mathDoc grants a 4 from 50 %: a grade differs from the standard's.
func mathDoc(name string) string {
	doc := strings.Replace(standardDoc(name), `"4":{"min":40,"max":55}`, `"4":{"min":50,"max":55}`, 1)
	return strings.Replace(doc, `"5":{"min":20,"max":40}`, `"5":{"min":20,"max":50}`, 1)
}

func TestScaleCreateAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"signed out", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "", nil, 401, []string{`"unauthenticated"`}},
		{"user", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "user", nil, 403, []string{`"forbidden"`}},
		{"malformed", "POST", "/api/v1/scales", `{"slug":`, "admin", nil, 400, []string{`"invalid_json"`}},
		{"nothing", "POST", "/api/v1/scales", `{}`, "admin", nil, 422,
			[]string{`"message":"Der Notenschlüssel ist ungültig."`, `"slug":"Pflichtfeld."`, `"config":"Pflichtfeld."`}},
		{"bad slug and config", "POST", "/api/v1/scales",
			`{"slug":"Mathe!","config":` + strings.Replace(standardDoc("M"), `"max":100`, `"max":90`, 1) + `}`, "admin", nil, 422,
			[]string{`"slug":"` + store.SlugRule + `"`, `"config.grades.1.max":"Das Maximum der Note 1 muss 100 sein."`}},
		{"slug with a leading dash", "POST", "/api/v1/scales", createBody("-mathe", "M"), "admin", nil, 422, []string{`"slug":`}},
		{"slug of 41", "POST", "/api/v1/scales", createBody(strings.Repeat("a", 41), "M"), "admin", nil, 422, []string{`"slug":`}},
		{"config not an object", "POST", "/api/v1/scales", `{"slug":"m","config":[1]}`, "admin", nil, 422, []string{`"config":"Muss ein JSON-Objekt sein."`}},
		{"slug not text", "POST", "/api/v1/scales", `{"slug":7,"config":` + standardDoc("M") + `}`, "admin", nil, 422, []string{`"slug":"Muss ein Text sein."`}},
		{"create", "POST", "/api/v1/scales", `{"slug":"mathe","config":` + mathDoc("Mathematik") + `}`, "admin", nil, 201,
			[]string{`"version":1`, `"savedBy":"admin@schule.de"`, `"name":"Mathematik"`}},
		{"slug of 40", "POST", "/api/v1/scales", createBody(strings.Repeat("a", 40), "Lang"), "admin", nil, 201, nil},
		{"exists", "POST", "/api/v1/scales", createBody("mathe", "Doppelt"), "admin", nil, 409, []string{`"code":"scale_exists"`}},
		{"the default's slug exists", "POST", "/api/v1/scales", createBody("standard", "Doppelt"), "admin", nil, 409, []string{`"scale_exists"`}},
	})
	rec := e.do("POST", "/api/v1/scales", createBody("ihk", "IHK"), "admin", nil)
	if rec.Code != 201 || rec.Header().Get("Location") != "/api/v1/scales/ihk" || rec.Header().Get("ETag") != `"1"` {
		t.Fatalf("create: %d, Location %q, ETag %q", rec.Code, rec.Header().Get("Location"), rec.Header().Get("ETag"))
	}
	if cur := e.current("mathe"); cur == nil || cur.Version != 1 || cur.Config.Name != "Mathematik" {
		t.Fatalf("the new scale is not live: %+v", cur)
	}
}

func TestScaleLimitAPI(t *testing.T) {
	e := newScalesEnv(t)
	for i := 2; i <= store.MaxScales; i++ {
		if _, err := e.st.CreateScale(context.Background(), fmt.Sprintf("s%d", i), grading.Default(), "cli"); err != nil {
			t.Fatal(err)
		}
	}
	e.run([]apiCase{
		{"101st", "POST", "/api/v1/scales", createBody("zuviel", "Z"), "admin", nil, 422,
			[]string{`"code":"too_many_scales"`, `"message":"Es gibt schon 100 Notenschlüssel (archivierte zählen mit); mehr sind nicht möglich."`}},
	})
}

func TestScaleListAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"one scale", "GET", "/api/v1/scales", "", "", nil, 200,
			[]string{`{"scales":[{"slug":"standard","name":"Standard","version":1,"savedAt":"2026-11-22T08:00:00Z","default":true,"archived":false}]}`}},
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"create ihk", "POST", "/api/v1/scales", createBody("ihk", "IHK"), "admin", nil, 201, nil},
		{"archive ihk", "PATCH", "/api/v1/scales/ihk", `{"archived":true}`, "admin", nil, 200, []string{`"archived":true`}},
		{"signed out: no archived", "GET", "/api/v1/scales", "", "", nil, 200,
			[]string{`{"scales":[{"slug":"mathe","name":"Mathematik","version":1,`, `"default":false,"archived":false},{"slug":"standard"`}},
		{"admin: archived too, by slug", "GET", "/api/v1/scales", "", "admin", nil, 200,
			[]string{`{"scales":[{"slug":"ihk","name":"IHK","version":1,`, `"archived":true},{"slug":"mathe"`, `{"slug":"standard"`}},
	})
	for _, who := range []string{"", "user"} {
		if rec := e.do("GET", "/api/v1/scales", "", who, nil); strings.Contains(rec.Body.String(), "ihk") {
			t.Errorf("%q sees an archived scale: %s", who, rec.Body)
		}
	}
	if rec := e.do("GET", "/api/v1/scales", "", "", nil); rec.Header().Get("Cache-Control") != "no-store" {
		t.Errorf("the list depends on the account but may be stored: %q", rec.Header().Get("Cache-Control"))
	}
}

func TestScaleGetAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"read", "GET", "/api/v1/scales/mathe", "", "", nil, 200, []string{`{"version":1,"savedAt":"2026-11-22T08:00:00Z","config":{"name":"Mathematik"`}},
		{"not modified", "GET", "/api/v1/scales/mathe", "", "", map[string]string{"If-None-Match": `"mathe.1"`}, 304, nil},
		{"another scale's tag at the same version", "GET", "/api/v1/scales/mathe", "", "", map[string]string{"If-None-Match": `"standard.1"`}, 200,
			[]string{`"name":"Mathematik"`}},
		{"unknown", "GET", "/api/v1/scales/nix", "", "", nil, 404, []string{`"code":"scale_not_found"`, `"message":"Diesen Notenschlüssel gibt es nicht."`}},
		{"not a slug", "GET", "/api/v1/scales/NIX", "", "", nil, 404, []string{`"scale_not_found"`}},
		{"archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200, nil},
		{"archived stays readable", "GET", "/api/v1/scales/mathe", "", "", nil, 200, []string{`"name":"Mathematik"`, `"archived":true}`}},
		// The same version number as before the archiving: a page that polls with it must still learn of it.
		{"archived is news at the same version", "GET", "/api/v1/scales/mathe", "", "", map[string]string{"If-None-Match": `"mathe.1"`}, 200,
			[]string{`"version":1,`, `"archived":true}`}},
		{"archived, not modified", "GET", "/api/v1/scales/mathe", "", "", map[string]string{"If-None-Match": `"mathe.1.archiviert"`}, 304, nil},
		{"the default is /config", "GET", "/api/v1/scales/standard", "", "", nil, 200, []string{`"name":"Standard"`}},
	})
	a, b := e.do("GET", "/api/v1/scales/standard", "", "", nil), e.do("GET", "/api/v1/config", "", "", nil)
	if a.Body.String() != b.Body.String() || a.Header().Get("ETag") != b.Header().Get("ETag") {
		t.Errorf("the default scale and /config differ:\n%s\n%s", a.Body, b.Body)
	}
}

func TestScalePutAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"signed out", "PUT", "/api/v1/scales/mathe", standardDoc("M2"), "", ifMatch(`"1"`), 401, []string{`"unauthenticated"`}},
		{"user", "PUT", "/api/v1/scales/mathe", standardDoc("M2"), "user", ifMatch(`"1"`), 403, []string{`"forbidden"`}},
		{"unknown", "PUT", "/api/v1/scales/nix", standardDoc("M2"), "admin", ifMatch(`"1"`), 404, []string{`"scale_not_found"`}},
		{"no If-Match", "PUT", "/api/v1/scales/mathe", standardDoc("M2"), "admin", nil, 428, []string{`"precondition_required"`}},
		{"invalid", "PUT", "/api/v1/scales/mathe", strings.Replace(standardDoc("M"), `"max":100`, `"max":90`, 1), "admin", ifMatch(`"1"`), 422,
			[]string{`"grades.1.max":"Das Maximum der Note 1 muss 100 sein."`}},
		{"save", "PUT", "/api/v1/scales/mathe", mathDoc("Mathe 2"), "admin", ifMatch(`"1"`), 200, []string{`"version":2`, `"name":"Mathe 2"`}},
		// Versions count per scale: the default's version 1 is still its newest.
		{"the default on its own version", "PUT", "/api/v1/config", standardDoc("Standard 2"), "admin", ifMatch(`"1"`), 200, []string{`"version":2`}},
		{"stale", "PUT", "/api/v1/scales/mathe", standardDoc("Veraltet"), "admin", ifMatch(`"1"`), 412,
			[]string{`"code":"config_conflict"`, `"current":{"version":2,`, `"name":"Mathe 2"`}},
	})
	if cur := e.current("mathe"); cur.Version != 2 || cur.Config.Name != "Mathe 2" {
		t.Fatalf("mathe's broker: version %d %q", cur.Version, cur.Config.Name)
	}
	if cur := e.current(""); cur.Version != 2 || cur.Config.Name != "Standard 2" {
		t.Fatalf("the default's broker: version %d %q", cur.Version, cur.Config.Name)
	}
}

func TestScalePatchAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"signed out", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "", nil, 401, nil},
		{"user", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "user", nil, 403, nil},
		{"unknown", "PATCH", "/api/v1/scales/nix", `{"archived":true}`, "admin", nil, 404, []string{`"scale_not_found"`}},
		{"nothing", "PATCH", "/api/v1/scales/mathe", `{}`, "admin", nil, 422, []string{`"archived":"Genau eines angeben: default oder archived."`}},
		{"both", "PATCH", "/api/v1/scales/mathe", `{"default":true,"archived":false}`, "admin", nil, 422, []string{`"default":"Genau eines`}},
		{"default false", "PATCH", "/api/v1/scales/mathe", `{"default":false}`, "admin", nil, 422, []string{`"default":"Nur true.`}},
		{"archived null", "PATCH", "/api/v1/scales/mathe", `{"archived":null}`, "admin", nil, 422, []string{`"archived":"Muss true oder false sein."`}},
		{"archived as text", "PATCH", "/api/v1/scales/mathe", `{"archived":"true"}`, "admin", nil, 422, []string{`"archived":"Muss true oder false sein."`}},
		{"archive the default", "PATCH", "/api/v1/scales/standard", `{"archived":true}`, "admin", nil, 409,
			[]string{`"code":"scale_is_default"`, `"message":"Der voreingestellte Notenschlüssel kann nicht archiviert werden.`}},
		{"archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200,
			[]string{`{"slug":"mathe","name":"Mathematik","version":1,"savedAt":"2026-11-22T08:00:00Z","default":false,"archived":true}`}},
		{"archive again", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200, []string{`"archived":true`}},
		{"archived to default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 409, []string{`"code":"scale_archived"`}},
		{"unarchive", "PATCH", "/api/v1/scales/mathe", `{"archived":false}`, "admin", nil, 200, []string{`"archived":false`}},
		{"default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 200, []string{`"default":true,"archived":false`}},
		// /config moves with the default.
		{"config is mathe's", "GET", "/api/v1/config", "", "", nil, 200, []string{`"name":"Mathematik"`}},
		{"grade by mathe", "GET", "/api/v1/grade?total=100&achieved=45", "", "", nil, 200, []string{`"grade":"4"`}},
		{"the old default may go", "PATCH", "/api/v1/scales/standard", `{"archived":true}`, "admin", nil, 200, []string{`"archived":true`}},
		{"list", "GET", "/api/v1/scales", "", "", nil, 200, []string{`{"scales":[{"slug":"mathe","name":"Mathematik","version":1,"savedAt":"2026-11-22T08:00:00Z","default":true,"archived":false}]}`}},
	})
	all, err := e.st.Scales(context.Background())
	if err != nil || len(all) != 2 || !all[0].Default || !all[1].Archived {
		t.Fatalf("stored: %+v, %v", all, err)
	}
}

// The /config routes are the default's wherever it moved: each request finds
// the default by its slug and writes and reads that scale's versions.
func TestConfigRoutesFollowTheDefault(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"default", "PATCH", "/api/v1/scales/mathe", `{"default":true}`, "admin", nil, 200, nil},
		{"history", "GET", "/api/v1/config/history", "", "admin", nil, 200, []string{`{"versions":[{"version":1,`, `"name":"Mathematik"}]}`}},
		{"one version", "GET", "/api/v1/config/history/1", "", "admin", nil, 200, []string{`"config":{"name":"Mathematik"`}},
		{"save", "PUT", "/api/v1/config", standardDoc("Mathe 2"), "admin", ifMatch(`"1"`), 200, []string{`"version":2`, `"name":"Mathe 2"`}},
		{"stale", "PUT", "/api/v1/config", standardDoc("Veraltet"), "admin", ifMatch(`"1"`), 412, []string{`"current":{"version":2,`, `"name":"Mathe 2"`}},
		{"restore", "POST", "/api/v1/config/history/1/restore", "", "admin", nil, 200, []string{`"version":3`, `"name":"Mathematik"`}},
		{"mathe has them", "GET", "/api/v1/scales/mathe", "", "", nil, 200, []string{`"version":3,`, `"name":"Mathematik"`}},
		{"standard kept its one", "GET", "/api/v1/scales/standard", "", "", nil, 200, []string{`"version":1,`, `"name":"Standard"`}},
	})
}

func TestScaleHistoryAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", createBody("mathe", "Mathematik"), "admin", nil, 201, nil},
		{"save 2", "PUT", "/api/v1/scales/mathe", standardDoc("Mathe 2"), "admin", ifMatch("1"), 200, nil},
		{"list signed out", "GET", "/api/v1/scales/mathe/history", "", "", nil, 401, nil},
		{"list as user", "GET", "/api/v1/scales/mathe/history", "", "user", nil, 403, nil},
		{"list unknown", "GET", "/api/v1/scales/nix/history", "", "admin", nil, 404, []string{`"scale_not_found"`}},
		{"bad limit", "GET", "/api/v1/scales/mathe/history?limit=0", "", "admin", nil, 400, []string{`"limit":`}},
		{"list", "GET", "/api/v1/scales/mathe/history", "", "admin", nil, 200,
			[]string{`{"versions":[{"version":2,"savedAt":"2026-11-22T08:00:00Z","savedBy":"admin@schule.de","name":"Mathe 2"},{"version":1,`, `"name":"Mathematik"}]}`}},
		{"page", "GET", "/api/v1/scales/mathe/history?limit=1", "", "admin", nil, 200, []string{`"name":"Mathe 2"}],"nextBefore":2}`}},
		{"one version", "GET", "/api/v1/scales/mathe/history/1", "", "admin", nil, 200, []string{`"config":{"name":"Mathematik"`}},
		{"one version as user", "GET", "/api/v1/scales/mathe/history/1", "", "user", nil, 403, nil},
		{"unknown version", "GET", "/api/v1/scales/mathe/history/9", "", "admin", nil, 404, []string{`"code":"not_found"`}},
		{"version of an unknown scale", "GET", "/api/v1/scales/nix/history/1", "", "admin", nil, 404, []string{`"scale_not_found"`}},
		{"restore signed out", "POST", "/api/v1/scales/mathe/history/1/restore", "", "", nil, 401, nil},
		{"restore as user", "POST", "/api/v1/scales/mathe/history/1/restore", "", "user", nil, 403, nil},
		{"restore unknown version", "POST", "/api/v1/scales/mathe/history/9/restore", "", "admin", nil, 404, []string{`"not_found"`}},
		{"restore of an unknown scale", "POST", "/api/v1/scales/nix/history/1/restore", "", "admin", nil, 404, []string{`"scale_not_found"`}},
		{"restore", "POST", "/api/v1/scales/mathe/history/1/restore", "", "admin", nil, 200, []string{`"version":3`, `"name":"Mathematik"`}},
		{"the default's history is its own", "GET", "/api/v1/config/history", "", "admin", nil, 200, []string{`{"versions":[{"version":1,`, `"name":"Standard"}]}`}},
	})
	if cur := e.current("mathe"); cur.Version != 3 || cur.Config.Name != "Mathematik" {
		t.Fatalf("restore did not reach mathe's broker: %d %q", cur.Version, cur.Config.Name)
	}
}

func TestGradeByScaleAPI(t *testing.T) {
	e := newScalesEnv(t)
	e.run([]apiCase{
		{"create", "POST", "/api/v1/scales", `{"slug":"mathe","config":` + mathDoc("Mathematik") + `}`, "admin", nil, 201, nil},
		{"the default grants a 4 from 40 %", "GET", "/api/v1/grade?total=100&achieved=45", "", "", nil, 200, []string{`"grade":"4"`}},
		{"mathe does not", "GET", "/api/v1/grade?total=100&achieved=45&scale=mathe", "", "", nil, 200, []string{`"percentage":"45,0%","grade":"5+"`}},
		{"by the default's slug", "GET", "/api/v1/grade?total=100&achieved=45&scale=standard", "", "", nil, 200, []string{`"grade":"4"`}},
		{"unknown", "GET", "/api/v1/grade?total=100&achieved=45&scale=nix", "", "", nil, 404, []string{`"scale_not_found"`}},
		{"twice", "GET", "/api/v1/grade?total=100&achieved=45&scale=mathe&scale=standard", "", "", nil, 400, []string{`"scale":"Nur einmal angeben."`}},
		{"archive", "PATCH", "/api/v1/scales/mathe", `{"archived":true}`, "admin", nil, 200, nil},
		{"an archived scale still grades", "GET", "/api/v1/grade?total=100&achieved=45&scale=mathe", "", "", nil, 200, []string{`"grade":"5+"`}},
	})
}
