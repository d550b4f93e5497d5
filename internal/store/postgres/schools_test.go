package postgres

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestAReleaseBecomesTheFirstSchool: the database of an earlier release upgrades in place and is one
// school; the first school added takes over its data, the second gets a schema of its own whose
// store sees none of the first school's rows, not even by a query without any WHERE; removing the
// first leaves no row in any table of the catalog, dropping the second leaves no schema.
func TestAReleaseBecomesTheFirstSchool(t *testing.T) {
	ctx := context.Background()
	for _, release := range storetest.Releases {
		t.Run(release, func(t *testing.T) {
			dsn := pgtest.FreshDatabase(t)
			dump := filepath.Join("..", "..", "..", "testdata", "upgrade", release+".sql")
			tool(t, "psql", "--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--dbname", dsn, "--file", dump)
			s := openStore(t, dsn, Options{})
			a, err := s.AddSchool(ctx, "https://a.schule.example", "Schule A", NewSchoolSchema())
			if err != nil || a.Home != "" {
				t.Fatalf("first school %+v, %v; want it at home \"\"", a, err)
			}
			storetest.CheckRelease(t, s)
			b, err := s.AddSchool(ctx, "https://b.schule.example", "Schule B", NewSchoolSchema())
			if err != nil || !schemaPattern.MatchString(b.Home) {
				t.Fatalf("second school %+v, %v", b, err)
			}
			if _, err := Open(ctx, dsn, Options{Schema: b.Home, Logger: testLogger(t)}); err == nil {
				t.Fatal("a school's missing schema was opened; want it refused, not made")
			}
			own := openStore(t, dsn, Options{Schema: b.Home, CreateSchema: true})
			var users int
			if err := own.db.QueryRowContext(ctx, "SELECT count(*) FROM users").Scan(&users); err != nil || users != 0 {
				t.Fatalf("a query without WHERE in the school's schema counts %d accounts, %v; want none of the first school's 3", users, err)
			}
			if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM users"); n != 3 {
				t.Fatalf("the first school has %d accounts; want the release's 3", n)
			}

			if _, err := s.RemoveSchool(ctx, a.URL); err != nil {
				t.Fatal(err)
			}
			storetest.CheckNothingLeft(t, publicTables(t, dsn), func(table string) int {
				return pgtest.QueryInt(t, dsn, `SELECT count(*) FROM "`+table+`"`)
			})
			if _, err := s.RemoveSchool(ctx, b.URL); err != nil {
				t.Fatal(err)
			}
			own.Close()
			if err := DropSchool(ctx, dsn, b.Home); err != nil {
				t.Fatal(err)
			}
			if n := pgtest.QueryInt(t, dsn, "SELECT count(*) FROM information_schema.schemata WHERE schema_name = $1", b.Home); n != 0 {
				t.Fatal("the school's schema stayed")
			}
		})
	}
}

func TestSchoolSchemaIsChecked(t *testing.T) {
	for _, schema := range []string{"public", "school_0", "school_1; DROP TABLE users", "School_0123456789abcdef", "school_0123456789abcde", ""} {
		if err := DropSchool(context.Background(), "postgres://x@127.0.0.1:1/x", schema); err == nil {
			t.Errorf("DropSchool accepted %q", schema)
		}
	}
}

func publicTables(t *testing.T, dsn string) []string {
	t.Helper()
	return pgtest.QueryStrings(t, dsn, "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1")
}

// TestOneListenerHearsEverySchool: a school's store opened Via the deployment's needs no LISTEN
// connection of its own; a save in that school's schema by another process wakes it through the
// deployment's connection, and wakes neither the deployment's own tables nor another school.
func TestOneListenerHearsEverySchool(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	main := openStore(t, dsn, Options{PollInterval: noPolling})
	schema2, schema3 := NewSchoolSchema(), NewSchoolSchema()
	two := openStore(t, dsn, Options{Schema: schema2, CreateSchema: true, Via: main, PollInterval: noPolling})
	three := openStore(t, dsn, Options{Schema: schema3, CreateSchema: true, Via: main, PollInterval: noPolling})
	if two.listener != nil || three.listener != nil {
		t.Fatal("a school opened Via the deployment's store listens on a connection of its own")
	}
	writer := openStore(t, dsn, Options{Schema: schema2}) // another instance, or the command line
	woken := waitAsync(t, two)
	quietMain, quietThree := waitAsync(t, main), waitAsync(t, three)
	mustSave(t, writer, "Von der Schule 2")
	if err := <-woken; err != nil {
		t.Fatalf("school 2 after a save in its schema: %v", err)
	}
	select {
	case err := <-quietMain:
		t.Fatalf("the deployment's own tables woke for school 2's save: %v", err)
	case err := <-quietThree:
		t.Fatalf("school 3 woke for school 2's save: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	two.Close()
	main.listener.mu.Lock()
	left := len(main.listener.routes)
	main.listener.mu.Unlock()
	if left != 1 {
		t.Fatalf("after school 2 closed the listener routes %d schools; want school 3 alone", left)
	}
}
