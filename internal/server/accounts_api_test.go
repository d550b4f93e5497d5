package server

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

func TestUsersAPI(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	e.run([]apiCase{
		{"list signed out", "GET", "/api/v1/users", "", "", nil, 401, nil},
		{"list as user", "GET", "/api/v1/users", "", "user", nil, 403, nil},
		{"list", "GET", "/api/v1/users", "", "admin", nil, 200,
			[]string{`{"users":[{"id":1,"email":"admin@schule.de","role":"admin"`, `"email":"user@schule.de","role":"user"`, `"pending":false`}},
		{"add as user", "POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "user", nil, 403, nil},
		{"add invalid", "POST", "/api/v1/users", `{"email":"kein-at","role":"chef"}`, "admin", nil, 422,
			[]string{`"email":"Bitte eine gültige E-Mail-Adresse angeben."`, `"role":"Rolle muss admin oder user sein."`}},
		{"add existing, other case", "POST", "/api/v1/users", `{"email":"USER@schule.de","role":"user"}`, "admin", nil, 409, []string{`"code":"email_taken"`}},
		{"add malformed", "POST", "/api/v1/users", `{"email":`, "admin", nil, 400, []string{`"code":"invalid_json"`}},
		{"add too large", "POST", "/api/v1/users", `{"email":"` + strings.Repeat("a", 70<<10) + `"}`, "admin", nil, 413, []string{`"code":"too_large"`}},
		{"role malformed", "PATCH", "/api/v1/users/2", `[`, "admin", nil, 400, nil},
		{"cross-origin removal", "DELETE", "/api/v1/users/2", "", "admin", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, []string{`"cross_origin"`}},
		{"demote unknown", "PATCH", "/api/v1/users/99", `{"role":"user"}`, "admin", nil, 404, nil},
		{"bad role", "PATCH", "/api/v1/users/2", `{"role":"chef"}`, "admin", nil, 422, nil},
		{"demote last admin", "PATCH", "/api/v1/users/1", `{"role":"user"}`, "admin", nil, 409,
			[]string{`{"error":{"code":"last_admin","message":"Das letzte Admin-Konto kann nicht herabgestuft werden."}}`}},
		{"remove last admin", "DELETE", "/api/v1/users/1", "", "admin", nil, 409,
			[]string{`"message":"Das letzte Admin-Konto kann nicht entfernt werden."`}},
		{"promote", "PATCH", "/api/v1/users/2", `{"role":"admin"}`, "admin", nil, 200, []string{`"role":"admin"`}},
		{"now the first may be demoted", "PATCH", "/api/v1/users/1", `{"role":"user"}`, "admin", nil, 200, []string{`"role":"user"`}},
		{"and has lost the right at once", "GET", "/api/v1/users", "", "admin", nil, 403, nil},
		{"remove unknown", "DELETE", "/api/v1/users/99", "", "user", nil, 404, nil},
		{"remove", "DELETE", "/api/v1/users/1", "", "user", nil, 204, nil},
		{"removed account is signed out", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`{"user":null}`}},
	})
}

