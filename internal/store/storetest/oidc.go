package storetest

import (
	"context"
	"errors"
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

func testOIDCLogins(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	l := store.OIDCLogin{StateHash: "state", Nonce: "nonce", Verifier: "verifier", ExpiresAt: t0.Add(10 * time.Minute)}
	noErr(t, s.CreateOIDCLogin(ctx, l))
	if err := s.CreateOIDCLogin(ctx, l); err == nil {
		t.Fatal("a second sign-in with the same state was stored")
	}
	got := must(s.TakeOIDCLogin(ctx, "state", t0)).in(t)
	if got != l {
		t.Fatalf("took %+v, want %+v", got, l)
	}
	if _, err := s.TakeOIDCLogin(ctx, "state", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a sign-in was taken twice: %v", err)
	}
	if _, err := s.TakeOIDCLogin(ctx, "unknown", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown state: %v", err)
	}
	noErr(t, s.CreateOIDCLogin(ctx, store.OIDCLogin{StateHash: "late", Nonce: "n", Verifier: "v", ExpiresAt: t0.Add(time.Minute)}))
	if _, err := s.TakeOIDCLogin(ctx, "late", t0.Add(time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired sign-in was taken: %v", err)
	}
	if _, err := s.TakeOIDCLogin(ctx, "late", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired sign-in stayed after it was refused: %v", err)
	}
	// Expired sign-ins are forgotten when the next one starts.
	noErr(t, s.CreateOIDCLogin(ctx, store.OIDCLogin{StateHash: "old", Nonce: "n", Verifier: "v", ExpiresAt: t0.Add(-time.Second)}))
	noErr(t, s.CreateOIDCLogin(ctx, store.OIDCLogin{StateHash: "new", Nonce: "n", Verifier: "v", ExpiresAt: t0.Add(time.Minute)}))
	if _, err := s.TakeOIDCLogin(ctx, "old", t0.Add(-time.Minute)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an expired sign-in was not pruned: %v", err)
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
