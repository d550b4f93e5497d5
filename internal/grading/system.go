package grading

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

//go:generate go test -run TestSystemsFileIsFresh -update .

// A System is a way of writing grades: which labels exist, best first, what each means as a number for
// averages, where it passes, how the Notenspiegel groups it, the words the page uses for it and what it
// means for the Zeugnisnote (docs/grading-systems.md). A scale follows one system; its rule decides which
// percentages get which label. This table is the only place the systems are written down: the web app
// reads it as web/src/lib/systems.gen.ts, written from it (systems_gen_test.go keeps that file fresh).
type System struct {
	ID string
	// Name is the system as the admin picks it.
	Name string
	// Labels lists every label of the system, best first. Nil for a system whose labels are numbers in a
	// range (schweiz): such labels are read by number and ranked by value.
	Labels []Label
	// Numbers describes labels that are numbers: from Best to Worst by Step, written with Places
	// decimals at least. List says the labels are exactly these numbers (Labels holds them); without it
	// any number of the range in steps of Step is a label, written the shortest way. Nil for the
	// original's labels with + and −.
	Numbers *Numbers
	// OverHundred is the label of a percentage above 100 when the system has one beyond its best band
	// (the original's "1+" for extra credit); "" means above 100 % gets the best band.
	OverHundred string
	// HigherIsBetter is true where a larger number is a better grade (Notenpunkte, Switzerland).
	HigherIsBetter bool
	// Pass is the value of the worst label that still passes.
	Pass *big.Rat
	// Grouping is how the Notenspiegel gathers bands into whole grades; RangeNames says its groups are
	// named by their labels' range ("1,0–1,4") rather than as a grade ("Note 1").
	Grouping   Grouping
	RangeNames bool
	// FailingTerm names the share of failing grades ("Anteil 5 und 6"); AverageNote says how an average
	// counts where that needs saying; AltTerm heads the column of second labels or words ("Note in Worten").
	FailingTerm, AverageNote, AltTerm string
	// Zeugnis is what the system means for the Zeugnisnote of docs/spec.md §9.
	Zeugnis zeugnis.Scale
	// Result is how the page names a result of the system where "Note 2" would be wrong.
	Result ResultWords
	// Separator is the decimal separator the page writes the system's grades, percentages and points
	// with, and Percent how it ends a percentage: "4.5" and "78.3 %" in Switzerland, "4,5" and "78,3%"
	// elsewhere ("" for these). Typed numbers take either separator in every system. Labels keep their
	// comma here and in the API: only the page writes them otherwise.
	Separator, Percent string
	// Words name the grades in words where the labels are numbers (the decimal key's "Note in Worten"):
	// each word holds from the better word's grades down to its Worst, best first.
	Words []Word
	// Test is what the system's schools call a written test where it is not "Klassenarbeit" (""):
	// "Prüfung" in Switzerland.
	Test string
}

// ResultWords name a system's results on the page.
type ResultWords struct {
	// One and Many follow a grade that is a count: "1 Punkt", "8 Punkte" (a Notenpunkte result is no
	// "Note 8"). Empty where a grade is a Note: "Note 2".
	One, Many string
	// ZeugnisNote is said beside the Zeugnisnote's average where the system's law says how the year's
	// grades weigh (Austria's LBVO § 20: the latest performance weighs more), "" elsewhere.
	ZeugnisNote string
}

// A Word is a grade in words, for the labels from the better word's down to Worst.
type Word struct {
	Worst *big.Rat
	Text  string
}

// Numbers are labels that are numbers in a range (see System.Numbers).
type Numbers struct {
	Best, Worst, Step *big.Rat
	Places            int
	List              bool
}

// Grouping is how the Notenspiegel groups a system's bands into whole grades.
type Grouping string

const (
	GroupLabel   Grouping = "label"   // each label is a whole grade
	GroupFirst   Grouping = "first"   // the label's first character: 2+, 2 and 2- are a 2
	GroupAlt     Grouping = "alt"     // the second label's first character: 15, 14, 13 Notenpunkte are a 1
	GroupRounded Grouping = "rounded" // the value rounded half up: 1,4 is a 1, 1,5 a 2
	GroupHalf    Grouping = "half"    // the half grade below: 5,75 and 5,5 are a 5,5, 5,25 is a 5
)

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

// ZeugnisSystems is every system as the Zeugnisnote takes it, by its id (and the short name earlier
// releases of `notenrechner zeugnisnote` took).
func ZeugnisSystems() zeugnis.Systems {
	out := make(zeugnis.Systems, 0, 6)
	for _, s := range Systems() {
		z := s.Zeugnis
		z.System, z.HigherBetter = s.ID, s.HigherIsBetter
		z.One, z.Many = s.Result.One, s.Result.Many
		out = append(out, z)
	}
	return out
}

