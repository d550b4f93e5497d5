package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

func openTemp(t *testing.T, path string) *Store {
	t.Helper()
	s, err := Open(context.Background(), path, Options{PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatalf("Open(%s): %v", path, err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func renamed(name string) grading.Config {
	c := grading.Default()
	c.Name = name
	return c
}

func TestFirstStartWritesDefault(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "n.db") // the folder is created too
	s := openTemp(t, path)
	def, err := s.DefaultScale(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if cv := def.Latest; def.Slug != store.DefaultScaleSlug || cv.Version != 1 || cv.SavedBy != store.SavedBySystem || cv.Config != grading.Default() {
		t.Fatalf("first start stored %+v, want version 1 of the default by system", def)
	}
	var mode string
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
	}

	// A second start neither migrates again nor writes a second default.
	s.Close()
	s2 := openTemp(t, path)
	var versions, migrationsRun int
	s2.db.QueryRow("SELECT count(*) FROM config_versions").Scan(&versions)
	s2.db.QueryRow("SELECT count(*) FROM schema_migrations").Scan(&migrationsRun)
	files, _ := fs.Glob(migrations, "migrations/*.sql")
	if versions != 1 || migrationsRun != len(files) {
		t.Fatalf("after restart: %d versions, %d migrations recorded; want 1 and %d", versions, migrationsRun, len(files))
	}
}

func TestTwoProcessesStartingAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	storetest.StartAtOnce(t, 4, func() (store.Store, error) { return Open(context.Background(), path, Options{}) })
	s := openTemp(t, path)
	var versions int
	s.db.QueryRow("SELECT count(*) FROM config_versions").Scan(&versions)
	if versions != 1 {
		t.Fatalf("%d versions after concurrent first starts, want 1", versions)
	}
}

func TestConcurrentSavesOnOneVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	stores := []store.Store{openTemp(t, path), openTemp(t, path)} // another process on the same file
	storetest.OneWon(t, "saves on version 1", storetest.SaveAtOnce(stores, 10), store.ErrConflict)
}

// The live follower sleeps in WaitScaleChange; a save by another process
// (`config import`) tells it nothing, so the poll must find it.
func TestWaitScaleChangeSeesOtherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	server := openTemp(t, path)
	cli := openTemp(t, path)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	since := storetest.Revision(t, server)

	done := make(chan error, 1)
	go func() { done <- server.WaitScaleChange(ctx, since) }()
	select {
	case err := <-done:
		t.Fatalf("WaitScaleChange returned before any change: %v", err)
	case <-time.After(100 * time.Millisecond):
	}
	if _, err := cli.ScaleConfig(store.DefaultScaleSlug).SaveConfig(ctx, renamed("Von außen"), store.SavedByCLI, store.Unconditional); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange after a save by another process: %v", err)
	}

	stopped, stop := context.WithCancel(context.Background())
	stop()
	if err := server.WaitScaleChange(stopped, since+1); !errors.Is(err, context.Canceled) {
		t.Fatalf("WaitScaleChange on a cancelled context = %v, want context.Canceled", err)
	}
}

// Every connection of the pool commits with synchronous=FULL (2), so that a
// confirmed save survives a power loss (docs/decisions.md). The connections
// are held at once so that the pool must open several.
func TestEveryConnectionSyncsFully(t *testing.T) {
	s := openTemp(t, filepath.Join(t.TempDir(), "n.db"))
	ctx := context.Background()
	for i := range 4 {
		conn, err := s.db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		var level int
		if err := conn.QueryRowContext(ctx, "PRAGMA synchronous").Scan(&level); err != nil || level != 2 {
			t.Fatalf("connection %d: synchronous = %d, %v; want 2 (FULL)", i, level, err)
		}
	}
}
