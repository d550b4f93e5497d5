package sso

import (
	"bytes"
	"encoding/base64"
	"errors"
	"net/http"
	"testing"
	"time"
)

// TestSealOpens: a sealed Login opens with its key until it expires, and
// each seal looks different (random nonce), so two sign-ins cannot be told
// apart or linked by their cookies.
func TestSealOpens(t *testing.T) {
	key, now := NewKey(), time.Date(2026, 11, 23, 7, 45, 0, 0, time.UTC)
	l := NewLogin()
	value, err := l.Seal(key, now.Add(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := Open(key, value, now.Add(10*time.Minute-time.Second)); err != nil || got != l {
		t.Fatalf("Open = %+v, %v; want %+v", got, err, l)
	}
	if err := (&http.Cookie{Name: "notenrechner_oidc", Value: value}).Valid(); err != nil {
		t.Fatalf("not a valid cookie value: %v", err)
	}
	again, _ := l.Seal(key, now.Add(10*time.Minute))
	if again == value {
		t.Fatal("two seals of one Login are the same")
	}
	if bytes.Contains([]byte(value), []byte(l.State)) {
		t.Fatal("the state is readable in the sealed value")
	}
}

// TestOpenRefuses: every value that was not sealed with this key, was
// changed, or has expired is refused with ErrSealed.
func TestOpenRefuses(t *testing.T) {
	key, now := NewKey(), time.Date(2026, 11, 23, 7, 45, 0, 0, time.UTC)
	value, err := NewLogin().Seal(key, now.Add(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(value)
	flipped := func(i int) string {
		b := bytes.Clone(raw)
		b[i] ^= 1
		return base64.RawURLEncoding.EncodeToString(b)
	}
	foreign, _ := NewLogin().Seal(NewKey(), now.Add(10*time.Minute))
	for _, c := range []struct {
		name  string
		value string
		at    time.Time
	}{
		{"expired", value, now.Add(10 * time.Minute)},
		{"sealed with another key", foreign, now},
		{"nonce changed", flipped(0), now},
		{"ciphertext changed", flipped(len(raw) / 2), now},
		{"tag changed", flipped(len(raw) - 1), now},
		{"cut short", value[:len(value)-4], now},
		{"only a few bytes", "AAAA", now},
		{"empty", "", now},
		{"not base64url", value[:10] + "+/=" + value[13:], now},
		{"a bare state, as cookies held before sealing", NewLogin().State, now},
	} {
		t.Run(c.name, func(t *testing.T) {
			if l, err := Open(key, c.value, c.at); !errors.Is(err, ErrSealed) {
				t.Fatalf("Open = %+v, %v; want ErrSealed", l, err)
			}
		})
	}
	if _, err := Open(key[:16], value, now); err == nil || errors.Is(err, ErrSealed) {
		t.Fatalf("a key of 16 bytes: %v, want a usage error", err)
	}
}
