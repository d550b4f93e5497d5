package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// endless is standard input that never ends and holds no line break.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestPasswordFromEndlessInput: admin create and set-password read the password's line only as far
// as a password can be, so that input without a line break (a device, a wrong file) is refused as too
// long instead of being read until the memory runs out; no account is made.
func TestPasswordFromEndlessInput(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	if _, errOut, err := runWithInput(t, "Zebrafink-Kastanie-42\n", "admin", "create", "--db", db, "--email", "chefin@schule.de"); err != nil {
		t.Fatalf("create: %v %s", err, errOut)
	}
	hash := func() string {
		st := openSQLiteFor(t, db)
		defer st.Close()
		u, err := st.UserByEmail(context.Background(), "chefin@schule.de")
		if err != nil {
			t.Fatal(err)
		}
		return u.PasswordHash
	}
	before := hash()
	for _, args := range [][]string{
		{"admin", "create", "--db", db, "--email", "zwei@schule.de"},
		{"admin", "set-password", "--db", db, "--email", "chefin@schule.de"},
	} {
		var out, errOut bytes.Buffer
		err := run(context.Background(), args, noEnv, endless{}, &out, &errOut)
		if err == nil || err.Error() != "Passwort abgelehnt: Höchstens 256 Zeichen." {
			t.Errorf("%v = %v %s %s; want the password refused as too long", args, err, &out, &errOut)
		}
	}
	if out, _, err := runCmd(t, "admin", "list", "--db", db); err != nil || strings.Contains(out, "zwei") {
		t.Errorf("an account was made: %s %v", out, err)
	}
	if hash() != before {
		t.Error("a refused set-password changed the password")
	}
}
