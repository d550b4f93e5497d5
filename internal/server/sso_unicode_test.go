package server

import (
	"context"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// TestSSORefusesEmailsThatLowerCasingWouldMerge: a provider account whose
// verified email becomes an existing account's only by lower-casing ("İ" is
// "i", the Kelvin sign "k") does not take that account over; with group
// mapping no account is created for an email with such a character either.
// The card says why (email_refused), and nothing is linked or created.
func TestSSORefusesEmailsThatLowerCasingWouldMerge(t *testing.T) {
	for _, groups := range []bool{false, true} {
		e := newSSOEnv(t, func(s *SSO, _ *Deps) {
			if groups {
				s.AdminGroup, s.UserGroup = "notenrechner-admins", "lehrkraefte"
			}
		})
		admin := e.addAccount("admin@schule.de", store.RoleAdmin, true)
		karl := e.addAccount("karl@schule.de", store.RoleAdmin, true)
		for _, email := range []string{
			"ADM\u0130N@schule.de",   // dotted capital I
			"\u212Aarl@schule.de",    // Kelvin sign
			"\u212AARL@SCHULE.DE",    // and in capitals
			"\u017Ftrauss@schule.de", // long s
			"admin\u202e@schule.de",  // right-to-left override
		} {
			e.op.SetEmail("lehrer", email, true)
			e.browser = e.newBrowser()
			if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath+"?sso_error=email_refused" {
				t.Errorf("groups %v, %q: sent to %q, want email_refused", groups, email, got)
			}
			if _, body := e.get("/api/v1/auth/session"); body != "{\"user\":null}\n" {
				t.Errorf("groups %v, %q: signed in as %s", groups, email, body)
			}
		}
		for _, u := range []store.User{admin, karl} {
			if got, err := e.st.UserByID(context.Background(), u.ID); err != nil || got.OIDCSubject != "" {
				t.Errorf("groups %v: %s was linked: %+v %v", groups, u.Email, got, err)
			}
		}
		if list, _ := e.st.ListUsers(context.Background()); len(list) != 2 {
			t.Errorf("groups %v: accounts were created: %+v", groups, list)
		}
	}
}
