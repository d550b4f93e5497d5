package server

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// TestSSORefusesEmailsThatLowerCasingWouldMerge: a provider account whose
// verified email becomes an existing account's only by lower-casing ("İ" is
// "i", the Kelvin sign "k") does not take that account over; with group
// mapping no account is created for an email with such a character either.
// The card says why (email_refused), and nothing is linked or created.
func TestSSORefusesEmailsThatLowerCasingWouldMerge(t *testing.T) {
	for _, groups := range []bool{false, true} {
		e := newSSOEnv(t, func(s *auth.SSO, _ *Deps) {
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

// TestSSOEmailSameOnlyAfterFolding: "strauß@" and "strauss@" are one address
// to the admin API (auth.SameEmail), so a sign-in at the provider with one
// of them neither creates a second account beside the other (group mapping)
// nor links to it (folding also merges different mailboxes): it is refused
// with email_conflict, and the log names the other account by number only.
func TestSSOEmailSameOnlyAfterFolding(t *testing.T) {
	for _, groups := range []bool{false, true} {
		logs := &lockedBuffer{}
		e := newSSOEnv(t, func(s *auth.SSO, d *Deps) {
			d.Logger = slog.New(slog.NewTextHandler(logs, nil))
			if groups {
				s.AdminGroup, s.UserGroup = "notenrechner-admins", "lehrkraefte"
			}
		})
		strauss := e.addAccount("strauss@schule.de", store.RoleUser, true)
		for _, email := range []string{"strauß@schule.de", "STRAUẞ@schule.de"} {
			e.op.SetEmail("lehrer", email, true)
			e.browser = e.newBrowser()
			if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath+"?sso_error=email_conflict" {
				t.Errorf("groups %v, %s: sent to %q, want email_conflict", groups, email, got)
			}
			if _, body := e.get("/api/v1/auth/session"); body != "{\"user\":null}\n" {
				t.Errorf("groups %v, %s: signed in as %s", groups, email, body)
			}
		}
		if list, _ := e.st.ListUsers(context.Background()); len(list) != 1 || list[0].ID != strauss.ID || list[0].OIDCSubject != "" {
			t.Errorf("groups %v: accounts after the refusals: %+v", groups, list)
		}
		if !strings.Contains(logs.String(), fmt.Sprintf("other=%d", strauss.ID)) {
			t.Errorf("groups %v: the log does not name the other account:\n%s", groups, logs)
		}
		for _, email := range []string{"strau", "schule.de"} {
			if strings.Contains(strings.ToLower(logs.String()), email) {
				t.Errorf("groups %v: the log names an email (%s):\n%s", groups, email, logs)
			}
		}
		// The address itself still signs in to its account (and links it).
		e.op.SetEmail("lehrer", "Strauss@schule.de", true)
		e.browser = e.newBrowser()
		if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath {
			t.Errorf("groups %v: strauss@ sent to %q", groups, got)
		}
	}
}
