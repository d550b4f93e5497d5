package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func runWithInput(t *testing.T, input string, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, noEnv, strings.NewReader(input), &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestAdminCommands(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	const pw = "Zebrafink-Kastanie-42\n"
	for _, tc := range []struct {
		name, input string
		args        []string
		wantErr     bool
		want        string
	}{
		{"create", pw, []string{"admin", "create", "--db", db, "--email", "Chefin@Schule.de"}, false, "Admin-Konto chefin@schule.de angelegt."},
		{"create twice", pw, []string{"admin", "create", "--db", db, "--email", "chefin@schule.de"}, true, "hat schon ein Konto"},
		{"common password", "password123\n", []string{"admin", "create", "--db", db, "--email", "b@schule.de"}, true, "zu verbreitet"},
		{"short password", "kurz\n", []string{"admin", "create", "--db", db, "--email", "b@schule.de"}, true, "Mindestens 10 Zeichen"},
		{"bad email", pw, []string{"admin", "create", "--db", db, "--email", "keine-adresse"}, true, "gültige E-Mail-Adresse"},
		// lower-cased, the Kelvin sign would be chefin's "k": never another account's address
		{"Kelvin sign", pw, []string{"admin", "create", "--db", db, "--email", "\u212Aarl@schule.de"}, true, "nicht zulässige Sonderzeichen"},
		{"dotted capital I", pw, []string{"admin", "create", "--db", db, "--email", "CHEF\u0130N@schule.de"}, true, "nicht zulässige Sonderzeichen"},
		{"no email", pw, []string{"admin", "create", "--db", db}, true, "--email fehlt"},
		{"list", "", []string{"admin", "list", "--db", db}, false, "chefin@schule.de  admin  noch nie"},
		{"set password", "Neues-Passwort-99\n", []string{"admin", "set-password", "--db", db, "--email", "CHEFIN@schule.de"}, false, "Passwort von chefin@schule.de gesetzt"},
		{"set password unknown", pw, []string{"admin", "set-password", "--db", db, "--email", "wer@schule.de"}, true, "kein Konto"},
		{"help", "", []string{"admin", "--help"}, false, "admin create --email E"},
		{"unknown", "", []string{"admin", "zaubern", "--db", db}, true, "unbekannter Befehl"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, err := runWithInput(t, tc.input, tc.args...)
			if (err != nil) != tc.wantErr {
				t.Fatalf("err = %v, want error %v (out %q, stderr %q)", err, tc.wantErr, out, errOut)
			}
			// an option's wrong value is a wrong command line (status 2)
			wrongEmail := map[string]bool{"bad email": true, "Kelvin sign": true, "dotted capital I": true, "no email": true}
			if wrongEmail[tc.name] && !errors.Is(err, errUsage) {
				t.Fatalf("err = %v, want a usage error", err)
			}
			text := out + errOut
			if err != nil {
				text += err.Error()
			}
			if !strings.Contains(text, tc.want) {
				t.Fatalf("output %q lacks %q", text, tc.want)
			}
		})
	}
}

// With no admin account, serve logs a one-time setup link; once an admin
// exists it does not.
func TestServeAnnouncesSetupLink(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	logs := &syncBuffer{}
	_, stop := startServerLogging(t, db, logs)
	stop()
	link := regexp.MustCompile(`url="?(http://[^"\s]+/admin\?setup=[A-Za-z0-9_-]{43})`).FindStringSubmatch(logs.String())
	if link == nil {
		t.Fatalf("no setup link in the log:\n%s", logs)
	}

	if _, _, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--email", "a@schule.de"); err != nil {
		t.Fatal(err)
	}
	logs2 := &syncBuffer{}
	_, stop2 := startServerLogging(t, db, logs2)
	stop2()
	if strings.Contains(logs2.String(), "setup=") {
		t.Fatalf("a setup link was logged although an admin exists:\n%s", logs2)
	}
}

// With password sign-in off, a setup link could set no password: serve
// logs none and says how the first admin gets in (admin create, then the
// provider).
func TestServeWithoutPasswordsLogsNoSetupLink(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	logs := &syncBuffer{}
	// The provider is not reachable; the server starts anyway and retries it in the background.
	_, stop := startServerWith(t, db, map[string]string{"NOTENRECHNER_PASSWORD_LOGIN": "false", "NOTENRECHNER_OIDC_ISSUER": "http://127.0.0.1:9",
		"NOTENRECHNER_OIDC_CLIENT_ID": "noten", "NOTENRECHNER_OIDC_CLIENT_SECRET": "geheim", "NOTENRECHNER_OIDC_NAME": "IServ"}, logs)
	stop()
	if strings.Contains(logs.String(), "setup=") {
		t.Fatalf("a setup link was logged although it cannot set a password:\n%s", logs)
	}
	if !strings.Contains(logs.String(), "notenrechner admin create --email E creates it (the password it asks for counts only once password sign-in is on again); the admin then signs in with IServ") {
		t.Fatalf("the log does not say how the first admin gets in:\n%s", logs)
	}
}
