package grading

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
)

// The German messages of a rule document (testdata/grading/messages.json holds them too).
const (
	msgSystem        = "Unbekanntes Notensystem."
	msgKind          = "Muss „table“ oder „formula“ sein."
	msgFormulaSystem = "Die Formel gibt es nur für Schweizer Noten."
	msgBasis         = "Muss „exact“, „round“ oder „cut“ sein."
	msgBandCount     = "Eine Tabelle hat 2 bis 60 Noten."
	msgLabel         = "Keine Note dieses Notensystems."
	msgLabelOrder    = "Die Noten müssen von der besten zur schlechtesten geordnet sein, jede einmal."
	msgFromRange     = "Muss größer als 0 und höchstens 100 sein."
	msgFromWhole     = "Bei ganzen Prozent muss die Grenze eine ganze Zahl sein."
	msgLastFrom      = "Die letzte Note gilt für alles darunter und hat keine Grenze."
	msgStep          = "Muss 0,1, 0,25, 0,5 oder 1 sein."
	msgMidpoint      = "Muss „up“ oder „down“ sein."
	msgPass          = "Muss größer als 0 und kleiner als 100 sein."
	msgPreset        = "Unbekannte Vorlage."
	msgPresetDiffers = "Notensystem und Regel weichen von der Vorlage ab; ohne Vorlage speichern."
)

// msgFromOrder is the message of a bound not below the bound of the band above: that band would
// take every percentage this one should get.
func msgFromOrder(above string) string {
	return fmt.Sprintf("Muss kleiner als die Grenze der Note %s sein, sonst bleibt für diese Note nichts.", above)
}

// isRuleDocument says whether a document's top-level members are those of a rule document rather
// than the original's shape: it names a system, a rule or a preset.
func isRuleDocument(top []member) bool {
	for _, m := range top {
		if m.key == "system" || m.key == "rule" || m.key == "preset" {
			return true
		}
	}
	return false
}

// ruleDocument reads {"name", "system", "preset"?, "rule", "zeugnis"?, "fehlerquotient"?, "adjustable"?}
// into p.rule, p.preset, p.name, p.zeugnisSet, p.fehler and p.binding.
func (p *parser) ruleDocument(top []member) {
	m := p.known("", top, "name", "system", "preset", "rule", "zeugnis", "fehlerquotient", "adjustable")
	if raw, ok := m["name"]; ok {
		p.parseName(raw)
	} else {
		p.errs.add("name", msgRequired)
	}
	system, systemOK := p.system(m)
	if raw, ok := m["rule"]; !ok {
		p.errs.add("rule", msgRequired)
	} else if systemOK {
		p.rule.System = system.ID
		p.ruleBody(system, raw)
	}
	if raw, ok := m["preset"]; ok {
		p.presetID(raw)
	}
	if raw, ok := m["zeugnis"]; ok {
		p.zeugnis(raw, system.ID, systemOK)
	}
	if raw, ok := m["fehlerquotient"]; ok {
		p.fehlerquotient(raw)
	}
	p.adjustable(m)
}

func (p *parser) system(m map[string]json.RawMessage) (System, bool) {
	raw, ok := m["system"]
	if !ok {
		p.errs.add("system", msgRequired)
		return System{}, false
	}
	id, ok := p.text("system", raw)
	if !ok {
		return System{}, false
	}
	s, ok := SystemByID(id)
	if !ok {
		p.errs.add("system", msgSystem)
	}
	return s, ok
}

func (p *parser) presetID(raw json.RawMessage) {
	id, ok := p.text("preset", raw)
	if !ok {
		return
	}
	if _, known := PresetByID(id); !known {
		p.errs.add("preset", msgPreset)
		return
	}
	p.preset = id
}

// text reads a JSON string at path.
func (p *parser) text(path string, raw json.RawMessage) (string, bool) {
	var s string
	if raw[0] != '"' || json.Unmarshal(raw, &s) != nil {
		p.errs.add(path, msgText)
		return "", false
	}
	return s, true
}

func (p *parser) ruleBody(s System, raw json.RawMessage) {
	ms, ok := members(raw)
	if !ok {
		p.errs.add("rule", msgObject)
		return
	}
	kind := ""
	for _, m := range ms {
		if m.key == "kind" {
			kind, _ = p.text("rule.kind", m.value)
		}
	}
	switch kind {
	case RuleTable:
		p.table(s, p.known("rule", ms, "kind", "percentage", "bands"))
	case RuleFormula:
		fields := p.known("rule", ms, "kind", "step", "midpoint", "pass")
		if s.ID != SystemSwitzerland {
			p.errs.add("rule.kind", msgFormulaSystem)
			return
		}
		p.formula(fields)
	case "":
		p.errs.add("rule.kind", msgRequired)
	default:
		p.errs.add("rule.kind", msgKind)
	}
}

