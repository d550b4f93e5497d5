package grading

import (
	"math/big"
)

// A Key is a scale's rule made concrete: its system, the percentage it grades on, and its bands, best
// first. Every view (the calculator, the table, the Punkteschlüssel, the Notenspiegel, print, CSV)
// reads a Key; nothing but the rules that make one (key_make.go) knows a system's arithmetic. A key
// is only read once made, so one key may serve many goroutines: a server makes it once per version
// of a scale.
type Key struct {
	System System
	Basis  Basis
	Bands  []Band
	fast   *fastKey // the bands' bounds in machine integers (fast.go); nil where they do not fit
}

// newKey is the key of bands, with the bounds its fast path compares.
func newKey(s System, basis Basis, bands []Band) Key {
	k := Key{System: s, Basis: basis, Bands: bands}
	k.fast = k.fastBounds()
	return k
}

// A Band is the percentages that get one grade. Its upper end is the lower end of the band above it,
// with the opposite inclusion; the best band takes everything above its lower end and the last band
// everything below the band above it (From is nil).
type Band struct {
	Label
	From     *big.Rat // lowest percentage of the basis that gets the band; nil for the last band
	Included bool     // From itself gets the band ("ab"), or only what is above it ("über")
}

// Basis is the percentage a rule grades on: the exact one, or a whole percent as some rules prescribe.
type Basis string

const (
	// BasisExact grades the exact percentage.
	BasisExact Basis = "exact"
	// BasisRound grades the percentage rounded half up to a whole percent, for a school or chamber whose
	// own rule rounds (the KMK table "aufgerundet" of Baden-Württemberg's vocational schools). No IHK key
	// rounds so: theirs grade the exact points.
	BasisRound Basis = "round"
	// BasisCut grades the whole percent with the fraction cut off (Hessen's "der ganzzahlige, nicht
	// gerundete Prozentwert").
	BasisCut Basis = "cut"
)

// On is the percentage the basis grades, from the exact percentage p. Both whole-percent bases round
// towards minus infinity for the cut (floor), so a larger p never gets a worse grade.
func (b Basis) On(p *big.Rat) *big.Rat {
	switch b {
	case BasisRound:
		half := new(big.Rat).Add(p, big.NewRat(1, 2))
		return new(big.Rat).SetInt(floor(half))
	case BasisCut:
		return new(big.Rat).SetInt(floor(p))
	}
	return p
}

// floor is ⌊x⌋: big.Int's Div is Euclidean and a Rat's denominator is positive.
func floor(x *big.Rat) *big.Int {
	return new(big.Int).Div(x.Num(), x.Denom())
}

// Find gives the band of an exact percentage p, and the label that band has there: a percentage above
// 100 in a system with an extra-credit label gets that label with the best band's value.
func (k Key) Find(p *big.Rat) (Band, string) {
	q := k.Basis.On(p)
	if k.System.OverHundred != "" && q.Cmp(big.NewRat(100, 1)) > 0 {
		return k.Bands[0], k.System.OverHundred
	}
	i := k.index(q)
	return k.Bands[i], k.Bands[i].Text
}

// index is the band of a percentage already on the key's basis.
func (k Key) index(q *big.Rat) int {
	for i, b := range k.Bands {
		if b.takes(q) {
			return i
		}
	}
	return len(k.Bands) - 1
}

func (b Band) takes(q *big.Rat) bool {
	if b.From == nil {
		return true
	}
	c := q.Cmp(b.From)
	return c > 0 || (c == 0 && b.Included)
}
