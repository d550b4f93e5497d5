package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// ruleConfig reads a rule document, for documents the suite stores beside the original's shape.
func ruleConfig(t *testing.T, doc string) grading.Config {
	t.Helper()
	c, err := grading.ParseDocument([]byte(doc))
	if err != nil || c.IsOriginal() {
		t.Fatalf("%s: %v (original: %v)", doc, err, c.IsOriginal())
	}
	return c
}

// testRuleDocuments: a table, a Swiss formula and a preset's document are stored, read back equal
// (history, ConfigAt, a new scale), conflict like any other, and an invalid rule is never stored.
func testRuleDocuments(t *testing.T, open Opener) {
	ctx := context.Background()
	st := open(t, fixedClock())
	s := defaultConfig(t, st)
	table := ruleConfig(t, `{"name":"Tabelle","system":"noten-dezimal","rule":{"kind":"table","percentage":"cut",`+
		`"bands":[{"grade":"1,0","from":95},{"grade":"2,5","from":70},{"grade":"4,0","from":50},{"grade":"6,0"}]}}`)
	swiss := ruleConfig(t, `{"name":"Schweiz","system":"schweiz","rule":{"kind":"formula","step":0.25,"midpoint":"down","pass":60}}`)
	kmk, _ := grading.PresetByID("kmk-oberstufe")
	for i, c := range []grading.Config{table, swiss, kmk.Config} {
		cv := must(s.SaveConfig(ctx, c, "a@schule.de", int64(i+1))).in(t)
		if cv.Version != int64(i+2) || cv.Config != c {
			t.Fatalf("save %s: %+v", c.Name, cv)
		}
		if got := must(s.LatestConfig(ctx)).in(t); got.Config != c {
			t.Fatalf("latest after saving %s: %+v", c.Name, got.Config)
		}
	}
	if _, err := s.SaveConfig(ctx, table, "b@schule.de", 2); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale save of a rule document: %v, want ErrConflict", err)
	}
	bad := table
	bad.Rule.Bands[1].From = bad.Rule.Bands[0].From // a bound not below the one above: an empty band
	if _, err := s.SaveConfig(ctx, bad, "a@schule.de", store.Unconditional); err == nil {
		t.Fatal("an invalid rule document was stored")
	}
	history := must(s.ConfigHistory(ctx, 0, 10)).in(t)
	if len(history) != 4 || history[0].Config != kmk.Config || history[1].Config != swiss || history[2].Config != table ||
		history[3].Config != grading.Default() {
		t.Fatalf("history: %+v", history)
	}
	if at := must(s.ConfigAt(ctx, 3)).in(t); at.Config != swiss {
		t.Fatalf("ConfigAt(3) = %+v, want the formula", at.Config)
	}
	must(st.CreateScale(ctx, "schweiz", swiss, "a@schule.de")).in(t)
	if got := must(st.ScaleConfig("schweiz").LatestConfig(ctx)).in(t); got.Config != swiss {
		t.Fatalf("new scale of a formula: %+v", got.Config)
	}
}

// testZeugnisSettings: the Zeugnisnote settings of a scale are stored with its document in both shapes,
// read back equal (latest, history, a new scale), and invalid settings are never stored.
func testZeugnisSettings(t *testing.T, open Opener) {
	ctx := context.Background()
	st := open(t, fixedClock())
	s := defaultConfig(t, st)
	withSettings := grading.Default()
	withSettings.Zeugnis = grading.Zeugnis{Tendency: "0,25", Rounding: "worse", Count: 2}
	withSettings.Zeugnis.Categories[0] = zeugnis.CategoryWeight{Name: "schriftlich", Weight: "2"}
	withSettings.Zeugnis.Categories[1] = zeugnis.CategoryWeight{Name: "mündlich", Weight: "1,5"}
	swiss := ruleConfig(t, `{"name":"Schweiz","system":"schweiz","rule":{"kind":"formula","step":0.5,"midpoint":"up"},`+
		`"zeugnis":{"step":"0,1","categories":[{"name":"Prüfungen","weight":"3"}]}}`)
	for i, c := range []grading.Config{withSettings, swiss, grading.Default()} {
		cv := must(s.SaveConfig(ctx, c, "a@schule.de", int64(i+1))).in(t)
		if got := must(s.LatestConfig(ctx)).in(t); cv.Config != c || got.Config != c {
			t.Fatalf("save %d: %+v, latest %+v", i, cv.Config.Zeugnis, got.Config.Zeugnis)
		}
	}
	bad := withSettings
	bad.Zeugnis.Step = "0,5" // a step outside Switzerland
	if _, err := s.SaveConfig(ctx, bad, "a@schule.de", store.Unconditional); err == nil {
		t.Fatal("invalid Zeugnisnote settings were stored")
	}
	history := must(s.ConfigHistory(ctx, 0, 10)).in(t)
	if len(history) != 4 || history[1].Config != swiss || history[2].Config != withSettings || !history[0].Config.Zeugnis.IsZero() {
		t.Fatalf("history: %+v", history)
	}
	must(st.CreateScale(ctx, "schweiz", swiss, "a@schule.de")).in(t)
	if got := must(st.ScaleConfig("schweiz").LatestConfig(ctx)).in(t); got.Config != swiss {
		t.Fatalf("new scale with settings: %+v", got.Config.Zeugnis)
	}
}
