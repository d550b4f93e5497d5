package grading

import (
	"math/bits"
	"strconv"
	"strings"
)

// The fast path of Calculate: the same exact arithmetic as the big.Rat path, on machine integers.
// The percentage is the fraction n/d = 100·a/t with both terms built from the decimal digits of
// the inputs; a comparison with a threshold x/10^10 is the comparison of the 128-bit products
// n·10^10 and x·d, so nothing is rounded. Whenever a term would not fit (long inputs, a Config
// outside ±10,000 % that never passed Validate) calculateFast says so and Calculate takes the
// big.Rat path. Typical inputs ("30", "23,5") cost one allocation: the percentage text.

const (
	// fastLimit bounds n and d so that 20·n + d and 2·d stay below 2^64·(2·d) and 2^64.
	fastLimit = 1 << 62
	// fastConfigLimit bounds every Percent of a Config on the fast path (±10,000 %), so that a
	// threshold's numerator over 10^10 fits an int64 (|min·10^6 + span·widths| < 10^15).
	fastConfigLimit Percent = 10000 * percentScale
	thresholdScale          = 100 * percentScale * percentScale // 10^10: a threshold's denominator
)

// decimal is a parsed input: mantissa / 10^places, with its sign.
type decimal struct {
	mant   uint64
	places int
	neg    bool
}

// parseDecimal reads the input grammar of ParseNumber. syntaxOK is false exactly when ParseNumber
// refuses s; fits is false when the digits do not fit the fast path (more than 18).
func parseDecimal(s string) (v decimal, syntaxOK, fits bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > maxNumberLen {
		return v, false, false
	}
	switch s[0] {
	case '-':
		v.neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	digits, sep := 0, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			digits++
			if digits <= 18 {
				v.mant = v.mant*10 + uint64(c-'0')
			}
			if sep {
				v.places++
			}
		case (c == '.' || c == ',') && !sep:
			sep = true
		default:
			return v, false, false
		}
	}
	if digits == 0 {
		return v, false, false
	}
	return v, true, digits <= 18
}

var pow10u = [...]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
	1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// mulSmall is a·b when it is below fastLimit.
func mulSmall(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0 && lo < fastLimit
}

// calculateFast is Calculate for inputs and configurations that fit machine integers; done is
// false when the caller must take the big.Rat path.
func calculateFast(c Config, total, achieved string) (r Result, done bool) {
	if !fastConfig(c) {
		return Result{}, false
	}
	n, d, neg, cleared, ok := fastPercentage(total, achieved)
	if cleared || !ok {
		return Result{}, cleared
	}
	text, tenths, ok := formatFast(n, d, neg)
	if !ok {
		return Result{}, false
	}
	grade := gradeFast(c, n, d, neg)
	if shown := gradeOfTenths(c, tenths, neg); shown != grade {
		return Result{}, false // one decimal would read as another band: the exact path adds decimals
	}
	return Result{Percentage: text, Grade: grade}, true
}

// fastPercentage is the percentage 100·a/t of the two inputs as ±n/d on machine integers. cleared:
// either input is not a number, or zero (the calculator clears); ok false: the terms do not fit, and
// the caller takes the big.Rat path.
func fastPercentage(total, achieved string) (n, d uint64, neg, cleared, ok bool) {
	t, tOK, tFits := parseDecimal(total)
	a, aOK, aFits := parseDecimal(achieved)
	if !tOK || !aOK {
		return 0, 0, false, true, true
	}
	if !tFits || !aFits {
		return 0, 0, false, false, false
	}
	if t.mant == 0 || a.mant == 0 {
		return 0, 0, false, true, true
	}
	// 100·a/t = (100 · a.mant · 10^t.places) / (t.mant · 10^a.places)
	n, ok1 := mulSmall(a.mant, pow10u[t.places])
	n, ok2 := mulSmall(n, 100)
	d, ok3 := mulSmall(t.mant, pow10u[a.places])
	return n, d, a.neg != t.neg, false, ok1 && ok2 && ok3
}

// gradeOfTenths is the grade of the shown percentage ±tenths/10, which must be p's own.
func gradeOfTenths(c Config, tenths uint64, neg bool) string {
	if tenths == 0 {
		return "6" // 0 % and below (docs/spec.md §4 rule 1)
	}
	return gradeFast(c, tenths, 10, neg)
}

