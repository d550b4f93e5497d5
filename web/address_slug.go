package web

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// spelled are the German letters an ASCII slug writes out, as a teacher would: "Französisch" is the
// scale "franzoesisch", not "franzosisch".
var spelled = strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")

// AddressSlug reads the scale an address names as people type it: `?schluessel=Mathematik` and
// `?schluessel=Deutsch Oberstufe` mean the scales `mathematik` and `deutsch-oberstufe`. Case is
// ignored, umlauts are written out, accents dropped, and every run of other characters (spaces,
// underscores, punctuation) is one hyphen, trimmed at both ends. The result may still be no slug
// (too long, or nothing left); the caller then treats the address as naming no scale.
// web/src/lib/scale-slug.ts (addressSlug) is the page's copy; testdata/web/address-slugs.json binds both.
func AddressSlug(typed string) string {
	s := spelled.Replace(strings.ToLower(typed))
	var b strings.Builder
	hyphen := false
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r) || unicode.Is(unicode.Mc, r):
			continue // é → e
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
		default:
			hyphen = true
		}
	}
	return b.String()
}
