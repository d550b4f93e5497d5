package grading

import (
	"math/big"
	"strconv"
)

// Key makes the bands of a valid configuration. Every rule ends here, so every view, whatever the
// system, reads the same kind of thing; this is the one place that knows what each kind of rule means.
func (c Config) Key() Key {
	r := &c.Rule
	s, _ := SystemByID(r.System)
	switch r.Kind {
	case RuleWidths:
		return newKey(s, BasisExact, widthsBands(s, r))
	case RuleFormula:
		return newKey(s, BasisExact, formulaBands(r))
	}
	return newKey(s, r.Basis, tableBands(s, r))
}

// widthsBands are the 16 bands of docs/spec.md §4: grade g holds min < p ≤ max of its range, split
// by the widths (rules 3–5) into the bands g-, g and g+ (grade 1 into 1- and 1, grade 6 into 6 and
// 6+). Each band takes what is above its lower threshold ("über"); the last band, 6, takes the rest.
func widthsBands(s System, r *Rule) []Band {
	w := r.Schema
	bands := make([]Band, 0, 16)
	add := func(label string, over *big.Rat) {
		l, _, _ := s.label(label)
		bands = append(bands, Band{Label: l, From: over})
	}
	g1 := r.Grades[0]
	add("1", threshold(g1, w.OneMinus))
	add("1-", g1.Min.Rat())
	for g := 2; g <= 5; g++ {
		x := r.Grades[g-1]
		label := strconv.Itoa(g)
		add(label+"+", threshold(x, w.GeneralMinus, w.GeneralNormal))
		add(label, threshold(x, w.GeneralMinus))
		add(label+"-", x.Min.Rat())
	}
	add("6+", threshold(r.Grades[5], w.SixNormal))
	add("6", nil)
	return bands
}

// threshold is min + range × (w₁ + w₂ + …) / 100 in percent, exact. In Percent units every term is an
// integer over 10^10 (10^4 for the bounds times 100 × 10^4 for a width), so it is computed as one
// big.Int numerator over 10^10; big.Int because a Config that never passed Validate may hold any int64.
func threshold(r Range, widths ...Percent) *big.Rat {
	w := new(big.Int)
	for _, x := range widths {
		w.Add(w, big.NewInt(int64(x)))
	}
	span := new(big.Int).Sub(big.NewInt(int64(r.Max)), big.NewInt(int64(r.Min)))
	num := new(big.Int).Mul(big.NewInt(int64(r.Min)), big.NewInt(100*percentScale))
	num.Add(num, span.Mul(span, w))
	return new(big.Rat).SetFrac(num, big.NewInt(100*percentScale*percentScale))
}

// tableBands are a table's rows: each band takes its bound and what is above it ("ab").
func tableBands(s System, r *Rule) []Band {
	bands := make([]Band, r.Count)
	for i, row := range r.TableBands() {
		l, _, _ := s.label(row.Grade)
		bands[i] = Band{Label: l, Included: true}
		if i < r.Count-1 {
			bands[i].From = row.From.Rat()
		}
	}
	return bands
}

// formulaBands are the bands of the Swiss formula. The note of a percentage p is the line
// v(p) = 1 + 5p/100 (with a pass mark X: 1 + 3p/X up to X, 4 + 2(p − X)/(100 − X) above) rounded to
// the step, an exact midpoint up or down. So note n is given from the percentage where v reaches
// n − step/2: included when a midpoint goes up, excluded when it goes down. v rises strictly, so no
// band is empty; above 100 % and below 0 % the line goes on and the notes stop at 6 and 1.
func formulaBands(r *Rule) []Band {
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
	return bands
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
