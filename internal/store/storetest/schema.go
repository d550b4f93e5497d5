package storetest

import (
	"slices"
	"strings"
	"testing"
)

// Schema is what the migrations of every backend create: each table, and
// each index made by CREATE INDEX with its table and columns (not those that
// a primary key or UNIQUE makes by itself), as "table name" and
// "index name on table (columns)". A backend whose schema drifts from the
// others fails CheckSchema.
var Schema = []string{
	"table config_versions",
	"table login_failures",
	"table oidc_state_key",
	"table scales",
	"table schema_migrations",
	"table school_oidc",
	"table school_settings",
	"table schools",
	"table sessions",
	"table tokens",
	"table users",
	"index login_failures_key_at on login_failures (key, at)",
	"index scales_one_default on scales (is_default)",
	"index scales_revision on scales (revision)",
	"index sessions_user on sessions (user_id)",
	"index tokens_user on tokens (user_id)",
	"index users_oidc on users (oidc_issuer, oidc_subject)",
}

// CheckSchema fails t unless got, a backend's tables and indexes read from
// its catalog in Schema's notation, is Schema (in any order).
func CheckSchema(t testing.TB, got []string) {
	t.Helper()
	got = slices.Sorted(slices.Values(got))
	want := slices.Sorted(slices.Values(Schema))
	if !slices.Equal(got, want) {
		t.Errorf("schema differs from storetest.Schema\n got: %q\nwant: %q", got, want)
	}
}

// CheckSchoolTables fails t unless sqlstore.SchoolTables names every table of Schema but the registry
// of schools and the record of migrations: a table missing there would keep a removed school's rows.
func CheckSchoolTables(t testing.TB, schoolTables []string) {
	t.Helper()
	var want []string
	for _, line := range Schema {
		if name, ok := strings.CutPrefix(line, "table "); ok && name != "schools" && name != "schema_migrations" {
			want = append(want, name)
		}
	}
	got := slices.Sorted(slices.Values(schoolTables))
	if slices.Sort(want); !slices.Equal(got, want) {
		t.Errorf("sqlstore.SchoolTables %q; the schema's tables of a school are %q", got, want)
	}
}
