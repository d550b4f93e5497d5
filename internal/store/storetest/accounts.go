package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

func addUser(t *testing.T, s store.Store, email string, role store.Role) store.User {
	t.Helper()
	return must(s.CreateUser(context.Background(), store.User{Email: email, Role: role, PasswordHash: "hash-" + email, CreatedAt: t0})).in(t)
}

func testUsers(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	b := addUser(t, s, "b@schule.de", store.RoleUser)
	a := addUser(t, s, "a@schule.de", store.RoleAdmin)
	if a.ID == b.ID || a.Email != "a@schule.de" || a.PasswordHash != "hash-a@schule.de" || !a.CreatedAt.Equal(t0) || !a.LastSignInAt.IsZero() {
		t.Fatalf("created %+v", a)
	}
	if _, err := s.CreateUser(ctx, store.User{Email: "a@schule.de", Role: store.RoleUser, CreatedAt: t0}); !errors.Is(err, store.ErrEmailTaken) {
		t.Fatalf("second account for one email: %v, want ErrEmailTaken", err)
	}
	if got := must(s.UserByEmail(ctx, "b@schule.de")).in(t); got.ID != b.ID {
		t.Fatalf("UserByEmail = %+v", got)
	}
	if _, err := s.UserByEmail(ctx, "c@schule.de"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown email: %v", err)
	}
	if _, err := s.UserByID(ctx, 999); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown id: %v", err)
	}
	list := must(s.ListUsers(ctx)).in(t)
	if len(list) != 2 || list[0].Email != "a@schule.de" || list[1].Email != "b@schule.de" {
		t.Fatalf("ListUsers = %+v, want ordered by email", list)
	}
	if n := must(s.CountAdmins(ctx)).in(t); n != 1 {
		t.Fatalf("CountAdmins = %d", n)
	}
	if err := s.SetPassword(ctx, b.ID, "neu"); err != nil {
		t.Fatal(err)
	}
	signedIn := t0.Add(time.Hour)
	if err := s.RecordSignIn(ctx, b.ID, signedIn); err != nil {
		t.Fatal(err)
	}
	if got := must(s.UserByID(ctx, b.ID)).in(t); got.PasswordHash != "neu" || !got.LastSignInAt.Equal(signedIn) {
		t.Fatalf("after SetPassword and RecordSignIn: %+v", got)
	}
	if err := s.SetPassword(ctx, 999, "x"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetPassword of an unknown account: %v", err)
	}
}

func testLastAdmin(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	a := addUser(t, s, "a@schule.de", store.RoleAdmin)
	u := addUser(t, s, "u@schule.de", store.RoleUser)
	if _, err := s.SetRole(ctx, a.ID, store.RoleUser); !errors.Is(err, store.ErrLastAdmin) {
		t.Fatalf("demote the last admin: %v", err)
	}
	if err := s.DeleteUser(ctx, a.ID); !errors.Is(err, store.ErrLastAdmin) {
		t.Fatalf("delete the last admin: %v", err)
	}
	if _, err := s.SetRole(ctx, 999, store.RoleUser); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("unknown account: %v", err)
	}
	if got := must(s.SetRole(ctx, u.ID, store.RoleAdmin)).in(t); got.Role != store.RoleAdmin {
		t.Fatalf("promote: %+v", got)
	}
	if got := must(s.SetRole(ctx, a.ID, store.RoleUser)).in(t); got.Role != store.RoleUser {
		t.Fatalf("demote with another admin left: %+v", got)
	}
	if err := s.DeleteUser(ctx, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := s.DeleteUser(ctx, u.ID); !errors.Is(err, store.ErrLastAdmin) {
		t.Fatalf("delete the now last admin: %v", err)
	}
}

