package server

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// lockedBuffer is a log the server's goroutines may write while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestSSOEmailFollowsTheProvider: a linked person whose verified email
// changed at the provider signs in to the same account, which takes the new
// email; when another account has that email (also after Unicode case
// folding), the sign-in goes on and the account keeps its email, with a
// warning in the log that names accounts by number, never an email.
func TestSSOEmailFollowsTheProvider(t *testing.T) {
	logs := &lockedBuffer{}
	e := newSSOEnv(t, func(_ *auth.SSO, d *Deps) { d.Logger = slog.New(slog.NewTextHandler(logs, nil)) })
	ctx := context.Background()
	teacher := e.addAccount("lehrer@schule.de", store.RoleUser, true)
	other := e.addAccount("strasse@schule.de", store.RoleAdmin, true)
	signedInAs := func(want string) {
		t.Helper()
		e.browser = e.newBrowser()
		if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath {
			t.Fatalf("sent to %q, want the signed-in page", got)
		}
		_, body := e.get("/api/v1/auth/session")
		if u := sessionOf(t, body); u.ID != teacher.ID || u.Email != want || u.Role != store.RoleUser {
			t.Fatalf("session %s, want account %d as %s", body, teacher.ID, want)
		}
	}
	signedInAs("lehrer@schule.de") // links the account

	e.op.SetEmail("lehrer", "L.Mueller@Schule.de", true)
	signedInAs("l.mueller@schule.de")
	if _, err := e.st.UserByEmail(ctx, "lehrer@schule.de"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("the old email still finds an account: %v", err)
	}
	if !strings.Contains(logs.String(), "email of an account follows the identity provider") {
		t.Fatalf("the change was not logged:\n%s", logs)
	}

	for _, taken := range []string{"strasse@schule.de", "straße@schule.de"} { // the same, and the same after folding
		e.op.SetEmail("lehrer", taken, true)
		signedInAs("l.mueller@schule.de")
	}
	if u, err := e.st.UserByID(ctx, other.ID); err != nil || u.Email != "strasse@schule.de" || u.OIDCSubject != "" {
		t.Fatalf("the other account changed: %+v %v", u, err)
	}
	if n := strings.Count(logs.String(), "keeps its own"); n != 2 {
		t.Fatalf("%d warnings about a taken email, want 2:\n%s", n, logs)
	}
	for _, email := range []string{"lehrer@", "mueller", "strasse", "straße", "stra\\u00df"} {
		if strings.Contains(strings.ToLower(logs.String()), email) {
			t.Fatalf("the log names an email (%s):\n%s", email, logs)
		}
	}

	// An email the provider has not verified is not taken over: the sign-in is refused, as for anyone.
	e.op.SetEmail("lehrer", "neu@schule.de", false)
	e.browser = e.newBrowser()
	if got := e.signIn("lehrer", "lehrer-pw"); got != ssoReturnPath+"?sso_error=email_unverified" {
		t.Fatalf("an unverified email was sent to %q", got)
	}
	if u, _ := e.st.UserByID(ctx, teacher.ID); u.Email != "l.mueller@schule.de" {
		t.Fatalf("an unverified email was taken over: %+v", u)
	}
}
