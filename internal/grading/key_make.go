package grading

import (
	"math/big"
	"strconv"
)

// Key makes the bands of a valid configuration. Every rule ends here, so every view, whatever the
// system, reads the same kind of thing.
func (c Config) Key() Key {
	switch {
	case c.IsOriginal():
		return originalKey(c)
	case c.Rule.Kind == RuleFormula:
		return formulaKey(c.Rule)
	}
	return tableKey(c.Rule)
}

// originalKey gives the 16 bands of docs/spec.md §4: each band takes what is above its lower
// threshold ("über"); the thresholds are those Table and Grade use.
func originalKey(c Config) Key {
	s := c.Schema
	bands := make([]Band, 0, 16)
	add := func(label string, over *big.Rat) {
		bands = append(bands, Band{Label: Label{Text: label, Value: plainValue(label)}, From: over})
	}
	g1 := c.Grades[0]
	add("1", threshold(g1, s.OneMinus))
	add("1-", g1.Min.Rat())
	for g := 2; g <= 5; g++ {
		r := c.Grades[g-1]
		label := strconv.Itoa(g)
		add(label+"+", threshold(r, s.GeneralMinus, s.GeneralNormal))
		add(label, threshold(r, s.GeneralMinus))
		add(label+"-", r.Min.Rat())
	}
	g6 := c.Grades[5]
	add("6+", threshold(g6, s.SixNormal))
	add("6", nil)
	return Key{System: sysPlusMinus, Basis: BasisExact, Bands: bands}
}

// plainValue is the value of a label of 1–6 with + and −: its plain grade.
func plainValue(label string) *big.Rat {
	return big.NewRat(int64(label[0]-'0'), 1)
}

func tableKey(r Rule) Key {
	s, _ := SystemByID(r.System)
	bands := make([]Band, r.Count)
	for i, row := range r.TableBands() {
		l, _, _ := s.label(row.Grade)
		bands[i] = Band{Label: l, Included: true}
		if i < r.Count-1 {
			bands[i].From = row.From.Rat()
		}
	}
	return Key{System: s, Basis: r.Basis, Bands: bands}
}

// formulaKey gives the bands of the Swiss formula. The note of a percentage p is the line
// v(p) = 1 + 5p/100 (with a pass mark X: 1 + 3p/X up to X, 4 + 2(p − X)/(100 − X) above) rounded to
// the step, an exact midpoint up or down. So note n is given from the percentage where v reaches
// n − step/2: included when a midpoint goes up, excluded when it goes down. v rises strictly, so no
// band is empty; above 100 % and below 0 % the line goes on and the notes stop at 6 and 1.
func formulaKey(r Rule) Key {
	step := r.Step.Rat() // Percent units: 0.25 is 2500, i.e. Rat() = 0.25
	places := 0
	if r.Step == 1000 {
		places = 1 // tenths are written with their decimal: 5,0 5,1 …
	}
	half := new(big.Rat).Quo(step, big.NewRat(2, 1))
	var bands []Band
	for n := big.NewRat(6, 1); n.Cmp(big.NewRat(1, 1)) >= 0; n = new(big.Rat).Sub(n, step) {
		b := Band{Label: Label{Text: formatDecimal(n, places), Value: n}, Included: r.Midpoint == MidpointUp}
		if n.Cmp(big.NewRat(1, 1)) > 0 {
			b.From = formulaPercent(r.Pass, new(big.Rat).Sub(n, half))
		}
		bands = append(bands, b)
	}
	return Key{System: sysSwitzerland, Basis: BasisExact, Bands: bands}
}

// formulaPercent inverts the line: the percentage where it reaches note v.
func formulaPercent(pass Percent, v *big.Rat) *big.Rat {
	if pass == 0 { // p = 20 (v − 1)
		p := new(big.Rat).Sub(v, big.NewRat(1, 1))
		return p.Mul(p, big.NewRat(20, 1))
	}
	x := pass.Rat()
	four := big.NewRat(4, 1)
	if v.Cmp(four) <= 0 { // p = X (v − 1) / 3
		p := new(big.Rat).Sub(v, big.NewRat(1, 1))
		p.Mul(p, x)
		return p.Quo(p, big.NewRat(3, 1))
	}
	p := new(big.Rat).Sub(v, four) // p = X + (100 − X)(v − 4) / 2
	p.Mul(p, new(big.Rat).Sub(big.NewRat(100, 1), x))
	p.Quo(p, big.NewRat(2, 1))
	return p.Add(p, x)
}
