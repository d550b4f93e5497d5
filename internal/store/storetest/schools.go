package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// testSchools: a new database has no schools; the first added takes over the database's own tables
// (home ""), the next get the home the backend names; an address is taken once; removing the first
// school empties every table of the database's own (its scales, accounts, settings are gone) and
// removing an unknown address is ErrNotFound.
func testSchools(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	reg, ok := s.(store.Registry)
	if !ok {
		t.Fatalf("%T keeps no registry of schools", s)
	}
	if list := must(reg.Schools(ctx)).in(t); len(list) != 0 {
		t.Fatalf("a new database has schools: %+v", list)
	}
	noErr(t, s.SetSchoolLand(ctx, "HE"))
	must(s.CreateUser(ctx, store.User{Email: "a@schule.example", Role: store.RoleAdmin})).in(t)
	a := must(reg.AddSchool(ctx, "https://a.schule.example", "Schule A", "home-a")).in(t)
	b := must(reg.AddSchool(ctx, "https://b.schule.example", "Schule B", "home-b")).in(t)
	if a.Home != "" || b.Home != "home-b" || a.ID != 1 || b.ID != 2 || !a.CreatedAt.Equal(t0) {
		t.Fatalf("added %+v and %+v; want the first at home \"\", the second at home-b", a, b)
	}
	if _, err := reg.AddSchool(ctx, "https://a.schule.example", "Noch eine", "home-c"); !errors.Is(err, store.ErrSchoolTaken) {
		t.Fatalf("a taken address: %v; want ErrSchoolTaken", err)
	}
	if list := must(reg.Schools(ctx)).in(t); len(list) != 2 || list[0] != a || list[1].URL != b.URL {
		t.Fatalf("listed %+v; want A then B", list)
	}
	if _, err := reg.RemoveSchool(ctx, "https://c.schule.example"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removing an unknown school: %v; want ErrNotFound", err)
	}
	if got := must(reg.RemoveSchool(ctx, a.URL)).in(t); got != a {
		t.Fatalf("removed %+v; want %+v", got, a)
	}
	scales := must(s.Scales(ctx)).in(t)
	users := must(s.ListUsers(ctx)).in(t)
	land := must(s.SchoolLand(ctx)).in(t)
	if len(scales) != 0 || len(users) != 0 || land != "" {
		t.Fatalf("after the first school left, its data stayed: %d scales, %d accounts, Land %q", len(scales), len(users), land)
	}
	if list := must(reg.Schools(ctx)).in(t); len(list) != 1 || list[0].URL != b.URL {
		t.Fatalf("after removing A the registry lists %+v; want B alone", list)
	}
}

// CheckNothingLeft fails t unless every table of a school (count: its rows) is empty, after the school
// whose data were the database's own tables left. tables are the database's tables as its catalog
// lists them, so that a table nobody thought of is counted too.
func CheckNothingLeft(t testing.TB, tables []string, count func(table string) int) {
	t.Helper()
	if len(tables) < 5 {
		t.Fatalf("the catalog lists %q: too few to be the schema", tables)
	}
	for _, table := range tables {
		if table == "schools" || table == "schema_migrations" {
			continue
		}
		if n := count(table); n != 0 {
			t.Errorf("table %s keeps %d rows of the school that left", table, n)
		}
	}
}
