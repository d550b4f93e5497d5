package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// The scales (docs/spec.md §8): each with its own versions, exactly one default.

func slugs(scales []store.Scale) []string {
	var out []string
	for _, sc := range scales {
		out = append(out, sc.Slug)
	}
	return out
}

func testScaleVersions(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	all := must(s.Scales(ctx)).in(t)
	if len(all) != 1 || all[0].Slug != store.DefaultScaleSlug || !all[0].Default || all[0].Archived ||
		all[0].Latest.Version != 1 || all[0].Latest.Config != grading.Default() || !all[0].Created.Equal(t0) {
		t.Fatalf("first start: %+v, want the one default scale %q at version 1", all, store.DefaultScaleSlug)
	}
	cv := must(s.CreateScale(ctx, "mathematik", named("Mathematik"), "a@schule.de")).in(t)
	if cv.Version != 1 || cv.SavedBy != "a@schule.de" || !cv.SavedAt.Equal(t0) {
		t.Fatalf("create: %+v, want version 1", cv)
	}
	math := s.ScaleConfig("mathematik")
	// Versions count per scale, and a save on one scale never conflicts with the other.
	if _, err := math.SaveConfig(ctx, named("Mathe 2"), "a@schule.de", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := s.ScaleConfig(store.DefaultScaleSlug).SaveConfig(ctx, named("Standard 2"), "b@schule.de", 1); err != nil {
		t.Fatalf("save on the default after one on another scale: %v", err)
	}
	if _, err := math.SaveConfig(ctx, named("Veraltet"), "b@schule.de", 1); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("stale save on mathematik: %v, want ErrConflict", err)
	}
	if got := must(math.LatestConfig(ctx)).in(t); got.Version != 2 || got.Config.Name != "Mathe 2" {
		t.Fatalf("mathematik latest: %+v", got)
	}
	if got := must(s.ScaleConfig(store.DefaultScaleSlug).LatestConfig(ctx)).in(t); got.Version != 2 || got.Config.Name != "Standard 2" {
		t.Fatalf("standard latest: %+v", got)
	}
	if h := must(math.ConfigHistory(ctx, 0, 10)).in(t); len(h) != 2 || h[0].Config.Name != "Mathe 2" || h[1].Config.Name != "Mathematik" {
		t.Fatalf("mathematik history: %+v", h)
	}
	if at := must(math.ConfigAt(ctx, 1)).in(t); at.Config.Name != "Mathematik" {
		t.Fatalf("mathematik version 1: %+v", at)
	}
	if _, err := math.ConfigAt(ctx, 3); !errors.Is(err, store.ErrNotFound) || errors.Is(err, store.ErrScaleNotFound) {
		t.Fatalf("mathematik version 3: %v, want ErrNotFound for the version", err)
	}
	if got := slugs(must(s.Scales(ctx)).in(t)); !slices.Equal(got, []string{"mathematik", "standard"}) {
		t.Fatalf("scales: %v, want by slug", got)
	}
	testUnknownScale(t, s)
	testCreateRefusals(t, s)
}

// testUnknownScale: a slug no scale has is refused everywhere; "" is no
// name of the default (DefaultScale finds it).
func testUnknownScale(t *testing.T, s store.Store) {
	ctx := context.Background()
	for _, slug := range []string{"nix", ""} {
		nix := s.ScaleConfig(slug)
		for name, err := range map[string]error{
			"latest":  second(nix.LatestConfig(ctx)),
			"at":      second(nix.ConfigAt(ctx, 1)),
			"history": second(nix.ConfigHistory(ctx, 0, 10)),
			"save":    second(nix.SaveConfig(ctx, named("X"), "a@schule.de", store.Unconditional)),
			"default": second(s.SetDefaultScale(ctx, slug)),
			"archive": second(s.SetScaleArchived(ctx, slug, true)),
		} {
			if !errors.Is(err, store.ErrScaleNotFound) || !errors.Is(err, store.ErrNotFound) {
				t.Errorf("%s of scale %q: %v, want ErrScaleNotFound", name, slug, err)
			}
		}
	}
}

func second[T any](_ T, err error) error { return err }

func testCreateRefusals(t *testing.T, s store.Store) {
	ctx := context.Background()
	if _, err := s.CreateScale(ctx, "mathematik", named("Doppelt"), "a@schule.de"); !errors.Is(err, store.ErrScaleExists) {
		t.Errorf("create an existing slug: %v, want ErrScaleExists", err)
	}
	for _, slug := range []string{"", "Mathe", "-mathe", "mathe-", "mathe_1", "ä", "a b", string(make([]byte, 41))} {
		var ve *grading.ValidationError
		if _, err := s.CreateScale(ctx, slug, named("X"), "a@schule.de"); !errors.As(err, &ve) || ve.Fields["slug"] == "" {
			t.Errorf("create slug %q: %v, want a validation error on slug", slug, err)
		}
	}
	bad := grading.Default()
	bad.Rule.Grades[0].Max = 90 * 10000
	var ve *grading.ValidationError
	if _, err := s.CreateScale(ctx, "kaputt", bad, "a@schule.de"); !errors.As(err, &ve) {
		t.Errorf("create with an invalid configuration: %v, want a validation error", err)
	}
	if got := slugs(must(s.Scales(ctx)).in(t)); !slices.Equal(got, []string{"mathematik", "standard"}) {
		t.Errorf("refused creations left scales behind: %v", got)
	}
}

