package sqlite

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// releaseDatabase makes the file today's release leaves behind: the
// migrations up to 0003 only, with saved_at as RFC 3339 text to the
// nanosecond (as that release wrote it) and the account times in milliseconds.
func releaseDatabase(t *testing.T, path string) {
	t.Helper()
	db := storetest.Migrated(t, "sqlite", "file:"+path+"?_pragma=foreign_keys(1)&_txlock=immediate", dialect, migrations, 3)
	defer db.Close()
	doc := defaultDoc(t)
	for _, q := range []string{
		`INSERT INTO config_versions VALUES (1, '` + doc + `', '2025-09-01T07:30:00Z', 'system')`,
		`INSERT INTO config_versions VALUES (2, '` + doc + `', '2025-09-02T08:15:30.123456789Z', 'a@schule.de')`,
		`INSERT INTO config_versions VALUES (3, '` + doc + `', '2025-09-03T09:00:00.5Z', 'cli')`,
		`INSERT INTO config_versions VALUES (4, '` + doc + `', '2025-09-04T10:00:00.07Z', 'cli')`,
		`INSERT INTO users VALUES (7, 'a@schule.de', 'admin', 'hash-a', 1756711800123, 1756800000456)`,
		`INSERT INTO users VALUES (8, 'b@schule.de', 'user', '', 1756711800999, NULL)`,
		`INSERT INTO sessions VALUES ('s1', 7, 1756800000456, 1756800100789)`,
		`INSERT INTO tokens VALUES ('inv', 'invite', 8, 1756900000001, NULL)`,
		`INSERT INTO login_failures VALUES ('email:b@schule.de', 1756800000002)`,
		`INSERT INTO login_failures VALUES ('oidc-start addr:203.0.113.7', 1756800000003)`, // a start, as counted until 0007
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// defaultDoc is the stored document of the default configuration.
func defaultDoc(t *testing.T) string {
	t.Helper()
	var doc string
	s := openTemp(t, filepath.Join(t.TempDir(), "doc.db"))
	if err := s.db.QueryRow("SELECT document FROM config_versions WHERE version = 1").Scan(&doc); err != nil {
		t.Fatal(err)
	}
	return strings.ReplaceAll(doc, "'", "''")
}

// TestUpgradeKeepsEveryValue opens a database of today's release with this
// build: every stored value reads back, saved_at to the millisecond.
func TestUpgradeKeepsEveryValue(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "release.db")
	releaseDatabase(t, path)
	s := openTemp(t, path)

	ms := func(sec int64, milli int64) time.Time { return time.UnixMilli(sec*1000 + milli).UTC() }
	wantSaved := []time.Time{
		time.Date(2025, 9, 4, 10, 0, 0, 70e6, time.UTC),
		time.Date(2025, 9, 3, 9, 0, 0, 500e6, time.UTC),
		time.Date(2025, 9, 2, 8, 15, 30, 123e6, time.UTC), // the digits below the millisecond go
		time.Date(2025, 9, 1, 7, 30, 0, 0, time.UTC),
	}
	configs := s.ScaleConfig(store.DefaultScaleSlug)
	history, err := configs.ConfigHistory(ctx, 0, 10)
	if err != nil || len(history) != 4 {
		t.Fatalf("history after upgrade: %d versions, %v; want 4", len(history), err)
	}
	wantBy := []string{"cli", "cli", "a@schule.de", "system"}
	for i, cv := range history {
		if cv.Version != int64(4-i) || !cv.SavedAt.Equal(wantSaved[i]) || cv.SavedBy != wantBy[i] || cv.Config.Name == "" {
			t.Errorf("version %d after upgrade: %+v, want saved %v by %s", 4-i, cv, wantSaved[i], wantBy[i])
		}
	}

	a, err := s.UserByID(ctx, 7)
	if err != nil || a.Email != "a@schule.de" || a.Role != store.RoleAdmin || a.PasswordHash != "hash-a" ||
		!a.CreatedAt.Equal(ms(1756711800, 123)) || !a.LastSignInAt.Equal(ms(1756800000, 456)) {
		t.Errorf("user 7 after upgrade: %+v, %v", a, err)
	}
	ses, owner, err := s.SessionByHash(ctx, "s1")
	if err != nil || owner.ID != 7 || !ses.CreatedAt.Equal(ms(1756800000, 456)) || !ses.LastSeenAt.Equal(ms(1756800100, 789)) {
		t.Errorf("session after upgrade: %+v, %+v, %v", ses, owner, err)
	}
	tok, err := s.ValidToken(ctx, store.TokenInvite, "inv", ms(1756800000, 0))
	if err != nil || tok.UserID != 8 || !tok.ExpiresAt.Equal(ms(1756900000, 1)) {
		t.Errorf("token after upgrade: %+v, %v", tok, err)
	}
	n, oldest, err := s.LoginFailures(ctx, "email:b@schule.de", ms(1756800000, 0))
	if err != nil || n != 1 || !oldest.Equal(ms(1756800000, 2)) {
		t.Errorf("sign-in failures after upgrade: %d, %v, %v", n, oldest, err)
	}
	// Migration 0007: starts at the provider are no longer counted, and their rows go.
	if n, _, err := s.LoginFailures(ctx, "oidc-start addr:203.0.113.7", ms(1756800000, 0)); err != nil || n != 0 {
		t.Errorf("counted starts after upgrade: %d, %v; want none", n, err)
	}

	// Migration 0005: the configuration is the default scale "standard", created with its first version.
	scales, err := s.Scales(ctx)
	if err != nil || len(scales) != 1 {
		t.Fatalf("scales after upgrade: %+v, %v; want one", scales, err)
	}
	if sc := scales[0]; sc.Slug != store.DefaultScaleSlug || !sc.Default || sc.Archived || sc.Latest.Version != 4 ||
		!sc.Created.Equal(wantSaved[3]) || sc.Latest.SavedBy != "cli" {
		t.Errorf("scale after upgrade: %+v", sc)
	}
	// The next save continues the numbering with the new format.
	cv, err := configs.SaveConfig(ctx, history[0].Config, "a@schule.de", 4)
	if err != nil || cv.Version != 5 {
		t.Fatalf("save after upgrade: %+v, %v", cv, err)
	}
	if got, err := configs.ConfigAt(ctx, 5); err != nil || !got.SavedAt.Equal(cv.SavedAt) {
		t.Fatalf("version 5 reads back saved %v, %v; want %v", got.SavedAt, err, cv.SavedAt)
	}
}
