package grading

import (
	"math/big"
	"strings"
)

// The key for this test (docs/spec.md §10): a teacher moves the school key's pass bound, its top bound
// and, in the Swiss formula, its rounding step; every other bound follows along the line that bends at
// the pass mark. The TypeScript copy is web/src/lib/adjust.ts; both are bound by
// testdata/grading/adjustments.json.

// Adjustment is a teacher's adjustment as typed (a comma or a dot); an empty field keeps the school's value.
type Adjustment struct {
	Pass, Top, Step string
}

// The messages of a refused adjustment, by field (pass, top, step).
const (
	msgAdjustPass        = "Muss größer als 0 und kleiner als 100 sein."
	msgAdjustTop         = "Muss größer als die Bestehensgrenze und höchstens 100 sein."
	msgAdjustTopWidths   = "Muss größer als die Bestehensgrenze und kleiner als 100 sein."
	msgAdjustNumber      = "Keine Zahl."
	msgAdjustTopCrowded  = "Zu nah an der Bestehensgrenze: Jede Note dazwischen muss gerundet Platz haben."
	msgAdjustPassCrowded = "Zu nah an 0: Jede Note darunter muss gerundet Platz haben."
	msgAdjustNoTop       = "Der Schweizer Schlüssel hat keine eigene Grenze der besten Note: " +
		"Die Note steigt gleichmäßig bis 6 bei 100 %."
	msgAdjustNoStep  = "Nur der Schweizer Schlüssel wird gerundet."
	msgAdjustBinding = "Der Schlüssel der Schule ist verbindlich und kann nicht angepasst werden."
)

// plainSwissPass is where the Swiss line without a pass mark, 1 + 5p/100, reaches 4.
const plainSwissPass = 60 * percentScale

// IsZero says whether the adjustment changes nothing by itself (every field empty).
func (a Adjustment) IsZero() bool {
	return strings.TrimSpace(a.Pass) == "" && strings.TrimSpace(a.Top) == "" && strings.TrimSpace(a.Step) == ""
}

// Adjust gives the school's document with the adjustment applied: a document of the same system and
// kind, the basis, labels, widths and every other member the school's, the preset dropped once a
// bound moved (the rule is no longer the preset's). A binding key ("adjustable": false) refuses every
// field given. A refused adjustment gives a *ValidationError
// with each refused field's message (paths "pass", "top", "step").
func (c Config) Adjust(a Adjustment) (Config, error) {
	errs := fieldErrors{}
	if c.Binding { // the school's decision: every field given is refused
		for field, text := range map[string]string{"pass": a.Pass, "top": a.Top, "step": a.Step} {
			if given(text) {
				errs.add(field, msgAdjustBinding)
			}
		}
		return c, errs.err()
	}
	if c.Rule.Kind != RuleFormula && given(a.Step) {
		errs.add("step", msgAdjustNoStep)
	}
	out := c
	switch c.Rule.Kind {
	case RuleWidths:
		out.Rule = adjustWidths(c.Rule, a, errs)
	case RuleFormula:
		out.Rule = adjustFormula(c.Rule, a, errs)
	default:
		out.Rule = adjustTable(c.Rule, a, errs)
	}
	if err := errs.err(); err != nil {
		return c, err
	}
	if out.Rule != c.Rule {
		out.Preset = ""
	}
	return out, nil
}

func given(text string) bool { return strings.TrimSpace(text) != "" }

// typedPercent reads a typed percentage with at most four decimals, or gives its message.
func typedPercent(text string) (Percent, string) {
	v, ok := ParseNumber(text)
	if !ok {
		return 0, msgAdjustNumber
	}
	scaled := new(big.Rat).Mul(v, big.NewRat(percentScale, 1))
	if !scaled.IsInt() {
		return 0, msgDecimals
	}
	if !scaled.Num().IsInt64() || scaled.Num().CmpAbs(big.NewInt(int64(hundredPercent)*10)) > 0 {
		return 0, msgAdjustPass // far out of range: the range message says it
	}
	return Percent(scaled.Num().Int64()), ""
}

// passAndTop gives the new pass X and top T (the school's x0, t0 where a field is empty); widths' top
// must stay below 100, a table's may be 100; a table read in whole percent takes whole bounds only.
func passAndTop(a Adjustment, x0, t0 Percent, widths, whole bool, errs fieldErrors) (x, t Percent) {
	x, t = x0, t0
	topMsg := msgAdjustTop
	if widths {
		topMsg = msgAdjustTopWidths
	}
	passOK := true
	if given(a.Pass) {
		v, msg := typedPercent(a.Pass)
		switch {
		case msg != "":
			errs.add("pass", msg)
			passOK = false
		case v <= 0 || v >= hundredPercent:
			errs.add("pass", msgAdjustPass)
			passOK = false
		case whole && v%percentScale != 0:
			errs.add("pass", msgFromWhole)
			passOK = false
		default:
			x = v
		}
	}
	if given(a.Top) {
		v, msg := typedPercent(a.Top)
		switch {
		case msg == msgDecimals || msg == msgAdjustNumber:
			errs.add("top", msg)
		case msg != "" || v <= x || v > hundredPercent || (widths && v == hundredPercent):
			errs.add("top", topMsg)
		case whole && v%percentScale != 0:
			errs.add("top", msgFromWhole)
		default:
			t = v
		}
	} else if passOK && x >= t {
		errs.add("top", topMsg)
	}
	return x, t
}

