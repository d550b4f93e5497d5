package zeugnis

import (
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The grammars of docs/spec.md §9, ASCII digits only ([0-9], never \d).
var (
	deWhole   = regexp.MustCompile(`^([1-6])([+\-−]?)$`)
	deDecimal = regexp.MustCompile(`^([1-6])[.,]([0-9]{1,2})$`)
	npPoints  = regexp.MustCompile(`^[0-9]{1,2}$`)
	chGrade   = regexp.MustCompile(`^[1-6]([.,][0-9]{1,2})?$`)
	atGrade   = regexp.MustCompile(`^[1-5]$`)
	weightNum = regexp.MustCompile(`^[0-9]{1,9}([.,][0-9]{1,6})?$`)
)

// gradeValue is the number a grade text stands for in its system, or false
// when the text is no grade of it. Only spaces and tabs around it are cut.
func gradeValue(g Grammar, tendency *big.Rat, text string) (*big.Rat, bool) {
	t := strings.Trim(text, " \t")
	switch g {
	case GrammarTendency:
		if m := deWhole.FindStringSubmatch(t); m != nil {
			v := ratOf(m[1])
			switch {
			case m[2] == "+":
				return v.Sub(v, tendency), true
			case m[2] == "":
				return v, true
			case m[1] == "6": // 6- is below the worst grade
				return nil, false
			default:
				return v.Add(v, tendency), true
			}
		}
		if deDecimal.MatchString(t) {
			return inRange(ratOf(t), 1, 6)
		}
	case GrammarPoints:
		if npPoints.MatchString(t) {
			return inRange(ratOf(t), 0, 15)
		}
	case GrammarDecimals:
		if chGrade.MatchString(t) {
			return inRange(ratOf(t), 1, 6)
		}
	case GrammarWhole:
		if atGrade.MatchString(t) {
			return ratOf(t), true
		}
	}
	return nil, false
}

func inRange(v *big.Rat, lo, hi int64) (*big.Rat, bool) {
	if v.Cmp(big.NewRat(lo, 1)) < 0 || v.Cmp(big.NewRat(hi, 1)) > 0 {
		return nil, false
	}
	return v, true
}

// ratOf reads a text the grammars above have accepted (digits, at most one comma or dot).
func ratOf(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(strings.Replace(s, ",", ".", 1))
	if !ok {
		panic("zeugnis: ratOf of unchecked text " + strconv.Quote(s))
	}
	return r
}

// ParseWeight reads a weight: a whole or decimal number with comma or dot, greater than 0.
func ParseWeight(text string) (*big.Rat, bool) {
	t := strings.Trim(text, " \t")
	if !weightNum.MatchString(t) {
		return nil, false
	}
	w := ratOf(t)
	return w, w.Sign() > 0
}

// ParseTendency reads the value of + and − (GrammarTendency): 0,3, 0,25 or exactly a third.
func ParseTendency(text string) (*big.Rat, bool) {
	switch strings.Trim(text, " \t") {
	case "0,3", "0.3":
		return big.NewRat(3, 10), true
	case "0,25", "0.25":
		return big.NewRat(1, 4), true
	case "1/3":
		return big.NewRat(1, 3), true
	}
	return nil, false
}

// ParseStep reads the Swiss proposal step: 0,5, 1 or 0,1.
func ParseStep(text string) (*big.Rat, bool) {
	switch strings.Trim(text, " \t") {
	case "0,5", "0.5":
		return big.NewRat(1, 2), true
	case "1":
		return big.NewRat(1, 1), true
	case "0,1", "0.1":
		return big.NewRat(1, 10), true
	}
	return nil, false
}

// quoted is a text typed by a person as a message shows it: control and
// format characters escaped (a terminal must not act on them), at most 40
// characters.
func quoted(s string) string { return "„" + graphic(s) + "“" }

// graphic is a typed text with control and format characters escaped, at most 40 characters.
func graphic(s string) string {
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "…"
	}
	q := strconv.QuoteToGraphic(s)
	return strings.ReplaceAll(q[1:len(q)-1], `\"`, `"`)
}