// intRat is a whole number as a *big.Rat.
func intRat(x int64) *big.Rat { return big.NewRat(x, 1) }

var (
	// The Zeugnisnote reads grades of 1 to 6 with + and − (and decimals) alike in the three German systems;
	// "de" names the original's.
	zeugnisGerman = zeugnis.Scale{Grammar: zeugnis.GrammarTendency, Lo: intRat(1), Hi: intRat(6), Step: intRat(1),
		Tendency: true, RangeText: "keine Note von 1 bis 6"}
	wholeWords = []string{"sehr gut", "gut", "befriedigend", "ausreichend", "mangelhaft", "ungenügend"}

	// sysPlusMinus is the original's system: 1 to 6 with + and −. The value of a label is its plain grade
	// (2+ and 2- count as 2 in an average), as the Notenspiegel has always counted; 5 and 6 fail.
	sysPlusMinus = System{
		ID: SystemPlusMinus, Name: "Noten 1 bis 6 mit + und −", OverHundred: "1+",
		Labels: plusMinusGrades(), Pass: intRat(4), Grouping: GroupFirst, FailingTerm: "Anteil 5 und 6",
		AverageNote: "Für den Durchschnitt zählen + und - wie die Note ohne Zusatz (2+ und 2- zählen als 2).",
		Zeugnis:     withAlias(zeugnisGerman, "de"),
	}
	sysWhole = withLabels(System{
		ID: SystemWhole, Name: "Noten 1 bis 6",
		Numbers: &Numbers{Best: intRat(1), Worst: intRat(6), Step: intRat(1), List: true},
		Pass:    intRat(4), Grouping: GroupLabel, FailingTerm: "Anteil 5 und 6", AltTerm: "Note in Worten",
		Zeugnis: zeugnisGerman,
	}, wholeWords)
	// sysDecimal is the IHK's decimal key: 1,0 to 6,0 in tenths. It passes with 4,4 (50 of 100 points)
	// and gives 4,5 below; its decimals round to the whole grades of the 100-point key (92 points are
	// 1,4, "sehr gut"; 91 are 1,5, "gut").
	sysDecimal = withLabels(System{
		ID: SystemDecimal, Name: "Noten 1,0 bis 6,0",
		Numbers: &Numbers{Best: intRat(1), Worst: intRat(6), Step: big.NewRat(1, 10), Places: 1, List: true},
		Pass:    big.NewRat(44, 10), Grouping: GroupRounded, RangeNames: true, FailingTerm: "Anteil ab 4,5",
		Zeugnis: zeugnisGerman, AltTerm: "Note in Worten",
		// the "Note in Worten" of BiBuBAProFPrV Anlage 1 (Bewertungsmaßstab und -schlüssel)
		Words: words("1,4", "sehr gut", "2,4", "gut", "3,4", "befriedigend", "4,4", "ausreichend",
			"5,4", "mangelhaft", "6", "ungenügend"),
	}, nil)
	// sysPoints are the Notenpunkte of the gymnasiale Oberstufe: 15 best, each also a grade with + or −
	// (15 = 1+, 14 = 1, 13 = 1-, …, 1 = 5-, 0 = 6; KMK). 0 to 4 points are "unter ausreichend"; grouped by
	// the grade each point value stands for.
	sysPoints = withLabels(System{
		ID: SystemPoints, Name: "Notenpunkte 15 bis 0", HigherIsBetter: true,
		Numbers: &Numbers{Best: intRat(15), Worst: intRat(0), Step: intRat(1), List: true},
		Pass:    intRat(5), Grouping: GroupAlt, FailingTerm: "Anteil unter 5 Punkten",
		AverageNote: "Der Durchschnitt ist in Notenpunkten (15 bis 0) gerechnet.", AltTerm: "Note (1–6)",
		Zeugnis: zeugnis.Scale{Alias: "np", Grammar: zeugnis.GrammarPoints, Lo: intRat(0), Hi: intRat(15), Step: intRat(1),
			RangeText: "keine Punktzahl von 0 bis 15"},
		Result: ResultWords{One: "Punkt", Many: "Punkte"},
	}, pointsAlts())
	// sysSwitzerland: any number from 1 to 6 in hundredths; 6 is best, 4 is "genügend", below 4
	// "ungenügend" (EDK, Kantonsumfrage "Schülerinnen- und Schülerbeurteilung"; the cantons' scales, e.g.
	// Obwalden's: 6 sehr gut, 5 gut, 4 genügend). A grade between two whole grades has the worse one's
	// word (5,75 is "gut"). Grouped by the half grade below, which names the group (5,75 belongs to
	// 5,5), so no group mixes grades that pass with grades that fail. Written the Swiss way: "4.5", "78.3 %".
	sysSwitzerland = System{
		ID: SystemSwitzerland, Name: "Schweizer Noten 6 bis 1", HigherIsBetter: true,
		Numbers:   &Numbers{Best: intRat(6), Worst: intRat(1), Step: big.NewRat(1, 100)},
		Separator: ".", Percent: "\u00a0%", Test: "Prüfung",
		Words: words("6", "sehr gut", "5", "gut", "4", "genügend", "1", "ungenügend"),
		Pass:  intRat(4), Grouping: GroupHalf, FailingTerm: "Anteil unter 4", AltTerm: "Note in Worten",
		Zeugnis: zeugnis.Scale{Alias: "ch", Grammar: zeugnis.GrammarDecimals, Lo: intRat(1), Hi: intRat(6),
			Step: big.NewRat(1, 2), StepSetting: true,
			RangeText: "keine Note von 1 bis 6 (höchstens zwei Nachkommastellen)"},
	}
	// sysAustria writes the words of the Leistungsbeurteilungsverordnung (LBVO § 14); its written tests
	// are "Schularbeiten" (LBVO § 7).
	sysAustria = withLabels(System{
		ID: SystemAustria, Name: "Österreichische Noten 1 bis 5", Test: "Schularbeit",
		Numbers: &Numbers{Best: intRat(1), Worst: intRat(5), Step: intRat(1), List: true},
		Pass:    intRat(4), Grouping: GroupLabel, FailingTerm: "Anteil Nicht genügend", AltTerm: "Note in Worten",
		Zeugnis: zeugnis.Scale{Alias: "at", Grammar: zeugnis.GrammarWhole, Lo: intRat(1), Hi: intRat(5), Step: intRat(1),
			RangeText: "keine Note von 1 bis 5"},
		Result: ResultWords{ZeugnisNote: "Nach LBVO § 20 zählt für die Zeugnisnote der zuletzt erreichte " +
			"Leistungsstand mehr: Der Durchschnitt gewichtet alle Noten gleich und ist nur ein Anhaltspunkt."},
	}, []string{"Sehr gut", "Gut", "Befriedigend", "Genügend", "Nicht genügend"})
)

