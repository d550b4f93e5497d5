package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// testSchoolOIDC: no provider configuration on a new database; one is stored with every field
// (the secret and the password switch too) and read back as given, with the store's clock; a
// second replaces it whole (password sign-in off, a school claim); removing it leaves none, and
// removing none says so. Neither the accounts nor the Land change.
func testSchoolOIDC(t *testing.T, open Opener) {
	ctx := context.Background()
	now := t0
	s := open(t, func() time.Time { return now })
	if _, err := s.SchoolOIDC(ctx); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("a new database: %v, want ErrNotFound", err)
	}
	if err := s.DeleteSchoolOIDC(ctx); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("removing none: %v, want ErrNotFound", err)
	}
	noErr(t, s.SetSchoolLand(ctx, "HE"))
	own := store.OIDCConfig{Issuer: "https://idp.gs-nord.de", ClientID: "noten", ClientSecret: "geheim ß \"'",
		Name: "IServ", AllowedDomains: "gs-nord.de, schule.de", AdminGroup: "admins", UserGroup: "lehrkraefte",
		GroupsClaim: "groups", Scopes: "openid email profile groups", PasswordLogin: true}
	noErr(t, s.SetSchoolOIDC(ctx, own))
	want := own
	want.UpdatedAt = t0
	if got := must(s.SchoolOIDC(ctx)).in(t); got != want {
		t.Fatalf("read back\n got %+v\nwant %+v", got, want)
	}
	now = t0.Add(time.Hour)
	shared := store.OIDCConfig{Issuer: "https://login.traeger.de/realms/schulen", ClientID: "notenrechner",
		ClientSecret: "anders", Name: "Schulträger-Konto", Scopes: "openid email profile",
		SchoolClaim: "school", SchoolClaimValue: "gs-nord"}
	noErr(t, s.SetSchoolOIDC(ctx, shared))
	want = shared
	want.UpdatedAt = now
	if got := must(s.SchoolOIDC(ctx)).in(t); got != want {
		t.Fatalf("replaced\n got %+v\nwant %+v", got, want)
	}
	noErr(t, s.DeleteSchoolOIDC(ctx))
	if _, err := s.SchoolOIDC(ctx); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("after removing: %v, want ErrNotFound", err)
	}
	if land := must(s.SchoolLand(ctx)).in(t); land != "HE" {
		t.Fatalf("the Land became %q", land)
	}
}
