package auth

import (
	"encoding/base64"
	"encoding/hex"
	"testing"
)

func TestNewToken(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		token, hash := NewToken()
		if len(token) != 43 {
			t.Fatalf("token %q has %d characters, want 43", token, len(token))
		}
		raw, err := base64.RawURLEncoding.DecodeString(token)
		if err != nil || len(raw) != 32 {
			t.Fatalf("token %q is not 32 bytes of unpadded base64url: %d bytes, %v", token, len(raw), err)
		}
		if hash != HashToken(token) {
			t.Fatalf("NewToken hash %q, HashToken gives %q", hash, HashToken(token))
		}
		if seen[token] {
			t.Fatalf("token %q made twice", token)
		}
		seen[token] = true
	}
}

func TestHashToken(t *testing.T) {
	tests := []struct{ token, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	}
	for _, tt := range tests {
		t.Run(tt.token, func(t *testing.T) {
			got := HashToken(tt.token)
			if got != tt.want {
				t.Errorf("HashToken(%q) = %s, want %s", tt.token, got, tt.want)
			}
			if _, err := hex.DecodeString(got); err != nil || len(got) != 64 {
				t.Errorf("HashToken(%q) = %q is not 64 hex digits", tt.token, got)
			}
		})
	}
	token, hash := NewToken()
	if hash == token || HashToken(token+"x") == hash {
		t.Error("the hash must differ from the token and from the hash of another token")
	}
}
