package auth

import (
	"strings"
	"testing"
)

func TestCheckPassword(t *testing.T) {
	tests := []struct {
		name, password, want string
	}{
		{"empty", "", msgPasswordShort},
		{"9 characters", "abcdefgh9", msgPasswordShort},
		{"10 characters", "abcdefgh10", ""},
		{"9 umlauts, 18 bytes", strings.Repeat("ä", 9), msgPasswordShort},
		{"10 umlauts, 20 bytes", "ääääääääää", ""},
		{"10 emoji, 40 bytes", strings.Repeat("😀", 10), ""},
		{"10 spaces are not trimmed", strings.Repeat(" ", 10), ""},
		{"256 characters", strings.Repeat("x", 256), ""},
		{"257 characters", strings.Repeat("x", 257), msgPasswordLong},
		{"256 umlauts, 512 bytes", strings.Repeat("ä", 256), ""},
		{"257 umlauts", strings.Repeat("ä", 257), msgPasswordLong},
		{"256 emoji, 1024 bytes", strings.Repeat("😀", 256), ""},
		{"common and long enough", "qwertyuiop", msgPasswordCommon},
		{"common, 10 digits", "1234567890", msgPasswordCommon},
		{"common but short: length first", "password", msgPasswordShort},
		{"common but short: 123456", "123456", msgPasswordShort},
		{"common in capitals", "Qwertyuiop", msgPasswordCommon},
		{"common with a space", "qwertyuiop ", msgPasswordCommon},
		{"passphrase", "correct horse battery staple", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CheckPassword(tt.password); got != tt.want {
				t.Errorf("CheckPassword(%q) = %q, want %q", tt.password, got, tt.want)
			}
		})
	}
}

func TestCommonPasswordList(t *testing.T) {
	lines := strings.Split(commonPasswordsText, "\n")
	if last := lines[len(lines)-1]; last != "" {
		t.Fatalf("list does not end with a newline; last line %q", last)
	}
	lines = lines[:len(lines)-1]
	if len(lines) != 10000 {
		t.Errorf("list has %d lines, want exactly 10,000", len(lines))
	}
	if n := len(commonPasswords()); n != 10000 {
		t.Errorf("set has %d entries, want 10,000 (duplicates or blank lines?)", n)
	}
	for i, line := range lines {
		if line == "" || strings.TrimSpace(line) != line {
			t.Errorf("line %d is %q: blank or with surrounding whitespace", i+1, line)
		}
	}
	if lines[0] != "123456" || lines[1] != "password" {
		t.Errorf("list starts with %q, %q; want the most common first: 123456, password", lines[0], lines[1])
	}
}

func TestIsCommonPassword(t *testing.T) {
	tests := []struct {
		password string
		want     bool
	}{
		{"password", true},
		{"123456", true},
		{"qwertyuiop", true},
		{"1234567890", true},
		{"1q2w3e4r5t", true},
		{"Password", true},
		{"password ", true},
		{"correct horse battery staple", false},
		{"", false},
		// German passwords that the English list alone let through
		{"passwort123", true},
		{"Passwort1234", true},
		{"hallo12345", true},
		{"ichliebedich", true},
		{"schule1234", true},
		{"Schatz2024!", true},
		{"!!sommer2025", true},
		{"password123", true},
		// not common: a word with many random digits, four words, unusual words, other signs inside
		{"hallo8302749163", false},
		{"ichliebedichsehrsehr", false},
		{"Zebrafink-Kastanie-42", false},
		{"zebrafinkkastanie", false},
		{"Tür-Apfel-Wolke-9", false},
		{"1234567890123", false},
		{"ääääääääää", false},
	}
	for _, tt := range tests {
		t.Run(tt.password, func(t *testing.T) {
			if got := IsCommonPassword(tt.password); got != tt.want {
				t.Errorf("IsCommonPassword(%q) = %v, want %v", tt.password, got, tt.want)
			}
		})
	}
}
