package server

import (
	"context"
	"net/url"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// startSession signs an account in without the password form (which is off
// in these tests), as the callback of the identity provider would.
func (e *apiEnv) startSession(who string, u store.User) {
	e.t.Helper()
	token, hash := auth.NewToken()
	if err := e.st.CreateSession(context.Background(), store.Session{TokenHash: hash, UserID: u.ID, CreatedAt: e.now, LastSeenAt: e.now}); err != nil {
		e.t.Fatal(err)
	}
	e.cookies[who] = token
}

// TestPasswordLoginOffSetsNoPassword: with serve --password-login=false no
// route creates or changes a password (setup, invitation, password change,
// besides the sign-in itself): each answers 403 password_login_disabled and
// changes nothing. The links still say whether they are valid, so that the
// invitation page can send the person to the identity provider.
func TestPasswordLoginOffSetsNoPassword(t *testing.T) {
	ctx := context.Background()
	e := newAPIEnv(t, "https://noten.schule.de", func(d *Deps) { d.NoPasswordLogin = true })
	off := []string{`{"error":{"code":"password_login_disabled","message":"Die Anmeldung mit Passwort ist abgeschaltet."}}`}
	setup, setupHash := auth.NewToken()
	if err := e.st.CreateToken(ctx, store.Token{Hash: setupHash, Kind: store.TokenSetup, ExpiresAt: e.now.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	first := `{"email":"chefin@schule.de","password":"` + goodPassword + `"}`
	e.run([]apiCase{
		{"setup link checked", "GET", "/api/v1/auth/setup/" + setup, "", "", nil, 204, nil},
		{"setup sets no password", "POST", "/api/v1/auth/setup/" + setup, first, "", nil, 403, off},
		{"setup refused before the body is read", "POST", "/api/v1/auth/setup/" + setup, `{"email":`, "", nil, 403, off},
		{"setup link still valid", "GET", "/api/v1/auth/setup/" + setup, "", "", nil, 204, nil},
	})
	if n, err := e.st.CountAdmins(ctx); err != nil || n != 0 {
		t.Fatalf("the refused setup created %d admins (%v)", n, err)
	}

	hash, _ := auth.HashPassword(goodPassword, cheapParams)
	admin, err := e.st.CreateUser(ctx, store.User{Email: "admin@schule.de", Role: store.RoleAdmin, PasswordHash: hash, CreatedAt: e.now})
	if err != nil {
		t.Fatal(err)
	}
	e.startSession("admin", admin)
	rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
	if rec.Code != 201 {
		t.Fatalf("adding an account while passwords are off: %d %s", rec.Code, rec.Body)
	}
	link, _ := url.Parse(decode[struct {
		InviteLink string `json:"inviteLink"`
	}](t, rec).InviteLink)
	invite := link.Query().Get("invite")
	change := `{"currentPassword":"` + goodPassword + `","newPassword":"Ganz-neues-Passwort-77"}`
	e.run([]apiCase{
		{"sign-in", "POST", "/api/v1/auth/login", `{"email":"admin@schule.de","password":"` + goodPassword + `"}`, "", nil, 403, off},
		{"invitation checked", "GET", "/api/v1/auth/invite/" + invite, "", "", nil, 200, []string{`{"email":"neu@schule.de"}`}},
		{"invitation sets no password", "POST", "/api/v1/auth/invite/" + invite, `{"password":"` + goodPassword + `"}`, "", nil, 403, off},
		{"invitation refused before the body is read", "POST", "/api/v1/auth/invite/" + invite, `[`, "", nil, 403, off},
		{"invitation still valid", "GET", "/api/v1/auth/invite/" + invite, "", "", nil, 200, nil},
		{"password change signed out", "POST", "/api/v1/auth/password", change, "", nil, 401, nil},
		{"password change", "POST", "/api/v1/auth/password", change, "admin", nil, 403, off},
		{"the session stays", "GET", "/api/v1/auth/session", "", "admin", nil, 200, []string{`"email":"admin@schule.de"`}},
	})
	if u, err := e.st.UserByID(ctx, admin.ID); err != nil || u.PasswordHash != hash {
		t.Fatalf("the refused password change changed the hash: %v", err)
	}
	if u, err := e.st.UserByEmail(ctx, "neu@schule.de"); err != nil || u.PasswordHash != "" || !u.Pending() {
		t.Fatalf("the refused invitation set a password: %+v %v", u, err)
	}
}
