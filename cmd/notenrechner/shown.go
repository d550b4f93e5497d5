package main

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// shown is stored text (an email, a scale's name) as the command line prints it to the operator's
// terminal: every character that is not printable (unicode.IsPrint: letters, marks, numbers,
// punctuation, symbols and the ASCII space) is written as a Go escape, "\x1b" or "\u202e". A name or
// an email stored with ESC, BEL or a bidi control, before the rules refused them or past them, can
// then neither colour, retitle or clear the terminal nor turn the line around. Backslashes stay
// as they are. Every print of stored text goes through it (or through jsonShown).
func shown(s string) string {
	if !strings.ContainsFunc(s, notPrintable) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if notPrintable(r) {
			q := strconv.QuoteRune(r) // '\x1b'
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

func notPrintable(r rune) bool { return !unicode.IsPrint(r) }

// jsonShown is a JSON document with every non-printable character inside its strings written as a
// \u escape (a pair of them above U+FFFF): the same document to a JSON reader, and nothing a terminal
// obeys. Outside strings JSON has only printable characters and the line breaks and spaces of
// indentation, which stay. encoding/json escapes the controls below U+0020 itself.
func jsonShown(doc []byte) []byte {
	if !bytes.ContainsFunc(doc, func(r rune) bool { return notPrintable(r) && r != '\n' }) {
		return doc
	}
	var b bytes.Buffer
	for len(doc) > 0 {
		r, size := utf8.DecodeRune(doc)
		switch {
		case r == '\n' || !notPrintable(r):
			b.Write(doc[:size])
		case r > 0xffff:
			r1, r2 := utf16.EncodeRune(r)
			fmt.Fprintf(&b, `\u%04x\u%04x`, r1, r2)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		doc = doc[size:]
	}
	return b.Bytes()
}
