package postgres

import (
	"context"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// releaseDatabase makes the database today's release leaves behind: the
// migrations up to 0002 only, with four versions by three authors.
func releaseDatabase(t *testing.T, dsn string) {
	t.Helper()
	storetest.Migrated(t, "pgx", dsn, dialect, migrations, 2).Close()
	doc, err := sqlstore.Encode(grading.Default())
	if err != nil {
		t.Fatal(err)
	}
	for i, by := range []string{"system", "a@schule.de", "cli", "b@schule.de"} {
		pgtest.Exec(t, dsn, "INSERT INTO config_versions VALUES ($1, $2, $3, $4)",
			i+1, doc, releaseSaved(i+1), by)
	}
	pgtest.Exec(t, dsn, "INSERT INTO users (email, role, password_hash, created_at) VALUES ('a@schule.de', 'admin', 'h', now())")
	// A failed sign-in and a start at the provider, as counted until 0007.
	pgtest.Exec(t, dsn, "INSERT INTO login_failures VALUES ('email:b@schule.de', now()), ('oidc-start addr:203.0.113.7', now())")
}

func releaseSaved(version int) time.Time {
	return time.Date(2025, 9, version, 7, 30, 0, version*123456000, time.UTC)
}

// TestUpgradeMakesTheStandardScale opens a database of today's release with
// this build: its configuration is the default scale "standard" with every
// version, time and author intact, and the numbering goes on.
func TestUpgradeMakesTheStandardScale(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.FreshDatabase(t)
	releaseDatabase(t, dsn)
	s := openStore(t, dsn, Options{})

	scales, err := s.Scales(ctx)
	if err != nil || len(scales) != 1 {
		t.Fatalf("scales after upgrade: %+v, %v; want one", scales, err)
	}
	if sc := scales[0]; sc.Slug != store.DefaultScaleSlug || !sc.Default || sc.Archived || sc.Latest.Version != 4 ||
		!sc.Created.Equal(releaseSaved(1)) {
		t.Errorf("scale after upgrade: %+v", sc)
	}
	wantBy := []string{"b@schule.de", "cli", "a@schule.de", "system"}
	configs := s.ScaleConfig(store.DefaultScaleSlug)
	history, err := configs.ConfigHistory(ctx, 0, 10)
	if err != nil || len(history) != 4 {
		t.Fatalf("history after upgrade: %d versions, %v; want 4", len(history), err)
	}
	for i, cv := range history {
		v := 4 - i
		if cv.Version != int64(v) || !cv.SavedAt.Equal(releaseSaved(v)) || cv.SavedBy != wantBy[i] || cv.Config != grading.Default() {
			t.Errorf("version %d after upgrade: %+v", v, cv)
		}
	}
	cv, err := configs.SaveConfig(ctx, grading.Default(), "a@schule.de", 4)
	if err != nil || cv.Version != 5 {
		t.Fatalf("save after upgrade: %+v, %v; want version 5", cv, err)
	}
	if _, err := s.CreateScale(ctx, "mathematik", grading.Default(), "a@schule.de"); err != nil {
		t.Fatalf("create a scale after upgrade: %v", err)
	}
	if u, err := s.UserByEmail(ctx, "a@schule.de"); err != nil || u.Role != store.RoleAdmin {
		t.Errorf("account after upgrade: %+v, %v", u, err)
	}
	// Migration 0007: the failure stays, the counted start goes.
	for key, want := range map[string]int{"email:b@schule.de": 1, "oidc-start addr:203.0.113.7": 0} {
		if n, _, err := s.LoginFailures(ctx, key, time.Now().Add(-time.Hour)); err != nil || n != want {
			t.Errorf("%s after upgrade: %d rows, %v; want %d", key, n, err, want)
		}
	}
}
