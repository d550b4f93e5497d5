package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeRefusesBadAddresses: serve refuses, before it opens the database or answers anyone, a
// trusted proxy that is no address (in German, without Go's parser words), a public address with a
// path, query, fragment or user (links and the provider's redirect would disagree about it), and an
// issuer that OpenID Connect Discovery cannot use.
func TestServeRefusesBadAddresses(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	getenv := func(name string) string {
		if name == "NOTENRECHNER_OIDC_CLIENT_SECRET" {
			return "Sehr-Geheim-4711"
		}
		return ""
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"a proxy past 255", []string{"--trusted-proxies", "999.1.1.1/33"},
			`--trusted-proxies: "999.1.1.1/33" ist weder eine Adresse wie 192.0.2.10 noch ein Netz wie 10.0.0.0/8`},
		{"a proxy by name", []string{"--trusted-proxies", "10.0.0.1, proxy.schule.de"},
			`--trusted-proxies: "proxy.schule.de" ist weder eine Adresse wie 192.0.2.10 noch ein Netz wie 10.0.0.0/8`},
		{"a base URL with a path", []string{"--base-url", "https://noten.schule.de/noten"}, baseURLRule},
		{"a base URL with a query", []string{"--base-url", "https://noten.schule.de/?x=1"}, baseURLRule},
		{"a base URL with a fragment", []string{"--base-url", "https://noten.schule.de#x"}, baseURLRule},
		{"a base URL with a user", []string{"--base-url", "https://admin:pw@noten.schule.de"}, baseURLRule},
		{"an issuer with a fragment", []string{"--oidc-issuer", "https://iserv.schule.de#x", "--oidc-client-id", "noten"},
			"--oidc-issuer: ohne ?…, #… und Benutzer, z. B. https://iserv.gs-nord.de"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"serve", "--db", db, "--addr", "127.0.0.1:0"}, c.args...)
			// A serve that starts ends with the context, without the refusal.
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			defer cancel()
			var out, errOut bytes.Buffer
			err := run(ctx, args, getenv, strings.NewReader(""), &out, &errOut)
			if !errors.Is(err, errUsage) || err.Error() != "falscher Aufruf: "+c.want {
				t.Errorf("%v = %v; want %q", c.args, err, c.want)
			}
		})
	}
}

const baseURLRule = "--base-url: nur https:// (oder http://), Rechnername und Port, ohne Pfad, ?…, #… und Benutzer, z. B. https://noten.schule.de"