func testTokens(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "setup-1", Kind: store.TokenSetup, ExpiresAt: t0.Add(time.Hour)}))
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "setup-2", Kind: store.TokenSetup, ExpiresAt: t0.Add(time.Hour)}))
	if _, err := s.ValidToken(ctx, store.TokenSetup, "setup-1", t0.Add(time.Hour)); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a token at its expiry time: %v, want ErrNotFound", err)
	}
	if _, err := s.ValidToken(ctx, store.TokenInvite, "setup-1", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a setup token used as invite: %v", err)
	}
	first := must(s.CreateFirstAdmin(ctx, "setup-1", store.User{Email: "chef@schule.de", PasswordHash: "h", CreatedAt: t0}, t0)).in(t)
	if first.Role != store.RoleAdmin {
		t.Fatalf("first admin: %+v", first)
	}
	if _, err := s.CreateFirstAdmin(ctx, "setup-1", store.User{Email: "x@schule.de", PasswordHash: "h", CreatedAt: t0}, t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("setup token used twice: %v", err)
	}
	if _, err := s.CreateFirstAdmin(ctx, "setup-2", store.User{Email: "y@schule.de", PasswordHash: "h", CreatedAt: t0}, t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a second setup link while an admin exists: %v", err)
	}

	invited := must(s.CreateUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0})).in(t)
	if !invited.Pending() {
		t.Fatal("an account without password is not pending")
	}
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "inv", Kind: store.TokenInvite, UserID: invited.ID, ExpiresAt: t0.Add(24 * time.Hour)}))
	tok := must(s.ValidToken(ctx, store.TokenInvite, "inv", t0)).in(t)
	if tok.UserID != invited.ID || !tok.ExpiresAt.Equal(t0.Add(24*time.Hour)) {
		t.Fatalf("invite token %+v", tok)
	}
	// An operator's set-password makes an open invitation useless.
	other := must(s.CreateUser(ctx, store.User{Email: "zwei@schule.de", Role: store.RoleAdmin, CreatedAt: t0})).in(t)
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "inv2", Kind: store.TokenInvite, UserID: other.ID, ExpiresAt: t0.Add(24 * time.Hour)}))
	noErr(t, s.SetPassword(ctx, other.ID, "set-by-operator"))
	if _, err := s.AcceptInvite(ctx, "inv2", "attacker", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("an invitation replaced a password set meanwhile: %v", err)
	}
	if got := must(s.UserByID(ctx, other.ID)).in(t); got.PasswordHash != "set-by-operator" {
		t.Fatalf("password after the refused invitation: %q", got.PasswordHash)
	}

	accepted := must(s.AcceptInvite(ctx, "inv", "pw-hash", t0)).in(t)
	if accepted.ID != invited.ID || accepted.PasswordHash != "pw-hash" {
		t.Fatalf("accepted %+v", accepted)
	}
	if _, err := s.AcceptInvite(ctx, "inv", "other", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("invite used twice: %v", err)
	}
}

func testSessions(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	u := addUser(t, s, "a@schule.de", store.RoleAdmin)
	for _, h := range []string{"s1", "s2", "s3"} {
		noErr(t, s.CreateSession(ctx, store.Session{TokenHash: h, UserID: u.ID, CreatedAt: t0, LastSeenAt: t0}))
	}
	ses, owner := must2(s.SessionByHash(ctx, "s1")).in(t)
	if ses.UserID != u.ID || owner.Email != "a@schule.de" || !ses.CreatedAt.Equal(t0) {
		t.Fatalf("SessionByHash = %+v, %+v", ses, owner)
	}
	later := t0.Add(2 * time.Hour)
	noErr(t, s.TouchSession(ctx, "s1", later))
	if ses, _ = must2(s.SessionByHash(ctx, "s1")).in(t); !ses.LastSeenAt.Equal(later) {
		t.Fatalf("touched session last seen %v, want %v", ses.LastSeenAt, later)
	}
	noErr(t, s.DeleteOtherSessions(ctx, u.ID, "s1"))
	for h, want := range map[string]bool{"s1": true, "s2": false, "s3": false} {
		if _, _, err := s.SessionByHash(ctx, h); (err == nil) != want {
			t.Fatalf("session %s present = %v, want %v", h, err == nil, want)
		}
	}
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "old", UserID: u.ID, CreatedAt: t0.Add(-40 * 24 * time.Hour), LastSeenAt: later}))
	noErr(t, s.DeleteExpiredSessions(ctx, t0.Add(time.Hour), t0.Add(-30*24*time.Hour)))
	if _, _, err := s.SessionByHash(ctx, "old"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a session past the absolute limit survived pruning: %v", err)
	}
	if _, _, err := s.SessionByHash(ctx, "s1"); err != nil {
		t.Fatalf("a live session was pruned: %v", err)
	}
	noErr(t, s.DeleteSession(ctx, "s1"))
	if _, _, err := s.SessionByHash(ctx, "s1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted session: %v", err)
	}
}

