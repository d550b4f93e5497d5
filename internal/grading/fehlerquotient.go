package grading

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// The Fehlerquotient (docs/spec.md §13): errors × 100 / words, and where a published rule says so the
// deduction it costs. Errors come in halves (a half error counts ½), so the quotient is exact in integers:
// halves × 50 / words. Its figure is cut to two decimals, and the thresholds compare the exact quotient;
// every published threshold has at most two decimals, so the figure shown reaches a threshold exactly when
// the quotient does (docs/grading-systems.md, "Sprachrichtigkeit").

// Unit of a Fehlerquotient rule's deduction.
const (
	UnitNotenpunkte = "notenpunkte" // points of the Oberstufe (0–15)
	UnitDrittel     = "drittel"     // thirds of a grade (1–6)
)

// FehlerStep is one threshold of a rule: from this quotient on (inclusive) the rule deducts Deduction units.
type FehlerStep struct {
	From      string `json:"from"` // the threshold as published, "3" or "3,5"
	Deduction int    `json:"deduction"`
}

// FehlerRule is a published conversion of the Fehlerquotient into a deduction; Source names the decree so
// the page and the command can say where the rule comes from.
type FehlerRule struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Unit     string       `json:"unit"`
	Steps    []FehlerStep `json:"steps"` // ascending
	Max      int          `json:"max"`
	MinWords int          `json:"minWords"` // below it the rule does not apply; 0: no minimum
	Source   string       `json:"source"`
}

// FehlerRules are the rules with a primary source (docs/grading-systems.md): only Hessen's Oberstufe so
// far; the VOGSV's years 9/10 wait for the Anlage's own text.
func FehlerRules() []FehlerRule {
	return []FehlerRule{{
		ID:       "hessen-oberstufe",
		Name:     "Hessen, gymnasiale Oberstufe",
		Unit:     UnitNotenpunkte,
		Steps:    []FehlerStep{{From: "3", Deduction: 1}, {From: "6", Deduction: 2}},
		Max:      2,
		Source:   "Oberstufen- und Abiturverordnung (OAVO), Anlage 9",
		MinWords: 0,
	}}
}

// FehlerResult is what the command prints and the page shows. Regel, Abzug and Einheit are set only when a
// rule was chosen; Abzug is then written even when it is 0.
type FehlerResult struct {
	Quotient string   `json:"quotient"`
	Woerter  int      `json:"woerter"`
	Fehler   string   `json:"fehler"`
	Rechnung []string `json:"rechnung"`
	Regel    string   `json:"regel,omitempty"`
	Abzug    *int     `json:"abzug,omitempty"`
	Einheit  string   `json:"einheit,omitempty"`
}

// The German messages of refused input, the same in the page (web/src/lib/fehlerquotient.ts).
const (
	msgWoerterEmpty = "Bitte die Zahl der Wörter eingeben."
	msgWoerter      = "Die Zahl der Wörter ist eine ganze Zahl von 1 bis 100000."
	msgFehlerEmpty  = "Bitte die Zahl der Fehler eingeben."
	msgFehler       = "Die Fehler sind eine Zahl von 0 bis 100000 in halben Schritten, z. B. 10 oder 10,5."
)

const fehlerLimit = 100000

var (
	wordsPattern  = regexp.MustCompile(`^[0-9]{1,6}$`)
	errorsPattern = regexp.MustCompile(`^([0-9]{1,6})(?:[.,]([05]))?$`)
)

// Fehlerquotient reads words and errors as typed ("10,5" and "10.5" alike) and, with a rule id (or ""),
// computes the quotient and the deduction. Refused input is a *ValidationError whose fields are woerter,
// fehler and regel.
func Fehlerquotient(woerter, fehler, regel string) (FehlerResult, error) {
	rule, known := fehlerRule(regel)
	fields := map[string]string{}
	if regel != "" && !known {
		fields["regel"] = unknownRuleMessage()
	}
	return fehlerquotient(woerter, fehler, rule, known, fields)
}

// FehlerquotientOf is Fehlerquotient with a rule given whole: a scale's setting (FehlerSetting.Rule), the
// school's own rule included.
func FehlerquotientOf(woerter, fehler string, rule FehlerRule) (FehlerResult, error) {
	return fehlerquotient(woerter, fehler, rule, true, map[string]string{})
}

