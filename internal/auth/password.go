package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id parameters. They are written into every hash as a PHC string, so raising
// DefaultParams later leaves old hashes verifiable, and NeedsRehash tells when to replace one.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes over the memory
	Threads uint8  // lanes
	SaltLen uint32 // bytes
	KeyLen  uint32 // bytes
}

// DefaultParams are OWASP's Password Storage Cheat Sheet minimum for argon2id: 19 MiB of memory,
// 2 iterations, parallelism 1. Raise them, never lower them: stored hashes follow on next sign-in.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// Bounds on the parameters that HashPassword accepts and VerifyPassword will compute, so a
// corrupted or hostile row in the database cannot make a sign-in allocate gigabytes or run for
// minutes. The minimum salt length is RFC 9106's; a key shorter than 16 bytes is too easy to hit.
const (
	minSaltLen = 8
	maxSaltLen = 64
	minKeyLen  = 16
	maxKeyLen  = 64
	maxMemory  = 4 << 20 // KiB, 4 GiB
	maxTime    = 64
)

// b64 is the encoding of salt and key in the PHC string, as in the reference implementation.
var b64 = base64.RawStdEncoding

func (p Params) check() error {
	switch {
	case p.Time < 1 || p.Time > maxTime:
		return fmt.Errorf("time %d outside 1..%d", p.Time, maxTime)
	case p.Threads < 1:
		return fmt.Errorf("threads %d below 1", p.Threads)
	case p.Memory < 8*uint32(p.Threads) || p.Memory > maxMemory:
		return fmt.Errorf("memory %d KiB outside %d..%d", p.Memory, 8*uint32(p.Threads), maxMemory)
	case p.SaltLen < minSaltLen || p.SaltLen > maxSaltLen:
		return fmt.Errorf("salt length %d outside %d..%d", p.SaltLen, minSaltLen, maxSaltLen)
	case p.KeyLen < minKeyLen || p.KeyLen > maxKeyLen:
		return fmt.Errorf("key length %d outside %d..%d", p.KeyLen, minKeyLen, maxKeyLen)
	}
	return nil
}

// Hasher is argon2id with Params for new hashes. Observe, when set, is called with the
// parameters (SaltLen the salt's actual length) and the password length in bytes of every
// argon2id run: tests prove with it that two code paths do the same password work, which a
// timing test could only suggest. It is passed in, not set on the package, so that tests
// running side by side see only their own work.
type Hasher struct {
	Params  Params
	Observe func(p Params, passwordLen int)
}

// HashPassword hashes with a fresh random salt, so two hashes of one password never match.
// It fails only for parameters outside the bounds above.
func HashPassword(password string, p Params) (string, error) {
	return Hasher{Params: p}.Hash(password)
}

// Hash is HashPassword with h.Params, observed.
func (h Hasher) Hash(password string) (string, error) {
	p := h.Params
	if err := p.check(); err != nil {
		return "", fmt.Errorf("auth: hash password: %w", err)
	}
	salt := make([]byte, p.SaltLen)
	_, _ = rand.Read(salt) // never fails since Go 1.24; it crashes the program instead
	key := h.deriveKey(password, salt, p)
	return encodeHash(p, salt, key), nil
}

func encodeHash(p Params, salt, key []byte) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version,
		p.Memory, p.Time, p.Threads, b64.EncodeToString(salt), b64.EncodeToString(key))
}

// VerifyPassword recomputes the key with the parameters stored in the hash and compares in
// constant time. A wrong password is (false, nil); an error means the stored hash is malformed.
func VerifyPassword(password, encoded string) (ok bool, err error) {
	return Hasher{}.Verify(password, encoded)
}

// Verify is VerifyPassword, observed (the parameters come from the hash, not h.Params).
func (h Hasher) Verify(password, encoded string) (ok bool, err error) {
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		return false, err
	}
	got := h.deriveKey(password, salt, p)
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

func (h Hasher) deriveKey(password string, salt []byte, p Params) []byte {
	if h.Observe != nil {
		h.Observe(Params{Memory: p.Memory, Time: p.Time, Threads: p.Threads, SaltLen: uint32(len(salt)), KeyLen: p.KeyLen}, len(password))
	}
	return argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
}

