// Package school holds what a school's place decides beyond its grading scale: the Länder of
// Germany, the cantons of Switzerland and the Länder of Austria a school may choose, and for each
// the rule (where one exists) that ties a written test to the Schulleitung when too many pupils
// fail it (docs/spec.md §11). The rules are data with their sources, written once here; the web
// app receives them from the API and only compares counts with their thresholds.
package school

import (
	"slices"
	"strings"
)

// Country is where a Land lies: DE, CH or AT.
type Country string

const (
	Germany     Country = "DE"
	Switzerland Country = "CH"
	Austria     Country = "AT"
)

// Land is one choice of the school's setting. Code is how it is stored and typed: a German Land's
// ISO 3166-2 code without "DE-" (HE), a Swiss canton's and an Austrian Land's with their country's
// prefix (CH-ZH, AT-9), since BE, NW and SH name a Land and a canton each.
type Land struct {
	Code    string  `json:"code"`
	Name    string  `json:"name"`
	Country Country `json:"country"`
	// Approval is the Land's rule, or nil where none was found.
	Approval *Rule `json:"approval"`
	// Note says what was found where there is no rule (abolished, none, not found), in German.
	Note string `json:"note,omitempty"`
}

// Rule is a Land's rule for a written test that too many fail: the grades that count as failing
// and, in rising order, the shares above which something follows.
type Rule struct {
	// Source names the norm as a reader looks it up ("VOGSV § 34"); Title is its full name.
	Source string `json:"source"`
	Title  string `json:"title"`
	URL    string `json:"url"`
	// Failing are the grades (the grading system's values) that count; FailingTerm says so in
	// words ("schlechter als ausreichend").
	Failing     []string `json:"failing"`
	FailingTerm string   `json:"failingTerm"`
	Steps       []Step   `json:"steps"`
	// Remark is what a teacher should know beside the steps (who is heard, what counts after a
	// repetition), in German.
	Remark string `json:"remark,omitempty"`
}

// Step applies when the failing tests are strictly more than Over (a fraction [numerator,
// denominator]) of the graded ones: "mehr als ein Drittel" of 9 is 4 or more, 3 of 9 is not.
// Where the norm says "ein Drittel oder mehr", AtLeast is set and 3 of 9 is enough. The counts
// are compared as integers (failing × denominator against numerator × graded), never as
// floating-point shares.
type Step struct {
	Over    [2]int `json:"over"`
	AtLeast bool   `json:"atLeast"`
	Share   string `json:"share"` // the threshold in words: "mehr als ein Drittel"
	// Kind is what the step asks for: the Schulleitung decides or must agree (KindApproval), the
	// test is rewritten (KindRewrite), or it does not count unless the Schulleitung agrees
	// (KindVoid).
	Kind        string `json:"kind"`
	Consequence string `json:"consequence"` // what follows, as the norm says it, in German
}

// The kinds of a Step.
const (
	KindApproval = "schulleitung"
	KindRewrite  = "wiederholung"
	KindVoid     = "nicht-gewertet"
)

// Applies reports whether the step applies to failing of graded tests, in integers.
func (s Step) Applies(graded, failing int) bool {
	if graded <= 0 {
		return false
	}
	left, right := failing*s.Over[1], s.Over[0]*graded
	if s.AtLeast {
		return left >= right
	}
	return left > right
}

// Evaluate returns the last (strictest) step that applies, or false when none does.
func (r Rule) Evaluate(graded, failing int) (Step, bool) {
	for i := len(r.Steps) - 1; i >= 0; i-- {
		if r.Steps[i].Applies(graded, failing) {
			return r.Steps[i], true
		}
	}
	return Step{}, false
}

// ByCode finds a Land by its code as typed: case does not matter, and a German Land may carry
// its "DE-" prefix.
func ByCode(code string) (Land, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	c, german := strings.CutPrefix(c, "DE-")
	i := slices.IndexFunc(lands, func(l Land) bool { return l.Code == c && (!german || l.Country == Germany) })
	if i < 0 {
		return Land{}, false
	}
	return lands[i], true
}

// Lands returns every choice, German Länder first, then the cantons, then Austria's Länder.
func Lands() []Land { return slices.Clone(lands) }

// Codes lists every code in the order of Lands, for messages that say what is accepted.
func Codes() []string {
	out := make([]string, len(lands))
	for i, l := range lands {
		out[i] = l.Code
	}
	return out
}

// IsNone reports whether a typed value clears the setting: "" or "none" (or "keins").
func IsNone(code string) bool {
	switch strings.ToLower(strings.TrimSpace(code)) {
	case "", "none", "keins":
		return true
	}
	return false
}
