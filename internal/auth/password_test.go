package auth

import (
	"encoding/base64"
	"strings"
	"testing"

	"golang.org/x/crypto/argon2"
)

// fastParams keep the tests quick; DefaultParams are exercised once in TestHashPasswordDefaultParams.
var fastParams = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// Vectors of the reference implementation (phc-winner-argon2, src/test.c): password "password",
// salt "somesalt". They prove that the PHC strings are read and written as everyone else does.
const (
	refHashP1 = "$argon2id$v=19$m=256,t=2,p=1$c29tZXNhbHQ$nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4"
	refHashP2 = "$argon2id$v=19$m=256,t=2,p=2$c29tZXNhbHQ$bQk8UB/VmZZF4Oo79iDXuL5/0ttZwg2f/5U52iv1cDc"
)

func TestReferenceVectors(t *testing.T) {
	tests := []struct {
		name, encoded, password string
		want                    bool
	}{
		{"p=1 right password", refHashP1, "password", true},
		{"p=1 wrong password", refHashP1, "passwort", false},
		{"p=2 right password", refHashP2, "password", true},
		{"p=2 wrong password", refHashP2, "Password", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, err := VerifyPassword(tt.password, tt.encoded)
			if err != nil || ok != tt.want {
				t.Errorf("VerifyPassword(%q) = %v, %v; want %v, nil", tt.password, ok, err, tt.want)
			}
		})
	}
	t.Run("encoding", func(t *testing.T) {
		p := Params{Memory: 256, Time: 2, Threads: 1, SaltLen: 8, KeyLen: 32}
		salt := []byte("somesalt")
		key := argon2.IDKey([]byte("password"), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
		if got := encodeHash(p, salt, key); got != refHashP1 {
			t.Errorf("encodeHash = %s\nwant          %s", got, refHashP1)
		}
	})
}

func TestHashPasswordDefaultParams(t *testing.T) {
	encoded, err := HashPassword("correct horse battery staple", DefaultParams)
	if err != nil {
		t.Fatal(err)
	}
	const prefix = "$argon2id$v=19$m=19456,t=2,p=1$"
	if !strings.HasPrefix(encoded, prefix) {
		t.Fatalf("hash %q, want prefix %q", encoded, prefix)
	}
	salt, key, _ := strings.Cut(strings.TrimPrefix(encoded, prefix), "$")
	if len(salt) != 22 || len(key) != 43 {
		t.Errorf("salt %q and key %q, want 22 and 43 base64 characters (16 and 32 bytes)", salt, key)
	}
	for _, tt := range []struct {
		name     string
		password string
		want     bool
	}{
		{"right password", "correct horse battery staple", true},
		{"one letter short", "correct horse battery stapl", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if ok, err := VerifyPassword(tt.password, encoded); ok != tt.want || err != nil {
				t.Errorf("VerifyPassword(%q) = %v, %v; want %v, nil", tt.password, ok, err, tt.want)
			}
		})
	}
	if NeedsRehash(encoded, DefaultParams) {
		t.Error("a fresh hash with DefaultParams needs a rehash")
	}
}

func TestHashVerifyRoundTrip(t *testing.T) {
	passwords := []string{"", "a", "correct horse battery staple", "ääääääääää", "😀 mit Leerzeichen ", strings.Repeat("x", 256)}
	for _, password := range passwords {
		t.Run(password, func(t *testing.T) {
			encoded, err := HashPassword(password, fastParams)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := VerifyPassword(password, encoded); !ok || err != nil {
				t.Errorf("right password: %v, %v; want true, nil", ok, err)
			}
			for _, wrong := range []string{password + "x", strings.ToUpper(password) + "!", " " + password} {
				if ok, err := VerifyPassword(wrong, encoded); ok || err != nil {
					t.Errorf("wrong password %q: %v, %v; want false, nil", wrong, ok, err)
				}
			}
		})
	}
}

func TestHashesOfOnePasswordDiffer(t *testing.T) {
	seen := map[string]bool{}
	for range 5 {
		encoded, err := HashPassword("correct horse battery staple", fastParams)
		if err != nil {
			t.Fatal(err)
		}
		salt := strings.Split(encoded, "$")[4]
		if seen[salt] {
			t.Fatalf("salt %s used twice", salt)
		}
		seen[salt] = true
	}
}

func TestHashPasswordRefusesParams(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Params)
	}{
		{"time 0", func(p *Params) { p.Time = 0 }},
		{"time above bound", func(p *Params) { p.Time = maxTime + 1 }},
		{"threads 0", func(p *Params) { p.Threads = 0 }},
		{"memory below 8 KiB per thread", func(p *Params) { p.Threads, p.Memory = 2, 15 }},
		{"memory above bound", func(p *Params) { p.Memory = maxMemory + 1 }},
		{"salt too short", func(p *Params) { p.SaltLen = minSaltLen - 1 }},
		{"salt too long", func(p *Params) { p.SaltLen = maxSaltLen + 1 }},
		{"key too short", func(p *Params) { p.KeyLen = minKeyLen - 1 }},
		{"key too long", func(p *Params) { p.KeyLen = maxKeyLen + 1 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := fastParams
			tt.change(&p)
			if encoded, err := HashPassword("correct horse battery staple", p); err == nil {
				t.Errorf("HashPassword(%+v) = %q, nil; want an error", p, encoded)
			}
		})
	}
}

