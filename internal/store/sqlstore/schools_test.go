package sqlstore_test

import (
	"testing"

	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// TestSchoolTablesAreEveryTable: removing the first school empties SchoolTables; a table of the
// schema missing there would keep its rows.
func TestSchoolTablesAreEveryTable(t *testing.T) {
	storetest.CheckSchoolTables(t, sqlstore.SchoolTables)
}