// must2 is must for SessionByHash's two values.
func must2(s store.Session, u store.User, err error) result2 { return result2{s, u, err} }

type result2 struct {
	s   store.Session
	u   store.User
	err error
}

func (r result2) in(t testing.TB) (store.Session, store.User) {
	t.Helper()
	if r.err != nil {
		t.Fatal(r.err)
	}
	return r.s, r.u
}

func testLoginFailures(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	for i := range 3 {
		noErr(t, s.RecordLoginFailure(ctx, "email:a", t0.Add(time.Duration(i)*time.Minute)))
	}
	noErr(t, s.RecordLoginFailure(ctx, "addr:1", t0))
	n, oldest, err := s.LoginFailures(ctx, "email:a", t0.Add(time.Minute))
	if err != nil || n != 2 || !oldest.Equal(t0.Add(time.Minute)) {
		t.Fatalf("LoginFailures since t0+1m = %d, %v, %v; want 2 from t0+1m", n, oldest, err)
	}
	// The keys under "email:a" (per address, per session) go with it; a key that merely starts
	// with the same letters does not. Multi-byte letters count as one, in both backends.
	for _, key := range []string{"email:a addr:1", "email:a session:x", "email:ab", "email:ä", "email:ä addr:1"} {
		noErr(t, s.RecordLoginFailure(ctx, key, t0))
	}
	noErr(t, s.ClearLoginFailures(ctx, "email:a"))
	noErr(t, s.ClearLoginFailures(ctx, "email:ä"))
	for key, want := range map[string]int{"email:a": 0, "email:a addr:1": 0, "email:a session:x": 0, "email:ä addr:1": 0,
		"addr:1": 1, "email:ab": 1} {
		if n, _, _ = s.LoginFailures(ctx, key, t0.Add(-time.Hour)); n != want {
			t.Errorf("%s: %d failures after clearing email:a and email:ä, want %d", key, n, want)
		}
	}
}

func testDeleteUserCascades(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	addUser(t, s, "chef@schule.de", store.RoleAdmin)
	u := addUser(t, s, "weg@schule.de", store.RoleUser)
	noErr(t, s.CreateSession(ctx, store.Session{TokenHash: "ses", UserID: u.ID, CreatedAt: t0, LastSeenAt: t0}))
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "inv", Kind: store.TokenInvite, UserID: u.ID, ExpiresAt: t0.Add(time.Hour)}))
	noErr(t, s.DeleteUser(ctx, u.ID))
	if _, _, err := s.SessionByHash(ctx, "ses"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("session of a deleted account: %v", err)
	}
	if _, err := s.ValidToken(ctx, store.TokenInvite, "inv", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("invite of a deleted account: %v", err)
	}
	if err := s.DeleteUser(ctx, u.ID); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleting twice: %v", err)
	}
}

func testInvitedUser(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	u := must(s.CreateInvitedUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "inv", Kind: store.TokenInvite, ExpiresAt: t0.Add(24 * time.Hour)})).in(t)
	if !u.Pending() || u.Email != "neu@schule.de" {
		t.Fatalf("invited user %+v", u)
	}
	if tok := must(s.ValidToken(ctx, store.TokenInvite, "inv", t0)).in(t); tok.UserID != u.ID {
		t.Fatalf("token belongs to %d, want %d", tok.UserID, u.ID)
	}
	_, err := s.CreateInvitedUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "inv-2", Kind: store.TokenInvite, ExpiresAt: t0.Add(24 * time.Hour)})
	if !errors.Is(err, store.ErrEmailTaken) {
		t.Fatalf("a second account for the email: %v", err)
	}
	if _, err := s.ValidToken(ctx, store.TokenInvite, "inv-2", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the refused account left its token behind: %v", err)
	}
}
