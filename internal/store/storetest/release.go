package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// Releases names the databases an earlier release wrote with
// testdata/upgrade/make-fixtures.sh (testdata/upgrade/README.md); each
// backend's upgrade test opens every one of them.
var Releases = []string{"v98413bb", "v216d8fa"}

// wantScale is one scale as make-fixtures.sh writes it.
type wantScale struct {
	slug, prefix      string // version n is named prefix+" "+n, except where noted
	versions          int
	isDefault, archiv bool
}

var releaseScales = []wantScale{
	{"alt", "Alt", 2, false, true},
	{"schweiz", "Schweiz", 3, false, false},
	{"standard", "Standard", 3, true, false}, // version 1 is the first-start default
}

// CheckRelease checks that st, opened on a database make-fixtures.sh wrote
// with an earlier release, holds every scale, version and account it wrote,
// and that a save continues each scale's numbering.
func CheckRelease(t *testing.T, st store.Store) {
	t.Helper()
	ctx := context.Background()
	scales, err := st.Scales(ctx)
	if err != nil || len(scales) != len(releaseScales) {
		t.Fatalf("scales after upgrade: %+v, %v; want %d", scales, err, len(releaseScales))
	}
	for i, want := range releaseScales {
		sc := scales[i]
		if sc.Slug != want.slug || sc.Default != want.isDefault || sc.Archived != want.archiv || sc.Latest.Version != int64(want.versions) {
			t.Errorf("scale %d after upgrade: %s default=%v archived=%v version %d; want %+v",
				i, sc.Slug, sc.Default, sc.Archived, sc.Latest.Version, want)
			continue
		}
		checkVersions(t, st, want)
	}
	checkAccounts(t, st)
	CheckSchoolAfterUpgrade(t, st)
	cv, err := st.ScaleConfig("schweiz").SaveConfig(ctx, scales[1].Latest.Config, "upgrade-test", 3)
	if err != nil || cv.Version != 4 {
		t.Fatalf("save after upgrade: %+v, %v; want version 4", cv, err)
	}
}

func checkVersions(t *testing.T, st store.Store, want wantScale) {
	t.Helper()
	ctx := context.Background()
	for v := 1; v <= want.versions; v++ {
		cv, err := st.ScaleConfig(want.slug).ConfigAt(ctx, int64(v))
		if err != nil {
			t.Errorf("%s version %d: %v", want.slug, v, err)
			continue
		}
		if err := cv.Config.Validate(); err != nil {
			t.Errorf("%s version %d is not valid after upgrade: %v", want.slug, v, err)
		}
		name := fmt.Sprintf("%s %d", want.prefix, v)
		if want.slug == "standard" && v == 1 {
			name = cv.Config.Name // the preset's name, whatever the release called it
		}
		if cv.Config.Name != name {
			t.Errorf("%s version %d is named %q, want %q", want.slug, v, cv.Config.Name, name)
		}
		if want.slug == "schweiz" {
			z := cv.Config.Zeugnis
			if z.Rounding != "worse" || z.Count != 2 || z.Categories[1] != (zeugnis.CategoryWeight{Name: "mündlich", Weight: "1,5"}) {
				t.Errorf("schweiz version %d lost its Zeugnisnote settings: %+v", v, z)
			}
		}
	}
}

func checkAccounts(t *testing.T, st store.Store) {
	t.Helper()
	ctx := context.Background()
	users, err := st.ListUsers(ctx)
	if err != nil || len(users) != 3 {
		t.Fatalf("accounts after upgrade: %+v, %v; want 3", users, err)
	}
	for _, c := range []struct {
		email, password string
		role            store.Role
	}{
		{"admin@schule.example", "Fixture-Passwort-alt-1", store.RoleAdmin},
		{"zweite@schule.example", "Fixture-Passwort-alt-2", store.RoleAdmin},
		{"lehrer@schule.example", "", store.RoleUser},
	} {
		u, err := st.UserByEmail(ctx, c.email)
		if err != nil || u.Role != c.role {
			t.Errorf("%s after upgrade: %+v, %v; want role %s", c.email, u, err, c.role)
			continue
		}
		if c.password == "" {
			if !u.Pending() {
				t.Errorf("%s should still wait for its invitation: %+v", c.email, u)
			}
			continue
		}
		if ok, err := auth.VerifyPassword(c.password, u.PasswordHash); !ok || err != nil {
			t.Errorf("%s: its password no longer verifies after upgrade (%v)", c.email, err)
		}
	}
}

// Migrated opens the database dsn names with driver and applies the
// migrations of fsys up to number last, as a release that knew no more left
// it, so that a test can write that release's rows and then open it with
// this build. The caller closes the database.
func Migrated(t testing.TB, driver, dsn string, d sqlstore.Dialect, fsys fs.FS, last int) *sql.DB {
	t.Helper()
	db, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	list, err := sqlstore.Migrations(fsys)
	if err != nil {
		t.Fatal(err)
	}
	for len(list) > 0 && list[len(list)-1].Number > last {
		list = list[:len(list)-1]
	}
	if err := sqlstore.Migrate(context.Background(), db, d, list, time.Now()); err != nil {
		db.Close()
		t.Fatal(err)
	}
	return db
}
