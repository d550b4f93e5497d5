package postgres

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres/pgtest"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

// Several instances share one database: each test here runs its contenders
// on two Stores, as two processes would.

// gate holds a table lock in a transaction of its own until it is opened,
// so that every contender of a test is inside its transaction before any of
// them can write: the interleaving a race needs, every run, not by luck.
type gate struct {
	tx  pgx.Tx
	dsn string
}

func closeGate(t *testing.T, dsn, lock string) *gate {
	t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(ctx) })
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, lock); err != nil {
		t.Fatal(err)
	}
	return &gate{tx: tx, dsn: dsn}
}

// open waits until n backends wait for a lock, then lets them all go.
func (g *gate) open(t *testing.T, n int) {
	t.Helper()
	eventually(t, fmt.Sprintf("%d transactions wait for a lock", n), func() bool {
		return pgtest.QueryInt(t, g.dsn, `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND wait_event_type = 'Lock'`) >= n
	})
	if err := g.tx.Commit(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Saves on the same version from two instances, all begun before any
// commits: exactly one wins, the others get ErrConflict (not a unique
// violation, not a second version 2).
func TestConcurrentSavesFromTwoInstances(t *testing.T) {
	dsn := pgtest.FreshDatabase(t)
	a, b := openStore(t, dsn, Options{}), openStore(t, dsn, Options{})
	g := closeGate(t, dsn, "LOCK TABLE config_versions IN SHARE MODE") // readers pass, writers wait
	const saves = 6                                                    // within the two pools' connections, so that all can wait at once
	done := make(chan []error)
	go func() { done <- storetest.SaveAtOnce([]store.Store{a, b}, saves) }()
	g.open(t, saves)
	storetest.OneWon(t, "saves on version 1", <-done, store.ErrConflict)
}

// Two admins remove each other at the same moment, both inside their
// transactions before either writes: a check without row locks lets both
// pass and leaves no admin at all.
func TestConcurrentDemotionsKeepAnAdmin(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name   string
		remove func(s *Store, id int64) error
	}{
		{"demote", func(s *Store, id int64) error { _, err := s.SetRole(ctx, id, store.RoleUser); return err }},
		{"delete", func(s *Store, id int64) error { return s.DeleteUser(ctx, id) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dsn := pgtest.FreshDatabase(t)
			a, b := openStore(t, dsn, Options{}), openStore(t, dsn, Options{})
			var ids [2]int64
			for i := range ids {
				u, err := a.CreateUser(ctx, store.User{Email: fmt.Sprintf("admin%d@schule.de", i), Role: store.RoleAdmin, CreatedAt: time.Now()})
				if err != nil {
					t.Fatal(err)
				}
				ids[i] = u.ID
			}
			g := closeGate(t, dsn, "LOCK TABLE users IN SHARE MODE") // row locks pass, writes wait
			errs := make([]error, 2)
			var wg sync.WaitGroup
			wg.Go(func() { _, errs[0] = a.SetRole(ctx, ids[0], store.RoleUser) })
			wg.Go(func() { errs[1] = tc.remove(b, ids[1]) })
			g.open(t, 2)
			wg.Wait()
			storetest.OneWon(t, "removals of the two admins", errs, store.ErrLastAdmin)
			if n, err := a.CountAdmins(ctx); err != nil || n != 1 {
				t.Fatalf("%d admins left (%v); want one", n, err)
			}
		})
	}
}

// While no admin exists every instance logs its own setup link; two used at
// once must still create only one admin.
func TestTwoSetupLinksAtOnce(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.FreshDatabase(t)
	a, b := openStore(t, dsn, Options{}), openStore(t, dsn, Options{})
	now := time.Now()
	for _, h := range []string{"setup-a", "setup-b"} {
		if err := a.CreateToken(ctx, store.Token{Hash: h, Kind: store.TokenSetup, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, s := range []*Store{a, b} {
		wg.Go(func() {
			email := fmt.Sprintf("chef%d@schule.de", i)
			_, errs[i] = s.CreateFirstAdmin(ctx, []string{"setup-a", "setup-b"}[i], store.User{Email: email, PasswordHash: "h", CreatedAt: now}, now)
		})
	}
	wg.Wait()
	storetest.OneWon(t, "CreateFirstAdmin", errs, store.ErrNotFound)
	if n, err := a.CountAdmins(ctx); err != nil || n != 1 {
		t.Fatalf("%d admins (%v); want 1", n, err)
	}
}

// One invite link used twice at once sets the password once.
func TestInviteUsedTwiceAtOnce(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.FreshDatabase(t)
	a, b := openStore(t, dsn, Options{}), openStore(t, dsn, Options{})
	now := time.Now()
	u, err := a.CreateUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: now})
	if err != nil {
		t.Fatal(err)
	}
	if err := a.CreateToken(ctx, store.Token{Hash: "inv", Kind: store.TokenInvite, UserID: u.ID, ExpiresAt: now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	errs := make([]error, 2)
	var wg sync.WaitGroup
	for i, s := range []*Store{a, b} {
		wg.Go(func() { _, errs[i] = s.AcceptInvite(ctx, "inv", fmt.Sprintf("hash-%d", i), now) })
	}
	wg.Wait()
	storetest.OneWon(t, "AcceptInvite twice at once", errs, store.ErrNotFound)
}