// NeedsRehash reports whether a hash was made with parameters weaker than p, so that the server
// can rehash the password on a successful sign-in. A malformed hash always needs one.
func NeedsRehash(encoded string, p Params) bool {
	s, _, _, err := decodeHash(encoded)
	if err != nil {
		return true
	}
	return s.Memory < p.Memory || s.Time < p.Time || s.Threads < p.Threads ||
		s.SaltLen < p.SaltLen || s.KeyLen < p.KeyLen
}

// DummyVerify does the work of VerifyPassword against a hash made with p (the parameters new
// hashes get) and throws the answer away. The server calls it when the email is unknown, so that a wrong email and a
// wrong password take the same time and an attacker cannot learn which accounts exist.
func DummyVerify(password string, p Params) {
	Hasher{Params: p}.DummyVerify(password)
}

// DummyVerify is DummyVerify with h.Params, observed.
func (h Hasher) DummyVerify(password string) {
	_, _ = h.Verify(password, dummyHash(h.Params))
}

// dummyHash is a well-formed hash with p and all-zero salt and key. It goes through the same
// parsing and the same argon2id work as a real one; no password can be expected to match it.
func dummyHash(p Params) string {
	return encodeHash(p, make([]byte, p.SaltLen), make([]byte, p.KeyLen))
}

// decodeHash parses "$argon2id$v=19$m=M,t=T,p=P$SALT$KEY" strictly: no other variant, version,
// field order or optional field, decimal numbers without leading zeros, canonical base64.
func decodeHash(encoded string) (p Params, salt, key []byte, err error) {
	malformed := func(format string, args ...any) error {
		return fmt.Errorf("auth: malformed password hash: "+format, args...)
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "" {
		return p, nil, nil, malformed("want 5 fields after a leading $, got %d parts", len(parts))
	}
	if parts[1] != "argon2id" {
		return p, nil, nil, malformed("variant %q, want argon2id", parts[1])
	}
	if parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return p, nil, nil, malformed("version %q, want v=%d", parts[2], argon2.Version)
	}
	if p, err = decodeParams(parts[3]); err != nil {
		return p, nil, nil, malformed("%v", err)
	}
	if salt, err = decodeBase64(parts[4]); err != nil {
		return p, nil, nil, malformed("salt: %v", err)
	}
	if key, err = decodeBase64(parts[5]); err != nil {
		return p, nil, nil, malformed("key: %v", err)
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	if err := p.check(); err != nil {
		return p, nil, nil, malformed("%v", err)
	}
	return p, salt, key, nil
}

// decodeBase64 accepts only the canonical encoding: the decoder alone would skip line breaks and
// ignore non-zero trailing bits, so one hash would have several spellings.
func decodeBase64(s string) ([]byte, error) {
	b, err := b64.DecodeString(s)
	if err != nil {
		return nil, err
	}
	if b64.EncodeToString(b) != s {
		return nil, fmt.Errorf("%q is not canonical base64", s)
	}
	return b, nil
}

func decodeParams(s string) (Params, error) {
	fields := strings.Split(s, ",")
	if len(fields) != 3 {
		return Params{}, fmt.Errorf("parameters %q, want m=M,t=T,p=P", s)
	}
	m, err := decodeField(fields[0], "m", 32)
	if err != nil {
		return Params{}, err
	}
	t, err := decodeField(fields[1], "t", 32)
	if err != nil {
		return Params{}, err
	}
	threads, err := decodeField(fields[2], "p", 8)
	if err != nil {
		return Params{}, err
	}
	return Params{Memory: uint32(m), Time: uint32(t), Threads: uint8(threads)}, nil
}

func decodeField(field, name string, bits int) (uint64, error) {
	digits, ok := strings.CutPrefix(field, name+"=")
	if !ok {
		return 0, fmt.Errorf("parameter %q, want %s=", field, name)
	}
	n, err := strconv.ParseUint(digits, 10, bits)
	if err != nil || strconv.FormatUint(n, 10) != digits {
		return 0, fmt.Errorf("parameter %s=%q is not a decimal number of %d bits", name, digits, bits)
	}
	return n, nil
}
