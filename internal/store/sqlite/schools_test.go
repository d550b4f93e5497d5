package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestAReleaseBecomesTheFirstSchool: the database of an earlier release upgrades in place and is one
// school; the first school added takes over its data, the second gets a file of its own with a fresh
// default; removing the first leaves no row in any table the catalog lists, removing the second
// leaves no file.
func TestAReleaseBecomesTheFirstSchool(t *testing.T) {
	ctx := context.Background()
	for _, release := range storetest.Releases {
		t.Run(release, func(t *testing.T) {
			path := copyFixture(t, release+".db")
			s := openTemp(t, path)
			a, err := s.AddSchool(ctx, "https://a.schule.example", "Schule A", NewSchoolHome(path))
			if err != nil || a.Home != "" {
				t.Fatalf("first school %+v, %v; want it at home \"\"", a, err)
			}
			storetest.CheckRelease(t, s) // its data are the release's, untouched
			home := NewSchoolHome(path)
			b, err := s.AddSchool(ctx, "https://b.schule.example", "Schule B", home)
			if err != nil || b.Home != home || !strings.HasPrefix(home, release+"-schools/") || home == NewSchoolHome(path) {
				t.Fatalf("second school %+v, %v; want a new file in %s-schools", b, err, release)
			}
			bPath, err := SchoolPath(path, b.Home)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := Open(ctx, bPath, Options{MustExist: true}); err == nil {
				t.Fatal("a school's missing file was opened; want it refused, not made")
			}
			own := openTemp(t, bPath)
			if n, err := own.CountAdmins(ctx); err != nil || n != 0 {
				t.Fatalf("the new school's own database has %d admins, %v; want none of the first school's", n, err)
			}

			if _, err := s.RemoveSchool(ctx, a.URL); err != nil {
				t.Fatal(err)
			}
			storetest.CheckNothingLeft(t, tablesOf(t, s), func(table string) int { return countRows(t, s, table) })
			if _, err := s.RemoveSchool(ctx, b.URL); err != nil {
				t.Fatal(err)
			}
			own.Close()
			if err := RemoveFiles(bPath); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(filepath.Dir(bPath)); !os.IsNotExist(err) {
				t.Fatalf("the school's folder stayed: %v", err)
			}
		})
	}
}

func TestSchoolPathStaysInTheFolder(t *testing.T) {
	main := filepath.Join("data", "n.db")
	if p, err := SchoolPath(main, "n-schools/ab12.db"); err != nil || p != filepath.Join("data", "n-schools", "ab12.db") {
		t.Fatalf("SchoolPath = %q, %v", p, err)
	}
	for _, home := range []string{"", "../x.db", "/etc/x.db", "a/../../x.db"} {
		if _, err := SchoolPath(main, home); err == nil {
			t.Errorf("SchoolPath accepted %q", home)
		}
	}
}

func tablesOf(t *testing.T, s *Store) []string {
	t.Helper()
	rows, err := s.db.Query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	return names
}

func countRows(t *testing.T, s *Store, table string) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT count(*) FROM "` + table + `"`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
