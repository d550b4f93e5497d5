package grading

import (
	"math/big"
	"strings"
)

// maxNumberLen bounds what a person's input and a document's number literal may cost: longer text is
// "not a number" rather than a big computation (docs/decisions.md, "Input syntax").
const maxNumberLen = 32

// ParseNumber reads what a person types into the calculator: Unicode white space trimmed, then
// ^[+-]?(\d+([.,]\d*)?|[.,]\d+)$ with ASCII digits and at most 32 characters. The value is exact;
// a comma and a dot mean the same. ok is false for anything else, including the empty string.
func ParseNumber(s string) (*big.Rat, bool) {
	n, ok := scanNumber(s)
	if !ok {
		return nil, false
	}
	num, _ := new(big.Int).SetString(n.whole+n.frac, 10)
	if n.neg {
		num.Neg(num)
	}
	return new(big.Rat).SetFrac(num, pow10(len(n.frac))), true
}

// number is an input split by the one grammar of ParseNumber: its sign and its ASCII digits before
// and after the separator. ParseNumber makes it exact; the fast path of Key.Calculate makes it a
// machine integer when it fits (parseDecimal).
type number struct {
	neg         bool
	whole, frac string
}

// scanNumber is the grammar of ParseNumber; ok is false for anything it refuses.
func scanNumber(s string) (n number, ok bool) {
	s = strings.TrimSpace(s) // unicode.IsSpace is the Unicode White_Space property
	if s == "" || len(s) > maxNumberLen {
		return n, false
	}
	switch s[0] {
	case '-':
		n.neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	n.whole = s
	if i := strings.IndexAny(s, ".,"); i >= 0 {
		n.whole, n.frac = s[:i], s[i+1:]
	}
	if n.whole == "" && n.frac == "" || !allDigits(n.whole) || !allDigits(n.frac) {
		return number{}, false
	}
	return n, true
}

// formatExact shows a table threshold exactly: comma, as many decimals as it has, trailing zeros
// dropped ("85", "89,9995", "78,0555286111"). Thresholds are multiples of 10^-10 (see threshold), so
// the text ends; a value with a longer expansion (only from a Config that skipped Validate) is cut
// after 10 decimals.
func formatExact(x *big.Rat) string {
	const places = 10
	n := new(big.Int).Mul(x.Num(), pow10(places))
	n.Quo(n, x.Denom())
	sign := ""
	if n.Sign() < 0 {
		sign = "-"
		n.Abs(n)
	}
	text := n.String()
	for len(text) <= places {
		text = "0" + text
	}
	intPart, frac := text[:len(text)-places], strings.TrimRight(text[len(text)-places:], "0")
	if frac == "" {
		return sign + intPart
	}
	return sign + intPart + "," + frac
}

// roundedMagnitude is |x| × 10^places rounded half away from zero, as an integer: floor(|x|·10^k + ½).
func roundedMagnitude(x *big.Rat, places int) *big.Int {
	scale := pow10(places)
	num := new(big.Int).Abs(x.Num())
	num.Mul(num, scale)
	den := x.Denom()
	// floor((2·num + den) / (2·den))
	num.Lsh(num, 1)
	num.Add(num, den)
	twiceDen := new(big.Int).Lsh(den, 1)
	return num.Quo(num, twiceDen)
}

func pow10(n int) *big.Int {
	return new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(n)), nil)
}
