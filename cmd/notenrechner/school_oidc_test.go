package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// TestSchoolOIDCCommand: school oidc stores the school's own sign-in with the secret from standard
// input (never shown again: not by the command, not by school show), refuses what cannot work with
// German messages, and --off removes it. On a database without schools it configures the one
// school; with schools it needs --school, and each school keeps its own.
func TestSchoolOIDCCommand(t *testing.T) {
	const secret = "Sehr-Geheim-4711"
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	iserv := []string{"school", "oidc", "--db", db, "--issuer", "https://iserv.gs-nord.de", "--client-id", "noten",
		"--name", "IServ", "--allowed-domains", "gs-nord.de", "--admin-group", "Schulleitung", "--password-login=false"}
	with := func(extra ...string) []string { return append(append([]string{}, iserv...), extra...) }
	for _, c := range []struct {
		name, input string
		args        []string
		want        string
	}{
		{"no issuer", secret, []string{"school", "oidc", "--db", db, "--client-id", "noten"}, "braucht --issuer und --client-id"},
		{"issuer is no URL", secret, []string{"school", "oidc", "--db", db, "--issuer", "gs-nord.de", "--client-id", "n"}, "absolute http(s)-Adresse"},
		{"claim without value", secret, with("--school-claim", "school"), "gehören zusammen"},
		{"no secret", "", iserv, "Client-Geheimnis fehlt"},
		{"a secret as a flag", secret, with("--client-secret", "x"), "client-secret"},
		{"off with more", "", []string{"school", "oidc", "--db", db, "--off", "--issuer", "https://x.de"}, "--off nimmt"},
		{"with --school but no schools", secret, with("--school", "https://a.schule.de"), "keine Schule"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := runWithInput(t, c.input+"\n", c.args...)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}

	out, errOut, err := runWithInput(t, secret+"\n", iserv...)
	if err != nil || !strings.Contains(out, "Anmeldung mit IServ") || !strings.Contains(out, "BASE_URL/api/v1/auth/oidc/callback") {
		t.Fatalf("school oidc: %q %q %v", out, errOut, err)
	}
	if strings.Contains(out+errOut, secret) {
		t.Fatalf("the secret was shown: %q %q", out, errOut)
	}
	st := openSQLiteFor(t, db)
	c, err := st.SchoolOIDC(context.Background())
	st.Close()
	if err != nil || c.ClientSecret != secret || c.PasswordLogin || c.AdminGroup != "Schulleitung" || c.Name != "IServ" {
		t.Fatalf("stored: %+v %v", c, err)
	}
	shown, _, err := runCmd(t, "school", "show", "--db", db)
	if err != nil || !strings.Contains(shown, `"issuer": "https://iserv.gs-nord.de"`) ||
		!strings.Contains(shown, `"password_login": false`) || strings.Contains(shown, secret) {
		t.Fatalf("school show: %s %v", shown, err)
	}
	if out, _, err := runCmd(t, "school", "oidc", "--db", db, "--off"); err != nil || !strings.Contains(out, "entfernt") {
		t.Fatalf("--off: %q %v", out, err)
	}
	if out, _, err := runCmd(t, "school", "oidc", "--db", db, "--off"); err != nil || !strings.Contains(out, "keine eigene Anmeldung") {
		t.Fatalf("--off again: %q %v", out, err)
	}
	if shown, _, _ := runCmd(t, "school", "show", "--db", db); strings.Contains(shown, "oidc") {
		t.Fatalf("school show after --off: %s", shown)
	}

	// With schools, each keeps its own; the address in the message is the school's.
	for _, args := range [][]string{
		{"school", "add", "--db", db, "--url", "https://a.schule.de", "--name", "Alpha"},
		{"school", "add", "--db", db, "--url", "https://b.schule.de", "--name", "Beta"},
	} {
		if _, errOut, err := runCmd(t, args...); err != nil {
			t.Fatalf("%v: %v %s", args, err, errOut)
		}
	}
	if _, _, err := runWithInput(t, secret+"\n", iserv...); err == nil || !strings.Contains(err.Error(), "--school") {
		t.Fatalf("without --school on a database with schools: %v", err)
	}
	out, _, err = runWithInput(t, "anderes\n", "school", "oidc", "--db", db, "--school", "https://B.schule.de",
		"--issuer", "https://login.traeger.de/realms/schulen", "--client-id", "notenrechner", "--school-claim", "school",
		"--school-claim-value", "beta")
	if err != nil || !strings.Contains(out, "https://b.schule.de/api/v1/auth/oidc/callback") {
		t.Fatalf("school oidc --school B: %q %v", out, err)
	}
	atA, _, _ := runCmd(t, "school", "show", "--db", db, "--school", "https://a.schule.de")
	atB, _, _ := runCmd(t, "school", "show", "--db", db, "--school", "https://b.schule.de")
	if strings.Contains(atA, "oidc") || !strings.Contains(atB, `"school_claim_value": "beta"`) || strings.Contains(atB, "anderes") {
		t.Fatalf("A shows %s\nB shows %s", atA, atB)
	}
}

// openSQLiteFor opens a command's SQLite database as the server would.
func openSQLiteFor(t *testing.T, dsn string) store.Store {
	t.Helper()
	st, err := openDatabase(context.Background(), database{dsn: dsn, firstPreset: firstPreset}, quietLogger(nil), 0, at{})
	if err != nil {
		t.Fatal(err)
	}
	return st
}
