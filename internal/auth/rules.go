package auth

import (
	_ "embed"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The password rule of docs/spec.md §5 and the API contract: 10 to 256 characters counted in Unicode
// code points, no composition rules, common passwords refused (IsCommonPassword). Passwords are
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

// commonWordsDEText is the 10,000 most frequent German words (three letters or more), most
// frequent first: German passwords are mostly a word with digits ("passwort123") or a few
// words run together ("ichliebedich"), which an English list of whole passwords misses.
//
//go:embed common-words-de.txt
var commonWordsDEText string

// The lists are made into sets on first use, so a binary that never checks a password never
// pays for the maps.
var (
	commonPasswords = sync.OnceValue(func() map[string]struct{} { return lineSet(commonPasswordsText, -1) })
	commonWordsDE   = sync.OnceValue(func() map[string]struct{} { return lineSet(commonWordsDEText, -1) })
	// topWordsDE are the words a phrase of two or three is built from: 1,000³ phrases are
	// about 30 bits, within reach of a guesser; larger lists would refuse real passphrases.
	topWordsDE = sync.OnceValue(func() map[string]struct{} { return lineSet(commonWordsDEText, 1000) })
)

func lineSet(text string, limit int) map[string]struct{} {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if limit >= 0 && limit < len(lines) {
		lines = lines[:limit]
	}
	set := make(map[string]struct{}, len(lines))
	for _, line := range lines {
		set[line] = struct{}{}
	}
	return set
}

// maxDecoration is how many digits and signs around a common word still count as common:
// enough for "hallo12345" and "passwort!2024", not for a word beside ten random digits.
const maxDecoration = 6

// IsCommonPassword reports whether password is on the English list exactly, or is, ignoring
// case and at most maxDecoration digits or signs before and after it, a common English
// password, a common German word, or two or three of the 1,000 most frequent German words run
// together. README.md has the sources and the counts.
func IsCommonPassword(password string) bool {
	if _, ok := commonPasswords()[password]; ok {
		return true
	}
	lower := strings.ToLower(password)
	core := strings.TrimFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })
	if core == "" || utf8.RuneCountInString(lower)-utf8.RuneCountInString(core) > maxDecoration {
		return false
	}
	if _, ok := commonPasswords()[core]; ok {
		return true
	}
	if _, ok := commonWordsDE()[core]; ok {
		return true
	}
	return isPhrase(core, 3)
}

// isPhrase reports whether s is two to parts words of topWordsDE run together.
func isPhrase(s string, parts int) bool {
	words := topWordsDE()
	var split func(rest string, left int, first bool) bool
	split = func(rest string, left int, first bool) bool {
		if rest == "" {
			return !first
		}
		if left == 0 {
			return false
		}
		for i := 1; i <= len(rest); i++ {
			if _, ok := words[rest[:i]]; ok && !(first && i == len(rest)) && split(rest[i:], left-1, false) {
				return true
			}
		}
		return false
	}
	return split(s, parts, true)
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
