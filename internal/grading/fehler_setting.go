package grading

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// FehlerSetting is a scale's conversion of the Fehlerquotient into a deduction (docs/spec.md §8, §13), the
// optional member "fehlerquotient" of its document: a published rule by its id (Preset), or the school's
// own rule of the same shape as a FehlerRule, which names no source. The zero value is no conversion, and
// the document then has no member, so a document without it keeps its bytes. Comparable, like Config: the
// steps are a fixed array.
type FehlerSetting struct {
	Preset   string // a published rule's id (FehlerRules); "" for the school's own rule or none
	Name     string
	Unit     string
	Steps    [MaxFehlerSteps]FehlerStep
	Count    int // steps in use
	Max      int
	MinWords int
}

// MaxFehlerSteps bounds the school's own rule: the published ones have two or three steps.
const MaxFehlerSteps = 10

// FehlerSchoolRule is the id a school's own rule goes by in a result and on the page, which call it „Regel
// der Schule“; its source is that phrase too, since it has no decree to name.
const (
	FehlerSchoolRule   = "schule"
	fehlerSchoolSource = "Regel der Schule"
	maxFehlerDeduction = 15 // Notenpunkte run 0–15, and 15 thirds span the grades 1 to 6
	maxFehlerThreshold = 100 * 100
)

// The German messages of the member (testdata/grading/messages.json holds them too).
const (
	msgFehlerPresetAlone = "Eine veröffentlichte Regel steht allein: keine eigenen Werte daneben."
	msgFehlerUnit        = "Muss „notenpunkte“ oder „drittel“ sein."
	msgFehlerStepCount   = "1 bis 10 Stufen."
	msgFehlerFrom        = "Muss eine Zahl größer als 0 und höchstens 100 mit höchstens 2 Nachkommastellen sein, z. B. 3 oder 3,5."
	msgFehlerFromOrder   = "Muss größer als die Schwelle der Stufe davor sein."
	msgFehlerDeduction   = "Muss eine ganze Zahl von 1 bis 15 sein."
	msgFehlerDedOrder    = "Muss größer als der Abzug der Stufe davor sein."
	msgFehlerDedMax      = "Darf nicht größer als der höchste Abzug sein."
	msgFehlerMinWords    = "Muss eine ganze Zahl von 0 bis 100000 sein."
)

// IsZero says whether s is no conversion, which a document leaves out.
func (s FehlerSetting) IsZero() bool { return s == FehlerSetting{} }

// StepList is the school's own rule's steps in use.
func (s *FehlerSetting) StepList() []FehlerStep { return s.Steps[:s.Count] }

// Rule is the rule the setting names: the published one, or the school's own (id FehlerSchoolRule, its
// source „Regel der Schule“); ok is false for no conversion.
func (s FehlerSetting) Rule() (FehlerRule, bool) {
	if s.Preset != "" {
		return fehlerRule(s.Preset)
	}
	if s.IsZero() {
		return FehlerRule{}, false
	}
	return FehlerRule{ID: FehlerSchoolRule, Name: s.Name, Unit: s.Unit, Steps: append([]FehlerStep(nil), s.StepList()...),
		Max: s.Max, MinWords: s.MinWords, Source: fehlerSchoolSource}, true
}

// fehlerThreshold is a threshold as typed: up to three digits, a comma or a point, up to two decimals.
var fehlerThreshold = regexp.MustCompile(`^([0-9]{1,3})(?:[.,]([0-9]{1,2}))?$`)

// canonicalThreshold reads a threshold into hundredths and writes it as the published rules do ("3", "3,5",
// "6,25"; trailing zeros dropped); ok is false outside 0 < t ≤ 100 or with more than two decimals.
func canonicalThreshold(text string) (string, int64, bool) {
	m := fehlerThreshold.FindStringSubmatch(strings.Trim(text, " \t"))
	if m == nil {
		return "", 0, false
	}
	whole, _ := strconv.ParseInt(m[1], 10, 64)
	frac, _ := strconv.ParseInt((m[2] + "00")[:2], 10, 64)
	h := whole*100 + frac
	if h <= 0 || h > maxFehlerThreshold {
		return "", 0, false
	}
	out := strconv.FormatInt(whole, 10)
	if frac != 0 {
		out += "," + strings.TrimRight(strconv.FormatInt(100+frac, 10)[1:], "0")
	}
	return out, h, true
}

// fehlerquotient reads the member "fehlerquotient" into p.fehler: {"preset": id} or the school's own rule
// {"name", "unit", "steps": [{"from", "deduction"}, …], "max", "minWords"?}.
func (p *parser) fehlerquotient(raw json.RawMessage) {
	const at = "fehlerquotient"
	ms, ok := members(raw)
	if !ok {
		p.errs.add(at, msgObject)
		return
	}
	for _, m := range ms {
		if m.key == "preset" {
			p.fehlerPreset(ms)
			return
		}
	}
	m := p.known(at, ms, "name", "unit", "steps", "max", "minWords")
	s := &p.fehler
	if raw, ok := m["name"]; !ok {
		p.errs.add(at+".name", msgRequired)
	} else if name, ok := p.text(at+".name", raw); ok {
		if msg := nameProblem(name); msg != "" {
			p.errs.add(at+".name", msg)
		}
		s.Name = name
	}
	if raw, ok := m["unit"]; !ok {
		p.errs.add(at+".unit", msgRequired)
	} else if unit, ok := p.text(at+".unit", raw); ok {
		if unit != UnitNotenpunkte && unit != UnitDrittel {
			p.errs.add(at+".unit", msgFehlerUnit)
		}
		s.Unit = unit
	}
	maxOK := false
	if raw, ok := m["max"]; !ok {
		p.errs.add(at+".max", msgRequired)
	} else {
		s.Max, maxOK = p.whole(at+".max", raw, 1, maxFehlerDeduction, msgFehlerDeduction)
	}
	if raw, ok := m["minWords"]; ok {
		s.MinWords, _ = p.whole(at+".minWords", raw, 0, fehlerLimit, msgFehlerMinWords)
	}
	if raw, ok := m["steps"]; !ok {
		p.errs.add(at+".steps", msgRequired)
	} else {
		p.fehlerSteps(raw, maxOK)
	}
}