// mover moves a bound v along the line through (x0, x) and (t0, t) above the pass bound and in proportion
// below it; a bound that moved is rounded half up to whole percent, or to half percent where the school's
// key has a bound that is not whole.
func mover(bounds []Percent, x0, t0, x, t Percent) func(Percent) Percent {
	unit := int64(percentScale)
	for _, b := range bounds {
		if b%percentScale != 0 {
			unit = percentScale / 2
		}
	}
	return func(v Percent) Percent {
		var moved *big.Rat
		if v >= x0 {
			moved = new(big.Rat).SetFrac64(int64(v-x0)*int64(t-x), int64(t0-x0))
			moved.Add(moved, big.NewRat(int64(x), 1))
		} else {
			moved = new(big.Rat).SetFrac64(int64(v)*int64(x), int64(x0))
		}
		if moved.Cmp(big.NewRat(int64(v), 1)) == 0 {
			return v
		}
		// ⌊moved/unit + 1/2⌋ · unit
		q := new(big.Rat).Quo(moved, big.NewRat(unit, 1))
		q.Add(q, big.NewRat(1, 2))
		return Percent(new(big.Int).Div(q.Num(), q.Denom()).Int64() * unit)
	}
}

// crowded adds the message of bounds that rounding made meet (best first, the pass bound at passIndex):
// between the top and the pass bound the top's, below it the pass's; every bound stays above 0.
func crowded(bounds []Percent, passIndex int, errs fieldErrors) {
	for i, b := range bounds {
		var below Percent
		if i+1 < len(bounds) {
			below = bounds[i+1]
		}
		if b > below {
			continue
		}
		if i < passIndex {
			errs.add("top", msgAdjustTopCrowded)
		} else {
			errs.add("pass", msgAdjustPassCrowded)
		}
	}
}

// moveAll gives the moved bounds: the top and the pass bound as typed, the others along the line.
func moveAll(bounds []Percent, passIndex int, x, t Percent) []Percent {
	move := mover(bounds, bounds[passIndex], bounds[0], x, t)
	moved := make([]Percent, len(bounds))
	for i, b := range bounds {
		switch i {
		case 0:
			moved[i] = t
		case passIndex:
			moved[i] = x
		default:
			moved[i] = move(b)
		}
	}
	return moved
}

func adjustTable(r Rule, a Adjustment, errs fieldErrors) Rule {
	sys, _ := SystemByID(r.System)
	rows := r.TableBands()
	bounds := make([]Percent, 0, len(rows))
	passIndex := -1
	for i, row := range rows[:len(rows)-1] {
		bounds = append(bounds, row.From)
		if sys.passes(row.Grade) {
			passIndex = i
		}
	}
	if passIndex <= 0 { // no passing band below the best one: nothing to move
		if given(a.Pass) {
			errs.add("pass", msgAdjustPass)
		} else if given(a.Top) {
			errs.add("top", msgAdjustTop)
		}
		return r
	}
	x, t := passAndTop(a, bounds[passIndex], bounds[0], false, r.Basis != BasisExact, errs)
	if len(errs) > 0 {
		return r
	}
	moved := moveAll(bounds, passIndex, x, t)
	if crowded(moved, passIndex, errs); len(errs) > 0 {
		return r
	}
	for i := range moved {
		r.Bands[i].From = moved[i]
	}
	return r
}

func adjustWidths(r Rule, a Adjustment, errs fieldErrors) Rule {
	mins := make([]Percent, 5) // grade 1's to 5's min; grade 6's is 0
	for i := range mins {
		mins[i] = r.Grades[i].Min
	}
	x, t := passAndTop(a, mins[3], mins[0], true, false, errs)
	if len(errs) > 0 {
		return r
	}
	moved := moveAll(mins, 3, x, t)
	if crowded(moved, 3, errs); len(errs) > 0 {
		return r
	}
	for i, m := range moved {
		r.Grades[i].Min = m
		r.Grades[i+1].Max = m
	}
	return r
}

func adjustFormula(r Rule, a Adjustment, errs fieldErrors) Rule {
	if given(a.Top) {
		errs.add("top", msgAdjustNoTop)
	}
	if given(a.Pass) {
		v, msg := typedPercent(a.Pass)
		switch {
		case msg != "":
			errs.add("pass", msg)
		case v <= 0 || v >= hundredPercent:
			errs.add("pass", msgAdjustPass)
		case v == plainSwissPass && r.Pass == 0:
			// the plain line: the school's own, nothing to write
		default:
			r.Pass = v
		}
	}
	if given(a.Step) {
		v, ok := ParseNumber(a.Step)
		step := Percent(0)
		if ok {
			for _, s := range []Percent{1000, 2500, 5000, 10000} {
				if v.Cmp(s.Rat()) == 0 {
					step = s
				}
			}
		}
		if step == 0 {
			errs.add("step", msgStep)
		} else {
			r.Step = step
		}
	}
	return r
}

// passes says whether a label of the system passes: its value is the pass mark's or better.
func (s System) passes(text string) bool {
	l, _, ok := s.label(text)
	if !ok || l.Value == nil || s.Pass == nil {
		return false
	}
	if s.HigherIsBetter {
		return l.Value.Cmp(s.Pass) >= 0
	}
	return l.Value.Cmp(s.Pass) <= 0
}
