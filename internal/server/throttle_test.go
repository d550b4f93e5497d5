package server

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

// doFrom is e.do from a given client address.
func (e *apiEnv) doFrom(addr, method, path, body, who string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.RemoteAddr = addr
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c := e.cookies[who]; c != "" {
		req.AddCookie(&http.Cookie{Name: e.cookieName, Value: c})
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func loginBody(email, password string) string {
	return `{"email":"` + email + `","password":"` + password + `"}`
}

// Guesses from one address lock that address out of the account, in any
// case variant of the email, but never the owner signing in from elsewhere,
// nor the signed-in owner changing the password.
func TestGuessesDoNotLockTheOwnerOut(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("owner", "owner@schule.de", store.RoleAdmin)
	const attacker, owner = "198.51.100.7:4000", "203.0.113.9:5000"
	for i, email := range []string{"owner@schule.de", "OWNER@schule.de", "Owner@Schule.DE", "owner@SCHULE.de", " owner@schule.de"} {
		if rec := e.doFrom(attacker, "POST", "/api/v1/auth/login", loginBody(email, "falsch-falsch"), ""); rec.Code != 401 {
			t.Fatalf("guess %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := e.doFrom(attacker, "POST", "/api/v1/auth/login", loginBody("owner@schule.de", goodPassword), "")
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" || !strings.Contains(rec.Body.String(), `"code":"too_many_attempts"`) {
		t.Fatalf("the guessing address with the right password: %d %s, want 429 with Retry-After", rec.Code, rec.Body)
	}
	if rec := e.doFrom(owner, "POST", "/api/v1/auth/login", loginBody("owner@schule.de", goodPassword), ""); rec.Code != 200 {
		t.Fatalf("the owner from another address: %d %s, want 200", rec.Code, rec.Body)
	}
	// The same with the owner behind the attacker's address (one school network): the signed-in
	// owner may still change the password.
	body := `{"currentPassword":"` + goodPassword + `","newPassword":"Ganz-neues-Passwort-77"}`
	if rec := e.doFrom(attacker, "POST", "/api/v1/auth/password", body, "owner"); rec.Code != 204 {
		t.Fatalf("password change from the locked address: %d %s, want 204", rec.Code, rec.Body)
	}
}

// A stolen session that guesses the current password is stopped after five
// tries, for that session only.
func TestPasswordChangeGuessesAreLimitedPerSession(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("thief", "owner@schule.de", store.RoleAdmin)
	e.cookies["owner"] = e.login("owner@schule.de", goodPassword)
	wrong := `{"currentPassword":"geraten-geraten","newPassword":"Ganz-neues-Passwort-77"}`
	for i := range 5 {
		if rec := e.do("POST", "/api/v1/auth/password", wrong, "thief", nil); rec.Code != 422 {
			t.Fatalf("guess %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	right := `{"currentPassword":"` + goodPassword + `","newPassword":"Ganz-neues-Passwort-77"}`
	if rec := e.do("POST", "/api/v1/auth/password", right, "thief", nil); rec.Code != 429 {
		t.Fatalf("sixth try from the guessing session: %d, want 429", rec.Code)
	}
	if rec := e.do("POST", "/api/v1/auth/password", right, "owner", nil); rec.Code != 204 {
		t.Fatalf("the owner's own session: %d %s, want 204", rec.Code, rec.Body)
	}
}

// Many addresses together reach the account's ceiling of 100 failures an
// hour; past it the owner waits too, until an operator unlocks the account.
func TestAccountCeilingAcrossAddresses(t *testing.T) {
	e := newAPIEnv(t, "http://noten.test")
	e.addUser("owner", "owner@schule.de", store.RoleAdmin)
	for i := range 100 {
		addr := fmt.Sprintf("198.51.%d.%d:4000", 100+i/4, i%4) // 4 guesses per address: below both short limits
		if rec := e.doFrom(addr, "POST", "/api/v1/auth/login", loginBody("owner@schule.de", "falsch-falsch"), ""); rec.Code != 401 {
			t.Fatalf("guess %d from %s: %d %s", i+1, addr, rec.Code, rec.Body)
		}
		if i == 98 {
			if rec := e.doFrom("203.0.113.9:5000", "POST", "/api/v1/auth/login", loginBody("owner@schule.de", goodPassword), ""); rec.Code != 200 {
				t.Fatalf("owner below the ceiling (99 failures): %d %s, want 200", rec.Code, rec.Body)
			}
		}
	}
	rec := e.doFrom("203.0.113.9:5000", "POST", "/api/v1/auth/login", loginBody("owner@schule.de", goodPassword), "")
	if rec.Code != 429 {
		t.Fatalf("owner past the ceiling: %d %s, want 429", rec.Code, rec.Body)
	}
	if err := auth.NewLimiter(e.st, func() (now time.Time) { return e.now }).Unlock(context.Background(), "owner@schule.de"); err != nil {
		t.Fatal(err)
	}
	if rec := e.doFrom("203.0.113.9:5000", "POST", "/api/v1/auth/login", loginBody("owner@schule.de", goodPassword), ""); rec.Code != 200 {
		t.Fatalf("owner after unlock: %d %s, want 200", rec.Code, rec.Body)
	}
}
