package storetest

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

const issuer = "https://idp.schule.de"

func testOIDCLinks(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	a := addUser(t, s, "a@schule.de", store.RoleAdmin)
	b := addUser(t, s, "b@schule.de", store.RoleUser)
	if a.OIDCSubject != "" || a.OIDCIssuer != "" {
		t.Fatalf("a new account is linked: %+v", a)
	}
	if _, err := s.UserBySubject(ctx, issuer, "sub-a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown subject: %v", err)
	}
	linked := must(s.LinkSubject(ctx, a.ID, issuer, "sub-a")).in(t)
	if linked.OIDCIssuer != issuer || linked.OIDCSubject != "sub-a" || linked.Email != a.Email {
		t.Fatalf("linked account %+v", linked)
	}
	if got := must(s.UserBySubject(ctx, issuer, "sub-a")).in(t); got.ID != a.ID || got.OIDCSubject != "sub-a" {
		t.Fatalf("by subject: %+v", got)
	}
	if _, err := s.UserBySubject(ctx, "https://other.example", "sub-a"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the same subject at another issuer: %v", err)
	}
	if _, err := s.LinkSubject(ctx, b.ID, issuer, "sub-a"); !errors.Is(err, store.ErrSubjectTaken) {
		t.Fatalf("a second account for one identity: %v", err)
	}
	if _, err := s.LinkSubject(ctx, b.ID, "https://other.example", "sub-a"); err != nil {
		t.Fatalf("the same subject at another issuer is another identity: %v", err)
	}
	if _, err := s.LinkSubject(ctx, 9999, issuer, "sub-x"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("linking an unknown account: %v", err)
	}
	// The session join and the list read the link too.
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "h", UserID: a.ID, CreatedAt: t0, LastSeenAt: t0}))
	if _, u := must2(s.SessionByHash(ctx, "h")).in(t); u.OIDCSubject != "sub-a" {
		t.Fatalf("session's account lost its link: %+v", u)
	}
	if list := must(s.ListUsers(ctx)).in(t); list[0].OIDCSubject != "sub-a" {
		t.Fatalf("list lost the link: %+v", list)
	}
	// A linked account without a password is not pending: it signs in at the provider.
	invited := must(s.CreateInvitedUser(ctx, store.User{Email: "c@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "inv", Kind: store.TokenInvite, ExpiresAt: t0.Add(time.Hour)})).in(t)
	if !invited.Pending() {
		t.Fatal("an invited account is not pending")
	}
	if u := must(s.LinkSubject(ctx, invited.ID, issuer, "sub-c")).in(t); u.Pending() {
		t.Fatalf("a linked account is pending: %+v", u)
	}
}

// testOIDCStateKey: one key per database, made by the first call, also
// when several instances make the first call at the same moment.
func testOIDCStateKey(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	first, second := bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)
	if got := must(s.OIDCStateKey(ctx, first)).in(t); !bytes.Equal(got, first) {
		t.Fatalf("the first call returned %x, want the fresh key it stored", got)
	}
	if got := must(s.OIDCStateKey(ctx, second)).in(t); !bytes.Equal(got, first) {
		t.Fatalf("a later call returned %x, want the stored key", got)
	}
	if _, err := open(t, fixedClock()).OIDCStateKey(ctx, []byte("short")); err == nil {
		t.Fatal("a key of 5 bytes was stored")
	}

	// Instances starting at once: each call brings its own fresh key, and
	// all must come back with the same one, which a later call returns too.
	s = open(t, fixedClock())
	const callers = 8
	keys := make([][]byte, callers)
	errs := make([]error, callers)
	ready := make(chan struct{})
	var wg sync.WaitGroup
	for i := range callers {
		wg.Go(func() {
			<-ready
			keys[i], errs[i] = s.OIDCStateKey(ctx, bytes.Repeat([]byte{byte(10 + i)}, 32))
		})
	}
	close(ready)
	wg.Wait()
	for i := range callers {
		noErr(t, errs[i])
		if !bytes.Equal(keys[i], keys[0]) {
			t.Fatalf("concurrent first calls got different keys: %x and %x", keys[0], keys[i])
		}
	}
	if keys[0][0] < 10 || keys[0][0] >= 10+callers {
		t.Fatalf("the key %x is none of the fresh ones", keys[0])
	}
	if got := must(s.OIDCStateKey(ctx, first)).in(t); !bytes.Equal(got, keys[0]) {
		t.Fatalf("after the race the store returned %x, want %x", got, keys[0])
	}
}

// testSetEmail: the email changed at the provider follows into the account,
// never onto another account's.
func testSetEmail(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	a := addUser(t, s, "a@schule.de", store.RoleAdmin)
	b := addUser(t, s, "b@schule.de", store.RoleUser)
	must(s.LinkSubject(ctx, a.ID, issuer, "sub-a")).in(t)
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "h", UserID: a.ID, CreatedAt: t0, LastSeenAt: t0}))

	changed := must(s.SetEmail(ctx, a.ID, "a.neu@schule.de")).in(t)
	if changed.ID != a.ID || changed.Email != "a.neu@schule.de" || changed.Role != store.RoleAdmin ||
		changed.PasswordHash != a.PasswordHash || changed.OIDCSubject != "sub-a" {
		t.Fatalf("after SetEmail: %+v", changed)
	}
	if got := must(s.UserByEmail(ctx, "a.neu@schule.de")).in(t); got.ID != a.ID {
		t.Fatalf("the new email finds %+v", got)
	}
	if _, err := s.UserByEmail(ctx, "a@schule.de"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the old email still finds an account: %v", err)
	}
	if _, u := must2(s.SessionByHash(ctx, "h")).in(t); u.Email != "a.neu@schule.de" {
		t.Fatalf("the session's account kept the old email: %+v", u)
	}
	if _, err := s.SetEmail(ctx, a.ID, b.Email); !errors.Is(err, store.ErrEmailTaken) {
		t.Fatalf("taking another account's email: %v, want ErrEmailTaken", err)
	}
	if got := must(s.UserByID(ctx, a.ID)).in(t); got.Email != "a.neu@schule.de" {
		t.Fatalf("a refused change changed the email: %+v", got)
	}
	if got := must(s.UserByID(ctx, b.ID)).in(t); got.Email != b.Email {
		t.Fatalf("the other account changed: %+v", got)
	}
	if _, err := s.SetEmail(ctx, 9999, "x@schule.de"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetEmail of an unknown account: %v", err)
	}
}
