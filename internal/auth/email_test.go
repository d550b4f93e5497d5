package auth

import (
	"strings"
	"testing"
)

func TestNormalizeEmail(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"unchanged", "a@schule.de", "a@schule.de"},
		{"capitals", "Anna.Muster@Schule.DE", "anna.muster@schule.de"},
		{"umlauts", "ÄRGER@schule.de", "ärger@schule.de"},
		{"spaces, tabs, line breaks", " \t a@b.de \r\n", "a@b.de"},
		{"no-break space and BOM, as JavaScript trims", "\u00a0\ufeffa@b.de\u2028", "a@b.de"},
		{"U+0085 is not JavaScript whitespace", "\u0085a@b.de", "\u0085a@b.de"},
		{"inner space kept", " a b@c.de ", "a b@c.de"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := NormalizeEmail(tt.in); got != tt.want {
				t.Errorf("NormalizeEmail(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestCheckEmail(t *testing.T) {
	tests := []struct {
		name, email string
		ok          bool
	}{
		{"plain", "a@schule.de", true},
		{"capitals and spaces are normalized", "  A@Schule.De ", true},
		{"shortest", "a@b.c", true},
		{"subdomain", "vorname.name@mail.schule.de", true},
		{"dot right after @ then more", "a@..de", true},
		{"umlaut domain", "a@schüle.de", true},
		{"254 characters", strings.Repeat("a", 244) + "@schule.de", true},
		{"255 characters", strings.Repeat("a", 245) + "@schule.de", false},
		{"254 code points, more bytes", strings.Repeat("ä", 244) + "@schule.de", true},
		{"255 code points", strings.Repeat("ä", 245) + "@schule.de", false},
		{"empty", "", false},
		{"spaces only", "   ", false},
		{"no @", "schule.de", false},
		{"no dot in domain", "a@schule", false},
		{"dot only before @", "a.b@schule", false},
		{"nothing before @", "@schule.de", false},
		{"nothing between @ and dot", "a@.de", false},
		{"nothing after the dot", "a@schule.", false},
		{"domain just a dot", "a@.", false},
		{"two @", "a@b@schule.de", false},
		{"@@", "a@@schule.de", false},
		{"inner space", "a b@schule.de", false},
		{"inner tab", "a@schule\t.de", false},
		{"inner vertical tab", "a@schule\v.de", false},
		{"inner no-break space", "a\u00a0b@schule.de", false},
		{"inner ideographic space", "a@schule\u3000.de", false},
		{"inner BOM", "a\ufeff@schule.de", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := msgEmail
			if tt.ok {
				want = ""
			}
			if got := CheckEmail(tt.email); got != want {
				t.Errorf("CheckEmail(%q) = %q, want %q", tt.email, got, want)
			}
		})
	}
}
