package server

import (
	"strings"
	"testing"
)

// A scale's conversion of the Fehlerquotient rides in its document (member "fehlerquotient"): saved
// canonical, answered and streamed with it, kept in its history, refused field by field with nothing stored.

const (
	fehlerPreset = `"fehlerquotient":{"preset":"hessen-oberstufe"}`
	fehlerOwn    = `"fehlerquotient":{"name":"Deutsch Sek I","unit":"drittel","steps":[{"from":"3,5","deduction":1},{"from":"6","deduction":2}],"max":2,"minWords":100}`
)

func TestFehlerSettingAPI(t *testing.T) {
	e := newScalesEnv(t)
	plain := standardDoc("Standard")
	preset := withSettings(plain, fehlerPreset)
	own := withSettings(swissDoc, fehlerOwn)
	typed := withSettings(swissDoc, `"fehlerquotient":{"minWords":100,"max":2,"steps":[{"from":" 3.50","deduction":1},{"from":"6,0","deduction":2.0}],"unit":"drittel","name":"Deutsch Sek I"}`)
	e.run([]apiCase{
		{"save the published rule", "PUT", "/api/v1/config", preset, "admin", ifMatch(`"1"`), 200,
			[]string{`"version":2,`, `"config":` + preset + `}`}},
		{"read it", "GET", "/api/v1/config", "", "", nil, 200, []string{`"config":` + preset + "}\n"}},
		{"a bad own rule", "PUT", "/api/v1/config", withSettings(plain, `"fehlerquotient":{"name":"x","unit":"punkte","steps":[{"from":"6","deduction":1},{"from":"3","deduction":3}],"max":2}`),
			"admin", ifMatch(`"2"`), 422, []string{`"code":"validation_failed"`,
				`"fehlerquotient.unit":"Muss „notenpunkte“ oder „drittel“ sein."`,
				`"fehlerquotient.steps.1.from":"Muss größer als die Schwelle der Stufe davor sein."`,
				`"fehlerquotient.steps.1.deduction":"Darf nicht größer als der höchste Abzug sein."`}},
		{"an unknown published rule", "PUT", "/api/v1/config", withSettings(plain, `"fehlerquotient":{"preset":"bayern"}`),
			"admin", ifMatch(`"2"`), 422, []string{`"fields":{"fehlerquotient.preset":"Diese Regel gibt es nicht. Bekannt: hessen-oberstufe."}`}},
		{"nothing stored", "GET", "/api/v1/config", "", "", nil, 200, []string{`{"version":2,`, `"config":` + preset + "}\n"}},
		{"no conversion again: the old bytes", "PUT", "/api/v1/config", plain, "admin", ifMatch(`"2"`), 200, []string{`"version":3,`, `"config":` + plain + `}`}},
		{"history", "GET", "/api/v1/config/history/2", "", "admin", nil, 200, []string{`"config":` + preset + `}`}},
		{"restore it", "POST", "/api/v1/config/history/2/restore", "", "admin", nil, 200, []string{`"version":4,`, `"config":` + preset + `}`}},
		{"a school's own rule as typed, stored canonical", "POST", "/api/v1/scales", `{"slug":"ch","config":` + typed + `}`, "admin", nil, 201,
			[]string{`"config":` + own + `}`}},
	})
	if got := e.current("").Config.Fehler; got.Preset != "hessen-oberstufe" {
		t.Fatalf("broker after restoring: %+v", got)
	}
	body := e.readStream(t, "/api/v1/scales/ch/events", nil)
	if !strings.Contains(body, `"config":`+own+"}\n\n") {
		t.Fatalf("the scale's stream lacks its rule: %q", body)
	}
}
