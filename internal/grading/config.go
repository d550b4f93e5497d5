package grading

import (
	"encoding/json"
	"strconv"
)

// Range is the band of one grade: it holds p with Min < p ≤ Max (docs/spec.md §4).
type Range struct {
	Min Percent `json:"min"`
	Max Percent `json:"max"`
}

// Schema holds the band widths, each a percentage of a grade's range, under their canonical names:
// the width of the "-" band and of the plain band of grades 2–5, the "-" band of grade 1 and the
// plain band of grade 6. Aliases of the original document exist only on input (ParseConfig).
type Schema struct {
	GeneralMinus, GeneralNormal, OneMinus, SixNormal Percent
}

// Config is the one stored configuration. It is a comparable value (no maps or slices), so a change
// can be detected with == and a copy never aliases another.
type Config struct {
	Name string
	// Rule is the document's rule in any system: the original's grade ranges and widths (RuleWidths,
	// a document of the original's shape), a table of "ab" bounds or the Swiss formula
	// (docs/grading-systems.md).
	Rule Rule
	// Preset is the id of the preset a rule document was made from, whose source it cites; "" for
	// none. A document may name a preset only while its system and rule are the preset's.
	Preset string
	// Zeugnis is the school's setting of the Zeugnisnote for this scale; the zero value (the
	// defaults of docs/spec.md §9) leaves the member out of the document.
	Zeugnis Zeugnis
	// Fehler is the scale's conversion of the Fehlerquotient (docs/spec.md §13); the zero value, no
	// conversion, leaves the member "fehlerquotient" out of the document.
	Fehler FehlerSetting
	// Binding is a school's decision that teachers may not adjust this key for one test (docs/spec.md
	// §10): the member "adjustable": false, written only then, so documents without it keep their bytes.
	Binding bool
}

// Default is the configuration of docs/spec.md §4, written at first start.
func Default() Config {
	return Config{Name: "Standard", Rule: Rule{
		System: SystemPlusMinus,
		Kind:   RuleWidths,
		Grades: [6]Range{
			{Min: 850000, Max: 1000000},
			{Min: 700000, Max: 850000},
			{Min: 550000, Max: 700000},
			{Min: 400000, Max: 550000},
			{Min: 200000, Max: 400000},
			{Min: 0, Max: 200000},
		},
		Schema: Schema{GeneralMinus: 333300, GeneralNormal: 333300, OneMinus: 333300, SixNormal: 500000},
	}}
}

// MarshalJSON writes the canonical document with its keys in a fixed order, so the same
// configuration always gives the same bytes (stored, sent to browsers, compared in tests): a rule of
// the original's widths in the original's shape of docs/spec.md §4, which names no system, every
// other rule as a rule document (marshalRule).
func (c Config) MarshalJSON() ([]byte, error) {
	if !c.IsOriginal() {
		return c.marshalRule()
	}
	name, err := json.Marshal(c.Name)
	if err != nil {
		return nil, err
	}
	b := make([]byte, 0, 256+len(name))
	b = append(b, `{"name":`...)
	b = append(b, name...)
	b = append(b, `,"grades":{`...)
	for i, r := range c.Rule.Grades {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = strconv.AppendInt(b, int64(i+1), 10)
		b = append(b, `":{"min":`...)
		b = r.Min.appendText(b)
		b = append(b, `,"max":`...)
		b = r.Max.appendText(b)
		b = append(b, '}')
	}
	s := c.Rule.Schema
	b = append(b, `},"schema":{"general":{"minus":`...)
	b = s.GeneralMinus.appendText(b)
	b = append(b, `,"normal":`...)
	b = s.GeneralNormal.appendText(b)
	b = append(b, `},"1":{"minus":`...)
	b = s.OneMinus.appendText(b)
	b = append(b, `},"6":{"normal":`...)
	b = s.SixNormal.appendText(b)
	b = append(b, `}}`...)
	b = appendZeugnis(b, &c.Zeugnis)
	b = appendFehler(b, &c.Fehler)
	b = appendBinding(b, c.Binding)
	return append(b, '}'), nil
}

// UnmarshalJSON is ParseDocument, so a Config inside a request or a stored row is validated the same
// way wherever it is decoded, in any system. On error the receiver is left unchanged.
func (c *Config) UnmarshalJSON(data []byte) error {
	parsed, err := ParseDocument(data)
	if err != nil {
		return err
	}
	*c = parsed
	return nil
}

// The 16 numbers of a configuration as one indexed set, so that parsing, validation and the relation
// rules can address "the value of a field, whether it is usable, and where to report it" uniformly.
const (
	fieldGeneralMinus = 12 + iota // fields 0..11 are grade g's min (2g-2) and max (2g-1)
	fieldGeneralNormal
	fieldOneMinus
	fieldSixNormal
	fieldCount
)

func minField(grade int) int { return 2 * (grade - 1) }
func maxField(grade int) int { return 2*(grade-1) + 1 }

// fieldPath is the canonical path of a field, as used in ValidationError.Fields.
func fieldPath(i int) string {
	switch i {
	case fieldGeneralMinus:
		return "schema.general.minus"
	case fieldGeneralNormal:
		return "schema.general.normal"
	case fieldOneMinus:
		return "schema.1.minus"
	case fieldSixNormal:
		return "schema.6.normal"
	}
	end := ".min"
	if i%2 == 1 {
		end = ".max"
	}
	return "grades." + strconv.Itoa(i/2+1) + end
}

// values: ok[i] says v[i] is present and valid on its own (type, decimals, range), so relation rules
// only judge usable numbers; path[i] is where a problem of the field is reported (an alias path when
// the document used the alias).
type values struct {
	v    [fieldCount]Percent
	ok   [fieldCount]bool
	path [fieldCount]string
}

func (r *Rule) values() values {
	var vs values
	for g, x := range r.Grades {
		vs.v[2*g], vs.v[2*g+1] = x.Min, x.Max
	}
	vs.v[fieldGeneralMinus] = r.Schema.GeneralMinus
	vs.v[fieldGeneralNormal] = r.Schema.GeneralNormal
	vs.v[fieldOneMinus] = r.Schema.OneMinus
	vs.v[fieldSixNormal] = r.Schema.SixNormal
	for i := range vs.path {
		vs.ok[i] = true
		vs.path[i] = fieldPath(i)
	}
	return vs
}

// rule is the rule of a document of the original's shape: the widths of the system of grades 1 to 6
// with + and −, the only system that shape is written in.
func (vs *values) rule() Rule {
	r := Rule{System: SystemPlusMinus, Kind: RuleWidths}
	for g := range r.Grades {
		r.Grades[g] = Range{Min: vs.v[2*g], Max: vs.v[2*g+1]}
	}
	r.Schema = Schema{
		GeneralMinus:  vs.v[fieldGeneralMinus],
		GeneralNormal: vs.v[fieldGeneralNormal],
		OneMinus:      vs.v[fieldOneMinus],
		SixNormal:     vs.v[fieldSixNormal],
	}
	return r
}
