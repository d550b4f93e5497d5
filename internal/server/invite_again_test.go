package server

import (
	"bytes"
	"context"
	"log/slog"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
)

// invitedAnswer is the part of an invitation answer the tests read.
type invitedAnswer struct {
	User struct {
		ID      int64  `json:"id"`
		Email   string `json:"email"`
		Pending bool   `json:"pending"`
	} `json:"user"`
	InviteLink      string    `json:"inviteLink"`
	InviteExpiresAt time.Time `json:"inviteExpiresAt"`
	LinkWarning     string    `json:"linkWarning"`
}

func inviteToken(t *testing.T, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil || len(u.Query().Get("invite")) < 40 {
		t.Fatalf("invite link %q", link)
	}
	return u.Query().Get("invite")
}

// syncBuffer is a log the handlers write to while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// A lost or expired invitation is issued again: the earlier link stops
// working at once, the new one sets the password, and an account that has
// one gets no invitation any more (docs/spec.md §5).
func TestInviteIssuedAgain(t *testing.T) {
	var log syncBuffer
	e := newAPIEnv(t, "https://noten.schule.de", func(d *Deps) { d.Logger = slog.New(slog.NewTextHandler(&log, nil)) })
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	e.addUser("user", "user@schule.de", store.RoleUser)
	rec := e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)
	first := decode[invitedAnswer](t, rec)
	firstToken := inviteToken(t, first.InviteLink)
	path := "/api/v1/users/" + strconv.FormatInt(first.User.ID, 10) + "/invitation"

	e.run([]apiCase{
		{"signed out", "POST", path, "", "", nil, 401, []string{`"code":"unauthenticated"`}},
		{"as user", "POST", path, "", "user", nil, 403, []string{`"code":"forbidden"`}},
		{"cross-origin", "POST", path, "", "admin", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403, []string{`"code":"cross_origin"`}},
		{"unknown account", "POST", "/api/v1/users/99/invitation", "", "admin", nil, 404, []string{`"code":"not_found"`}},
		{"not a number", "POST", "/api/v1/users/neu/invitation", "", "admin", nil, 404, []string{`"code":"not_found"`}},
		{"an account with a password", "POST", "/api/v1/users/2/invitation", "", "admin", nil, 409,
			[]string{`{"error":{"code":"invite_not_needed","message":"Dieses Konto hat schon ein Passwort; eine Einladung ist nicht mehr nötig."}}`}},
	})
	if strings.Contains(log.String(), "invitation issued again") {
		t.Fatalf("a refused request was logged as issued: %s", log.String())
	}

	rec = e.do("POST", path, "", "admin", nil)
	if rec.Code != 200 {
		t.Fatalf("issue again: %d %s", rec.Code, rec.Body)
	}
	again := decode[invitedAnswer](t, rec)
	secondToken := inviteToken(t, again.InviteLink)
	if again.User.ID != first.User.ID || again.User.Email != "neu@schule.de" || !again.User.Pending ||
		!again.InviteExpiresAt.Equal(e.now.Add(InviteValidity)) || again.LinkWarning != "" || secondToken == firstToken {
		t.Fatalf("issued again: %+v, want a new 24-hour link for the pending neu@schule.de", again)
	}
	e.run([]apiCase{ // the first link has not expired: it fails for being replaced

		{"first link checked", "GET", "/api/v1/auth/invite/" + firstToken, "", "", nil, 404, []string{`"code":"invite_invalid"`}},
		{"first link used", "POST", "/api/v1/auth/invite/" + firstToken, `{"password":"` + goodPassword + `"}`, "", nil, 404, []string{`"code":"invite_invalid"`}},
		{"new link checked", "GET", "/api/v1/auth/invite/" + secondToken, "", "", nil, 200, []string{`{"email":"neu@schule.de"}`}},
		{"new link used", "POST", "/api/v1/auth/invite/" + secondToken, `{"password":"` + goodPassword + `"}`, "", nil, 200, []string{`"pending":false`}},
		{"no invitation once the password is set", "POST", path, "", "admin", nil, 409, []string{`"code":"invite_not_needed"`}},
	})
	logged := log.String()
	if !strings.Contains(logged, "invitation issued again") || !strings.Contains(logged, "user="+strconv.FormatInt(first.User.ID, 10)) {
		t.Errorf("the new invitation is not in the log: %s", logged)
	}
	if strings.Contains(logged, secondToken) || strings.Contains(logged, firstToken) {
		t.Errorf("the log holds a link: %s", logged)
	}

	// An account that signs in at the school's identity provider gets no link:
	// it would be a second way in.
	linked := decode[invitedAnswer](t, e.do("POST", "/api/v1/users", `{"email":"sso@schule.de","role":"user"}`, "admin", nil))
	if _, err := e.st.LinkSubject(context.Background(), linked.User.ID, "https://idp.schule.de", "sub-sso"); err != nil {
		t.Fatal(err)
	}
	e.run([]apiCase{{"an account linked to the provider", "POST", "/api/v1/users/" + strconv.FormatInt(linked.User.ID, 10) + "/invitation", "", "admin", nil, 409,
		[]string{`"code":"invite_not_needed","message":"Dieses Konto meldet sich über den Identitätsanbieter der Schule an`}}})

	// The usual case: the link expired unused.
	late := decode[invitedAnswer](t, e.do("POST", "/api/v1/users", `{"email":"spaet@schule.de","role":"user"}`, "admin", nil))
	e.now = e.now.Add(InviteValidity + time.Hour)
	e.cookies["admin"] = e.login("admin@schule.de", goodPassword)
	rec = e.do("POST", "/api/v1/users/"+strconv.FormatInt(late.User.ID, 10)+"/invitation", "", "admin", nil)
	if rec.Code != 200 {
		t.Fatalf("after the link expired: %d %s", rec.Code, rec.Body)
	}
	e.run([]apiCase{{"the new link after the expired one", "GET", "/api/v1/auth/invite/" + inviteToken(t, decode[invitedAnswer](t, rec).InviteLink),
		"", "", nil, 200, []string{`{"email":"spaet@schule.de"}`}}})
}

// The new link warns about localhost as the first one does: one answer for both.
func TestInviteIssuedAgainWarnsAboutLocalhost(t *testing.T) {
	e := newAPIEnv(t, "http://localhost:8080")
	e.addUser("admin", "admin@schule.de", store.RoleAdmin)
	id := decode[invitedAnswer](t, e.do("POST", "/api/v1/users", `{"email":"neu@schule.de","role":"user"}`, "admin", nil)).User.ID
	rec := e.do("POST", "/api/v1/users/"+strconv.FormatInt(id, 10)+"/invitation", "", "admin", nil)
	if got := decode[invitedAnswer](t, rec); rec.Code != 200 || got.LinkWarning != msgLocalLink || !strings.HasPrefix(got.InviteLink, "http://localhost:8080/") {
		t.Fatalf("%d %s: want the new link with the localhost warning", rec.Code, rec.Body)
	}
}
