package grading

import (
	"math/big"
	"math/bits"
	"strconv"
)

// The fast path of Key.Calculate: the key's own bands, compared on machine integers instead of
// big.Rat, for every system alike. The percentage is the fraction n/d = 100·a/t with both terms built
// from the decimal digits of the inputs, read by the one grammar of ParseNumber (scanNumber); the key
// keeps each band's bound as a fraction x/y of machine integers (fastBounds), so a comparison is one
// of the 128-bit products n·y and x·d and nothing is rounded. Where a term does not fit (long inputs,
// a bound of a Config that never passed Validate), the percentage is negative, or the shown
// percentage would read as another band, the fast path hands over to the big.Rat path. Typical
// inputs ("30", "23,5") cost one allocation: the percentage text.

// fastLimit bounds n and d so that 2·n + d fits a uint64 and 20·n + d stays below 2^64·(2·d).
const fastLimit = 1 << 62

// fastKey is what the fast path reads of a key: the bound of every band, and where a system's label
// above 100 % starts (hasOver).
type fastKey struct {
	from    []fastBound
	over    fastBound
	hasOver bool
}

// fastBound is the least exact percentage a band takes on the key's basis, num/den, and whether that
// percentage itself is taken. A bound at or below 0 % is {0, 1, true}: every positive percentage
// takes it, and the fast path grades positive percentages only.
type fastBound struct {
	num, den uint64
	incl     bool
}

// fastBounds is the key's bands as the fast path reads them, or nil when a bound's terms do not fit
// a uint64 (only a Config that never passed Validate has such bounds).
func (k Key) fastBounds() *fastKey {
	if len(k.Bands) == 0 {
		return nil
	}
	f := &fastKey{from: make([]fastBound, len(k.Bands))}
	for i, b := range k.Bands {
		var ok bool
		if f.from[i], ok = k.Basis.fastBound(b.From, b.Included); !ok {
			return nil
		}
	}
	if k.System.OverHundred != "" {
		var ok bool
		f.over, ok = k.Basis.fastBound(big.NewRat(100, 1), false) // Find: above 100 on the basis
		f.hasOver = ok
	}
	return f
}

// fastBound is the least exact percentage whose value on the basis a band from `from` takes. On a
// whole-percent basis the band takes the least whole percent c above from (or at it, when included);
// round(p) ≥ c exactly when p ≥ c − ½, and cut(p) ≥ c exactly when p ≥ c. nil is the last band's
// bound, which takes everything.
func (b Basis) fastBound(from *big.Rat, included bool) (fastBound, bool) {
	if from == nil {
		return fastBound{0, 1, true}, true
	}
	bound := from
	if b != BasisExact {
		c := floor(from)
		if !included || !from.IsInt() {
			c.Add(c, big.NewInt(1))
		}
		bound = new(big.Rat).SetInt(c)
		if b == BasisRound {
			bound.Sub(bound, big.NewRat(1, 2))
		}
		included = true
	}
	if bound.Sign() <= 0 {
		return fastBound{0, 1, true}, true
	}
	if !bound.Num().IsUint64() || !bound.Denom().IsUint64() {
		return fastBound{}, false
	}
	return fastBound{bound.Num().Uint64(), bound.Denom().Uint64(), included}, true
}

// takenBy says whether the positive percentage n/d gets the band of bound b.
func (b fastBound) takenBy(n, d uint64) bool {
	lh, ll := bits.Mul64(n, b.den)
	rh, rl := bits.Mul64(b.num, d)
	if lh != rh {
		return lh > rh
	}
	return ll > rl || (ll == rl && b.incl)
}

// find is Key.Find for the positive percentage n/d: the band's index, and over when the system's
// label above 100 % applies (with the best band's value).
func (f *fastKey) find(n, d uint64) (band int, over bool) {
	if f.hasOver && f.over.takenBy(n, d) {
		return 0, true
	}
	for i, b := range f.from {
		if b.takenBy(n, d) {
			return i, false
		}
	}
	return len(f.from) - 1, false
}

// calculateFast is Key.Calculate where machine integers answer; done is false when the caller must
// take the big.Rat path.
func (k Key) calculateFast(total, achieved string) (r Result, done bool) {
	if k.fast == nil {
		return Result{}, false
	}
	n, d, neg, cleared, ok := fastPercentage(total, achieved)
	if cleared || !ok || neg {
		return Result{}, cleared
	}
	band, over := k.fast.find(n, d)
	var text string
	switch k.Basis {
	case BasisRound:
		text = wholePercent((2*n + d) / (2 * d)) // floor(p + ½)
	case BasisCut:
		text = wholePercent(n / d)
	default:
		var tenths uint64
		text, tenths, ok = formatFast(n, d)
		if !ok || tenths == 0 {
			return Result{}, false
		}
		if b, o := k.fast.find(tenths, 10); b != band || o != over {
			return Result{}, false // one decimal would read as another band: the exact path adds decimals
		}
	}
	b := k.Bands[band]
	grade := b.Text
	if over {
		grade = k.System.OverHundred
	}
	return Result{Percentage: text, Grade: grade, Alt: b.Alt}, true
}

// decimal is a parsed input: mantissa / 10^places, with its sign.
type decimal struct {
	mant   uint64
	places int
	neg    bool
}

// parseDecimal reads an input with scanNumber, the grammar of ParseNumber. syntaxOK is false exactly
// when ParseNumber refuses s; fits is false when the digits do not fit the fast path (more than 18).
func parseDecimal(s string) (v decimal, syntaxOK, fits bool) {
	n, ok := scanNumber(s)
	if !ok {
		return v, false, false
	}
	if len(n.whole)+len(n.frac) > 18 {
		return v, true, false
	}
	for _, part := range [2]string{n.whole, n.frac} {
		for i := 0; i < len(part); i++ {
			v.mant = v.mant*10 + uint64(part[i]-'0')
		}
	}
	v.places, v.neg = len(n.frac), n.neg
	return v, true, true
}

var pow10u = [...]uint64{1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13,
	1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// mulSmall is a·b when it is below fastLimit.
func mulSmall(a, b uint64) (uint64, bool) {
	hi, lo := bits.Mul64(a, b)
	return lo, hi == 0 && lo < fastLimit
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

// formatFast is the positive n/d at one decimal as the page shows it (formatPlaces(p, 1)) and its
// tenths: floor((20·n + d) / (2·d)), half away from zero.
func formatFast(n, d uint64) (string, uint64, bool) {
	hi, lo := bits.Mul64(n, 20)
	var carry uint64
	lo, carry = bits.Add64(lo, d, 0)
	hi += carry
	if hi >= 2*d {
		return "", 0, false // more tenths than a uint64 holds
	}
	tenths, _ := bits.Div64(hi, lo, 2*d)
	var buf [24]byte
	b := strconv.AppendUint(buf[:0], tenths/10, 10)
	b = append(b, ',', byte('0'+tenths%10), '%')
	return string(b), tenths, true
}

// wholePercent writes a whole percent as the page shows it: "95%".
func wholePercent(q uint64) string {
	return strconv.FormatUint(q, 10) + "%"
}