// fastConfig tells whether every Percent of c is within ±fastConfigLimit.
func fastConfig(c Config) bool {
	in := func(p Percent) bool { return p >= -fastConfigLimit && p <= fastConfigLimit }
	for _, r := range c.Grades {
		if !in(r.Min) || !in(r.Max) {
			return false
		}
	}
	s := c.Schema
	return in(s.GeneralMinus) && in(s.GeneralNormal) && in(s.OneMinus) && in(s.SixNormal)
}

// cmpFast compares the positive fraction n/d with x/10^10: -1, 0 or +1.
func cmpFast(n, d uint64, x int64) int {
	if x < 0 {
		return 1
	}
	lh, ll := bits.Mul64(n, thresholdScale)
	rh, rl := bits.Mul64(uint64(x), d)
	switch {
	case lh != rh:
		return cmpU(lh, rh)
	default:
		return cmpU(ll, rl)
	}
}

func cmpU(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// thresholdFast is threshold's numerator over 10^10 (see threshold), for a fastConfig.
func thresholdFast(r Range, widths ...Percent) int64 {
	var w int64
	for _, x := range widths {
		w += int64(x)
	}
	return int64(r.Min)*100*percentScale + (int64(r.Max)-int64(r.Min))*w
}

// gradeFast is Grade for the percentage ±n/d (never zero here).
func gradeFast(c Config, n, d uint64, neg bool) string {
	hundred := int64(hundredPercent) * percentToScale
	switch {
	case neg:
		return "6"
	case cmpFast(n, d, hundred) > 0:
		return "1+"
	}
	for i, r := range c.Grades {
		inside := cmpFast(n, d, int64(r.Min)*percentToScale) > 0 && cmpFast(n, d, int64(r.Max)*percentToScale) <= 0
		if inside || (r.Max == hundredPercent && cmpFast(n, d, hundred) >= 0) {
			return subGradeFast(c, i+1, n, d)
		}
	}
	return ""
}

// bandLabels are the grade texts, so that a grade costs no allocation: [grade-1][minus, plain, plus].
var bandLabels = [6][3]string{
	{"1-", "1", "1+"}, {"2-", "2", "2+"}, {"3-", "3", "3+"}, {"4-", "4", "4+"}, {"5-", "5", "5+"}, {"6-", "6", "6+"},
}

// subGradeFast is subGrade on n/d.
func subGradeFast(c Config, g int, n, d uint64) string {
	r, s := c.Grades[g-1], c.Schema
	labels := bandLabels[g-1]
	switch g {
	case 1:
		if cmpFast(n, d, thresholdFast(r, s.OneMinus)) <= 0 {
			return labels[0]
		}
		return labels[1]
	case 6:
		if cmpFast(n, d, thresholdFast(r, s.SixNormal)) > 0 {
			return labels[2]
		}
		return labels[1]
	}
	if cmpFast(n, d, thresholdFast(r, s.GeneralMinus)) <= 0 {
		return labels[0]
	}
	if cmpFast(n, d, thresholdFast(r, s.GeneralMinus, s.GeneralNormal)) > 0 {
		return labels[2]
	}
	return labels[1]
}

// formatFast is ±n/d at one decimal as the page shows it (formatPlaces(p, 1)) and its tenths: floor((20·n + d) / (2·d)), half away from zero.
func formatFast(n, d uint64, neg bool) (string, uint64, bool) {
	hi, lo := bits.Mul64(n, 20)
	var carry uint64
	lo, carry = bits.Add64(lo, d, 0)
	hi += carry
	if hi >= 2*d {
		return "", 0, false // more tenths than a uint64 holds
	}
	tenths, _ := bits.Div64(hi, lo, 2*d)
	var buf [24]byte
	b := buf[:0]
	if neg && tenths != 0 { // "0,0%", never "-0,0%"
		b = append(b, '-')
	}
	b = strconv.AppendUint(b, tenths/10, 10)
	b = append(b, ',', byte('0'+tenths%10), '%')
	return string(b), tenths, true
}
