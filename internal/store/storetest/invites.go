package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// testInvitesEndAtLink: an invitation is a way to set a password; once the
// account is linked to the school's identity provider it must not become a
// second credential, which would outlive the person's offboarding there.
// Linking uses up the account's open invitations, in the same transaction,
// and no invitation is made for a linked account.
func testInvitesEndAtLink(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	invited := must(s.CreateInvitedUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "inv", Kind: store.TokenInvite, ExpiresAt: t0.Add(24 * time.Hour)})).in(t)
	noErr(t, s.CreateToken(ctx, store.Token{Hash: "inv-2", Kind: store.TokenInvite, UserID: invited.ID, ExpiresAt: t0.Add(24 * time.Hour)}))
	other := must(s.CreateInvitedUser(ctx, store.User{Email: "andere@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "inv-other", Kind: store.TokenInvite, ExpiresAt: t0.Add(24 * time.Hour)})).in(t)

	must(s.LinkSubject(ctx, invited.ID, issuer, "sub-neu")).in(t)
	for _, hash := range []string{"inv", "inv-2"} {
		if _, err := s.ValidToken(ctx, store.TokenInvite, hash, t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("invitation %s after the link: %v, want ErrNotFound", hash, err)
		}
		if _, err := s.AcceptInvite(ctx, hash, "a-second-credential", t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("accepting invitation %s after the link: %v, want ErrNotFound", hash, err)
		}
	}
	if u := must(s.UserByID(ctx, invited.ID)).in(t); u.PasswordHash != "" || u.OIDCSubject != "sub-neu" {
		t.Fatalf("after the link and the refused invitations: %+v", u)
	}
	if err := s.CreateToken(ctx, store.Token{Hash: "inv-3", Kind: store.TokenInvite, UserID: invited.ID, ExpiresAt: t0.Add(time.Hour)}); !errors.Is(err, store.ErrAccountLinked) {
		t.Fatalf("an invitation for a linked account: %v, want ErrAccountLinked", err)
	}
	if _, err := s.ValidToken(ctx, store.TokenInvite, "inv-3", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the refused invitation was stored: %v", err)
	}
	// Another account's invitation stays, and a link refused for a taken identity uses nothing up.
	if _, err := s.LinkSubject(ctx, other.ID, issuer, "sub-neu"); !errors.Is(err, store.ErrSubjectTaken) {
		t.Fatalf("linking a second account to one identity: %v", err)
	}
	accepted := must(s.AcceptInvite(ctx, "inv-other", "hash", t0)).in(t)
	if accepted.ID != other.ID || accepted.PasswordHash != "hash" {
		t.Fatalf("the other account's invitation: %+v", accepted)
	}
}

// testReissueInvite: a new invitation replaces the earlier ones of a pending
// account at once (a lost or forwarded link must not stay usable), and an
// account that no longer waits for its password gets none.
func testReissueInvite(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, fixedClock())
	day := t0.Add(24 * time.Hour)
	invited := must(s.CreateInvitedUser(ctx, store.User{Email: "neu@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "old", Kind: store.TokenInvite, ExpiresAt: day})).in(t)
	other := must(s.CreateInvitedUser(ctx, store.User{Email: "andere@schule.de", Role: store.RoleUser, CreatedAt: t0},
		store.Token{Hash: "other", Kind: store.TokenInvite, ExpiresAt: day})).in(t)

	got := must(s.ReissueInvite(ctx, store.Token{Hash: "new", Kind: store.TokenInvite, UserID: invited.ID, ExpiresAt: day})).in(t)
	if got.ID != invited.ID || got.Email != "neu@schule.de" || !got.Pending() {
		t.Fatalf("reissued for %+v", got)
	}
	if _, err := s.AcceptInvite(ctx, "old", "hash-old", t0); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("accepting the replaced link: %v, want ErrNotFound", err)
	}
	if tok := must(s.ValidToken(ctx, store.TokenInvite, "other", t0)).in(t); tok.UserID != other.ID {
		t.Fatalf("another account's link: %+v", tok)
	}
	accepted := must(s.AcceptInvite(ctx, "new", "hash-new", t0)).in(t)
	if accepted.ID != invited.ID || accepted.PasswordHash != "hash-new" {
		t.Fatalf("accepting the new link: %+v", accepted)
	}

	// No longer pending, unknown: refused, and nothing stored.
	must(s.LinkSubject(ctx, other.ID, issuer, "sub-andere")).in(t)
	for _, c := range []struct {
		name string
		id   int64
		want error
	}{
		{"with a password", invited.ID, store.ErrHasPassword},
		{"linked to the provider", other.ID, store.ErrAccountLinked},
		{"unknown", other.ID + 100, store.ErrNotFound},
	} {
		hash := "refused-" + c.name
		if _, err := s.ReissueInvite(ctx, store.Token{Hash: hash, Kind: store.TokenInvite, UserID: c.id, ExpiresAt: day}); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
		if _, err := s.ValidToken(ctx, store.TokenInvite, hash, t0); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("%s: the refused link was stored: %v", c.name, err)
		}
	}
	if u := must(s.UserByID(ctx, invited.ID)).in(t); u.PasswordHash != "hash-new" {
		t.Fatalf("the refused invitation changed the account: %+v", u)
	}
}
