package grading

import (
	"math/big"
	"strings"
)

// maxNumberLen bounds what a person's input and a document's number literal may cost: longer text is
// "not a number" rather than a big computation (docs/architecture.md).
const maxNumberLen = 32

// ParseNumber reads what a person types into the calculator: Unicode white space trimmed, then
// ^[+-]?(\d+([.,]\d*)?|[.,]\d+)$ with ASCII digits and at most 32 characters. The value is exact;
// a comma and a dot mean the same. ok is false for anything else, including the empty string.
func ParseNumber(s string) (*big.Rat, bool) {
	s = strings.TrimSpace(s) // unicode.IsSpace is the Unicode White_Space property
	if s == "" || len(s) > maxNumberLen {
		return nil, false
	}
	neg := false
	switch s[0] {
	case '-':
		neg = true
		s = s[1:]
	case '+':
		s = s[1:]
	}
	intPart, frac := s, ""
	if i := strings.IndexAny(s, ".,"); i >= 0 {
		intPart, frac = s[:i], s[i+1:]
	}
	if intPart+frac == "" || !allDigits(intPart) || !allDigits(frac) {
		return nil, false
	}
	num, _ := new(big.Int).SetString(intPart+frac, 10)
	if neg {
		num.Neg(num)
	}
	return new(big.Rat).SetFrac(num, pow10(len(frac))), true
}

// FormatPercentage shows p as the calculator does: one decimal rounded half away from zero, a comma,
// "%". A negative p keeps its sign even when it rounds to zero ("-0,0%"), because its grade, 6, is
// decided on the exact value and the text should not contradict it.
func FormatPercentage(p *big.Rat) string {
	n := roundedMagnitude(p, 1)
	var b strings.Builder
	if p.Sign() < 0 {
		b.WriteByte('-')
	}
	text := n.String()
	if len(text) < 2 {
		text = "0" + text
	}
	b.WriteString(text[:len(text)-1])
	b.WriteByte(',')
	b.WriteString(text[len(text)-1:])
	b.WriteByte('%')
	return b.String()
}

// formatBound shows a table bound with at most two decimals, comma, trailing zeros dropped ("90",
// "74,99", "62,5"). Bounds are rounded outward: a band's low end down and its high end up, so the
// range a cell shows always contains its exact band (74.9995–79.999 shows as "74,99 - 80").
func formatBound(x *big.Rat, up bool) string {
	n := new(big.Int).Mul(x.Num(), pow10(2))
	if up {
		n.Neg(n)
	}
	n.Div(n, x.Denom()) // Euclidean: rounds down for the positive denominator
	if up {
		n.Neg(n)
	}
	sign := ""
	if n.Sign() < 0 {
		sign = "-"
		n.Abs(n)
	}
	text := n.String()
	for len(text) < 3 {
		text = "0" + text
	}
	intPart, frac := text[:len(text)-2], strings.TrimRight(text[len(text)-2:], "0")
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
