package grading

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The German messages of the validator. The web app's zod schema repeats them word for word;
// testdata/grading/messages.json is the shared copy and a test keeps the two equal.
const (
	msgRequired  = "Pflichtfeld."
	msgNumber    = "Muss eine Zahl sein."
	msgText      = "Muss ein Text sein."
	msgObject    = "Muss ein Objekt sein."
	msgDecimals  = "Höchstens 4 Nachkommastellen."
	msgBoolean   = "Muss true oder false sein."
	msgRange     = "Muss zwischen 0 und 100 liegen."
	msgMinMax    = "Das Minimum muss kleiner als das Maximum sein."
	msgMax1      = "Das Maximum der Note 1 muss 100 sein."
	msgMin6      = "Das Minimum der Note 6 muss 0 sein."
	msgSum       = "Minus- und Normalbereich zusammen dürfen 100 nicht überschreiten."
	msgNameLen   = "Der Name muss 1 bis 80 Zeichen lang sein."
	msgNameBlank = "Der Name darf nicht nur aus Leerzeichen bestehen."
	msgNameChars = "Der Name darf keine unsichtbaren Steuerzeichen enthalten."
	msgUnknown   = "Unbekanntes Feld."
	msgDuplicate = "Doppelt angegeben."
)

func msgAdjacent(next int) string {
	return fmt.Sprintf("Muss dem Maximum der Note %d entsprechen (keine Lücke, keine Überschneidung).", next)
}

func msgGradeMissing(grade int) string { return fmt.Sprintf("Note %d fehlt.", grade) }

func msgAlias(name, alias string) string {
	return fmt.Sprintf("Nur eines von „%s“ und „%s“ angeben.", name, alias)
}

const maxNameLen = 80

// ValidationError names every failing field of a configuration, by path ("grades.3.min"), with one
// German message each, so the admin sees all problems at once and the API can answer 422 with them.
type ValidationError struct {
	Fields map[string]string
}

func (e *ValidationError) Error() string {
	paths := make([]string, 0, len(e.Fields))
	for p := range e.Fields {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	var b strings.Builder
	b.WriteString("grading: invalid configuration")
	for i, p := range paths {
		if i == 0 {
			b.WriteString(": ")
		} else {
			b.WriteString("; ")
		}
		b.WriteString(p + ": " + e.Fields[p])
	}
	return b.String()
}

// fieldErrors keeps the first message per path: checks run from the most basic (type) to the most
// derived (relations), so the first one is the one worth showing.
type fieldErrors map[string]string

func (f fieldErrors) add(path, msg string) {
	if _, ok := f[path]; !ok {
		f[path] = msg
	}
}

func (f fieldErrors) err() error {
	if len(f) == 0 {
		return nil
	}
	return &ValidationError{Fields: map[string]string(f)}
}

// Validate applies the rules of its document to a typed configuration, e.g. one built in code or one
// about to be stored (a version stored before the name's character rule fails it, see
// ParseStoredDocument), with the same messages as the parser. For the original's widths a typed Config
// cannot have missing fields, wrong types or extra decimals, so what is left is the name, the ranges
// and the relations of docs/spec.md §4.
func (c Config) Validate() error {
	if c.Rule.Kind != RuleWidths {
		return c.validateRule()
	}
	if c.Rule != (Rule{System: SystemPlusMinus, Kind: RuleWidths, Grades: c.Rule.Grades, Schema: c.Rule.Schema}) {
		return errors.New("grading: a rule of widths with values its document does not hold (a system, table or formula)")
	}
	errs := fieldErrors{}
	if msg := nameProblem(c.Name); msg != "" {
		errs.add("name", msg)
	}
	vs := c.Rule.values()
	for i, v := range vs.v {
		if !inRange(v) {
			errs.add(vs.path[i], msgRange)
			vs.ok[i] = false
		}
	}
	checkRelations(&vs, errs)
	c.validateZeugnis(errs)
	c.validateFehler(errs)
	return errs.err()
}

func inRange(p Percent) bool { return 0 <= p && p <= hundredPercent }

// nameProblem counts characters as Unicode code points (a name of 80 emoji is 80 characters),
// refuses a name of only white space, which would show as an empty title, and one with a character
// that nameRuneRefused names.
func nameProblem(name string) string {
	if msg := storedNameProblem(name); msg != "" {
		return msg
	}
	if strings.ContainsFunc(name, nameRuneRefused) {
		return msgNameChars
	}
	return ""
}

// storedNameProblem is nameProblem without the character rule, which came later: a version stored
// before it must still load (ParseStoredDocument); only a new save is refused.
func storedNameProblem(name string) string {
	if n := utf8.RuneCountInString(name); n < 1 || n > maxNameLen {
		return msgNameLen
	}
	if strings.TrimFunc(name, unicode.IsSpace) == "" {
		return msgNameBlank
	}
	return ""
}

// nameRuneRefused names the characters a name may not hold: control characters (Cc: ESC starts a
// terminal's escape sequences, BEL rings, NUL ends C strings, tab and line breaks break the one line
// of `notenrechner scale list`), format characters (Cf: the bidi controls U+202A–202E, U+2066–2069,
// U+200E/F and U+061C, which turn the text around them on a page or in a terminal, and invisible ones
// such as the zero-width space and the soft hyphen, which make two names look alike) and the line and
// paragraph separators (Zl, Zp). The zero-width joiner and non-joiner stay: emoji sequences (👨‍👩‍👧)
// and some scripts need them. Umlauts, ß, accents and every letter of any script stay.
func nameRuneRefused(r rune) bool {
	if r == '\u200c' || r == '\u200d' {
		return false
	}
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp)
}

