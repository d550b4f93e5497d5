package grading

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"
)

// ErrMalformed marks input that is not a configuration document at all (not JSON, not an object,
// too large), as opposed to a document with invalid fields (*ValidationError): the first is a 400,
// the second a 422 with field messages.
var ErrMalformed = errors.New("grading: malformed configuration document")

// maxDocumentSize matches the 64 KiB body limit of the API; a valid document is a few hundred bytes.
const maxDocumentSize = 64 << 10

// ParseConfig reads a configuration document in the original's shape (docs/spec.md §4), accepting the aliases
// general.plus, 1.normal and 6.minus and storing canonical names, and validates every rule. Its
// ranges and widths become a Rule of kind RuleWidths in the system of grades 1 to 6 with + and −, so
// that nothing after the parser knows the shape. It returns a *ValidationError naming every failing
// field, or an error wrapping ErrMalformed.
func ParseConfig(data []byte) (Config, error) {
	return parseConfig(data, false, false)
}

// ParseDocument is ParseConfig for every grading system: it also reads the rule documents of
// docs/grading-systems.md. The API, the stores and the command line read documents with it (or
// ParseStoredDocument); a document of the original's shape is read exactly as ParseConfig reads it.
func ParseDocument(data []byte) (Config, error) {
	return parseConfig(data, false, true)
}

// ParseStoredDocument is ParseDocument for a stored version: it accepts a name with characters
// refused since (nameRuneRefused), and a preset's rule of an earlier release (earlierRules, read as a
// table naming no preset), so that a version saved before the rule still loads. Saving it again, or
// restoring it, is refused like any new input (Config.Validate).
func ParseStoredDocument(data []byte) (Config, error) {
	return parseConfig(data, true, true)
}

func parseConfig(data []byte, stored, rules bool) (Config, error) {
	if len(data) > maxDocumentSize {
		return Config{}, fmt.Errorf("%w: larger than 64 KiB", ErrMalformed)
	}
	if !utf8.Valid(data) { // encoding/json would store U+FFFD for the bad bytes
		return Config{}, fmt.Errorf("%w: not UTF-8", ErrMalformed)
	}
	if !json.Valid(data) {
		return Config{}, fmt.Errorf("%w: not JSON", ErrMalformed)
	}
	top, ok := members(data)
	if !ok {
		return Config{}, fmt.Errorf("%w: not a JSON object", ErrMalformed)
	}
	p := parser{errs: fieldErrors{}, stored: stored}
	if rules && isRuleDocument(top) {
		return p.ruleConfig(top)
	}
	p.document(top)
	checkRelations(&p.vals, p.errs)
	if err := p.errs.err(); err != nil {
		return Config{}, err
	}
	return Config{Name: p.name, Rule: p.vals.rule(), Zeugnis: p.zeugnisSet, Fehler: p.fehler, Binding: p.binding}, nil
}

// ruleConfig reads a rule document; a preset it names must still be the preset's rule. A stored version
// may hold the rule the preset had in an earlier release: it loads with that rule, as a table that names
// no preset, since the preset's source no longer describes it.
func (p *parser) ruleConfig(top []member) (Config, error) {
	p.ruleDocument(top)
	if err := p.errs.err(); err != nil {
		return Config{}, err
	}
	c := Config{Name: p.name, Rule: p.rule, Preset: p.preset, Zeugnis: p.zeugnisSet, Fehler: p.fehler, Binding: p.binding}
	if preset, ok := PresetByID(c.Preset); ok && preset.Config.Rule != c.Rule {
		if p.stored && slices.Contains(earlierRules(c.Preset), c.Rule) {
			c.Preset = ""
			return c, nil
		}
		return Config{}, &ValidationError{Fields: map[string]string{"preset": msgPresetDiffers}}
	}
	return c, nil
}

// parser collects the typed values and every field error of one document.
type parser struct {
	errs   fieldErrors
	vals   values
	name   string
	rule   Rule   // a rule document's rule (ruleDocument)
	preset string // a rule document's preset id
	// zeugnisSet is the document's member "zeugnis" (zeugnis.go)
	zeugnisSet Zeugnis
	fehler     FehlerSetting // the member "fehlerquotient" (fehler_setting.go)
	binding    bool          // the member "adjustable": false
	stored     bool          // a stored version: the name's character rule does not apply (ParseStoredDocument)
}

func (p *parser) document(top []member) {
	m := p.known("", top, "name", "grades", "schema", "zeugnis", "fehlerquotient", "adjustable")
	if raw, ok := m["name"]; ok {
		p.parseName(raw)
	} else {
		p.errs.add("name", msgRequired)
	}
	if raw, ok := m["grades"]; ok {
		p.grades(raw)
	} else {
		p.errs.add("grades", msgRequired)
	}
	if raw, ok := m["schema"]; ok {
		p.schema(raw)
	} else {
		p.errs.add("schema", msgRequired)
	}
	if raw, ok := m["zeugnis"]; ok {
		p.zeugnis(raw, SystemPlusMinus, true)
	}
	if raw, ok := m["fehlerquotient"]; ok {
		p.fehlerquotient(raw)
	}
	p.adjustable(m)
}

