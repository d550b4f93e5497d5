package auth

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/notenrechner/notenrechner/internal/sso"
	"github.com/notenrechner/notenrechner/internal/store"
)

const issuer = "https://idp.schule.de"

func identity(subject, email string, groups ...string) sso.Identity {
	return sso.Identity{Issuer: issuer, Subject: subject, Email: email, EmailVerified: true, Groups: groups}
}

// The mapping of a verified identity to an account (identityAccount), by
// email and by groups; the browser flow around it is tested with a real
// provider in internal/server (sso_test.go).
func TestIdentityAccount(t *testing.T) {
	for _, groups := range []bool{false, true} {
		school := &SSO{AllowedDomains: []string{"schule.de"}}
		if groups {
			school.AdminGroup, school.UserGroup = "admins", "lehrkraefte"
		}
		e := newSignInEnv(t, school)
		ctx := context.Background()
		admin := e.addAccount("admin@schule.de", store.RoleAdmin, true)
		e.addAccount("strasse@schule.de", store.RoleUser, false)
		other := e.addAccount("andere@schule.de", store.RoleUser, false)
		if _, err := e.st.LinkSubject(ctx, other.ID, issuer, "jemand-anders"); err != nil {
			t.Fatal(err)
		}
		unverified := identity("s1", "admin@schule.de", "admins")
		unverified.EmailVerified = false
		for _, c := range []struct {
			name string
			id   sso.Identity
			want error
		}{
			{"unverified email", unverified, ErrEmailUnverified},
			{"no email", identity("s1", "", "admins"), ErrEmailUnverified},
			{"not an email", identity("s1", "admin", "admins"), ErrEmailUnverified},
			{"Kelvin sign", identity("s1", "\u212Aarl@schule.de", "admins"), ErrEmailRefused},
			{"dotted capital I", identity("s1", "ADM\u0130N@schule.de", "admins"), ErrEmailRefused},
			{"another domain", identity("s1", "admin@andere-schule.de", "admins"), ErrDomain},
			{"another spelling of an account's email", identity("s1", "straße@schule.de", "lehrkraefte"), ErrEmailConflict},
			{"linked to another person", identity("s1", "andere@schule.de", "lehrkraefte"), ErrLinkedElsewhere},
		} {
			t.Run(fmt.Sprintf("groups %v, %s", groups, c.name), func(t *testing.T) {
				if _, err := e.signIn.identityAccount(ctx, c.id); !errors.Is(err, c.want) {
					t.Errorf("groups %v, %s: %v, want %v", groups, c.name, err, c.want)
				}
			})
		}
		_, err := e.signIn.identityAccount(ctx, identity("s2", "neu@schule.de", "lehrkraefte"))
		if want := map[bool]error{false: ErrNoAccount, true: nil}[groups]; !errors.Is(err, want) {
			t.Errorf("groups %v, no account: %v, want %v", groups, err, want)
		}
		if groups {
			if _, err := e.signIn.identityAccount(ctx, identity("s3", "gast@schule.de")); !errors.Is(err, ErrNoGroup) {
				t.Errorf("in no group: %v, want ErrNoGroup", err)
			}
		}

		// The account with the email is linked, and found by its link after the email changed.
		u, err := e.signIn.identityAccount(ctx, identity("s1", "Admin@Schule.de", "admins"))
		if err != nil || u.ID != admin.ID || u.OIDCSubject != "s1" || u.Role != store.RoleAdmin {
			t.Fatalf("groups %v, the admin: %+v %v", groups, u, err)
		}
		u, err = e.signIn.identityAccount(ctx, identity("s1", "chefin@schule.de", "admins"))
		if err != nil || u.ID != admin.ID || u.Email != "chefin@schule.de" {
			t.Fatalf("groups %v, the admin's new email: %+v %v", groups, u, err)
		}
		// With groups the role follows them, but never demotes the last admin.
		u, err = e.signIn.identityAccount(ctx, identity("s1", "chefin@schule.de", "lehrkraefte"))
		if err != nil || u.ID != admin.ID || u.Role != store.RoleAdmin {
			t.Errorf("groups %v, the last admin in the teachers' group: %+v %v", groups, u, err)
		}
	}
}

// TestIdentityAccountSchoolClaim: at a provider several schools share, the school claim decides
// before anything else: a person whose claim names another school (or no school) is refused, even
// one whose email has an account here; one whose claim names this school, alone or beside
// another, signs in as anywhere else. Without SSO.School the claim is not looked at.
func TestIdentityAccountSchoolClaim(t *testing.T) {
	e := newSignInEnv(t, &SSO{School: "gs-nord"})
	ctx := context.Background()
	e.addAccount("lehrer@schule.de", store.RoleUser, false)
	at := func(subject string, schools ...string) sso.Identity {
		id := identity(subject, "lehrer@schule.de")
		id.Schools = schools
		return id
	}
	for _, c := range []struct {
		name string
		id   sso.Identity
		want error
	}{
		{"another school", at("s1", "gs-sued"), ErrOtherSchool},
		{"no school claim", at("s1"), ErrOtherSchool},
		{"the school's name in another case", at("s1", "GS-Nord"), ErrOtherSchool},
		{"this school beside another", at("s1", "gs-sued", "gs-nord"), nil},
		{"this school", at("s1", "gs-nord"), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := e.signIn.identityAccount(ctx, c.id); !errors.Is(err, c.want) {
				t.Errorf("%v, want %v", err, c.want)
			}
		})
	}
	e.sso.School = ""
	if _, err := e.signIn.identityAccount(ctx, at("s1", "gs-sued")); err != nil {
		t.Errorf("without a school to check: %v", err)
	}
}