func (p *parser) table(s System, m map[string]json.RawMessage) {
	p.rule.Kind = RuleTable
	if raw, ok := m["percentage"]; !ok {
		p.errs.add("rule.percentage", msgRequired)
	} else if text, ok := p.text("rule.percentage", raw); ok {
		switch b := Basis(text); b {
		case BasisExact, BasisRound, BasisCut:
			p.rule.Basis = b
		default:
			p.errs.add("rule.percentage", msgBasis)
		}
	}
	raw, ok := m["bands"]
	if !ok {
		p.errs.add("rule.bands", msgRequired)
		return
	}
	var rows []json.RawMessage
	if raw[0] != '[' || json.Unmarshal(raw, &rows) != nil {
		p.errs.add("rule.bands", msgObject)
		return
	}
	if len(rows) < 2 || len(rows) > MaxTableBands {
		p.errs.add("rule.bands", msgBandCount)
		return
	}
	p.rule.Count = len(rows)
	for i, row := range rows {
		p.tableRow(s, i, len(rows), row)
	}
	p.tableOrder(s)
}

// tableRow reads one band; its bound is checked on its own here, against its neighbours in tableOrder.
func (p *parser) tableRow(s System, i, n int, raw json.RawMessage) {
	path := "rule.bands." + strconv.Itoa(i)
	fields, ok := p.object(path, raw, "grade", "from")
	if !ok {
		return
	}
	band := &p.rule.Bands[i]
	if g, ok := fields["grade"]; !ok {
		p.errs.add(path+".grade", msgRequired)
	} else if text, ok := p.text(path+".grade", g); ok {
		if l, _, known := s.label(text); known {
			band.Grade = l.Text
		} else {
			p.errs.add(path+".grade", msgLabel)
		}
	}
	from, hasFrom := fields["from"]
	switch {
	case i == n-1 && hasFrom:
		p.errs.add(path+".from", msgLastFrom)
	case i == n-1:
	case !hasFrom:
		p.errs.add(path+".from", msgRequired)
	default:
		v, msg := percentFromLiteral(string(from))
		if msg == "" && (v <= 0 || v > hundredPercent) {
			msg = msgFromRange
		}
		if msg == "" && p.rule.Basis != BasisExact && p.rule.Basis != "" && v%percentScale != 0 {
			msg = msgFromWhole
		}
		if msg != "" {
			p.errs.add(path+".from", msg)
			return
		}
		band.From = v
	}
}

// tableOrder checks that the grades run from best to worst, each once, and the bounds fall strictly,
// so that no band is empty: only rows whose own fields were valid are compared.
func (p *parser) tableOrder(s System) {
	var lastRank *big.Rat
	lastFrom, lastGrade := Percent(-1), ""
	for i, band := range p.rule.TableBands() {
		path := "rule.bands." + strconv.Itoa(i)
		if band.Grade != "" {
			_, rank, _ := s.label(band.Grade)
			if lastRank != nil && rank.Cmp(lastRank) <= 0 {
				p.errs.add(path+".grade", msgLabelOrder)
			}
			lastRank = rank
		}
		if band.From == 0 || i == p.rule.Count-1 {
			continue
		}
		if lastFrom >= 0 && band.From >= lastFrom {
			p.errs.add(path+".from", msgFromOrder(lastGrade))
		}
		lastFrom, lastGrade = band.From, band.Grade
	}
}

func (p *parser) formula(m map[string]json.RawMessage) {
	p.rule.Kind = RuleFormula
	if v, ok := p.number("rule.step", m, true); ok {
		switch v {
		case 1000, 2500, 5000, 10000:
			p.rule.Step = v
		default:
			p.errs.add("rule.step", msgStep)
		}
	}
	if raw, ok := m["midpoint"]; !ok {
		p.errs.add("rule.midpoint", msgRequired)
	} else if text, ok := p.text("rule.midpoint", raw); ok {
		if text != MidpointUp && text != MidpointDown {
			p.errs.add("rule.midpoint", msgMidpoint)
		}
		p.rule.Midpoint = text
	}
	if v, ok := p.number("rule.pass", m, false); ok {
		if v <= 0 || v >= hundredPercent {
			p.errs.add("rule.pass", msgPass)
		} else {
			p.rule.Pass = v
		}
	}
}

// number reads a percentage-like number member; ok is false when it is absent or invalid (reported).
func (p *parser) number(path string, m map[string]json.RawMessage, required bool) (Percent, bool) {
	key := path[len("rule."):]
	raw, present := m[key]
	if !present {
		if required {
			p.errs.add(path, msgRequired)
		}
		return 0, false
	}
	v, msg := percentFromLiteral(string(raw))
	if msg != "" {
		p.errs.add(path, msg)
		return 0, false
	}
	return v, true
}
