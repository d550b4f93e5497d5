package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestSchoolOIDCRefusesBadInput: school oidc refuses, with a German usage error and before it stores
// anything, an issuer that OpenID Connect Discovery cannot use (a query, a fragment, a user), text
// that is no valid UTF-8 or holds invisible or direction characters, a button name too long for a
// button, and a secret that is none (control characters, no UTF-8, a whole file without a line break).
func TestSchoolOIDCRefusesBadInput(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	base := []string{"school", "oidc", "--db", db, "--client-id", "noten"}
	with := func(issuer string, extra ...string) []string {
		return append(append(append([]string{}, base...), "--issuer", issuer), extra...)
	}
	const ok = "https://iserv.gs-nord.de"
	const secret = "Sehr-Geheim-4711\n"
	for _, c := range []struct {
		name, input string
		args        []string
		want        string
	}{
		{"issuer with a query", secret, with("https://iserv.gs-nord.de/?tenant=1"), "--issuer: ohne ?…, #… und Benutzer"},
		{"issuer with a fragment", secret, with("https://iserv.gs-nord.de#x"), "--issuer: ohne ?…, #… und Benutzer"},
		{"issuer with a user", secret, with("https://admin:pw@iserv.gs-nord.de"), "--issuer: ohne ?…, #… und Benutzer"},
		{"an overlong issuer", secret, with("https://iserv.gs-nord.de/" + strings.Repeat("a", 2000)), "--issuer: höchstens 1000 Zeichen"},
		{"a name of invalid UTF-8", secret, with(ok, "--name", "IServ \xff"), "--name: kein gültiger Text (UTF-8)"},
		{"a name with a bidi override", secret, with(ok, "--name", "IServ \u202e"), "--name: ohne Steuerzeichen"},
		{"a claim with a zero-width space", secret, with(ok, "--groups-claim", "gro\u200bups"), "--groups-claim: ohne Steuerzeichen"},
		{"an overlong name", secret, with(ok, "--name", strings.Repeat("I", 81)), "--name: höchstens 80 Zeichen"},
		{"a secret with NUL", "geheim\x00x\n", with(ok), "Client-Geheimnis: ohne Steuerzeichen"},
		{"a secret of invalid UTF-8", "geheim\xff\n", with(ok), "Client-Geheimnis: kein gültiger Text (UTF-8)"},
		{"a secret without end", strings.Repeat("a", 100_000), with(ok), "Client-Geheimnis: höchstens 4096 Zeichen"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runWithInput(t, c.input, c.args...)
			if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%v = %v %s %s; want a usage error with %q", c.args, err, out, errOut, c.want)
			}
		})
	}
	if shown, _, err := runCmd(t, "school", "show", "--db", db); err != nil || strings.Contains(shown, "oidc") {
		t.Errorf("a refused school oidc stored something: %s %v", shown, err)
	}
	// What works still works: a path (a realm), an 80-character name, a 4096-character secret.
	if _, errOut, err := runWithInput(t, strings.Repeat("s", 4096)+"\n",
		with("https://login.traeger.de/realms/gs-nord", "--name", strings.Repeat("I", 80))...); err != nil {
		t.Errorf("a good configuration: %v %s", err, errOut)
	}
}