func testScaleFlags(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	must(s.CreateScale(ctx, "ihk", named("IHK"), "a@schule.de")).in(t)
	if _, err := s.SetScaleArchived(ctx, store.DefaultScaleSlug, true); !errors.Is(err, store.ErrScaleIsDefault) {
		t.Fatalf("archive the default: %v, want ErrScaleIsDefault", err)
	}
	if sc := must(s.SetScaleArchived(ctx, "ihk", true)).in(t); !sc.Archived || sc.Default || sc.Latest.Config.Name != "IHK" {
		t.Fatalf("archived: %+v", sc)
	}
	if _, err := s.SetDefaultScale(ctx, "ihk"); !errors.Is(err, store.ErrScaleArchived) {
		t.Fatalf("make an archived scale the default: %v, want ErrScaleArchived", err)
	}
	// An archived scale keeps its versions and takes new ones.
	if _, err := s.ScaleConfig("ihk").SaveConfig(ctx, named("IHK 2"), "a@schule.de", 1); err != nil {
		t.Fatalf("save on an archived scale: %v", err)
	}
	must(s.SetScaleArchived(ctx, "ihk", false)).in(t)
	if sc := must(s.SetDefaultScale(ctx, "ihk")).in(t); !sc.Default || sc.Archived {
		t.Fatalf("default: %+v", sc)
	}
	all := must(s.Scales(ctx)).in(t)
	if len(all) != 2 || !all[0].Default || all[1].Default {
		t.Fatalf("after the move: %+v, want ihk the only default", all)
	}
	// The default is found where it moved.
	if def := must(s.DefaultScale(ctx)).in(t); def.Slug != "ihk" || def.Latest.Config.Name != "IHK 2" {
		t.Fatalf("DefaultScale after the move: %+v, want ihk at IHK 2", def)
	}
	if _, err := defaultConfig(t, s).SaveConfig(ctx, named("IHK 3"), "a@schule.de", 2); err != nil {
		t.Fatalf("SaveConfig on the default after the move: %v", err)
	}
	if sc := must(s.SetDefaultScale(ctx, "ihk")).in(t); !sc.Default { // again: nothing changes
		t.Fatalf("default again: %+v", sc)
	}
	if _, err := s.SetScaleArchived(ctx, store.DefaultScaleSlug, true); err != nil {
		t.Fatalf("archive the former default: %v", err)
	}
}

func testScaleLimit(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	for i := 1; i < store.MaxScales; i++ {
		must(s.CreateScale(ctx, fmt.Sprintf("s%d", i), named("X"), "a@schule.de")).in(t)
	}
	must(s.SetScaleArchived(ctx, "s1", true)).in(t) // archived ones count
	if _, err := s.CreateScale(ctx, "zuviel", named("X"), "a@schule.de"); !errors.Is(err, store.ErrTooManyScales) {
		t.Fatalf("scale %d: %v, want ErrTooManyScales", store.MaxScales+1, err)
	}
}

// testScaleChanges: the revision tells which scale changed, so that an
// instance republishes exactly that scale.
func testScaleChanges(t *testing.T, open Opener) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s := open(t, fixedClock())
	must(s.CreateScale(ctx, "a", named("A"), "a@schule.de")).in(t)
	must(s.CreateScale(ctx, "b", named("B"), "a@schule.de")).in(t)
	changed := func(since int64) []string { return slugs(must(s.ScalesChangedSince(ctx, since)).in(t)) }
	for _, c := range []struct {
		name   string
		change func()
		want   []string
	}{
		{"save on a", func() { must(s.ScaleConfig("a").SaveConfig(ctx, named("A2"), "x", 1)).in(t) }, []string{"a"}},
		{"archive b", func() { must(s.SetScaleArchived(ctx, "b", true)).in(t) }, []string{"b"}},
		{"unarchive b", func() { must(s.SetScaleArchived(ctx, "b", false)).in(t) }, []string{"b"}},
		{"default a", func() { must(s.SetDefaultScale(ctx, "a")).in(t) }, []string{"a", "standard"}},
		{"create c", func() { must(s.CreateScale(ctx, "c", named("C"), "x")).in(t) }, []string{"c"}},
	} {
		since := Revision(t, s)
		done := make(chan error, 1)
		go func() { done <- s.WaitScaleChange(ctx, since) }()
		select {
		case err := <-done:
			t.Fatalf("%s: wait returned before the change: %v", c.name, err)
		case <-time.After(30 * time.Millisecond):
		}
		c.change()
		if err := <-done; err != nil {
			t.Fatalf("%s: wait: %v", c.name, err)
		}
		if got := changed(since); !slices.Equal(got, c.want) {
			t.Errorf("%s: changed %v, want %v", c.name, got, c.want)
		}
	}
	if got := changed(0); len(got) != 4 {
		t.Errorf("changed since 0: %v, want every scale", got)
	}
}
