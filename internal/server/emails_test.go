package server

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
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

// An email that lower-casing or compatibility normalization would turn into
// another one ("ADMİN@" into "admin@", the Kelvin sign into "k") is refused
// where accounts are made, and finds no account at sign-in, whoever has the
// address it would become.
func TestEmailsThatLowerCasingWouldMerge(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	refused := []string{`"code":"validation_failed"`, `"email":"Die E-Mail-Adresse enthält unsichtbare oder nicht zulässige Sonderzeichen."`}
	var cases []apiCase
	for name, email := range map[string]string{
		"dotted capital I":       "ADM\u0130N@schule.de",
		"Kelvin sign":            "\u212Aarl@schule.de",
		"Kelvin sign, domain":    "karl@s\u212Aule.de",
		"long s":                 "\u017Ftrauss@schule.de",
		"Angstrom sign":          "\u212Bsa@schule.de",
		"full-width":             "\uff4eeu@schule.de",
		"right-to-left override": "neu\u202e@schule.de",
	} {
		cases = append(cases,
			apiCase{"add: " + name, "POST", "/api/v1/users", `{"email":"` + email + `","role":"user"}`, "admin", nil, 422, refused},
			apiCase{"sign in: " + name, "POST", "/api/v1/auth/login", loginBody(email, goodPassword), "", nil, 401, []string{`"code":"invalid_credentials"`}})
	}
	cases = append(cases,
		apiCase{"the admin signs in as typed", "POST", "/api/v1/auth/login", loginBody("ADMIN@schule.de", goodPassword), "", nil, 200, nil},
		apiCase{"ß is an ordinary letter", "POST", "/api/v1/users", `{"email":"Strauß@schule.de","role":"user"}`, "admin", nil, 201,
			[]string{`"email":"strauß@schule.de"`}})
	e.run(cases)
	list, _ := e.st.ListUsers(context.Background())
	if len(list) != 2 {
		t.Fatalf("%d accounts, want the admin and strauß@: %+v", len(list), list)
	}
}

// The first admin's setup link refuses such an email too.
func TestSetupRefusesEmailsThatLowerCasingWouldMerge(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	token, hash := auth.NewToken()
	if err := e.st.CreateToken(context.Background(), store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	e.run([]apiCase{
		{"Kelvin sign", "POST", "/api/v1/auth/setup/" + token, `{"email":"\u212Aarl@schule.de","password":"` + goodPassword + `"}`, "", nil, 422,
			[]string{`"email":"Die E-Mail-Adresse enthält unsichtbare oder nicht zulässige Sonderzeichen."`}},
		{"the link still works", "GET", "/api/v1/auth/setup/" + token, "", "", nil, 204, nil},
	})
}
