// Package storetest is the behaviour every storage backend must show. Each
// backend's tests call Run with a function that opens a fresh, empty store.
package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

// Opener opens a new, empty store (with its first-start default written)
// whose clock is now.
type Opener func(t *testing.T, now func() time.Time) store.Store

// Run runs the whole suite.
func Run(t *testing.T, open Opener) {
	for name, test := range map[string]func(*testing.T, Opener){
		"ConfigVersions":        testConfigVersions,
		"ConcurrentSaves":       testConcurrentSaves,
		"WaitScaleChange":       testWaitScaleChange,
		"Users":                 testUsers,
		"LastAdmin":             testLastAdmin,
		"Tokens":                testTokens,
		"Sessions":              testSessions,
		"LoginFailures":         testLoginFailures,
		"DeleteUserEndsAllOfIt": testDeleteUserCascades,
		"InvitedUser":           testInvitedUser,
		"InvitesEndAtLink":      testInvitesEndAtLink,
		"ReissueInvite":         testReissueInvite,
		"Pruning":               testPruning,
		"OIDCLinks":             testOIDCLinks,
		"OIDCStateKey":          testOIDCStateKey,
		"SetEmail":              testSetEmail,
		// Notenschlüssel
		"ScaleVersions": testScaleVersions,
		"ScaleFlags":    testScaleFlags,
		"ScaleLimit":    testScaleLimit,
		"ScaleChanges":  testScaleChanges,
		// Documents of every grading system
		"RuleDocuments":   testRuleDocuments,
		"ZeugnisSettings": testZeugnisSettings,
		// The school's settings
		"SchoolLand": testSchoolLand,
		"SchoolOIDC": testSchoolOIDC,
		// A deployment of several schools
		"Schools": testSchools,
	} {
		t.Run(name, func(t *testing.T) { test(t, open) })
	}
}

var t0 = time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)

func fixedClock() func() time.Time { return func() time.Time { return t0 } }

func named(name string) grading.Config {
	c := grading.Default()
	c.Name = name
	return c
}

// must(call).in(t) returns the call's value, or fails the one test (not
// the whole test binary, as a panic would) when a call the test depends on
// failed. Go cannot pass t beside a call's two results, hence the two steps.
func must[T any](v T, err error) result[T] { return result[T]{v, err} }

type result[T any] struct {
	v   T
	err error
}

func (r result[T]) in(t testing.TB) T {
	t.Helper()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.v
}

func noErr(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// defaultConfig returns the versions of the default scale, found by its
// slug as every caller finds it.
func defaultConfig(t *testing.T, st store.Store) store.ConfigStore {
	t.Helper()
	return st.ScaleConfig(must(st.DefaultScale(context.Background())).in(t).Slug)
}

func testConfigVersions(t *testing.T, open Opener) {
	ctx := context.Background()
	st := open(t, fixedClock())
	def := must(st.DefaultScale(ctx)).in(t)
	if def.Slug != store.DefaultScaleSlug || !def.Default || def.Latest.Version != 1 {
		t.Fatalf("first start: default scale %+v, want %q at version 1", def, store.DefaultScaleSlug)
	}
	s := st.ScaleConfig(def.Slug)
	first := must(s.LatestConfig(ctx)).in(t)
	if first.Version != 1 || first.SavedBy != store.SavedBySystem || first.Config != grading.Default() || first != def.Latest {
		t.Fatalf("first start: %+v, want version 1, the default, by system", first)
	}
	saved := must(s.SaveConfig(ctx, named("Zwei"), "a@schule.de", 1)).in(t)
	if saved.Version != 2 || !saved.SavedAt.Equal(t0) || saved.SavedBy != "a@schule.de" {
		t.Fatalf("save: %+v", saved)
	}
	if _, err := s.SaveConfig(ctx, named("Veraltet"), "b@schule.de", 1); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("save on a stale version: %v, want ErrConflict", err)
	}
	must(s.SaveConfig(ctx, named("Drei"), store.SavedByCLI, store.Unconditional)).in(t)
	bad := grading.Default()
	bad.Rule.Grades[0].Max = 90 * 10000
	if _, err := s.SaveConfig(ctx, bad, "a@schule.de", 3); err == nil {
		t.Fatal("an invalid configuration was stored")
	}
	history := must(s.ConfigHistory(ctx, 0, 50)).in(t)
	if len(history) != 3 || history[0].Version != 3 || history[0].Config.Name != "Drei" || history[2].Version != 1 {
		t.Fatalf("history: %+v, want versions 3, 2, 1", history)
	}
	if page := must(s.ConfigHistory(ctx, 3, 1)).in(t); len(page) != 1 || page[0].Version != 2 {
		t.Fatalf("history before 3, limit 1: %+v, want version 2", page)
	}
	if page := must(s.ConfigHistory(ctx, 1, 10)).in(t); len(page) != 0 {
		t.Fatalf("history before 1: %+v, want none", page)
	}
	if at := must(s.ConfigAt(ctx, 2)).in(t); at.Config.Name != "Zwei" {
		t.Fatalf("ConfigAt(2) = %+v", at)
	}
	if _, err := s.ConfigAt(ctx, 9); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("ConfigAt(9): %v, want ErrNotFound", err)
	}
}

func testConcurrentSaves(t *testing.T, open Opener) {
	OneWon(t, "saves on version 1", SaveAtOnce([]store.Store{open(t, fixedClock())}, 8), store.ErrConflict)
}

// testWaitScaleChange: the wait the live follower sleeps in returns after
// a change, at once when one is there already, and when ctx ends.
func testWaitScaleChange(t *testing.T, open Opener) {
	s := open(t, fixedClock())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	since := Revision(t, s)
	done := make(chan error, 1)
	go func() { done <- s.WaitScaleChange(ctx, since) }()
	select {
	case err := <-done:
		t.Fatalf("returned before any change: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	must(s.ScaleConfig(store.DefaultScaleSlug).SaveConfig(ctx, named("Neu"), "a@schule.de", 1)).in(t)
	if err := <-done; err != nil {
		t.Fatalf("after a save: %v", err)
	}
	if err := s.WaitScaleChange(ctx, since); err != nil { // already newer: at once
		t.Fatal(err)
	}
	stopped, stop := context.WithCancel(context.Background())
	stop()
	if err := s.WaitScaleChange(stopped, Revision(t, s)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
}
