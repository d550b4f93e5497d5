package postgres

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestSchemaMatchesTheOtherBackends reads the tables and the indexes that no
// primary key or unique constraint made from the catalog of a fresh database.
func TestSchemaMatchesTheOtherBackends(t *testing.T) {
	pgtest.Server(t)
	s := openStore(t, pgtest.FreshDatabase(t), Options{})
	rows, err := s.pool.Query(context.Background(), `
		SELECT 'table ' || tablename FROM pg_tables WHERE schemaname = current_schema()
		UNION ALL
		SELECT 'index ' || i.relname || ' on ' || c.relname || ' (' ||
			string_agg(a.attname, ', ' ORDER BY k.ord) || ')'
		FROM pg_index x
		JOIN pg_class i ON i.oid = x.indexrelid
		JOIN pg_class c ON c.oid = x.indrelid
		CROSS JOIN LATERAL unnest(x.indkey) WITH ORDINALITY AS k(attnum, ord)
		JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
		WHERE c.relnamespace = current_schema()::regnamespace
			AND NOT EXISTS (SELECT 1 FROM pg_constraint con WHERE con.conindid = x.indexrelid)
		GROUP BY i.relname, c.relname`)
	if err != nil {
		t.Fatal(err)
	}
	got, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	storetest.CheckSchema(t, got)
}
