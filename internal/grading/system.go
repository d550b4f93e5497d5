package grading

import (
	"math/big"
	"strconv"
	"strings"
)

// A System is a way of writing grades: which labels exist, best first, what each means as a number for
// averages, and how else it is known (docs/grading-systems.md). A scale follows one system; its rule
// decides which percentages get which label.
type System struct {
	ID   string
	Name string
	// Labels lists every label of the system, best first. Nil for a system whose labels are numbers in a
	// range (schweiz): such labels are read by number and ranked by value.
	Labels []Label
	// OverHundred is the label of a percentage above 100 when the system has one beyond its best band
	// (the original's "1+" for extra credit); "" means above 100 % gets the best band.
	OverHundred string
	// higherIsBetter is true where a larger number is a better grade (Notenpunkte, Switzerland).
	higherIsBetter bool
}

// Label is one grade of a system as it is written.
type Label struct {
	Text  string   // as the system writes it: "2+", "13", "4,75", "1,5", "2"
	Alt   string   // the same grade in other words ("1-" for 13 Notenpunkte, "Gut" for Austria's 2), or ""
	Value *big.Rat // the number an average counts
}

// The system ids, stable: they are stored in documents.
const (
	SystemPlusMinus   = "noten-plus-minus"
	SystemWhole       = "noten"
	SystemDecimal     = "noten-dezimal"
	SystemPoints      = "notenpunkte"
	SystemSwitzerland = "schweiz"
	SystemAustria     = "oesterreich"
)

// Systems lists every system in the order an admin picks them.
func Systems() []System {
	return []System{sysPlusMinus, sysWhole, sysDecimal, sysPoints, sysSwitzerland, sysAustria}
}

// SystemByID finds a system; ok is false for an unknown id.
func SystemByID(id string) (System, bool) {
	for _, s := range [...]*System{&sysPlusMinus, &sysWhole, &sysDecimal, &sysPoints, &sysSwitzerland, &sysAustria} {
		if s.ID == id {
			return *s, true // looked up on every grade of a table: no list is built for it
		}
	}
	return System{}, false
}

var (
	// sysPlusMinus is the original's system: 1 to 6 with + and −. The value of a label is its plain grade
	// (2+ and 2- count as 2 in an average), as the Notenspiegel has always counted.
	sysPlusMinus = System{
		ID: SystemPlusMinus, Name: "Noten 1–6 mit + und −", OverHundred: "1+",
		Labels: plusMinusGrades(),
	}
	sysWhole = System{
		ID: SystemWhole, Name: "Noten 1–6",
		Labels: wholeGrades("sehr gut", "gut", "befriedigend", "ausreichend", "mangelhaft", "ungenügend"),
	}
	// sysDecimal is the IHK's decimal key: 1,0 to 6,0 in tenths.
	sysDecimal = System{ID: SystemDecimal, Name: "Noten 1,0–6,0 (Dezimalnoten)", Labels: decimalGrades()}
	// sysPoints are the Notenpunkte of the gymnasiale Oberstufe: 15 best, each also a grade with + or −
	// (15 = 1+, 14 = 1, 13 = 1-, …, 1 = 5-, 0 = 6; KMK).
	sysPoints      = System{ID: SystemPoints, Name: "Notenpunkte 15–0", Labels: pointsGrades(), higherIsBetter: true}
	sysSwitzerland = System{ID: SystemSwitzerland, Name: "Noten 6–1 (Schweiz)", higherIsBetter: true}
	// sysAustria writes the words of the Leistungsbeurteilungsverordnung (LBVO § 14).
	sysAustria = System{
		ID: SystemAustria, Name: "Noten 1–5 (Österreich)",
		Labels: wholeGrades("Sehr gut", "Gut", "Befriedigend", "Genügend", "Nicht genügend"),
	}
)

func plusMinusGrades() []Label {
	var gs []Label
	for g := 1; g <= 6; g++ {
		n := strconv.Itoa(g)
		for _, suffix := range []string{"+", "", "-"} {
			if g == 6 && suffix == "-" {
				continue
			}
			gs = append(gs, Label{Text: n + suffix, Value: big.NewRat(int64(g), 1)})
		}
	}
	return gs
}

func wholeGrades(words ...string) []Label {
	gs := make([]Label, len(words))
	for i, w := range words {
		gs[i] = Label{Text: strconv.Itoa(i + 1), Alt: w, Value: big.NewRat(int64(i+1), 1)}
	}
	return gs
}

func decimalGrades() []Label {
	gs := make([]Label, 0, 51)
	for tenths := 10; tenths <= 60; tenths++ {
		v := big.NewRat(int64(tenths), 10)
		gs = append(gs, Label{Text: formatDecimal(v, 1), Value: v})
	}
	return gs
}

func pointsGrades() []Label {
	alt := plusMinusGrades() // 1+, 1, 1-, …, 5-, 6+, 6: 15 points is 1+, 0 points is 6
	gs := make([]Label, 0, 16)
	for np := 15; np >= 0; np-- {
		a := alt[15-np].Text
		if np == 0 {
			a = "6"
		}
		gs = append(gs, Label{Text: strconv.Itoa(np), Alt: a, Value: big.NewRat(int64(np), 1)})
	}
	return gs
}

// label finds a label of the system. For a system of numbers it reads the label as a number between
// 1 and 6 with at most two decimals (a comma or a dot) and writes it back the shortest way ("4,50" is
// "4,5"). rank orders labels: a smaller rank is a better grade.
func (s System) label(text string) (l Label, rank *big.Rat, ok bool) {
	if s.Labels != nil {
		for i, l := range s.Labels {
			if l.Text == text {
				return l, big.NewRat(int64(i), 1), true
			}
		}
		return Label{}, nil, false
	}
	v, ok := ParseNumber(text)
	if !ok || strings.TrimSpace(text) != text || v.Cmp(big.NewRat(1, 1)) < 0 || v.Cmp(big.NewRat(6, 1)) > 0 {
		return Label{}, nil, false
	}
	if !new(big.Rat).Mul(v, big.NewRat(100, 1)).IsInt() {
		return Label{}, nil, false
	}
	return Label{Text: formatDecimal(v, 0), Value: v}, new(big.Rat).Neg(v), true
}

// formatDecimal writes v with a comma and at least minPlaces decimals, more where v has them (up to
// 10): formatDecimal(4.5, 1) is "4,5", formatDecimal(4, 1) is "4,0", formatDecimal(4.75, 0) is "4,75".
func formatDecimal(v *big.Rat, minPlaces int) string {
	text := formatExact(v)
	intPart, frac, _ := strings.Cut(text, ",")
	for len(frac) < minPlaces {
		frac += "0"
	}
	if frac == "" {
		return intPart
	}
	return intPart + "," + frac
}
