package auth

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"

	"github.com/notenrechner/notenrechner/internal/store"
)

// The email rule of the API contract: trimmed and lower-cased, then it must match
// /^[^\s@]+@[^\s@]+\.[^\s@]+$/ and have at most 254 characters (Unicode code points), and no
// character of it may be one that emailRuneRefused names.
const (
	maxEmailLen   = 254
	msgEmail      = "Bitte eine gültige E-Mail-Adresse angeben."
	msgEmailChars = "Die E-Mail-Adresse enthält unsichtbare oder nicht zulässige Sonderzeichen."
)

// NormalizeEmail gives the form that is stored and compared, so that emails match
// case-insensitively and whatever way a keyboard composes "ö" (NFC: one code point, never "o"
// and a combining mark). Whitespace is what JavaScript's trim() and \s remove, so the web client,
// which trims with String.prototype.trim before checking the shape, judges the same string.
// Only an email that CheckEmail accepts may be used to find an account: lower-casing turns the
// Kelvin sign into "k" and "İ" into "i", which would make another person's address of them.
func NormalizeEmail(s string) string {
	return norm.NFC.String(strings.ToLower(strings.TrimFunc(s, isJSSpace)))
}

// EmailKey is an email's full Unicode case folding ("boß" and "boss" alike): two accounts
// whose keys are equal would be one person to a reader, so a new account is refused when its
// key matches an existing one's. Sign-in still compares the normalized email exactly.
func EmailKey(email string) string {
	return norm.NFC.String(cases.Fold().String(NormalizeEmail(email)))
}

// SameEmail is the one rule for "these two emails are one address" wherever an account is
// created, renamed or added at sign-in: equal keys (EmailKey). Finding the account of an email
// is stricter: the normalized forms must be equal (store.UserStore.UserByEmail), because folding
// also merges addresses that are different mailboxes ("straße" and "strasse").
func SameEmail(a, b string) bool {
	return EmailKey(a) == EmailKey(b)
}

// CheckEmail returns "" for an acceptable email, else the German message of the contract.
// It judges the email as typed or as the identity provider sent it, never a normalized form:
// normalizing may already have turned a refused character (the Kelvin sign) into an ordinary
// one ("k"). Surrounding spaces and capitals are never an error.
func CheckEmail(s string) string {
	e := NormalizeEmail(s)
	if utf8.RuneCountInString(e) > maxEmailLen || !emailShape(e) {
		return msgEmail
	}
	if strings.ContainsFunc(strings.TrimFunc(s, isJSSpace), emailRuneRefused) {
		return msgEmailChars
	}
	return ""
}

// EmailCharsRefused reports whether CheckEmail refuses s for a character of it (and not for
// its shape), so that a sign-in can say so.
func EmailCharsRefused(s string) bool { return CheckEmail(s) == msgEmailChars }

// emailRuneRefused names the characters an email may not hold (docs/decisions.md, "Emails"):
//
//   - control, format (bidi controls, zero-width characters, soft hyphen), private-use and
//     surrogate code points (Cc, Cf, Co, Cs): invisible, and a terminal obeys some of them;
//   - the rest of Unicode's Default_Ignorable_Code_Point (the combining grapheme joiner, the
//     Hangul fillers, variation selectors, the Khmer and Mongolian invisible marks) and the few
//     invisible characters it does not list (the blank Braille pattern, the musical null notehead):
//     "a\u034fb@" looks like "ab@", an account that passes for another;
//   - characters that lower-casing turns into ASCII: "İ" (U+0130) becomes "i", the Kelvin sign
//     "k", so an identity provider's verified "ADMİN@" would find the account "admin@";
//   - characters that compatibility normalization (NFKC) changes: the Kelvin, Ångström and Ohm
//     signs (canonically "K", "Å", "Ω"), long s "ſ" ("s"), ligatures, full-width and superscript
//     forms. They look like, and fold into, letters of other addresses.
//
// Ordinary letters of any script stay, in either case: ä, ö, ü, ß, é, ø, ñ, Greek, Cyrillic.
// The web client has the same rule (web/src/lib/account-rules.ts); testdata/auth/emails.json
// binds the two.
func emailRuneRefused(r rune) bool {
	if unicode.In(r, unicode.Cc, unicode.Cf, unicode.Co, unicode.Cs) || invisible(r) {
		return true
	}
	if r < utf8.RuneSelf {
		return false
	}
	s := string(r)
	return unicode.ToLower(r) < utf8.RuneSelf || norm.NFKC.String(s) != s
}

// invisible is the part of Default_Ignorable_Code_Point outside Cf (which emailRuneRefused refuses as
// a whole): Go's tables carry the property's sources, Other_Default_Ignorable_Code_Point and
// Variation_Selector, and JavaScript's \p{Default_Ignorable_Code_Point} is their union with Cf less
// white space, which no email holds. Then the characters that show nothing but are not ignorable.
func invisible(r rune) bool {
	switch r {
	case '\u2800', '\U0001d159': // BRAILLE PATTERN BLANK, MUSICAL SYMBOL NULL NOTEHEAD
		return true
	}
	return unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
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

// EmailInUse reports whether an account's email is the same as email for a
// reader (SameEmail: equal after Unicode case folding, boß@ and boss@, any
// spelling of ö). Every way an account is made or renamed asks this or
// emailOwner: setup, Konten, the provider's sign-in and `notenrechner admin
// create`. Accounts are few (one school's staff), so they are compared here
// rather than through a second unique column.
func EmailInUse(ctx context.Context, users store.UserStore, email string) (bool, error) {
	id, err := emailOwner(ctx, users, email, 0)
	return id != 0, err
}

// emailOwner is the ID of an account other than except whose email is the
// same as email for a reader (as EmailInUse), or 0.
func emailOwner(ctx context.Context, users store.UserStore, email string, except int64) (int64, error) {
	list, err := users.ListUsers(ctx)
	if err != nil {
		return 0, err
	}
	for _, u := range list {
		if u.ID != except && SameEmail(u.Email, email) {
			return u.ID, nil
		}
	}
	return 0, nil
}
