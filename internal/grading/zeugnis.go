package grading

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

// Zeugnis is the type of a document's member "zeugnis", the school's Zeugnisnote settings: one type,
// zeugnis.Settings, named so inside this package, where every document carries one.
type Zeugnis = zeugnis.Settings

const maxCategoryName = 40

// The German messages of the Zeugnis settings (testdata/grading/messages.json holds them too).
const (
	msgList            = "Muss eine Liste sein."
	msgTendency        = "Muss 0,3, 0,25 oder 1/3 sein."
	msgTendencySystem  = "Eine Tendenz für + und − gibt es nur bei Noten von 1 bis 6."
	msgRounding        = "Muss „better“ oder „worse“ sein."
	msgZeugnisStep     = "Muss 0,5, 1 oder 0,1 sein."
	msgZeugnisStepOnly = "Eine Schrittweite gibt es nur bei Schweizer Noten."
	msgCategoryCount   = "1 bis 10 Kategorien."
	msgCategoryName    = "Der Name muss 1 bis 40 Zeichen lang sein."
	msgCategoryTwice   = "Diese Kategorie gibt es schon."
	msgWeight          = "Muss eine Zahl größer als 0 mit höchstens 9 Stellen vor und 6 nach dem Komma sein, z. B. 2 oder 0,5."
)

// zeugnisOf is what the system of a document (a System id, "" for the original's shape) means for the
// Zeugnisnote; ok is false for an unknown id.
func zeugnisOf(system string) (zeugnis.Scale, bool) {
	if system == "" {
		return sysPlusMinus.Zeugnis, true
	}
	s, ok := SystemByID(system)
	return s.Zeugnis, ok
}

// zeugnis reads the member "zeugnis" of a document of system (a System id, "" for the original's
// shape) into p.zeugnis; known is false when the rule document's system is unknown, so that no
// system-bound member is judged against it.
func (p *parser) zeugnis(raw json.RawMessage, system string, known bool) {
	m, ok := p.object("zeugnis", raw, "tendency", "rounding", "step", "categories")
	if !ok {
		return
	}
	z := &p.zeugnisSet
	scale, _ := zeugnisOf(system)
	if text, ok := p.optionalText(m, "tendency"); ok {
		switch {
		case known && !scale.Tendency:
			p.errs.add("zeugnis.tendency", msgTendencySystem)
		default:
			if t, ok := zeugnis.CanonicalTendency(text); ok {
				z.Tendency = t
			} else {
				p.errs.add("zeugnis.tendency", msgTendency)
			}
		}
	}
	if text, ok := p.optionalText(m, "rounding"); ok {
		if text == zeugnis.RoundBetter || text == zeugnis.RoundWorse {
			z.Rounding = text
		} else {
			p.errs.add("zeugnis.rounding", msgRounding)
		}
	}
	if text, ok := p.optionalText(m, "step"); ok {
		switch {
		case known && !scale.StepSetting:
			p.errs.add("zeugnis.step", msgZeugnisStepOnly)
		default:
			if s, ok := zeugnis.CanonicalStep(text); ok {
				z.Step = s
			} else {
				p.errs.add("zeugnis.step", msgZeugnisStep)
			}
		}
	}
	if raw, ok := m["categories"]; ok {
		p.zeugnisCategories(raw)
	}
}

// optionalText reads the text member key of the zeugnis object; ok is false when it is absent or no text.
func (p *parser) optionalText(m map[string]json.RawMessage, key string) (string, bool) {
	raw, present := m[key]
	if !present {
		return "", false
	}
	return p.text("zeugnis."+key, raw)
}

func (p *parser) zeugnisCategories(raw json.RawMessage) {
	var rows []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &rows) != nil {
		p.errs.add("zeugnis.categories", msgList)
		return
	}
	if len(rows) < 1 || len(rows) > zeugnis.MaxSettingsCategories {
		p.errs.add("zeugnis.categories", msgCategoryCount)
		return
	}
	z := &p.zeugnisSet
	z.Count = len(rows)
	seen := map[string]bool{}
	for i, row := range rows {
		path := "zeugnis.categories." + strconv.Itoa(i)
		fields, ok := p.object(path, row, "name", "weight")
		if !ok {
			continue
		}
		cat := &z.Categories[i]
		if raw, ok := fields["name"]; !ok {
			p.errs.add(path+".name", msgRequired)
		} else if name, ok := p.text(path+".name", raw); ok {
			cat.Name = strings.TrimSpace(name)
			switch n := utf8.RuneCountInString(cat.Name); {
			case n < 1 || n > maxCategoryName:
				p.errs.add(path+".name", msgCategoryName)
			case strings.ContainsFunc(cat.Name, nameRuneRefused):
				p.errs.add(path+".name", msgNameChars)
			case seen[cat.Name]:
				p.errs.add(path+".name", msgCategoryTwice)
			}
			seen[cat.Name] = true
		}
		if raw, ok := fields["weight"]; !ok {
			p.errs.add(path+".weight", msgRequired)
		} else if w, ok := p.text(path+".weight", raw); ok {
			if weight, ok := zeugnis.CanonicalWeight(w); ok {
				cat.Weight = weight
			} else {
				p.errs.add(path+".weight", msgWeight)
			}
		}
	}
}

// appendZeugnis writes the member in a fixed order, or nothing for the default, so a document
// without settings keeps the bytes it always had:
//
//	,"zeugnis":{["tendency":…,]["rounding":…,]["step":…,]["categories":[{"name":…,"weight":…},…]]}
func appendZeugnis(b []byte, z *Zeugnis) []byte {
	if z.IsZero() {
		return b
	}
	b = append(b, `,"zeugnis":{`...)
	n := len(b)
	for _, kv := range [...][2]string{{"tendency", z.Tendency}, {"rounding", z.Rounding}, {"step", z.Step}} {
		if kv[1] != "" {
			b = appendMember(b, kv[0], kv[1])
		}
	}
	if z.Count > 0 {
		b = append(b, `,"categories":[`...)
		for i, c := range z.CategoryList() {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendString(b, c.Name)
			b = appendMember(b, "weight", c.Weight)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if b[n] == ',' { // the first member was written with appendMember's leading comma
		b = append(b[:n], b[n+1:]...)
	}
	return append(b, '}')
}

// validateZeugnis checks typed settings with the parser of the member, which reads what appendMember
// writes, so typed settings pass exactly when their JSON would.
func (c Config) validateZeugnis(errs fieldErrors) {
	if c.Zeugnis.IsZero() {
		return
	}
	doc := appendZeugnis(nil, &c.Zeugnis)[len(`,"zeugnis":`):]
	p := parser{errs: fieldErrors{}}
	p.zeugnis(doc, c.Rule.System, true)
	if len(p.errs) == 0 && p.zeugnisSet != c.Zeugnis {
		p.errs.add("zeugnis", msgUnknown) // values the JSON does not hold: categories past Count
	}
	for path, msg := range p.errs {
		errs.add(path, msg)
	}
}
