package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// TestRestoreMigratesAnOlderBackup: a backup of an older schema comes back
// migrated to this build's, with every version, and the WAL a killed server
// left beside the replaced database never reaches the restored file (claim
// checkpoints it into the old file, and Restore removes what is left).
func TestRestoreMigratesAnOlderBackup(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old := filepath.Join(dir, "alt.db")
	releaseDatabase(t, old) // schema 0003, four versions
	backup := filepath.Join(dir, "sicherung.db")
	if _, err := Backup(ctx, old, backup, false); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "ziel.db")
	s := openTemp(t, target)
	if _, err := s.CreateScale(ctx, "nur-im-alten", renamed("x"), "test"); err != nil {
		t.Fatal(err)
	}
	// The WAL as a killed server leaves it: applied to the restored file,
	// the old database's pages would overwrite the restored ones.
	wal, err := os.ReadFile(target + "-wal")
	if err != nil || len(wal) == 0 {
		t.Fatalf("no WAL to leave behind: %v", err)
	}
	s.Close()
	if err := os.WriteFile(target+"-wal", wal, 0o600); err != nil {
		t.Fatal(err)
	}

	found, restored, err := Restore(ctx, backup, target, true)
	if err != nil {
		t.Fatal(err)
	}
	if found.Schema != 3 || restored.Schema != KnownSchema() || restored.Versions != 4 || restored.Scales != 1 {
		t.Errorf("restore: found %+v, restored %+v; want schema 3 migrated to %d, 4 versions, one scale", found, restored, KnownSchema())
	}
	got := openTemp(t, target)
	history, err := got.ScaleConfig(store.DefaultScaleSlug).ConfigHistory(ctx, 0, 10)
	if err != nil || len(history) != 4 {
		t.Fatalf("history after restore: %d versions, %v", len(history), err)
	}
	if _, err := got.ScaleConfig("nur-im-alten").LatestConfig(ctx); err == nil {
		t.Error("the replaced database's scale is still there")
	}
}
