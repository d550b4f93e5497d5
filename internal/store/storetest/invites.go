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
