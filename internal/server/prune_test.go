package server

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Every sign-in, by password or at the provider, deletes what has run out
// (docs/privacy.md): sessions past a time-out, sign-in failures older than a
// day, one-time links used or expired a day ago. What is live stays.

func TestPasswordSignInPrunes(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	u := e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	addStale(t, e.st, e.now, u.ID)
	e.login("admin@schule.de", goodPassword)
	checkPruned(t, e.st, e.now)
}

func TestProviderSignInPrunes(t *testing.T) {
	e := newSSOEnv(t, nil)
	u := e.addAccount("admin@schule.de", store.RoleAdmin, false)
	now := time.Now()
	addStale(t, e.st, now, u.ID)
	if got := e.signIn("admin", "admin-pw"); got != ssoReturnPath {
		t.Fatalf("sent to %q", got)
	}
	checkPruned(t, e.st, now)
}

// addStale stores one of each kind that has run out, and live ones beside them.
func addStale(t *testing.T, st store.Store, now time.Time, userID int64) {
	t.Helper()
	ctx, day := context.Background(), 24*time.Hour
	for _, err := range []error{
		st.CreateSession(ctx, store.Session{TokenHash: "stale-session", UserID: userID, CreatedAt: now.Add(-40 * day), LastSeenAt: now.Add(-40 * day)}),
		st.RecordLoginFailure(ctx, "addr:stale", now.Add(-2*day)),
		st.RecordLoginFailure(ctx, "addr:fresh", now),
		st.CreateToken(ctx, store.Token{Hash: "stale-link", Kind: store.TokenSetup, ExpiresAt: now.Add(-2 * day)}),
		st.CreateToken(ctx, store.Token{Hash: "open-link", Kind: store.TokenSetup, ExpiresAt: now.Add(day)}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
}

func checkPruned(t *testing.T, st store.Store, now time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, _, err := st.SessionByHash(ctx, "stale-session"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session past its time-out survived the sign-in: %v", err)
	}
	for key, want := range map[string]int{"addr:stale": 0, "addr:fresh": 1} {
		if n, _, err := st.LoginFailures(ctx, key, now.Add(-10*24*time.Hour)); err != nil || n != want {
			t.Errorf("%s: %d failures after the sign-in (%v), want %d", key, n, err, want)
		}
	}
	if _, err := st.ValidToken(ctx, store.TokenSetup, "open-link", now); err != nil {
		t.Errorf("an open link went at the sign-in: %v", err)
	}
	// A link's hash is its key: it can be stored again only once its row is gone.
	if err := st.CreateToken(ctx, store.Token{Hash: "stale-link", Kind: store.TokenSetup, ExpiresAt: now}); err != nil {
		t.Errorf("a link expired two days ago survived the sign-in: %v", err)
	}
}
