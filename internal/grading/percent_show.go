package grading

import (
	"math/big"
	"strings"
)

// The shown percentage never contradicts the table beside it (docs/spec.md §3): it has one decimal,
// rounded half away from zero, unless that text would fall into another band than the percentage
// itself (89,96 % is a 1- under "1 ab 90", and "90,0%" would read as a 1); then it has as many
// decimals as it takes to stay in the band ("89,96%"). A rule that grades a whole percent shows
// that whole percent ("95%" for 94,5 % under "aufrunden").

// maxShownPlaces bounds the decimals: past it the text is rounded towards the band instead.
const maxShownPlaces = 10

// ShowPercentage is the percentage p as the page shows it beside the key's table.
func (k Key) ShowPercentage(p *big.Rat) string {
	if k.Basis != BasisExact {
		return formatPlaces(k.Basis.On(p), 0)
	}
	_, want := k.Find(p)
	for places := 1; places <= maxShownPlaces; places++ {
		t := roundHalfAway(p, places)
		if _, got := k.Find(t); got == want {
			return formatPlaces(t, places)
		}
	}
	return formatPlaces(roundTowardsBand(k, p), maxShownPlaces)
}

// roundTowardsBand is p at maxShownPlaces decimals rounded down when rounding half away lands in a
// better band and up otherwise, so the text stays in p's band however close p is to a bound.
func roundTowardsBand(k Key, p *big.Rat) *big.Rat {
	scale := new(big.Rat).SetInt(pow10(maxShownPlaces))
	x := new(big.Rat).Mul(p, scale)
	down := new(big.Rat).SetInt(floor(x))
	up := new(big.Rat).Add(down, big.NewRat(1, 1))
	_, want := k.Find(p)
	if _, got := k.Find(new(big.Rat).Quo(down, scale)); got == want {
		return down.Quo(down, scale)
	}
	return up.Quo(up, scale)
}

// roundHalfAway is p rounded half away from zero to places decimals.
func roundHalfAway(p *big.Rat, places int) *big.Rat {
	n := roundedMagnitude(p, places)
	if p.Sign() < 0 {
		n.Neg(n)
	}
	return new(big.Rat).SetFrac(n, pow10(places))
}

// formatPlaces writes x, which has at most places decimals, with exactly that many, a comma and "%".
// A value that is zero at that precision has no sign ("0,0%", never "-0,0%").
func formatPlaces(x *big.Rat, places int) string {
	n := roundedMagnitude(x, places)
	var b strings.Builder
	if x.Sign() < 0 && n.Sign() != 0 {
		b.WriteByte('-')
	}
	text := n.String()
	for len(text) <= places {
		text = "0" + text
	}
	b.WriteString(text[:len(text)-places])
	if places > 0 {
		b.WriteByte(',')
		b.WriteString(text[len(text)-places:])
	}
	b.WriteByte('%')
	return b.String()
}