func TestInviteFlow(t *testing.T) {
	e := newAPIEnv(t, "https://noten.schule.de")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	rec := e.do("POST", "/api/v1/users", `{"email":"Neu@Schule.de","role":"user"}`, "admin", nil)
	if rec.Code != 201 {
		t.Fatalf("add: %d %s", rec.Code, rec.Body)
	}
	added := decode[struct {
		User struct {
			Email   string `json:"email"`
			Pending bool   `json:"pending"`
		} `json:"user"`
		InviteLink      string    `json:"inviteLink"`
		InviteExpiresAt time.Time `json:"inviteExpiresAt"`
	}](t, rec)
	link, err := url.Parse(added.InviteLink)
	if err != nil || link.Scheme != "https" || link.Host != "noten.schule.de" || link.Path != "/admin" || len(link.Query().Get("invite")) < 40 {
		t.Fatalf("invite link %q: want https://noten.schule.de/admin?invite=<256-bit token>", added.InviteLink)
	}
	if !added.User.Pending || added.User.Email != "neu@schule.de" || !added.InviteExpiresAt.Equal(e.now.Add(24*time.Hour)) {
		t.Fatalf("added %+v: want pending neu@schule.de with a link for 24 h", added)
	}
	token := link.Query().Get("invite")
	e.run([]apiCase{
		{"pending cannot sign in", "POST", "/api/v1/auth/login", `{"email":"neu@schule.de","password":"` + goodPassword + `"}`, "", nil, 401, nil},
		{"check", "GET", "/api/v1/auth/invite/" + token, "", "", nil, 200, []string{`{"email":"neu@schule.de"}`}},
		{"check wrong token", "GET", "/api/v1/auth/invite/falsch", "", "", nil, 404, []string{`"code":"invite_invalid"`}},
		{"weak password", "POST", "/api/v1/auth/invite/" + token, `{"password":"password123"}`, "", nil, 422, []string{`"password":"Dieses Passwort ist zu verbreitet.`}},
		{"set password", "POST", "/api/v1/auth/invite/" + token, `{"password":"` + goodPassword + `"}`, "", nil, 200, []string{`"email":"neu@schule.de","role":"user"`, `"pending":false`}},
		{"used once", "POST", "/api/v1/auth/invite/" + token, `{"password":"` + goodPassword + `"}`, "", nil, 404, []string{`"invite_invalid"`}},
		{"signs in", "POST", "/api/v1/auth/login", `{"email":"neu@schule.de","password":"` + goodPassword + `"}`, "", nil, 200, nil},
	})

	// A link expires after 24 hours.
	rec = e.do("POST", "/api/v1/users", `{"email":"spaet@schule.de","role":"user"}`, "admin", nil)
	late, _ := url.Parse(decode[struct {
		InviteLink string `json:"inviteLink"`
	}](t, rec).InviteLink)
	e.now = e.now.Add(24*time.Hour + time.Second)
	e.run([]apiCase{{"expired", "GET", "/api/v1/auth/invite/" + late.Query().Get("invite"), "", "", nil, 404, nil}})
}

func TestSetupFlow(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	token, hash := auth.NewToken()
	if err := e.st.CreateToken(context.Background(), store.Token{Hash: hash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	first := `{"email":"Chefin@Schule.de","password":"` + goodPassword + `"}`
	e.run([]apiCase{
		{"check", "GET", "/api/v1/auth/setup/" + token, "", "", nil, 204, nil},
		{"check wrong", "GET", "/api/v1/auth/setup/falsch", "", "", nil, 404, []string{`"code":"setup_invalid"`}},
		{"invalid fields", "POST", "/api/v1/auth/setup/" + token, `{"email":"x","password":"kurz"}`, "", nil, 422,
			[]string{`"email":"Bitte eine gültige E-Mail-Adresse angeben."`, `"password":"Mindestens 10 Zeichen."`}},
		{"create first admin", "POST", "/api/v1/auth/setup/" + token, first, "", nil, 200, []string{`"email":"chefin@schule.de","role":"admin"`}},
		{"used once", "POST", "/api/v1/auth/setup/" + token, strings.Replace(first, "Chefin", "Zweite", 1), "", nil, 404, nil},
	})
	// A second valid link (another start) does nothing once an admin exists.
	second, hash2 := auth.NewToken()
	e.st.CreateToken(context.Background(), store.Token{Hash: hash2, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)})
	e.run([]apiCase{{"admin exists", "POST", "/api/v1/auth/setup/" + second, strings.Replace(first, "Chefin", "Zweite", 1), "", nil, 404, nil}})
	if n, _ := e.st.CountAdmins(context.Background()); n != 1 {
		t.Fatalf("%d admins, want 1", n)
	}
	// A link is valid for an hour.
	late, hash3 := auth.NewToken()
	e.st.CreateToken(context.Background(), store.Token{Hash: hash3, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)})
	e.now = e.now.Add(time.Hour)
	e.run([]apiCase{{"expired", "GET", "/api/v1/auth/setup/" + late, "", "", nil, 404, nil}})
}