// fehlerPreset reads {"preset": id}: a published rule stands alone.
func (p *parser) fehlerPreset(ms []member) {
	for _, m := range ms {
		if m.key == "preset" {
			continue
		}
		p.errs.add("fehlerquotient."+m.key, msgFehlerPresetAlone)
	}
	m := p.known("fehlerquotient", ms, "preset") // repeated "preset" members; the others are reported above
	id, ok := p.text("fehlerquotient.preset", m["preset"])
	if !ok {
		return
	}
	if _, known := fehlerRule(id); !known {
		p.errs.add("fehlerquotient.preset", unknownRuleMessage())
		return
	}
	p.fehler = FehlerSetting{Preset: id}
}

// fehlerSteps reads the steps: each threshold and deduction on its own, then each against the step
// before it (only valid ones are compared) and the deduction against a valid maximum.
func (p *parser) fehlerSteps(raw json.RawMessage, maxOK bool) {
	const at = "fehlerquotient.steps"
	var rows []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &rows) != nil {
		p.errs.add(at, msgList)
		return
	}
	if len(rows) < 1 || len(rows) > MaxFehlerSteps {
		p.errs.add(at, msgFehlerStepCount)
		return
	}
	s := &p.fehler
	s.Count = len(rows)
	lastFrom, lastDed := int64(-1), -1
	for i, row := range rows {
		path := at + "." + strconv.Itoa(i)
		fields, ok := p.object(path, row, "from", "deduction")
		if !ok {
			continue
		}
		step := &s.Steps[i]
		if raw, ok := fields["from"]; !ok {
			p.errs.add(path+".from", msgRequired)
		} else if text, ok := p.text(path+".from", raw); ok {
			if canonical, h, ok := canonicalThreshold(text); !ok {
				p.errs.add(path+".from", msgFehlerFrom)
			} else {
				step.From = canonical
				if h <= lastFrom {
					p.errs.add(path+".from", msgFehlerFromOrder)
				}
				lastFrom = h
			}
		}
		if raw, ok := fields["deduction"]; !ok {
			p.errs.add(path+".deduction", msgRequired)
		} else if d, ok := p.whole(path+".deduction", raw, 1, maxFehlerDeduction, msgFehlerDeduction); ok {
			step.Deduction = d
			switch {
			case d <= lastDed:
				p.errs.add(path+".deduction", msgFehlerDedOrder)
			case maxOK && d > s.Max:
				p.errs.add(path+".deduction", msgFehlerDedMax)
			}
			lastDed = d
		}
	}
}

// whole reads a JSON number whose value is a whole number from lo to hi ("2" and "2.0" alike, as a browser
// reads them); a value that is no number is msgNumber, one out of range or not whole is msg.
func (p *parser) whole(path string, raw json.RawMessage, lo, hi int, msg string) (int, bool) {
	if c := raw[0]; c != '-' && (c < '0' || c > '9') {
		p.errs.add(path, msgNumber)
		return 0, false
	}
	f, err := strconv.ParseFloat(string(raw), 64)
	if err != nil || f != math.Trunc(f) || f < float64(lo) || f > float64(hi) {
		p.errs.add(path, msg)
		return 0, false
	}
	return int(f), true
}

// appendFehler writes the member in a fixed order, or nothing for no conversion:
//
//	,"fehlerquotient":{"preset":…}
//	,"fehlerquotient":{"name":…,"unit":…,"steps":[{"from":…,"deduction":…},…],"max":…[,"minWords":…]}
func appendFehler(b []byte, s *FehlerSetting) []byte {
	if s.IsZero() {
		return b
	}
	if s.Preset != "" {
		b = append(b, `,"fehlerquotient":{"preset":`...)
		b = appendString(b, s.Preset)
		return append(b, '}')
	}
	b = append(b, `,"fehlerquotient":{"name":`...)
	b = appendString(b, s.Name)
	b = appendMember(b, "unit", s.Unit)
	b = append(b, `,"steps":[`...)
	for i, step := range s.StepList() {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"from":`...)
		b = appendString(b, step.From)
		b = append(b, `,"deduction":`...)
		b = strconv.AppendInt(b, int64(step.Deduction), 10)
		b = append(b, '}')
	}
	b = append(b, `],"max":`...)
	b = strconv.AppendInt(b, int64(s.Max), 10)
	if s.MinWords != 0 {
		b = append(b, `,"minWords":`...)
		b = strconv.AppendInt(b, int64(s.MinWords), 10)
	}
	return append(b, '}')
}

// validateFehler checks a typed setting with the parser of the member, which reads what appendFehler
// writes, so a typed setting passes exactly when its JSON would.
func (c Config) validateFehler(errs fieldErrors) {
	if c.Fehler.IsZero() {
		return
	}
	doc := appendFehler(nil, &c.Fehler)[len(`,"fehlerquotient":`):]
	p := parser{errs: fieldErrors{}}
	p.fehlerquotient(doc)
	if len(p.errs) == 0 && p.fehler != c.Fehler {
		p.errs.add("fehlerquotient", msgUnknown) // values the JSON does not hold: steps past Count
	}
	for path, msg := range p.errs {
		errs.add(path, msg)
	}
}
