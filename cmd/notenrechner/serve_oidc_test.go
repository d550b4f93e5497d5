package main

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestOIDCFlags: settings that cannot work are refused at start, with a
// message that says what is missing; the secret is read from the
// environment only.
func TestOIDCFlags(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		env  map[string]string
		want string
	}{
		{"issuer without client", []string{"--oidc-issuer", "https://idp.schule.de"}, nil, "gehören zusammen"},
		{"client without issuer", []string{"--oidc-client-id", "noten"}, nil, "gehören zusammen"},
		{"issuer is no URL", []string{"--oidc-issuer", "idp.schule.de", "--oidc-client-id", "noten"},
			map[string]string{"NOTENRECHNER_OIDC_CLIENT_SECRET": "s"}, "absolute http(s)-Adresse"},
		{"no secret", []string{"--oidc-issuer", "https://idp.schule.de", "--oidc-client-id", "noten"}, nil,
			"NOTENRECHNER_OIDC_CLIENT_SECRET ist nicht gesetzt"},
		{"password off without a provider", []string{"--password-login=false"}, nil, "--password-login=false braucht"},
		{"password off by the environment", nil, map[string]string{"NOTENRECHNER_PASSWORD_LOGIN": "false"}, "--password-login=false braucht"},
		{"bad boolean in the environment", nil, map[string]string{"NOTENRECHNER_PASSWORD_LOGIN": "vielleicht"}, "true oder false"},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"serve", "--addr", "127.0.0.1:0", "--db", "sqlite:" + filepath.Join(t.TempDir(), "n.db")}, c.args...)
			getenv := func(k string) string { return c.env[k] }
			var out, errOut bytes.Buffer
			err := run(context.Background(), args, getenv, strings.NewReader(""), &out, &errOut)
			if !errors.Is(err, errUsage) || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want a usage error with %q", err, c.want)
			}
		})
	}
}
