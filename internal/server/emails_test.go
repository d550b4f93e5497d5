package server

import (
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// Emails are stored in NFC, and a new account whose email folds to an
// existing one's (boß/boss, any spelling of ö) is refused.
func TestEmailsAreNormalizedAndFolded(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "boß@schule.de", store.RoleAdmin)
	e.addUser("jörg", "jörg@schule.de", store.RoleUser) // NFC, as typed on most keyboards
	taken := []string{`"code":"email_taken"`}
	e.run([]apiCase{
		{"ss for ß", "POST", "/api/v1/users", `{"email":"BOSS@schule.de","role":"user"}`, "admin", nil, 409, taken},
		{"decomposed ö", "POST", "/api/v1/users", `{"email":"jo\u0308rg@schule.de","role":"user"}`, "admin", nil, 409, taken},
		{"capital ẞ", "POST", "/api/v1/users", `{"email":"BOẞ@schule.de","role":"user"}`, "admin", nil, 409, taken},
		{"another person", "POST", "/api/v1/users", `{"email":"bos@schule.de","role":"user"}`, "admin", nil, 201, nil},
		{"sign-in with the decomposed spelling", "POST", "/api/v1/auth/login", loginBody("JO\u0308RG@schule.de", goodPassword), "", nil, 200,
			[]string{`"email":"jörg@schule.de"`}},
	})
}

// An invite link on a server without a public address points to localhost:
// the admin is told so with the link, which otherwise carries no warning.
func TestInviteLinkWarnsAboutLocalhost(t *testing.T) {
	for base, warn := range map[string]bool{"http://localhost:8080": true, "http://127.0.0.1:8080": true, "https://noten.schule.de": false} {
		e := newAPIEnv(t, base)
		e.addUser("admin", "admin@schule.de", store.RoleAdmin)
		rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
		if rec.Code != 201 {
			t.Fatalf("%s: %d %s", base, rec.Code, rec.Body)
		}
		if got := strings.Contains(rec.Body.String(), `"linkWarning":"Dieser Link zeigt auf localhost`); got != warn {
			t.Errorf("%s: warning %v, want %v: %s", base, got, warn, rec.Body)
		}
	}
}