func TestMalformedHashes(t *testing.T) {
	ref := func(old, new string) string { return strings.Replace(refHashP1, old, new, 1) }
	tests := []struct{ name, encoded string }{
		{"empty", ""},
		{"no leading $", refHashP1[1:]},
		{"trailing newline", refHashP1 + "\n"},
		{"line break in the key", ref("nf65EOgL", "nf65\nEOgL")},
		{"extra field", refHashP1 + "$AAAA"},
		{"variant argon2i", ref("argon2id", "argon2i")},
		{"variant argon2d", ref("argon2id", "argon2d")},
		{"variant missing", ref("$argon2id", "")},
		{"version 16", ref("v=19", "v=16")},
		{"version missing", ref("$v=19", "")},
		{"version without name", ref("v=19", "19")},
		{"params missing", ref("$m=256,t=2,p=1", "")},
		{"params two", ref("m=256,t=2,p=1", "m=256,t=2")},
		{"params four", ref("m=256,t=2,p=1", "m=256,t=2,p=1,k=1")},
		{"params in another order", ref("m=256,t=2,p=1", "t=2,m=256,p=1")},
		{"params with spaces", ref("m=256,t=2,p=1", "m=256, t=2, p=1")},
		{"memory not a number", ref("m=256", "m=x")},
		{"memory empty", ref("m=256", "m=")},
		{"memory leading zero", ref("m=256", "m=0256")},
		{"memory with sign", ref("m=256", "m=+256")},
		{"memory negative", ref("m=256", "m=-256")},
		{"memory overflows 32 bits", ref("m=256", "m=4294967296")},
		{"memory below 8 KiB per thread", ref("m=256", "m=7")},
		{"memory above bound", ref("m=256", "m=4194305")},
		{"time 0", ref("t=2", "t=0")},
		{"time above bound", ref("t=2", "t=65")},
		{"threads 0", ref("p=1", "p=0")},
		{"threads overflow 8 bits", ref("p=1", "p=256")},
		{"salt empty", ref("c29tZXNhbHQ", "")},
		{"salt not base64", ref("c29tZXNhbHQ", "c29tZXNh*HQ")},
		{"salt padded", ref("c29tZXNhbHQ", "c29tZXNhbHQ=")},
		{"salt url alphabet", ref("c29tZXNhbHQ", "c29tZXNh_HQ")},
		{"salt non-canonical bits", ref("c29tZXNhbHQ", "c29tZXNhbHR")},
		{"salt too short", ref("c29tZXNhbHQ", "c29tZXM")},
		{"key empty", ref("nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4", "")},
		{"key not base64", ref("nf65EOgL", "nf65EOg!")},
		{"key padded", ref("CHGi/4", "CHGi/4=")},
		{"key too short", ref("nf65EOgLrQMR/uIPnA4rEsF5h7TKyQwu9U1bMCHGi/4", "nf65EOgLrQMR/uIPnA4r")},
		{"bcrypt", "$2a$10$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.encoded == refHashP1 {
				t.Fatal("case changes nothing")
			}
			ok, err := VerifyPassword("password", tt.encoded)
			if ok || err == nil {
				t.Errorf("VerifyPassword(%q) = %v, %v; want false and an error", tt.encoded, ok, err)
			}
			if !NeedsRehash(tt.encoded, fastParams) {
				t.Errorf("NeedsRehash(%q) = false for a malformed hash", tt.encoded)
			}
		})
	}
}

func TestNeedsRehash(t *testing.T) {
	stored := Params{Memory: 64, Time: 2, Threads: 2, SaltLen: 16, KeyLen: 32}
	encoded, err := HashPassword("correct horse battery staple", stored)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*Params)
		want   bool
	}{
		{"equal", func(*Params) {}, false},
		{"weaker target memory", func(p *Params) { p.Memory-- }, false},
		{"weaker target time", func(p *Params) { p.Time-- }, false},
		{"weaker target threads", func(p *Params) { p.Threads-- }, false},
		{"more memory", func(p *Params) { p.Memory++ }, true},
		{"more time", func(p *Params) { p.Time++ }, true},
		{"more threads", func(p *Params) { p.Threads++ }, true},
		{"longer salt", func(p *Params) { p.SaltLen++ }, true},
		{"longer key", func(p *Params) { p.KeyLen++ }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			target := stored
			tt.change(&target)
			if got := NeedsRehash(encoded, target); got != tt.want {
				t.Errorf("NeedsRehash(stored %+v, target %+v) = %v, want %v", stored, target, got, tt.want)
			}
		})
	}
	t.Run("reference vector against DefaultParams", func(t *testing.T) {
		if !NeedsRehash(refHashP1, DefaultParams) {
			t.Error("m=256 is weaker than DefaultParams but needs no rehash")
		}
	})
}

// DummyVerify is only as good as its hash: it must carry DefaultParams, the parameters of the
// hashes it stands in for, and be well-formed, or it would return early. Its time is compared
// with VerifyPassword's in BenchmarkDummyVerify and BenchmarkVerifyPassword.
func TestDummyHash(t *testing.T) {
	encoded := dummyHash(DefaultParams)
	p, salt, key, err := decodeHash(encoded)
	if err != nil {
		t.Fatal(err)
	}
	if p != DefaultParams || len(salt) != int(DefaultParams.SaltLen) || len(key) != int(DefaultParams.KeyLen) {
		t.Errorf("dummy hash has %+v, want DefaultParams %+v", p, DefaultParams)
	}
	if ok, err := VerifyPassword("correct horse battery staple", encoded); ok || err != nil {
		t.Errorf("VerifyPassword against the dummy hash = %v, %v; want false, nil", ok, err)
	}
	if want := base64.RawStdEncoding.EncodeToString(make([]byte, 16)); !strings.Contains(encoded, "$"+want+"$") {
		t.Errorf("dummy hash %q, want an all-zero salt", encoded)
	}
	DummyVerify("correct horse battery staple", DefaultParams)
}