// fehlerquotient computes with rule when known; fields holds what was refused before the numbers.
func fehlerquotient(woerter, fehler string, rule FehlerRule, known bool, fields map[string]string) (FehlerResult, error) {
	words, ok := readWords(woerter)
	if !ok {
		fields["woerter"] = msgWoerter
		if trimBlank(woerter) == "" {
			fields["woerter"] = msgWoerterEmpty
		}
	}
	halves, ok := readHalves(fehler)
	if !ok {
		fields["fehler"] = msgFehler
		if trimBlank(fehler) == "" {
			fields["fehler"] = msgFehlerEmpty
		}
	}
	if len(fields) > 0 {
		return FehlerResult{}, &ValidationError{Fields: fields}
	}
	// quotient = halves/2 × 100 / words = halves × 50 / words; in hundredths, cut: ⌊halves × 5000 / words⌋.
	hundredths := halves * 5000 / words
	shown := fmt.Sprintf("%d,%02d", hundredths/100, hundredths%100)
	first := fmt.Sprintf("%s Fehler × 100 : %s = %s", halvesText(halves), wordsText(words), shown)
	if halves*5000%words == 0 {
		first += "."
	} else {
		first += " (nach der zweiten Nachkommastelle abgeschnitten)."
	}
	res := FehlerResult{Quotient: shown, Woerter: int(words), Fehler: halvesText(halves), Rechnung: []string{first}}
	if !known {
		return res, nil
	}
	deduction, sentence := rule.deduct(halves, words)
	res.Regel, res.Abzug, res.Einheit = rule.ID, &deduction, rule.unitName()
	res.Rechnung = append(res.Rechnung, fmt.Sprintf("%s (%s).", sentence, rule.Source))
	return res, nil
}

// deduct compares the exact quotient halves × 50 / words with each step: q ≥ from ⇔ halves × 50 × 100 ≥
// from in hundredths × words.
func (r FehlerRule) deduct(halves, words int64) (int, string) {
	if words < int64(r.MinWords) {
		return 0, fmt.Sprintf("Unter %d Wörtern wird der Fehlerquotient nicht angewandt: kein Abzug", r.MinWords)
	}
	reached := -1
	for i, s := range r.Steps {
		if halves*5000 >= hundredthsOf(s.From)*words {
			reached = i
		}
	}
	if reached < 0 {
		return 0, fmt.Sprintf("Der Fehlerquotient liegt unter %s: kein Abzug", r.Steps[0].From)
	}
	d := min(r.Steps[reached].Deduction, r.Max)
	if reached+1 < len(r.Steps) {
		return d, fmt.Sprintf("Der Fehlerquotient erreicht %s, aber nicht %s: %s Abzug",
			r.Steps[reached].From, r.Steps[reached+1].From, r.unitText(d))
	}
	return d, fmt.Sprintf("Der Fehlerquotient erreicht %s: %s Abzug, der höchste Abzug dieser Regel",
		r.Steps[reached].From, r.unitText(d))
}

func (r FehlerRule) unitName() string {
	if r.Unit == UnitDrittel {
		return "Drittel einer Note"
	}
	return "Notenpunkte"
}

func (r FehlerRule) unitText(n int) string {
	if r.Unit == UnitDrittel {
		switch n {
		case 1:
			return "⅓ Note"
		case 2:
			return "⅔ Note"
		}
		return fmt.Sprintf("%d Drittel einer Note", n)
	}
	if n == 1 {
		return "1 Notenpunkt"
	}
	return fmt.Sprintf("%d Notenpunkte", n)
}

func fehlerRule(id string) (FehlerRule, bool) {
	for _, r := range FehlerRules() {
		if r.ID == id {
			return r, true
		}
	}
	return FehlerRule{}, false
}

func unknownRuleMessage() string {
	ids := make([]string, 0, 1)
	for _, r := range FehlerRules() {
		ids = append(ids, r.ID)
	}
	return "Diese Regel gibt es nicht. Bekannt: " + strings.Join(ids, ", ") + "."
}

// trimBlank drops spaces and tabs around a typed number, as the page's fields do.
func trimBlank(s string) string { return strings.Trim(s, " \t") }

func readWords(s string) (int64, bool) {
	s = trimBlank(s)
	if !wordsPattern.MatchString(s) {
		return 0, false
	}
	n, _ := strconv.ParseInt(s, 10, 64)
	return n, n >= 1 && n <= fehlerLimit
}

// readHalves reads a count of errors in halves: "10,5" is 21.
func readHalves(s string) (int64, bool) {
	m := errorsPattern.FindStringSubmatch(trimBlank(s))
	if m == nil {
		return 0, false
	}
	n, _ := strconv.ParseInt(m[1], 10, 64)
	h := 2 * n
	if m[2] == "5" {
		h++
	}
	return h, h <= 2*fehlerLimit
}

// wordsText is a count of words as the working writes it: "1 Wort", "350 Wörter".
func wordsText(n int64) string {
	if n == 1 {
		return "1 Wort"
	}
	return strconv.FormatInt(n, 10) + " Wörter"
}

func halvesText(h int64) string {
	if h%2 == 0 {
		return strconv.FormatInt(h/2, 10)
	}
	return strconv.FormatInt(h/2, 10) + ",5"
}

// hundredthsOf reads a published threshold ("3", "3,5", "6,25") in hundredths; the rules are data written
// here, so a malformed one is a programming error the tests catch.
func hundredthsOf(s string) int64 {
	whole, frac, _ := strings.Cut(s, ",")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || len(frac) > 2 {
		panic("grading: bad Fehlerquotient threshold " + s)
	}
	frac += strings.Repeat("0", 2-len(frac))
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		panic("grading: bad Fehlerquotient threshold " + s)
	}
	return w*100 + f
}
