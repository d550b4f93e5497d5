package main

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// ack is one write the store confirmed: a version of a scale (by the name it
// was saved with), a new scale or a new account.
type ack struct {
	kind, slug, name string
	version          int64
}

// acks is the log of confirmed writes, in the order they were confirmed.
type acks struct {
	mu   sync.Mutex
	list []ack
}

func (a *acks) add(x ack) {
	a.mu.Lock()
	a.list = append(a.list, x)
	a.mu.Unlock()
}

func (a *acks) snapshot() []ack {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]ack(nil), a.list...)
}

// writeUntil saves on every scale of slugs, creates scales and accounts,
// all at once, until stop closes; every confirmed write goes to log.
func writeUntil(t *testing.T, st store.Store, slugs []string, log *acks, stop <-chan struct{}) *sync.WaitGroup {
	ctx := context.Background()
	var wg sync.WaitGroup
	for _, slug := range slugs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				cfg := grading.Default()
				cfg.Name = fmt.Sprintf("%s %d", slug, i)
				cv, err := st.ScaleConfig(slug).SaveConfig(ctx, cfg, "backup-test", store.Unconditional)
				if err != nil {
					t.Errorf("save %s: %v", cfg.Name, err)
					return
				}
				log.add(ack{"version", slug, cfg.Name, cv.Version})
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 60; i++ {
			select {
			case <-stop:
				return
			default:
			}
			email := fmt.Sprintf("lehrer%d@schule.example", i)
			if _, err := st.CreateUser(ctx, store.User{Email: email, Role: store.RoleUser, CreatedAt: time.Now()}); err != nil {
				t.Errorf("create %s: %v", email, err)
				return
			}
			log.add(ack{kind: "account", name: email})
			slug := fmt.Sprintf("neu-%d", i)
			if _, err := st.CreateScale(ctx, slug, grading.Default(), "backup-test"); err != nil {
				t.Errorf("create scale %s: %v", slug, err)
				return
			}
			log.add(ack{kind: "scale", slug: slug})
		}
	}()
	return &wg
}

// TestBackupWhileSaving takes a backup while saves on several scales, new
// scales and new accounts go on, restores it into a fresh database and finds
// every write confirmed before the backup began, and nothing half-written.
func TestBackupWhileSaving(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	live := filepath.Join(dir, "live.db")
	slugs := []string{"mathe", "deutsch", "englisch"}
	// The scales go into the main file (the last close checkpoints), the
	// saves below into the WAL: a copy of the main file alone would be an
	// intact database that lacks the saves.
	st := openSQLite(t, live)
	for _, slug := range slugs {
		if _, err := st.CreateScale(ctx, slug, grading.Default(), "backup-test"); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	st = openSQLite(t, live)
	log := &acks{}
	stop := make(chan struct{})
	wg := writeUntil(t, st, slugs, log, stop)
	for len(log.snapshot()) < 150 && !t.Failed() {
		time.Sleep(5 * time.Millisecond)
	}
	// A backup proves something only when writes were confirmed while it
	// ran; on a busy machine one may slip between two saves, so take another.
	var before []ack
	backup := filepath.Join(dir, "sicherung.db")
	during := 0
	for try := 0; try < 20 && during == 0; try++ {
		before = log.snapshot() // confirmed before the backup began
		if out, errOut, err := runCmd(t, "backup", "--db", "sqlite:"+live, "--to", backup, "--force"); err != nil {
			t.Fatalf("backup while saving: %v\n%s%s", err, out, errOut)
		}
		during = len(log.snapshot()) - len(before)
	}
	close(stop)
	wg.Wait()
	if during == 0 {
		t.Fatal("no write was confirmed while any of 20 backups ran: the test proves nothing")
	}

	restored := filepath.Join(dir, "neu", "notenrechner.db")
	if out, errOut, err := runCmd(t, "restore", "--from", backup, "--db", "sqlite:"+restored); err != nil {
		t.Fatalf("restore: %v\n%s%s", err, out, errOut)
	}
	got := openSQLite(t, restored)
	findEvery(t, got, before)
	everyVersionWhole(t, got)
	t.Logf("%d writes confirmed before the backup, %d while it ran", len(before), during)
}

func openSQLite(t *testing.T, path string) *sqlite.Store {
	t.Helper()
	st, err := sqlite.Open(context.Background(), path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// findEvery checks that st holds every write of want.
func findEvery(t *testing.T, st store.Store, want []ack) {
	t.Helper()
	ctx := context.Background()
	missing := 0
	for _, a := range want {
		var err error
		switch a.kind {
		case "version":
			var cv store.ConfigVersion
			if cv, err = st.ScaleConfig(a.slug).ConfigAt(ctx, a.version); err == nil && cv.Config.Name != a.name {
				err = fmt.Errorf("version holds %q", cv.Config.Name)
			}
		case "scale":
			_, err = st.ScaleConfig(a.slug).ConfigAt(ctx, 1)
		case "account":
			_, err = st.UserByEmail(ctx, a.name)
		}
		if err != nil {
			if missing++; missing <= 5 {
				t.Errorf("confirmed before the backup, missing after restore: %+v (%v)", a, err)
			}
		}
	}
	if missing > 5 {
		t.Errorf("… %d confirmed writes missing in all", missing)
	}
}

// everyVersionWhole reads every version of every scale: numbered from 1
// without a gap, each a valid configuration.
func everyVersionWhole(t *testing.T, st store.Store) {
	t.Helper()
	ctx := context.Background()
	scales, err := st.Scales(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, sc := range scales {
		for v := int64(1); v <= sc.Latest.Version; v++ {
			cv, err := st.ScaleConfig(sc.Slug).ConfigAt(ctx, v)
			if err == nil {
				err = cv.Config.Validate()
			}
			if err != nil {
				t.Errorf("%s version %d after restore: %v", sc.Slug, v, err)
			}
		}
	}
}
