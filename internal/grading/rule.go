package grading

import (
	"math/big"
	"strconv"
	"sync"
)

// Result is what the calculator shows; all fields are "" when the outputs are cleared.
type Result struct {
	Percentage string `json:"percentage"`
	Grade      string `json:"grade"`
	// Alt is the grade in the system's other words where it has them: "1-" for 13 Notenpunkte,
	// "Gut" for Austria's 2, "befriedigend" for a whole 3.
	Alt string `json:"alt,omitempty"`
}

// Calculate is the whole calculator of docs/spec.md §3: the two raw inputs in, the outputs out. Either
// input empty, zero or not a number clears them; nothing else does (a negative total is allowed and
// simply gives a negative or positive percentage). A caller that grades many inputs on one
// configuration makes its Key once and calls Key.Calculate.
func Calculate(c Config, total, achieved string) Result {
	if c.IsOriginal() {
		if r, done := calculateFast(c, total, achieved); done {
			return r
		}
	} else if r, done := calculateTableFast(c, total, achieved); done {
		return r
	}
	return calculateExact(c, total, achieved)
}

// Calculate is the calculator on a key, in big.Rat arithmetic, for any input.
func (k Key) Calculate(total, achieved string) Result {
	p, ok := Percentage(total, achieved)
	if !ok {
		return Result{}
	}
	band, label := k.Find(p)
	return Result{Percentage: k.ShowPercentage(p), Grade: label, Alt: band.Alt}
}

// Percentage is p = 100 / total × achieved, exact; ok is false when either input is empty, zero or
// not a number, which clears the calculator.
func Percentage(total, achieved string) (*big.Rat, bool) {
	t, ok := ParseNumber(total)
	if !ok || t.Sign() == 0 {
		return nil, false
	}
	a, ok := ParseNumber(achieved)
	if !ok || a.Sign() == 0 {
		return nil, false
	}
	p := new(big.Rat).Quo(a, t)
	return p.Mul(p, big.NewRat(100, 1)), true
}

// Grade applies the rule of docs/spec.md §4 to an exact percentage. p == 0 (unreachable from Calculate,
// which clears on a zero input) gives "6", the grade of everything at or below grade 6's minimum.
// It answers "" only for a configuration that leaves p in a gap, which validation prevents.
func Grade(c Config, p *big.Rat) string {
	hundred := big.NewRat(100, 1)
	switch {
	case p.Cmp(hundred) > 0:
		return "1+"
	case p.Sign() <= 0:
		return "6"
	}
	for i, r := range c.Grades {
		inside := p.Cmp(r.Min.Rat()) > 0 && p.Cmp(r.Max.Rat()) <= 0
		if inside || (r.Max == hundredPercent && p.Cmp(hundred) >= 0) {
			return subGrade(c, i+1, p)
		}
	}
	return ""
}

// subGrade splits grade g into its bands with the thresholds of docs/spec.md §4 rules 3–5.
func subGrade(c Config, g int, p *big.Rat) string {
	r, s := c.Grades[g-1], c.Schema
	switch g {
	case 1:
		if p.Cmp(threshold(r, s.OneMinus)) <= 0 {
			return "1-"
		}
		return "1"
	case 6:
		if p.Cmp(threshold(r, s.SixNormal)) > 0 {
			return "6+"
		}
		return "6"
	}
	label := strconv.Itoa(g)
	if p.Cmp(threshold(r, s.GeneralMinus)) <= 0 {
		return label + "-"
	}
	if p.Cmp(threshold(r, s.GeneralMinus, s.GeneralNormal)) > 0 {
		return label + "+"
	}
	return label
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

// calculateExact is Calculate without the fast path: the tests hold the two against each other.
func calculateExact(c Config, total, achieved string) Result {
	return cachedKey(c).Calculate(total, achieved)
}

// keys keeps the keys of the configurations graded lately. Making a key costs far more than grading
// on it (the Swiss formula's 51 bands in big.Rat, about 170 µs), and a server grades on its few stored
// configurations again and again. A key is only read once made, so one may serve many goroutines.
var keys = struct {
	sync.Mutex
	m map[Config]Key
}{m: map[Config]Key{}}

// maxKeys bounds the cache: more configurations than a school keeps scales.
const maxKeys = 128

func cachedKey(c Config) Key {
	c.Zeugnis = Zeugnis{} // the bands do not depend on the Zeugnisnote settings: one key serves both
	keys.Lock()
	defer keys.Unlock()
	if k, ok := keys.m[c]; ok {
		return k
	}
	if len(keys.m) >= maxKeys {
		clear(keys.m)
	}
	k := c.Key()
	keys.m[c] = k
	return k
}
