package server

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// TestSSOLinkUsesUpTheInvitation: an invited person who signs in at the
// identity provider first (linking the account by email) cannot later set a
// password through the invitation link: that password would still open the
// account after the school removed the person at the provider.
func TestSSOLinkUsesUpTheInvitation(t *testing.T) {
	e := newSSOEnv(t, nil)
	ctx := context.Background()
	token, hash := auth.NewToken()
	invited, err := e.st.CreateInvitedUser(ctx, store.User{Email: "lehrer@schule.de", Role: store.RoleUser, CreatedAt: time.Now()},
		store.Token{Hash: hash, Kind: store.TokenInvite, ExpiresAt: time.Now().Add(InviteValidity)})
	if err != nil {
		t.Fatal(err)
	}
	if status, _ := e.get("/api/v1/auth/invite/" + token); status != 200 {
		t.Fatalf("the invitation does not work before the sign-in: %d", status)
	}
	if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath {
		t.Fatalf("the invited person's sign-in at the provider was sent to %q", got)
	}

	if status, body := e.get("/api/v1/auth/invite/" + token); status != 404 || !strings.Contains(body, `"code":"invite_invalid"`) {
		t.Errorf("the invitation still shows after the link: %d %s", status, body)
	}
	resp, err := http.Post(e.base+"/api/v1/auth/invite/"+token, "application/json", strings.NewReader(`{"password":"`+goodPassword+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 404 {
		t.Errorf("the invitation set a password after the link: %d", resp.StatusCode)
	}
	if u, err := e.st.UserByID(ctx, invited.ID); err != nil || u.PasswordHash != "" || u.OIDCSubject != "sub-lehrer" {
		t.Errorf("the account after the link: %+v %v", u, err)
	}
	resp, err = http.Post(e.base+"/api/v1/auth/login", "application/json", strings.NewReader(loginBody("lehrer@schule.de", goodPassword)))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 401 {
		t.Errorf("a password signs in to the linked account: %d", resp.StatusCode)
	}
}
