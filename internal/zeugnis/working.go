package zeugnis

import (
	"fmt"
	"math/big"
	"strings"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// fixedTwo writes a number that has at most two decimals with exactly two and a comma: "2,10".
func fixedTwo(x *big.Rat) string {
	return strings.Replace(x.FloatString(2), ".", ",", 1)
}

// decimal writes a number for people: exact with a comma when it has at most
// four decimals ("1,7", "2", "4,25"), else "≈" and four decimals rounded.
func decimal(x *big.Rat) string {
	s := x.FloatString(4)
	exact, _ := new(big.Rat).SetString(s)
	s = strings.TrimSuffix(strings.TrimRight(s, "0"), ".")
	s = strings.Replace(s, ".", ",", 1)
	if exact.Cmp(x) != 0 {
		return "≈ " + s
	}
	return s
}

// categoryStep is one sentence of the working: a category's grades, their
// values and weights, and its mean.
func categoryStep(c category) string {
	parts := make([]string, len(c.values))
	for i, v := range c.values {
		part := graphic(c.texts[i])
		// "2- = 1,7" for an exact value, "2- ≈ 2,3333" for one that is not (never "= ≈").
		if text := decimal(v); text != part {
			part += " " + equals(v)
		}
		if c.weights[i].Cmp(big.NewRat(1, 1)) != 0 {
			part += " (Gewicht " + decimal(c.weights[i]) + ")"
		}
		parts[i] = part
	}
	return sprintf("Kategorie %s (Gewicht %s): %s; Durchschnitt %s.",
		quoted(c.name), decimal(c.weight), strings.Join(parts, ", "), decimal(c.mean))
}

// averageStep is the sentence of the weighted mean of the categories that have grades.
func averageStep(cats []category, avg *big.Rat) string {
	var terms []string
	total := new(big.Rat)
	for _, c := range cats {
		if c.mean != nil {
			terms = append(terms, decimal(c.weight)+" · "+strings.TrimPrefix(decimal(c.mean), "≈ "))
			total.Add(total, c.weight)
		}
	}
	return sprintf("Gewichteter Durchschnitt der Kategorien: (%s) : %s %s.",
		strings.Join(terms, " + "), decimal(total), equals(avg))
}

// equals is "= 2,3" for an exact value and "≈ 2,2611" for one that is not.
func equals(x *big.Rat) string {
	if d := decimal(x); strings.HasPrefix(d, "≈") {
		return d
	}
	return "= " + decimal(x)
}
