package zeugnis

import (
	"math/big"
	"regexp"
	"strings"
)

// Target asks "Welche Note brauche ich noch?" (docs/spec.md §9): which grade one more test in Category
// (with Weight inside it, "" meaning 1) needs for the report grade Grade or better.
type Target struct {
	Grade    string // a proposal of the system: "2", "8", "4,5"
	Category string // the name of one of the request's categories
	Weight   string // the new grade's weight inside its category; "" means 1
}

// The answers of Needed.Answer.
const (
	NeededGrade       = "grade"       // Grade is the worst grade that still reaches the target
	NeededUnreachable = "unreachable" // not even the best grade reaches it
	NeededSafe        = "safe"        // even the worst grade keeps it
)

// Needed is the answer to a Target: Grade is the worst grade that reaches it (for safe the system's worst
// grade, for unreachable its best, which does not), and Average and Proposal are those with that grade.
type Needed struct {
	Answer   string   `json:"answer"`
	Grade    string   `json:"grade"`
	Average  string   `json:"average"`
	Proposal string   `json:"proposal"`
	Steps    []string `json:"steps"`
}

var targetNumber = regexp.MustCompile(`^[0-9]{1,2}([.,][0-9]{1,2})?$`)

// needed walks the system's grades from the worst to the best (docs/spec.md §9): the proposal never gets
// worse as the added grade gets better, so the first grade that reaches the target is the worst that does.
// Each try is the whole rule of compute, so the cut-off, the step, the tendency and the rounding setting
// apply exactly as in the proposal.
func needed(req Request, r Scale, tendency *big.Rat) (Needed, error) {
	t := req.Target
	target, err := targetValue(t.Grade, r)
	if err != nil {
		return Needed{}, err
	}
	at := -1
	for i, c := range req.Categories {
		if strings.TrimSpace(c.Name) == strings.TrimSpace(t.Category) {
			at = i
		}
	}
	if strings.TrimSpace(t.Category) == "" {
		return Needed{}, refuse("target: das Feld „category“ fehlt.")
	}
	if at < 0 {
		return Needed{}, refuse("target: die Kategorie %s gibt es nicht.", quoted(t.Category))
	}
	if len(req.Categories[at].Grades) >= maxGrades {
		return Needed{}, refuse("target: %s hat schon %d Noten, mehr nimmt die Kategorie nicht.", quoted(t.Category), maxGrades)
	}
	if t.Weight != "" {
		if _, ok := ParseWeight(t.Weight); !ok {
			return Needed{}, refuse("target: Gewicht %s ist keine Zahl größer als 0.", quoted(t.Weight))
		}
	}
	grades := WalkGrades(r.System)
	try := func(text string) (Result, bool) {
		with := req
		with.Target = nil
		with.Categories = append([]Category(nil), req.Categories...)
		c := with.Categories[at]
		c.Grades = append(append([]Grade(nil), c.Grades...), Grade{Text: text, Weight: t.Weight})
		with.Categories[at] = c
		res, err := compute(with, r, tendency)
		if err != nil {
			panic("zeugnis: a grade of the walk was refused: " + err.Error())
		}
		p, _ := new(big.Rat).SetString(strings.Replace(res.Proposal, ",", ".", 1))
		reached := p.Cmp(target) <= 0
		if r.HigherBetter {
			reached = p.Cmp(target) >= 0
		}
		return res, reached
	}
	// A grade is written as the system names a result: "Zeugnisnote 5 Punkte", "mit 7 Punkten".
	name, goal := quoted(strings.TrimSpace(t.Category)), r.count(decimal(target))
	intro := sprintf("Ziel: Zeugnisnote %s oder besser, mit einer weiteren Note in %s%s.", goal, name, weightWords(t.Weight))
	worst := grades[len(grades)-1]
	if res, ok := try(worst); ok {
		return Needed{Answer: NeededSafe, Grade: worst, Average: res.Average, Proposal: res.Proposal, Steps: []string{intro,
			sprintf("Selbst mit %s, der schlechtesten Note: Durchschnitt %s, Vorschlag %s.", r.withCount(worst), res.Average, res.Proposal),
			sprintf("Das Ziel %s ist schon sicher.", goal)}}, nil
	}
	for i := len(grades) - 2; i >= 0; i-- {
		res, ok := try(grades[i])
		if !ok {
			continue
		}
		below, _ := try(grades[i+1])
		return Needed{Answer: NeededGrade, Grade: grades[i], Average: res.Average, Proposal: res.Proposal, Steps: []string{intro,
			sprintf("Mit %s: Durchschnitt %s, Vorschlag %s.", r.withCount(grades[i]), res.Average, res.Proposal),
			sprintf("Mit %s: Durchschnitt %s, Vorschlag %s.", r.withCount(grades[i+1]), below.Average, below.Proposal),
			sprintf("Nötig %s mindestens %s.", r.isCount(grades[i]), r.count(grades[i]))}}, nil
	}
	best := grades[0]
	res, _ := try(best)
	return Needed{Answer: NeededUnreachable, Grade: best, Average: res.Average, Proposal: res.Proposal, Steps: []string{intro,
		sprintf("Selbst mit %s, der besten Note: Durchschnitt %s, Vorschlag %s.", r.withCount(best), res.Average, res.Proposal),
		sprintf("Das Ziel %s ist nicht mehr erreichbar.", goal)}}, nil
}

