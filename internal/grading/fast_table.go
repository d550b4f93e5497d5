package grading

import (
	"strconv"
)

// The fast path of a table rule ("ab" bounds, docs/grading-systems.md): the machine integers of
// fast.go, each band's lower bound compared with cmpFast. A whole-percent basis needs no rounding of
// p: with c a whole percent, round(p) ≥ c exactly when p ≥ c − ½, and cut(p) ≥ c when p ≥ c. A
// negative percentage, a bound outside ±10,000 % or a shown percentage that would read as another
// band hands over to the big.Rat path, as the original's fast path does.

const percentToScale = thresholdScale / percentScale // a Percent over 10^4 → over 10^10

// calculateTableFast is Calculate for a table rule; done is false when the caller must take the
// big.Rat path.
func calculateTableFast(c Config, total, achieved string) (r Result, done bool) {
	rule := &c.Rule
	if !fastTable(rule) {
		return Result{}, false
	}
	n, d, neg, cleared, ok := fastPercentage(total, achieved)
	if cleared || !ok {
		return Result{}, cleared
	}
	if neg {
		return Result{}, false
	}
	s, _ := SystemByID(rule.System)
	band, over := tableBandFast(rule, s, n, d)
	var text string
	switch rule.Basis {
	case BasisRound:
		text = wholePercent((2*n + d) / (2 * d)) // floor(p + ½); 2n + d fits, n and d are below 2^62
	case BasisCut:
		text = wholePercent(n / d)
	default:
		var tenths uint64
		text, tenths, ok = formatFast(n, d, false)
		if !ok || tenths == 0 {
			return Result{}, false
		}
		if shownBand, shownOver := tableBandFast(rule, s, tenths, 10); shownBand != band || shownOver != over {
			return Result{}, false // one decimal would read as another band: the exact path adds decimals
		}
	}
	if over {
		return Result{Percentage: text, Grade: s.OverHundred}, true
	}
	grade := rule.Bands[band].Grade // stored in its canonical form, as the system writes it
	return Result{Percentage: text, Grade: grade, Alt: s.alt(grade)}, true
}

// tableBandFast is the band of the positive percentage n/d on the rule's basis; over is true above
// 100 % in a system with a label for it.
func tableBandFast(rule *Rule, s System, n, d uint64) (band int, over bool) {
	if s.OverHundred != "" && overHundredFast(rule.Basis, n, d) {
		return 0, true
	}
	last := rule.Count - 1
	for i, b := range rule.Bands[:last] {
		if cmpFast(n, d, basisBound(rule.Basis, b.From)) >= 0 {
			return i, false
		}
	}
	return last, false
}

// basisBound is the least exact percentage, over 10^10, whose value on the basis is at least from.
func basisBound(basis Basis, from Percent) int64 {
	whole := (int64(from) + percentScale - 1) / percentScale // the least whole percent ≥ from
	switch basis {
	case BasisRound:
		return (whole*percentScale - percentScale/2) * percentToScale
	case BasisCut:
		return whole * percentScale * percentToScale
	}
	return int64(from) * percentToScale
}

// overHundredFast says whether the percentage n/d is above 100 % on the basis: rounded, from 100,5 %;
// cut, from 101 %; exact, anything above 100 %.
func overHundredFast(basis Basis, n, d uint64) bool {
	const hundred = int64(hundredPercent) * percentToScale
	switch basis {
	case BasisRound:
		return cmpFast(n, d, hundred+percentScale/2*percentToScale) >= 0
	case BasisCut:
		return cmpFast(n, d, hundred+percentScale*percentToScale) >= 0
	}
	return cmpFast(n, d, hundred) > 0
}

// fastTable tells whether every bound of the rule is a percentage from 0 to 10,000 %.
func fastTable(r *Rule) bool {
	if r.Kind != RuleTable || r.Count < 1 {
		return false
	}
	for _, b := range r.Bands[:r.Count-1] {
		if b.From < 0 || b.From > fastConfigLimit {
			return false
		}
	}
	return true
}

// wholePercent writes a whole percent as the page shows it: "95%".
func wholePercent(q uint64) string {
	return strconv.FormatUint(q, 10) + "%"
}

// alt is the second label of a grade the system writes as text ("" where it has none), found without
// building a Label, as the fast path grades without allocating.
func (s System) alt(text string) string {
	for _, l := range s.Labels {
		if l.Text == text {
			return l.Alt
		}
	}
	return ""
}
