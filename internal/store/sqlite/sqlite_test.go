package sqlite

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
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
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := Open(context.Background(), path, Options{})
			if err == nil {
				err = s.Close()
			}
			errs <- err
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent Open: %v", err)
		}
	}
	s := openTemp(t, path)
	var versions int
	s.db.QueryRow("SELECT count(*) FROM config_versions").Scan(&versions)
	if versions != 1 {
		t.Fatalf("%d versions after concurrent first starts, want 1", versions)
	}
}

func TestConcurrentSavesOnOneVersion(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	first := openTemp(t, path)
	second := openTemp(t, path) // another process on the same file
	var wg sync.WaitGroup
	results := make(chan error, 10)
	for i := range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := first
			if i%2 == 1 {
				s = second
			}
			_, err := s.ScaleConfig(store.DefaultScaleSlug).SaveConfig(context.Background(), renamed("Parallel"), "x@schule.de", 1)
			results <- err
		}()
	}
	wg.Wait()
	close(results)
	won := 0
	for err := range results {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, store.ErrConflict):
			t.Fatalf("concurrent save: %v", err)
		}
	}
	if won != 1 {
		t.Fatalf("%d saves on version 1 succeeded, want exactly 1", won)
	}
}

// The live follower sleeps in WaitScaleChange; a save by another process
// (`config import`) tells it nothing, so the poll must find it.
func TestWaitScaleChangeSeesOtherProcess(t *testing.T) {
	path := filepath.Join(t.TempDir(), "n.db")
	server := openTemp(t, path)
	cli := openTemp(t, path)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var since int64
	if err := server.db.QueryRowContext(ctx, "SELECT max(revision) FROM scales").Scan(&since); err != nil {
		t.Fatal(err)
	}

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
