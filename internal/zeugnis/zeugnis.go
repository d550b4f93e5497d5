// Package zeugnis is the Zeugnisnote rule of docs/spec.md §9: a term's
// grades, in categories with weights, become one average (two decimals, cut
// off) and a proposal for the report grade. Exact arithmetic (math/big.Rat)
// only, no I/O.
package zeugnis

import (
	"math/big"
)

// System is how grades are typed: de (1–6 with + and −), np (Notenpunkte
// 0–15), ch (Swiss 1–6 with decimals), at (Austrian 1–5).
type System string

const (
	SystemDE System = "de"
	SystemNP System = "np"
	SystemCH System = "ch"
	SystemAT System = "at"
)

// Rounding says where an average exactly on the middle between two proposals goes.
const (
	RoundBetter = "better"
	RoundWorse  = "worse"
)

// Request is a term's grades as the command takes them; texts as typed.
type Request struct {
	System     System
	Tendency   string // de only; "" means 0,3
	Rounding   string // "" means better
	Step       string // ch only; "" means 0,5
	Categories []Category
}

// Category is a named group of grades (schriftlich, mündlich …) with its weight.
type Category struct {
	Name   string
	Weight string // "" means 1
	Grades []Grade
}

// Grade is one grade as typed, with its own weight inside its category.
type Grade struct {
	Text   string
	Weight string // "" means 1
}

// Result is the answer of the command: the cut-off average, the proposal,
// whether the teacher must decide, and the working in German sentences.
type Result struct {
	Average    string   `json:"average"`
	Proposal   string   `json:"proposal"`
	Borderline bool     `json:"borderline"`
	Steps      []string `json:"steps"`
}

// Error is refused input; its message is German and names what was refused.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

func refuse(format string, args ...any) error {
	return &Error{Message: sprintf(format, args...)}
}

// rules is what a system decides: its range, its proposal step, and which
// way is better.
type rules struct {
	system       System
	lo, hi       *big.Rat
	step         *big.Rat
	higherBetter bool
	rangeText    string // in the message for a text that is no grade
}

func systemRules(sys System) (rules, bool) {
	n := func(x int64) *big.Rat { return big.NewRat(x, 1) }
	switch sys {
	case SystemDE:
		return rules{sys, n(1), n(6), n(1), false, "keine Note von 1 bis 6"}, true
	case SystemNP:
		return rules{sys, n(0), n(15), n(1), true, "keine Punktzahl von 0 bis 15"}, true
	case SystemCH:
		return rules{sys, n(1), n(6), big.NewRat(1, 2), true, "keine Note von 1 bis 6 (höchstens zwei Nachkommastellen)"}, true
	case SystemAT:
		return rules{sys, n(1), n(5), n(1), false, "keine Note von 1 bis 5"}, true
	}
	return rules{}, false
}

// Compute applies docs/spec.md §9 to a request.
func Compute(req Request) (Result, error) {
	r, tendency, err := settings(req)
	if err != nil {
		return Result{}, err
	}
	cats, err := readCategories(req, r, tendency)
	if err != nil {
		return Result{}, err
	}
	var steps []string
	sum, total := new(big.Rat), new(big.Rat)
	for _, c := range cats {
		if len(c.values) == 0 {
			steps = append(steps, sprintf("Kategorie %s hat keine Noten und zählt nicht mit.", quoted(c.name)))
			continue
		}
		steps = append(steps, categoryStep(c))
		sum.Add(sum, new(big.Rat).Mul(c.weight, c.mean))
		total.Add(total, c.weight)
	}
	if total.Sign() == 0 {
		return Result{}, refuse("Keine Note angegeben: der Durchschnitt braucht mindestens eine Note.")
	}
	avg := new(big.Rat).Quo(sum, total)
	steps = append(steps, averageStep(cats, avg))
	cut := cutTwo(avg)
	steps = append(steps, sprintf("Auf zwei Nachkommastellen abgeschnitten, ohne Auf- oder Abrundung: %s.", fixedTwo(cut)))
	proposal, borderline, more := propose(cut, r, req.Rounding == RoundWorse)
	return Result{
		Average:    fixedTwo(cut),
		Proposal:   decimal(proposal),
		Borderline: borderline,
		Steps:      append(steps, more...),
	}, nil
}

// settings checks the system and the settings that belong to it.
func settings(req Request) (rules, *big.Rat, error) {
	r, ok := systemRules(req.System)
	if !ok {
		return rules{}, nil, refuse("Unbekanntes Notensystem %s: erlaubt sind de, np, ch und at.", quoted(string(req.System)))
	}
	if req.Rounding != "" && req.Rounding != RoundBetter && req.Rounding != RoundWorse {
		return rules{}, nil, refuse("rounding %s ist weder better noch worse.", quoted(req.Rounding))
	}
	tendency := big.NewRat(3, 10)
	if req.Tendency != "" {
		if req.System != SystemDE {
			return rules{}, nil, refuse("tendency gilt nur für das Notensystem de.")
		}
		if tendency, ok = ParseTendency(req.Tendency); !ok {
			return rules{}, nil, refuse("tendency %s ist nicht 0,3, 0,25 oder 1/3.", quoted(req.Tendency))
		}
	}
	if req.Step != "" {
		if req.System != SystemCH {
			return rules{}, nil, refuse("step gilt nur für das Notensystem ch.")
		}
		if r.step, ok = ParseStep(req.Step); !ok {
			return rules{}, nil, refuse("step %s ist nicht 0,5, 1 oder 0,1.", quoted(req.Step))
		}
	}
	return r, tendency, nil
}

// cutTwo cuts a number to two decimals towards zero: 2,6666… is 2,66.
func cutTwo(x *big.Rat) *big.Rat {
	hundred := big.NewInt(100)
	n := new(big.Int).Mul(x.Num(), hundred)
	n.Quo(n, x.Denom()) // big.Int.Quo truncates towards zero
	return new(big.Rat).SetFrac(n, hundred)
}