// words reads pairs of a worst grade and its word, best first.
func words(pairs ...string) []Word {
	out := make([]Word, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		v, ok := ParseNumber(pairs[i])
		if !ok {
			panic("systems: no number: " + pairs[i])
		}
		out = append(out, Word{Worst: v, Text: pairs[i+1]})
	}
	return out
}

func withAlias(z zeugnis.Scale, alias string) zeugnis.Scale {
	z.Alias = alias
	return z
}

// withLabels lists the labels of s.Numbers, best first, with alts as their second labels.
func withLabels(s System, alts []string) System {
	nb := s.Numbers
	step := new(big.Rat).Set(nb.Step)
	if nb.Best.Cmp(nb.Worst) > 0 {
		step.Neg(step)
	}
	for v := new(big.Rat).Set(nb.Best); ; v = new(big.Rat).Add(v, step) {
		l := Label{Text: formatDecimal(v, nb.Places), Value: v}
		if len(s.Labels) < len(alts) {
			l.Alt = alts[len(s.Labels)]
		}
		s.Labels = append(s.Labels, l)
		if v.Cmp(nb.Worst) == 0 {
			return s
		}
	}
}

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

// pointsAlts are the grades of 15 to 0 Notenpunkte: 1+, 1, 1-, …, 5-, 6+ and 6 without its 6+ (0 points is 6).
func pointsAlts() []string {
	alts := make([]string, 0, 16)
	for _, l := range plusMinusGrades() {
		if l.Text != "6+" {
			alts = append(alts, l.Text)
		}
	}
	return alts
}

// label finds a label of the system. For a system of numbers in a range it reads the label as a number
// of the range with at most two decimals (a comma or a dot) and writes it back the shortest way ("4,50"
// is "4,5"). rank orders labels: a smaller rank is a better grade.
func (s System) label(text string) (l Label, rank *big.Rat, ok bool) {
	if s.Labels != nil {
		for i, l := range s.Labels {
			if l.Text == text {
				return l, big.NewRat(int64(i), 1), true
			}
		}
		return Label{}, nil, false
	}
	nb := s.Numbers
	v, ok := ParseNumber(text)
	if !ok || strings.TrimSpace(text) != text || v.Cmp(nb.Worst) < 0 || v.Cmp(nb.Best) > 0 {
		return Label{}, nil, false
	}
	if !new(big.Rat).Quo(v, nb.Step).IsInt() {
		return Label{}, nil, false
	}
	rank = new(big.Rat).Set(v)
	if s.HigherIsBetter {
		rank.Neg(rank)
	}
	return Label{Text: formatDecimal(v, 0), Value: v}, rank, true
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
