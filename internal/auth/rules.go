package auth

import (
	_ "embed"
	"strings"
	"sync"
	"unicode/utf8"
)

// The password rule of SPEC.md §5 and the API contract: 10 to 256 characters counted in Unicode
// code points, no composition rules, the 10,000 most common passwords refused. Passwords are
// taken as typed: no trimming, no Unicode normalization.
const (
	minPasswordLen = 10
	maxPasswordLen = 256

	msgPasswordShort  = "Mindestens 10 Zeichen."
	msgPasswordLong   = "Höchstens 256 Zeichen."
	msgPasswordCommon = "Dieses Passwort ist zu verbreitet. Bitte ein anderes wählen."
)

// CheckPassword returns "" for an acceptable password, else the German message that the API
// puts at the password field. Length is checked before the list, so a short common password
// gets the length message, as in the web client, which does not ship the list.
func CheckPassword(password string) string {
	switch n := utf8.RuneCountInString(password); {
	case n < minPasswordLen:
		return msgPasswordShort
	case n > maxPasswordLen:
		return msgPasswordLong
	case IsCommonPassword(password):
		return msgPasswordCommon
	}
	return ""
}

// commonPasswordsText is the 10,000 most common passwords, most common first, one per line;
// README.md says where it comes from and how it was extracted.
//
//go:embed common-passwords.txt
var commonPasswordsText string

// commonPasswords is built on first use, so a binary that never checks a password never pays
// for the map.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	lines := strings.Split(strings.TrimSuffix(commonPasswordsText, "\n"), "\n")
	set := make(map[string]struct{}, len(lines))
	for _, line := range lines {
		set[line] = struct{}{}
	}
	return set
})

// IsCommonPassword reports whether password is on the embedded list, exactly and
// case-sensitively: "Password1" is not refused because "password1" is.
func IsCommonPassword(password string) bool {
	_, ok := commonPasswords()[password]
	return ok
}

// CheckSignInLength returns the messages for an email or password longer than any account's can
// be, else "". The server refuses such a sign-in at once: no account can match, so it needs no
// password work, says nothing about which accounts exist and is not counted as a guess.
func CheckSignInLength(email, password string) (emailMsg, passwordMsg string) {
	if utf8.RuneCountInString(NormalizeEmail(email)) > maxEmailLen {
		emailMsg = msgEmail
	}
	if utf8.RuneCountInString(password) > maxPasswordLen {
		passwordMsg = msgPasswordLong
	}
	return emailMsg, passwordMsg
}
