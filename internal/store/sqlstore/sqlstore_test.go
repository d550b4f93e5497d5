package sqlstore

import (
	"context"
	"errors"
	"reflect"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"
)

func TestMigrateRunsInNumberOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0010_late.sql":  {Data: []byte("ten")},
		"migrations/0002_next.sql":  {Data: []byte("two")},
		"migrations/0001_first.sql": {Data: []byte("one")},
		"migrations/readme.txt":     {Data: []byte("not a migration")},
	}
	var got []string
	err := Migrate(fsys, func(number int, body string) error {
		got = append(got, body)
		return nil
	})
	if err != nil || !reflect.DeepEqual(got, []string{"one", "two", "ten"}) {
		t.Fatalf("Migrate applied %q, %v; want one, two, ten in order", got, err)
	}
}

func TestMigrateStopsAtTheFirstFailure(t *testing.T) {
	fsys := fstest.MapFS{
		"migrations/0001_a.sql": {Data: []byte("a")},
		"migrations/0002_b.sql": {Data: []byte("b")},
	}
	broken := errors.New("broken")
	calls := 0
	err := Migrate(fsys, func(int, string) error { calls++; return broken })
	if !errors.Is(err, broken) || calls != 1 {
		t.Fatalf("Migrate = %v after %d calls; want the error after 1", err, calls)
	}
	bad := fstest.MapFS{"migrations/init.sql": {Data: []byte("x")}}
	if err := Migrate(bad, func(int, string) error { return nil }); err == nil {
		t.Fatal("a migration without a number was accepted")
	}
}

func TestWaitChangeWakesOnSignalAndNotBefore(t *testing.T) {
	var sig Signal
	var latest atomic.Int64
	latest.Store(1)
	read := func(context.Context) (int64, error) { return latest.Load(), nil }
	done := make(chan error, 1)
	go func() { done <- WaitChange(context.Background(), &sig, time.Hour, 1, read) }()
	select {
	case err := <-done:
		t.Fatalf("returned before any change: %v", err)
	case <-time.After(30 * time.Millisecond):
	}
	latest.Store(2)
	sig.Fire() // the hour-long poll cannot be what wakes it
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the signal did not wake the waiter")
	}
}

func TestWaitChangeReturnsReadErrorsAndCancellation(t *testing.T) {
	var sig Signal
	failed := errors.New("database gone")
	err := WaitChange(context.Background(), &sig, time.Hour, 0, func(context.Context) (int64, error) { return 0, failed })
	if !errors.Is(err, failed) {
		t.Fatalf("read error: %v, want %v", err, failed)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err = WaitChange(ctx, &sig, time.Hour, 0, func(ctx context.Context) (int64, error) { return 0, ctx.Err() })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v, want context.Canceled", err)
	}
}
