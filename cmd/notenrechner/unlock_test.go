package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func signInStatus(t *testing.T, base, email, password string) int {
	t.Helper()
	req, _ := http.NewRequest("POST", base+"/api/v1/auth/login",
		strings.NewReader(`{"email":"`+email+`","password":"`+password+`"}`))
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// An owner locked out by guesses gets back in through `admin unlock`, and
// through `admin set-password` with the new password, while serve runs.
func TestAdminUnlockAndSetPasswordClearTheLock(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	const email, first, second = "chefin@schule.de", "Zebrafink-Kastanie-42", "Neues-Passwort-Kiefer-99"
	if _, _, err := runWithInput(t, first+"\n", "admin", "create", "--db", db, "--email", email); err != nil {
		t.Fatal(err)
	}
	base, stop := startServer(t, db, nil)
	defer stop()
	lockOut := func() {
		t.Helper()
		for range 5 {
			if got := signInStatus(t, base, email, "falsch-falsch"); got != 401 {
				t.Fatalf("wrong password: %d, want 401", got)
			}
		}
	}

	lockOut()
	if got := signInStatus(t, base, email, first); got != 429 {
		t.Fatalf("locked: %d, want 429", got)
	}
	out, _, err := runWithInput(t, "", "admin", "unlock", "--db", db, "--email", "Chefin@Schule.de")
	if err != nil || !strings.Contains(out, "Anmeldesperren von chefin@schule.de aufgehoben") {
		t.Fatalf("unlock: %v %q", err, out)
	}
	if got := signInStatus(t, base, email, first); got != 200 {
		t.Fatalf("after unlock: %d, want 200", got)
	}

	lockOut()
	if _, _, err := runWithInput(t, second+"\n", "admin", "set-password", "--db", db, "--email", email); err != nil {
		t.Fatal(err)
	}
	if got := signInStatus(t, base, email, second); got != 200 {
		t.Fatalf("new password after set-password: %d, want 200", got)
	}
}
