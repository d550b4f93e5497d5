package grading

import (
	"bytes"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Percent is a percentage in ten-thousandths of a percent (85 % == 850000). A configuration holds at
// most four decimal places, so this integer is exact, compares with ==, and keeps Config comparable.
type Percent int64

const (
	percentScale             = 10000
	hundredPercent   Percent = 100 * percentScale
	maxPercentDigits         = 14 // |value| < 10^14 %, so value × 10^4 fits in an int64
)

// String gives the shortest decimal text ("33.33", "85", "0.0001", "-3.5"): the form a person
// would write and the one the canonical document uses.
func (p Percent) String() string {
	return string(p.appendText(nil))
}

func (p Percent) appendText(b []byte) []byte {
	u := uint64(p)
	if p < 0 {
		b = append(b, '-')
		u = -u // two's complement: the magnitude, also for math.MinInt64
	}
	b = strconv.AppendUint(b, u/percentScale, 10)
	frac := u % percentScale
	if frac == 0 {
		return b
	}
	var digits [4]byte
	for i := 3; i >= 0; i-- {
		digits[i] = byte('0' + frac%10)
		frac /= 10
	}
	n := 4
	for digits[n-1] == '0' {
		n--
	}
	b = append(b, '.')
	return append(b, digits[:n]...)
}

// MarshalJSON writes the JSON number with the same text as String, never a float rendering.
func (p Percent) MarshalJSON() ([]byte, error) {
	return p.appendText(nil), nil
}

// UnmarshalJSON reads a JSON number with at most four decimal places, so that a Range decoded on
// its own cannot silently take 85 for 0.0085 %. Like ParseConfig it refuses null and strings.
func (p *Percent) UnmarshalJSON(data []byte) error {
	v, msg := percentFromLiteral(string(bytes.TrimSpace(data)))
	if msg != "" {
		return fmt.Errorf("grading: percent %.40q: %s", data, msg)
	}
	*p = v
	return nil
}

// Rat is the exact value in percent, for arithmetic with percentages computed from points.
func (p Percent) Rat() *big.Rat {
	return big.NewRat(int64(p), percentScale)
}

// percentFromLiteral reads a JSON number literal exactly. It answers with a field message when the
// literal is not a number (or longer than maxNumberLen, to bound the work), has more than four
// decimal places by value (85.00000 is fine, 1e-5 is not), or is too large to hold. Exponents are
// handled by counting, never by computing 10^exponent, so "1e999999999" costs nothing.
func percentFromLiteral(lit string) (Percent, string) {
	if lit == "" || len(lit) > maxNumberLen || !(lit[0] == '-' || isDigit(lit[0])) {
		return 0, msgNumber
	}
	neg := lit[0] == '-'
	if neg {
		lit = lit[1:]
	}
	mantissa, exponent := lit, ""
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		mantissa, exponent = lit[:i], lit[i+1:]
	}
	intPart, frac, hasPoint := strings.Cut(mantissa, ".")
	if !validJSONNumber(intPart, frac, hasPoint, exponent, mantissa != lit) {
		return 0, msgNumber
	}
	digits := strings.TrimLeft(intPart+frac, "0")
	shift := clampedExponent(exponent) - len(frac)
	trimmed := strings.TrimRight(digits, "0")
	shift += len(digits) - len(trimmed)
	digits = trimmed
	switch {
	case digits == "":
		return 0, ""
	case shift < -4:
		return 0, msgDecimals
	case len(digits)+shift > maxPercentDigits:
		return 0, msgRange
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return 0, msgRange
	}
	for range shift + 4 {
		n *= 10
	}
	if neg {
		n = -n
	}
	return Percent(n), ""
}

// validJSONNumber checks the pieces of a literal against the JSON number grammar, so that the
// function stays correct when called on text that was not validated as JSON before.
func validJSONNumber(intPart, frac string, hasPoint bool, exponent string, hasExponent bool) bool {
	if intPart == "" || !allDigits(intPart) || (len(intPart) > 1 && intPart[0] == '0') {
		return false
	}
	if hasPoint && (frac == "" || !allDigits(frac)) {
		return false
	}
	if !hasExponent {
		return true
	}
	if exponent != "" && (exponent[0] == '+' || exponent[0] == '-') {
		exponent = exponent[1:]
	}
	return exponent != "" && allDigits(exponent)
}

// clampedExponent parses an exponent, saturating at ±1e6: beyond that the verdict (too many decimals,
// or out of range) no longer depends on the exact value.
func clampedExponent(s string) int {
	neg := strings.HasPrefix(s, "-")
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	n := 0
	for i := 0; i < len(s) && n < 1_000_000; i++ {
		n = n*10 + int(s[i]-'0')
	}
	if neg {
		return -n
	}
	return n
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isDigit(s[i]) {
			return false
		}
	}
	return true
}
