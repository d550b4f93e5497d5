package storetest

import (
	"context"
	"testing"
)

// testSchoolLand: no Land on a new database; a save is read back by this store and a second one
// on the same database, replaced by the next, cleared by ""; the scales stay as they were.
func testSchoolLand(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	if land := must(s.SchoolLand(ctx)).in(t); land != "" {
		t.Fatalf("a new database has the Land %q", land)
	}
	before := must(s.Scales(ctx)).in(t)
	for _, land := range []string{"HE", "CH-ZH", "AT-9", ""} {
		noErr(t, s.SetSchoolLand(ctx, land))
		if got := must(s.SchoolLand(ctx)).in(t); got != land {
			t.Fatalf("after saving %q the store reads %q", land, got)
		}
	}
	noErr(t, s.SetSchoolLand(ctx, "NI"))
	after := must(s.Scales(ctx)).in(t)
	if len(after) != len(before) || after[0].Latest.Version != before[0].Latest.Version {
		t.Fatalf("saving the Land changed the scales: %+v, before %+v", after, before)
	}
}

// CheckSchoolAfterUpgrade: a database of an earlier release has no Land, and takes one.
func CheckSchoolAfterUpgrade(t *testing.T, st interface {
	SchoolLand(context.Context) (string, error)
	SetSchoolLand(context.Context, string) error
}) {
	t.Helper()
	ctx := context.Background()
	if land, err := st.SchoolLand(ctx); err != nil || land != "" {
		t.Fatalf("Land after upgrade: %q, %v; want none", land, err)
	}
	if err := st.SetSchoolLand(ctx, "HE"); err != nil {
		t.Fatal(err)
	}
	if land, err := st.SchoolLand(ctx); err != nil || land != "HE" {
		t.Fatalf("Land after upgrade and a save: %q, %v", land, err)
	}
}
