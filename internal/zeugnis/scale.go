package zeugnis

import (
	"math/big"
	"strings"
)

// Scale is what a grading system means for the Zeugnisnote: which texts are its grades, its range, the
// step of a proposal and which way is better. internal/grading's table of systems holds one per system
// (grading.ZeugnisSystems), so that this package knows the systems by the ids documents use.
type Scale struct {
	System string // the grading system's id: "noten-plus-minus", "notenpunkte", …
	// Alias is the short name `notenrechner zeugnisnote` took before it took the ids ("de", "np", "ch",
	// "at"); still accepted for those who scripted it. "" for a system without one.
	Alias        string
	Grammar      Grammar
	Lo, Hi       *big.Rat // the worst and best proposal, whichever way is better
	Step         *big.Rat // the step of a proposal; the school may set it where StepSetting
	HigherBetter bool
	Tendency     bool   // + and − count a tendency, which the school may set
	StepSetting  bool   // the step is a setting (Swiss grades)
	RangeText    string // in the message for a text that is no grade: "keine Note von 1 bis 6"
	// One and Many follow a grade that is a count, as grading's ResultWords of the system: "1 Punkt",
	// "7 Punkte" in the working of a needed grade; "" where a grade is a Note. grading fills them in.
	One, Many string
}

// count writes a grade as the subject of a sentence: "7 Punkte", "1 Punkt"; the grade alone where a
// grade is a Note ("3-").
func (r Scale) count(grade string) string {
	switch {
	case r.Many == "":
		return grade
	case grade == "1":
		return grade + " " + r.One
	}
	return grade + " " + r.Many
}

// withCount writes a grade after "mit" (the dative): "mit 7 Punkten", "mit 1 Punkt", "mit 3-". German
// adds -n to a plural in the dative unless it ends in -n or -s.
func (r Scale) withCount(grade string) string {
	c := r.count(grade)
	if r.Many == "" || grade == "1" || strings.HasSuffix(r.Many, "n") || strings.HasSuffix(r.Many, "s") {
		return c
	}
	return c + "n"
}

// isCount is the verb for count(grade): "Nötig sind mindestens 7 Punkte", "Nötig ist mindestens 3-".
func (r Scale) isCount(grade string) string {
	if r.Many == "" || grade == "1" {
		return "ist"
	}
	return "sind"
}

// Grammar is which texts are grades of a system (docs/spec.md §9).
type Grammar string

const (
	GrammarTendency Grammar = "tendency" // 1 to 6 with + or −, or with up to two decimals: "2+", "2,3"
	GrammarPoints   Grammar = "points"   // whole points 0 to 15
	GrammarDecimals Grammar = "decimals" // 1 to 6 with up to two decimals: "4,75"
	GrammarWhole    Grammar = "whole"    // one whole grade: "3"
)

// Systems are the grading systems a request may name, in the order they are listed to people.
type Systems []Scale

// find is the system of an id or of its alias.
func (ss Systems) find(id string) (Scale, bool) {
	for _, s := range ss {
		if id == s.System || (id == s.Alias && id != "") {
			return s, true
		}
	}
	return Scale{}, false
}

// names lists the ids of the systems for which keep is true (all for nil): "a, b und c".
func (ss Systems) names(keep func(Scale) bool, and string) string {
	var ids []string
	for _, s := range ss {
		if keep == nil || keep(s) {
			ids = append(ids, s.System)
		}
	}
	if len(ids) < 2 {
		return strings.Join(ids, "")
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " " + and + " " + ids[len(ids)-1]
}

// some names the systems for which keep is true: "das Notensystem schweiz", "die Notensysteme a, b und c".
func (ss Systems) some(keep func(Scale) bool) string {
	names := ss.names(keep, "und")
	if strings.Contains(names, " ") {
		return "die Notensysteme " + names
	}
	return "das Notensystem " + names
}
