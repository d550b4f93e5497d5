package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// testPruning: each expiry deletes what its name says, and nothing else,
// so that nothing grows without bound and nothing live goes.
func testPruning(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	u := addUser(t, s, "a@schule.de", store.RoleAdmin)
	day := 24 * time.Hour
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "idle", UserID: u.ID, CreatedAt: t0.Add(-2 * day), LastSeenAt: t0.Add(-2 * day)}))
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "live", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0}))
	noErr(t, s.RecordLoginFailure(ctx, "addr:old", t0.Add(-2*day)))
	noErr(t, s.RecordLoginFailure(ctx, "addr:new", t0))
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "expired", Kind: store.TokenSetup, ExpiresAt: t0.Add(-2 * day)}))
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "just-expired", Kind: store.TokenSetup, ExpiresAt: t0.Add(-time.Hour)}))
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "open", Kind: store.TokenInvite, UserID: u.ID, ExpiresAt: t0.Add(day)}))
	must(s.CreateInvitedUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "used", Kind: store.TokenInvite, ExpiresAt: t0.Add(day)})).in(t)
	must(s.AcceptInvite(ctx, "used", "pw-hash", t0)).in(t)

	failures := func(key string) int {
		n, _, err := s.LoginFailures(ctx, key, t0.Add(-10*day))
		noErr(t, err)
		return n
	}
	sessionStored := func(hash string) bool {
		_, _, err := s.SessionByHash(ctx, hash)
		return err == nil
	}

	noErr(t, s.DeleteExpiredSessions(ctx, t0.Add(-day), t0.Add(-30*day)))
	if sessionStored("idle") || !sessionStored("live") {
		t.Fatalf("after DeleteExpiredSessions: idle stored %v, live stored %v; want only live", sessionStored("idle"), sessionStored("live"))
	}
	if failures("addr:old") != 1 {
		t.Fatal("DeleteExpiredSessions deleted a sign-in failure")
	}

	noErr(t, s.DeleteLoginFailuresBefore(ctx, t0.Add(-day)))
	if old, recent := failures("addr:old"), failures("addr:new"); old != 0 || recent != 1 {
		t.Fatalf("after DeleteLoginFailuresBefore: %d old and %d recent failures, want 0 and 1", old, recent)
	}
	if !sessionStored("live") {
		t.Fatal("DeleteLoginFailuresBefore deleted a session")
	}

	noErr(t, s.DeleteUsedOrExpiredTokens(ctx, t0.Add(-day)))
	if _, err := s.ValidToken(ctx, store.TokenInvite, "open", t0); err != nil {
		t.Fatalf("an open link was deleted: %v", err)
	}
	// A link's hash is its key: storing it again succeeds only once the row is gone.
	for hash, gone := range map[string]bool{"expired": true, "used": true, "just-expired": false, "open": false} {
		err := s.CreateToken(ctx, store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: t0.Add(day)})
		if (err == nil) != gone {
			t.Errorf("link %q deleted = %v (storing it again: %v), want %v", hash, err == nil, err, gone)
		}
	}
	if failures("addr:new") != 1 || !sessionStored("live") {
		t.Fatal("DeleteUsedOrExpiredTokens deleted a failure or a session")
	}
}
