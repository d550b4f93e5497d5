package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// tokenBytes is the entropy of every token: 256 bits, far beyond what any number of guesses can find.
const tokenBytes = 32

// NewToken makes an opaque token for a session cookie, a setup link or an invite link, and the
// hash to store. Only the hash is kept server-side, so a leaked database holds no usable token.
func NewToken() (token string, hash string) {
	b := make([]byte, tokenBytes)
	_, _ = rand.Read(b) // never fails since Go 1.24; it crashes the program instead
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is the lookup key for a presented token: hex SHA-256 of its text. A plain hash is
// enough (no salt, no argon2) because tokens are random and long, unlike passwords.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
