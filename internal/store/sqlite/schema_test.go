package sqlite

import (
	"path/filepath"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestSchemaMatchesTheOtherBackends reads the tables and the explicitly
// created indexes (sql IS NOT NULL leaves out SQLite's automatic ones) from
// sqlite_master.
func TestSchemaMatchesTheOtherBackends(t *testing.T) {
	s := openTemp(t, filepath.Join(t.TempDir(), "n.db"))
	rows, err := s.db.Query(`
		SELECT 'table ' || name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
		UNION ALL
		SELECT 'index ' || m.name || ' on ' || m.tbl_name || ' (' ||
			(SELECT group_concat(name, ', ') FROM (SELECT name FROM pragma_index_info(m.name) ORDER BY seqno)) || ')'
		FROM sqlite_master m WHERE m.type = 'index' AND m.sql IS NOT NULL`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		got = append(got, line)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	storetest.CheckSchema(t, got)
}
