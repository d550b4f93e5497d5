// Package zeugnis is the Zeugnisnote rule of docs/spec.md §9: a term's
// grades, in categories with weights, become one average (two decimals, cut
// off) and a proposal for the report grade. Exact arithmetic (math/big.Rat)
// only, no I/O.
package zeugnis

import (
	"math/big"
)

// Rounding says where an average exactly on the middle between two proposals goes.
const (
	RoundBetter = "better"
	RoundWorse  = "worse"
)

// Request is a term's grades as the command takes them; texts as typed.
type Request struct {
	System     string // a grading system's id (or its short name, see Scale.Alias)
	Tendency   string // only where the Scale has Tendency; "" means 0,3
	Rounding   string // "" means better
	Step       string // only where the Scale has StepSetting; "" means its step
	Categories []Category
	Target     *Target // asks which next grade reaches a report grade (needed.go); nil when not asked
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
// Warnings name what the proposal silently rests on (a category without
// grades); the member is written only when there is one, so that every
// answer without one stays as it was. Needed answers a Target.
type Result struct {
	Average    string   `json:"average"`
	Proposal   string   `json:"proposal"`
	Borderline bool     `json:"borderline"`
	Steps      []string `json:"steps"`
	Warnings   []string `json:"warnings,omitempty"`
	Needed     *Needed  `json:"needed,omitempty"`
}

// Error is refused input; its message is German and names what was refused.
type Error struct{ Message string }

func (e *Error) Error() string { return e.Message }

func refuse(format string, args ...any) error {
	return &Error{Message: sprintf(format, args...)}
}

// Compute applies docs/spec.md §9 to a request, and answers its Target.
func (ss Systems) Compute(req Request) (Result, error) {
	r, tendency, err := ss.settings(req)
	if err != nil {
		return Result{}, err
	}
	res, err := compute(req, r, tendency)
	if err != nil || req.Target == nil {
		return res, err
	}
	needed, err := needed(req, r, tendency)
	if err != nil {
		return Result{}, err
	}
	res.Needed = &needed
	return res, nil
}

// compute is the Zeugnisnote of a request whose settings are checked.
func compute(req Request, r Scale, tendency *big.Rat) (Result, error) {
	cats, err := readCategories(req, r, tendency)
	if err != nil {
		return Result{}, err
	}
	var steps, warnings []string
	sum, total := new(big.Rat), new(big.Rat)
	for _, c := range cats {
		if len(c.values) == 0 {
			steps = append(steps, sprintf("Kategorie %s hat keine Noten und zählt nicht mit.", quoted(c.name)))
			warnings = append(warnings, sprintf("Kategorie %s hat keine Noten: der Vorschlag beruht nur auf den anderen Kategorien.", quoted(c.name)))
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
		Warnings:   warnings,
	}, nil
}

// settings checks the system and the settings that belong to it.
func (ss Systems) settings(req Request) (Scale, *big.Rat, error) {
	if req.System == "" {
		return Scale{}, nil, refuse("Das Feld „system“ fehlt (%s).", ss.names(nil, "oder"))
	}
	r, ok := ss.find(req.System)
	if !ok {
		return Scale{}, nil, refuse("Unbekanntes Notensystem %s: erlaubt sind %s.", quoted(req.System), ss.names(nil, "und"))
	}
	if req.Rounding != "" && req.Rounding != RoundBetter && req.Rounding != RoundWorse {
		return Scale{}, nil, refuse("rounding %s ist weder better noch worse.", quoted(req.Rounding))
	}
	tendency := big.NewRat(3, 10)
	if req.Tendency != "" {
		if !r.Tendency {
			return Scale{}, nil, refuse("tendency gilt nur für %s.", ss.some(func(s Scale) bool { return s.Tendency }))
		}
		if tendency, ok = ParseTendency(req.Tendency); !ok {
			return Scale{}, nil, refuse("tendency %s ist nicht 0,3, 0,25 oder 1/3.", quoted(req.Tendency))
		}
	}
	if req.Step != "" {
		if !r.StepSetting {
			return Scale{}, nil, refuse("step gilt nur für %s.", ss.some(func(s Scale) bool { return s.StepSetting }))
		}
		if r.Step, ok = ParseStep(req.Step); !ok {
			return Scale{}, nil, refuse("step %s ist nicht 0,5, 1 oder 0,1.", quoted(req.Step))
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
