package sqlstore

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"testing/fstest"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

func TestMigrationsComeInNumberOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0010_late.sql":  {Data: []byte("ten")},
		"migrations/0002_next.sql":  {Data: []byte("two")},
		"migrations/0001_first.sql": {Data: []byte("one")},
		"migrations/readme.txt":     {Data: []byte("not a migration")},
	}
	got, err := Migrations(fsys)
	want := []Migration{{1, "one"}, {2, "two"}, {10, "ten"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Migrations = %v, %v; want %v", got, err, want)
	}
	bad := fstest.MapFS{"migrations/init.sql": {Data: []byte("x")}}
	if _, err := Migrations(bad); err == nil {
		t.Fatal("a migration without a number was accepted")
	}
}

func TestWatchWakesOnSignalAndNotBefore(t *testing.T) {
	var sig Signal
	watch := sig.Watch(time.Hour) // the hour-long poll cannot be what wakes it
	defer watch.Stop()
	done := make(chan error, 1)
	go func() { done <- watch.Wait(context.Background()) }()
	select {
	case err := <-done:
		t.Fatalf("returned before any change: %v", err)
	case <-time.After(30 * time.Millisecond):
	}
	sig.Fire()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the signal did not wake the watch")
	}
}

// A change between the watcher's read and its Wait must not be missed:
// the watch holds the channel taken before the read.
func TestWatchKeepsAFireBeforeItsWait(t *testing.T) {
	var sig Signal
	watch := sig.Watch(time.Hour)
	defer watch.Stop()
	sig.Fire() // as if a save came right after the watcher read
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := watch.Wait(ctx); err != nil {
		t.Fatalf("a fire before Wait was lost: %v", err)
	}
	sig.Fire()
	if err := watch.Wait(ctx); err != nil {
		t.Fatalf("a fire between two Waits was lost: %v", err)
	}
}

func TestWatchPollsAndEndsWithItsContext(t *testing.T) {
	var sig Signal
	watch := sig.Watch(10 * time.Millisecond)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	if err := watch.Wait(ctx); err != nil {
		t.Fatalf("the poll did not end the wait: %v", err)
	}
	cancel()
	watch.Stop()
	if err := watch.Wait(ctx); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
}

func TestCheckBase(t *testing.T) {
	for _, c := range []struct {
		base, latest int64
		want         error
	}{
		{3, 3, nil},
		{store.Unconditional, 3, nil},
		{2, 3, store.ErrConflict},
		{4, 3, store.ErrConflict},
	} {
		if err := CheckBase(c.base, c.latest); !errors.Is(err, c.want) || (c.want == nil && err != nil) {
			t.Errorf("CheckBase(%d, %d) = %v, want %v", c.base, c.latest, err, c.want)
		}
	}
}

// Both backends' stored times read alike: SQLite's Unix milliseconds,
// PostgreSQL's timestamptz in any zone, NULL as the zero time.
func TestStoredTimesReadAsUTC(t *testing.T) {
	want := time.Date(2026, 11, 22, 8, 0, 0, 123e6, time.UTC)
	berlin := time.FixedZone("CET", 3600)
	for _, v := range []any{want.UnixMilli(), want.In(berlin), nil} {
		var got time.Time
		if err := timeOf(&got).Scan(v); err != nil {
			t.Fatalf("Scan(%v): %v", v, err)
		}
		if v == nil && !got.IsZero() || v != nil && (!got.Equal(want) || got.Location() != time.UTC) {
			t.Errorf("Scan(%#v) = %v, want %v", v, got, want)
		}
	}
	var got time.Time
	if err := timeOf(&got).Scan("2026-11-22"); err == nil {
		t.Error("a text was read as a time")
	}
}
