package grading

import (
	"encoding/json"
)

// Rule is the rule of a document in any system but the original's own shape (docs/grading-systems.md):
// a table of "ab" bounds, or the Swiss formula. Like Config it is a comparable value: a fixed array
// of bands, never a slice, so two documents are equal exactly when == says so.
type Rule struct {
	System string // a System's id; "" in a document of the original's shape
	Kind   string // RuleTable or RuleFormula

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

// The rule kinds, and the midpoint choices of the formula, as stored.
const (
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

// IsOriginal says whether c is a document of the original's shape (name, grades, schema).
func (c Config) IsOriginal() bool { return c.Rule.System == "" }

// marshalRule writes a document of a rule in a fixed member order, so the same document always
// gives the same bytes:
//
//	{"name":…,"system":…,["preset":…,]"rule":{"kind":"table","percentage":…,"bands":[{"grade":…,"from":…},…,{"grade":…}]}[,"zeugnis":…]}
//	{"name":…,"system":…,["preset":…,]"rule":{"kind":"formula","step":…,"midpoint":…[,"pass":…]}[,"zeugnis":…]}
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
	return append(b, '}'), nil
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
