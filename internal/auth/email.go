package auth

import (
	"strings"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"unicode"
	"unicode/utf8"
)

// The email rule of the API contract: trimmed and lower-cased, then it must match
// /^[^\s@]+@[^\s@]+\.[^\s@]+$/ and have at most 254 characters (Unicode code points).
const (
	maxEmailLen = 254
	msgEmail    = "Bitte eine gültige E-Mail-Adresse angeben."
)

// NormalizeEmail gives the form that is stored and compared, so that emails match
// case-insensitively and whatever way a keyboard composes "ö" (NFC: one code point, never "o"
// and a combining mark). Whitespace is what JavaScript's trim() and \s remove, so the web client,
// which trims with String.prototype.trim before checking the shape, judges the same string.
func NormalizeEmail(s string) string {
	return norm.NFC.String(strings.ToLower(strings.TrimFunc(s, isJSSpace)))
}

// EmailKey is an email's full Unicode case folding ("boß" and "boss" alike): two accounts
// whose keys are equal would be one person to a reader, so a new account is refused when its
// key matches an existing one's. Sign-in still compares the normalized email exactly.
func EmailKey(email string) string {
	return norm.NFC.String(cases.Fold().String(NormalizeEmail(email)))
}

// CheckEmail returns "" for an acceptable email, else the German message of the contract.
// It judges the normalized form, so surrounding spaces and capitals are never an error.
func CheckEmail(s string) string {
	e := NormalizeEmail(s)
	if utf8.RuneCountInString(e) > maxEmailLen || !emailShape(e) {
		return msgEmail
	}
	return ""
}

// emailShape is /^[^\s@]+@[^\s@]+\.[^\s@]+$/ with JavaScript's \s, written out: exactly one @,
// something before it, no whitespace, and a dot in the domain with something on either side.
func emailShape(e string) bool {
	local, domain, ok := strings.Cut(e, "@")
	if !ok || local == "" || strings.ContainsRune(domain, '@') || strings.ContainsFunc(e, isJSSpace) {
		return false
	}
	// '.' is one byte and never part of a multi-byte sequence, so byte offsets are safe here.
	return len(domain) >= 3 && strings.Contains(domain[1:len(domain)-1], ".")
}

// isJSSpace is JavaScript's WhiteSpace and LineTerminator (ECMA-262), the set behind both \s and
// trim(). Go's unicode.IsSpace differs: it includes U+0085 and lacks U+FEFF.
func isJSSpace(r rune) bool {
	switch r {
	case '\t', '\n', '\v', '\f', '\r', '\u2028', '\u2029', '\ufeff':
		return true
	}
	return unicode.Is(unicode.Zs, r)
}