// adjustable reads the member "adjustable": true (the default, never written) or false (a binding key).
func (p *parser) adjustable(m map[string]json.RawMessage) {
	raw, ok := m["adjustable"]
	if !ok {
		return
	}
	switch string(raw) {
	case "true":
	case "false":
		p.binding = true
	default:
		p.errs.add("adjustable", msgBoolean)
	}
}

func (p *parser) parseName(raw json.RawMessage) {
	var name string
	if raw[0] != '"' || json.Unmarshal(raw, &name) != nil {
		p.errs.add("name", msgText)
		return
	}
	problem := nameProblem
	if p.stored {
		problem = storedNameProblem
	}
	if msg := problem(name); msg != "" {
		p.errs.add("name", msg)
	}
	p.name = name
}

func (p *parser) grades(raw json.RawMessage) {
	m, ok := p.object("grades", raw, "1", "2", "3", "4", "5", "6")
	if !ok {
		return
	}
	for g := 1; g <= 6; g++ {
		path := "grades." + strconv.Itoa(g)
		entry, ok := m[strconv.Itoa(g)]
		if !ok {
			p.errs.add(path, msgGradeMissing(g))
			continue
		}
		bounds, ok := p.object(path, entry, "min", "max")
		if !ok {
			continue
		}
		p.field(path+".min", bounds, "min", minField(g))
		p.field(path+".max", bounds, "max", maxField(g))
	}
}

// width is one band width of the schema: its canonical key, the alias the original also used, and
// the field it fills.
type width struct {
	name, alias string
	field       int
}

func (p *parser) schema(raw json.RawMessage) {
	m, ok := p.object("schema", raw, "general", "1", "6")
	if !ok {
		return
	}
	p.widths("schema.general", m, "general",
		width{"minus", "", fieldGeneralMinus}, width{"normal", "plus", fieldGeneralNormal})
	p.widths("schema.1", m, "1", width{"minus", "normal", fieldOneMinus})
	p.widths("schema.6", m, "6", width{"normal", "minus", fieldSixNormal})
}

// widths reads one schema entry. A value given only under its alias is reported under the alias
// path, where the person wrote it; giving both is an error at the alias path, and the canonical
// value is used.
func (p *parser) widths(path string, parent map[string]json.RawMessage, key string, ws ...width) {
	raw, ok := parent[key]
	if !ok {
		p.errs.add(path, msgRequired)
		return
	}
	allowed := make([]string, 0, 2*len(ws))
	for _, w := range ws {
		allowed = append(allowed, w.name)
		if w.alias != "" {
			allowed = append(allowed, w.alias)
		}
	}
	m, ok := p.object(path, raw, allowed...)
	if !ok {
		return
	}
	for _, w := range ws {
		_, hasAlias := m[w.alias]
		hasAlias = hasAlias && w.alias != ""
		_, hasName := m[w.name]
		switch {
		case hasName && hasAlias:
			p.errs.add(path+"."+w.alias, msgAlias(w.name, w.alias))
			p.field(path+"."+w.name, m, w.name, w.field)
		case hasAlias:
			p.field(path+"."+w.alias, m, w.alias, w.field)
		default:
			p.field(path+"."+w.name, m, w.name, w.field)
		}
	}
}

// field reads one number into the value set, reporting at path; the field stays unusable for the
// relation rules unless it is present and valid on its own.
func (p *parser) field(path string, m map[string]json.RawMessage, key string, field int) {
	p.vals.path[field] = path
	raw, ok := m[key]
	if !ok {
		p.errs.add(path, msgRequired)
		return
	}
	v, msg := percentFromLiteral(string(raw))
	if msg == "" && !inRange(v) {
		msg = msgRange
	}
	if msg != "" {
		p.errs.add(path, msg)
		return
	}
	p.vals.v[field], p.vals.ok[field] = v, true
}

// object reads the JSON object at path, reporting a value that is not an object, unknown keys and
// repeated keys. ok is false when the value is not an object.
func (p *parser) object(path string, raw json.RawMessage, allowed ...string) (map[string]json.RawMessage, bool) {
	ms, ok := members(raw)
	if !ok {
		p.errs.add(path, msgObject)
		return nil, false
	}
	return p.known(path, ms, allowed...), true
}

func (p *parser) known(path string, ms []member, allowed ...string) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(ms))
	for _, m := range ms {
		sub := m.key
		if path != "" {
			sub = path + "." + m.key
		}
		if !slices.Contains(allowed, m.key) {
			p.errs.add(sub, msgUnknown)
			continue
		}
		if _, dup := out[m.key]; dup {
			p.errs.add(sub, msgDuplicate)
			continue
		}
		out[m.key] = m.value
	}
	return out
}

type member struct {
	key   string
	value json.RawMessage
}

// members splits a JSON object into its members in document order, keeping repeated keys (which a
// map would silently merge) and the exact text of every value (so number literals stay exact).
// raw must be valid JSON; ok is false when it is not an object.
func members(raw []byte) ([]member, bool) {
	raw = bytes.TrimLeft(raw, " \t\r\n")
	if len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	if _, err := dec.Token(); err != nil {
		return nil, false
	}
	var ms []member
	for dec.More() {
		tok, err := dec.Token()
		key, isKey := tok.(string)
		if err != nil || !isKey {
			return nil, false
		}
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, false
		}
		ms = append(ms, member{key: key, value: value})
	}
	return ms, true
}
