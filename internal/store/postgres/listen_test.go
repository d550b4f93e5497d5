package postgres

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// bound is how long a change may take to arrive before a test fails. Changes
// arrive in milliseconds; the bound only keeps a broken build from hanging.
const bound = 10 * time.Second

// noPolling turns WaitScaleChange's safety net off, so that only the
// listener can deliver a change made by another instance.
const noPolling = time.Hour

func named(name string) grading.Config {
	c := grading.Default()
	c.Name = name
	return c
}

// waitAsync starts WaitScaleChange from s's revision now, as the live
// follower does, and checks that it is still waiting a moment later, before
// the change it waits for is made.
func waitAsync(t *testing.T, s *Store) <-chan error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), bound)
	t.Cleanup(cancel)
	since := storetest.Revision(t, s)
	done := make(chan error, 1)
	go func() { done <- s.WaitScaleChange(ctx, since) }()
	select {
	case err := <-done:
		t.Fatalf("WaitScaleChange(%d) returned before any change: %v", since, err)
	case <-time.After(100 * time.Millisecond):
	}
	return done
}

func mustSave(t *testing.T, s *Store, name string) store.ConfigVersion {
	t.Helper()
	cv, err := s.ScaleConfig(store.DefaultScaleSlug).SaveConfig(context.Background(), named(name), "a@schule.de", store.Unconditional)
	if err != nil {
		t.Fatal(err)
	}
	return cv
}

func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting until %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestSaveOnOneInstanceWakesTheOther(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a := openStore(t, dsn, Options{PollInterval: noPolling})
	b := openStore(t, dsn, Options{})
	done := waitAsync(t, a)
	mustSave(t, b, "Von B")
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange on A after a save on B: %v", err)
	}
}

// A quiet listening connection is pinged now and then; the pings must
// neither break nor replace it.
func TestQuietListenerKeepsListening(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a := openStore(t, dsn, Options{PollInterval: noPolling, keepAlive: 20 * time.Millisecond})
	b := openStore(t, dsn, Options{})
	pid := a.listener.backendPID()
	time.Sleep(300 * time.Millisecond) // many quiet spells, each ended by a ping
	if now := a.listener.backendPID(); now != pid {
		t.Fatalf("the listening connection changed from %d to %d while quiet", pid, now)
	}
	done := waitAsync(t, a)
	mustSave(t, b, "Nach der Ruhe")
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange on A after quiet spells: %v", err)
	}
}

// Notifications sent while the listening connection is gone are lost; the
// listener must reconnect and make the waiters look again, and then receive
// notifications on its new connection.
func TestListenerRecoversFromALostConnection(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a := openStore(t, dsn, Options{PollInterval: noPolling, ReconnectMin: 300 * time.Millisecond, ReconnectMax: time.Second})
	b := openStore(t, dsn, Options{})
	killed := a.listener.backendPID()
	if killed == 0 {
		t.Fatal("no listening connection after Open")
	}
	done := waitAsync(t, a)
	pgtest.Exec(t, dsn, "SELECT pg_terminate_backend($1)", int64(killed))
	eventually(t, "A notices the lost connection", func() bool { return a.listener.backendPID() == 0 })
	mustSave(t, b, "Während der Trennung") // its notification reaches nobody on A
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange on A across a reconnect: %v", err)
	}
	eventually(t, "A listens again", func() bool { pid := a.listener.backendPID(); return pid != 0 && pid != killed })

	done = waitAsync(t, a)
	mustSave(t, b, "Nach der Trennung")
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange on A after it reconnected: %v", err)
	}
}

// While the database refuses connections the listener keeps trying; it
// listens again once they are allowed, and Close ends it while it retries.
func TestListenerRetriesUntilTheDatabaseIsBack(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	server, name := pgtest.Server(t), pgtest.Database(t, dsn)
	a := openStore(t, dsn, Options{PollInterval: noPolling, ReconnectMin: 20 * time.Millisecond, ReconnectMax: 50 * time.Millisecond})
	b := openStore(t, dsn, Options{})
	cut := func() {
		pgtest.Exec(t, server, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS false")
		pgtest.Exec(t, server, "SELECT pg_terminate_backend($1)", int64(a.listener.backendPID()))
		eventually(t, "A notices the lost connection", func() bool { return a.listener.backendPID() == 0 })
		time.Sleep(300 * time.Millisecond) // several refused attempts
	}
	cut()
	done := waitAsync(t, a)
	mustSave(t, b, "Während der Störung")
	if a.listener.backendPID() != 0 {
		t.Fatal("the listener connected to a database that refuses connections")
	}
	pgtest.Exec(t, server, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true")
	if err := <-done; err != nil {
		t.Fatalf("WaitScaleChange on A once the database is back: %v", err)
	}

	cut()
	closed := make(chan struct{})
	go func() { a.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(bound):
		t.Fatal("Close hangs while the listener retries")
	}
	pgtest.Exec(t, server, "ALTER DATABASE "+name+" ALLOW_CONNECTIONS true")
}

func TestCloseLeavesNothingBehind(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	before := runtime.NumGoroutine()
	s, err := Open(context.Background(), dsn, Options{Logger: testLogger(t)})
	if err != nil {
		t.Fatal(err)
	}
	mustSave(t, s, "Einmal")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	deadline := time.Now().Add(bound)
	for runtime.NumGoroutine() > before {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines before Open, %d after Close:\n%s", before, runtime.NumGoroutine(), buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(10 * time.Millisecond)
	}
	eventually(t, "the database has no connections from the closed Store", func() bool {
		return pgtest.QueryInt(t, pgtest.Server(t), "SELECT count(*) FROM pg_stat_activity WHERE datname = $1",
			pgtest.Database(t, dsn)) == 0
	})
}
