package grading

import (
	"encoding/json"
)

// Rule is a document's rule, of one of three kinds: the original's grade ranges and band widths
// (docs/spec.md §4), a table of "ab" bounds, or the Swiss formula (docs/grading-systems.md). Each
// kind becomes the bands of a Key (Config.Key); besides the document's parser, validator and
// writer, nothing reads the rule's numbers but through its Key. Like
// Config it is a comparable value: fixed arrays, never a slice, so two documents are equal exactly
// when == says so.
type Rule struct {
	System string // a System's id; SystemPlusMinus for the original's widths
	Kind   string // RuleWidths, RuleTable or RuleFormula

	// The original's widths: the range of each grade (Min < p ≤ Max; Grades[0] is grade 1, Grades[5]
	// grade 6) and the widths of its bands in percent of the range.
	Grades [6]Range
	Schema Schema

	// A table: each band's grade and the lowest percentage that gets it ("ab"); the last band takes
	// everything below and has no From.
	Basis Basis
	Bands [MaxTableBands]TableBand
	Count int

	// The Swiss formula 1 + 5 · P / Pmax, rounded to Step; an exact midpoint goes up or down; with a
	// Pass mark the line bends there, giving 4 at Pass % (0: no bend).
	Step     Percent
	Midpoint string
	Pass     Percent
}

// The rule kinds, and the midpoint choices of the formula, as stored. A document of the original's
// shape names neither system nor kind: it is read as RuleWidths, and written back in its shape.
const (
	RuleWidths   = "widths"
	RuleTable    = "table"
	RuleFormula  = "formula"
	MidpointUp   = "up"
	MidpointDown = "down"
)

// MaxTableBands bounds a typed table: the longest published key, the IHK's decimal one, has 51 bands.
const MaxTableBands = 60

// TableBand is one row of a table rule.
type TableBand struct {
	Grade string
	From  Percent
}

// TableBands is the table's rows in use.
func (r *Rule) TableBands() []TableBand { return r.Bands[:r.Count] }

// IsOriginal says whether c's document has the original's shape (name, grades, schema): the shape
// its rule of widths is written in. Only the document's bytes depend on it; the grading reads the Key.
func (c Config) IsOriginal() bool { return c.Rule.Kind == RuleWidths }

// marshalRule writes a document of a rule in a fixed member order, so the same document always
// gives the same bytes:
//
//	{"name":…,"system":…,["preset":…,]"rule":{"kind":"table","percentage":…,"bands":[{"grade":…,"from":…},…,{"grade":…}]}[,"zeugnis":…][,"fehlerquotient":…][,"adjustable":false]}
//	{"name":…,"system":…,["preset":…,]"rule":{"kind":"formula","step":…,"midpoint":…[,"pass":…]}[,"zeugnis":…][,"fehlerquotient":…][,"adjustable":false]}
func (c Config) marshalRule() ([]byte, error) {
	name, err := json.Marshal(c.Name)
	if err != nil {
		return nil, err
	}
	r := &c.Rule
	b := make([]byte, 0, 128+len(name)+32*r.Count)
	b = append(b, `{"name":`...)
	b = append(b, name...)
	b = appendMember(b, "system", r.System)
	if c.Preset != "" {
		b = appendMember(b, "preset", c.Preset)
	}
	b = append(b, `,"rule":{"kind":`...)
	b = appendString(b, r.Kind)
	if r.Kind == RuleFormula {
		b = append(b, `,"step":`...)
		b = r.Step.appendText(b)
		b = appendMember(b, "midpoint", r.Midpoint)
		if r.Pass != 0 {
			b = append(b, `,"pass":`...)
			b = r.Pass.appendText(b)
		}
		b = append(b, '}')
		b = appendZeugnis(b, &c.Zeugnis)
		b = appendFehler(b, &c.Fehler)
		b = appendBinding(b, c.Binding)
		return append(b, '}'), nil
	}
	b = appendMember(b, "percentage", string(r.Basis))
	b = append(b, `,"bands":[`...)
	for i, band := range r.TableBands() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"grade":`...)
		b = appendString(b, band.Grade)
		if i < r.Count-1 {
			b = append(b, `,"from":`...)
			b = band.From.appendText(b)
		}
		b = append(b, '}')
	}
	b = append(b, `]}`...)
	b = appendZeugnis(b, &c.Zeugnis)
	b = appendFehler(b, &c.Fehler)
	b = appendBinding(b, c.Binding)
	return append(b, '}'), nil
}

// appendBinding writes the member "adjustable" of a binding key; an adjustable one (the default) has none.
func appendBinding(b []byte, binding bool) []byte {
	if binding {
		b = append(b, `,"adjustable":false`...)
	}
	return b
}

func appendMember(b []byte, key, value string) []byte {
	b = append(b, ',', '"')
	b = append(b, key...)
	b = append(b, '"', ':')
	return appendString(b, value)
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // a string always marshals
	return append(b, q...)
}