// NameRuneRefused is the same rule for names given outside a document (a school's name in the
// registry), so that every name a page or a terminal shows holds the same characters.
func NameRuneRefused(r rune) bool { return nameRuneRefused(r) }

// checkRelations applies the rules that tie fields together, only to fields that are usable on their
// own: a relation broken merely because a value is missing or invalid is not reported twice.
// The order of the checks is the priority when one path breaks several rules.
func checkRelations(vs *values, errs fieldErrors) {
	usable := func(fields ...int) bool {
		for _, f := range fields {
			if !vs.ok[f] {
				return false
			}
		}
		return true
	}
	if f := maxField(1); usable(f) && vs.v[f] != hundredPercent {
		errs.add(vs.path[f], msgMax1)
	}
	if f := minField(6); usable(f) && vs.v[f] != 0 {
		errs.add(vs.path[f], msgMin6)
	}
	for g := 1; g <= 6; g++ {
		lo, hi := minField(g), maxField(g)
		if usable(lo, hi) && vs.v[lo] >= vs.v[hi] {
			errs.add(vs.path[lo], msgMinMax)
		}
	}
	for g := 1; g <= 5; g++ {
		lo, below := minField(g), maxField(g+1)
		if usable(lo, below) && vs.v[lo] != vs.v[below] {
			errs.add(vs.path[lo], msgAdjacent(g+1))
		}
	}
	minus, normal := fieldGeneralMinus, fieldGeneralNormal
	if usable(minus, normal) && vs.v[minus]+vs.v[normal] > hundredPercent {
		errs.add(vs.path[normal], msgSum)
	}
}

// validateRule checks a typed rule document with the one validator of rule documents: the parser
// reads what MarshalJSON writes, so a typed document passes exactly when its JSON would.
func (c Config) validateRule() error {
	doc, err := c.marshalRule()
	if err != nil {
		return err
	}
	parsed, err := ParseDocument(doc)
	if err == nil && parsed != c {
		return errors.New("grading: a rule document with values its JSON does not hold (rows past Count, a last bound)")
	}
	return err
}