// weightWords is " (Gewicht 2)" for a weight other than 1.
func weightWords(w string) string {
	v, ok := ParseWeight(w)
	if !ok || v.Cmp(big.NewRat(1, 1)) == 0 {
		return ""
	}
	return " (Gewicht " + decimal(v) + ")"
}

// targetValue reads a target: a proposal the system can give, a multiple of its step in its range.
func targetValue(text string, r Scale) (*big.Rat, error) {
	t := strings.Trim(text, " \t")
	bad := refuse("target: %s ist keine Zeugnisnote dieses Systems (%s bis %s in Schritten von %s).",
		quoted(text), decimal(r.Best()), decimal(r.Worst()), decimal(r.Step))
	if !targetNumber.MatchString(t) {
		return nil, bad
	}
	v := ratOf(t)
	if v.Cmp(r.Lo) < 0 || v.Cmp(r.Hi) > 0 || !new(big.Rat).Quo(v, r.Step).IsInt() {
		return nil, bad
	}
	return v, nil
}

// Best is the best proposal of the system, Worst its worst.
func (r Scale) Best() *big.Rat {
	if r.HigherBetter {
		return r.Hi
	}
	return r.Lo
}

func (r Scale) Worst() *big.Rat {
	if r.HigherBetter {
		return r.Lo
	}
	return r.Hi
}

// WalkGrades is the grades one test can get in a system, the best first, as a pupil writes them: with
// + and − where the system has them (noten-plus-minus), tenths in noten-dezimal and in schweiz (a Swiss
// test grade is commonly given to a tenth), whole grades or points elsewhere.
func WalkGrades(system string) []string {
	var out []string
	switch system {
	case "noten-plus-minus":
		for g := 1; g <= 6; g++ {
			d := string(rune('0' + g))
			out = append(out, d+"+", d)
			if g < 6 {
				out = append(out, d+"-")
			}
		}
	case "noten", "oesterreich":
		last := 6
		if system == "oesterreich" {
			last = 5
		}
		for g := 1; g <= last; g++ {
			out = append(out, string(rune('0'+g)))
		}
	case "noten-dezimal":
		for t := 10; t <= 60; t++ {
			out = append(out, sprintf("%d,%d", t/10, t%10))
		}
	case "schweiz":
		for t := 60; t >= 10; t-- {
			out = append(out, strings.TrimSuffix(sprintf("%d,%d", t/10, t%10), ",0"))
		}
	case "notenpunkte":
		for p := 15; p >= 0; p-- {
			out = append(out, sprintf("%d", p))
		}
	}
	return out
}
