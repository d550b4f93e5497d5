package sso

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// KeySize is the length of the key that seals a Login: AES-256.
const KeySize = 32

// ErrSealed means a sealed Login could not be opened: not sealed with this
// key, changed on the way, or expired.
var ErrSealed = errors.New("sso: sealed sign-in invalid or expired")

// sealPurpose is the additional data of every seal, so that a ciphertext
// made with the same key for another purpose never opens as a Login.
var sealPurpose = []byte("notenrechner oidc login v1")

// sealed is what the cookie carries, encrypted.
type sealed struct {
	State    string `json:"s"`
	Nonce    string `json:"n"`
	Verifier string `json:"v"`
	Expires  int64  `json:"e"` // Unix seconds
}

// NewKey makes a fresh random key for Seal.
func NewKey() []byte {
	key := make([]byte, KeySize)
	rand.Read(key) // never fails: crypto/rand ends the program instead
	return key
}

// Seal encrypts and authenticates the Login with its expiry (AES-256-GCM
// with a random nonce), for the browser to hold until the callback: the
// server keeps nothing per sign-in. The result is base64url without padding,
// a valid cookie value.
func (l Login) Seal(key []byte, expires time.Time) (string, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return "", err
	}
	plain, err := json.Marshal(sealed{l.State, l.Nonce, l.Verifier, expires.Unix()})
	if err != nil {
		return "", fmt.Errorf("sso: seal: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(aead.Seal(nil, nil, plain, sealPurpose)), nil
}

// Open returns the Login that Seal sealed with key, or ErrSealed when the
// value was made with another key, was changed, or expired at now.
func Open(key []byte, value string, now time.Time) (Login, error) {
	aead, err := newAEAD(key)
	if err != nil {
		return Login{}, err
	}
	raw, err := base64.RawURLEncoding.DecodeString(value)
	if err != nil {
		return Login{}, fmt.Errorf("%w: not base64url", ErrSealed)
	}
	plain, err := aead.Open(nil, nil, raw, sealPurpose)
	if err != nil {
		return Login{}, fmt.Errorf("%w: %w", ErrSealed, err)
	}
	var s sealed
	if err := json.Unmarshal(plain, &s); err != nil {
		return Login{}, fmt.Errorf("%w: %w", ErrSealed, err)
	}
	if !now.Before(time.Unix(s.Expires, 0)) {
		return Login{}, fmt.Errorf("%w: expired at %s", ErrSealed, time.Unix(s.Expires, 0).UTC().Format(time.RFC3339))
	}
	return Login{State: s.State, Nonce: s.Nonce, Verifier: s.Verifier}, nil
}

// newAEAD is AES-256-GCM that draws a fresh random nonce for every seal
// and puts it in front of the ciphertext.
func newAEAD(key []byte) (cipher.AEAD, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("sso: a sealing key has %d bytes, not %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, fmt.Errorf("sso: %w", err)
	}
	return cipher.NewGCMWithRandomNonce(block)
}
