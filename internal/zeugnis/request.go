package zeugnis

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"unicode/utf8"
)

// ParseRequest reads the JSON of `notenrechner zeugnisnote` (docs/spec.md §9)
// strictly: unknown or repeated members, a wrong type or invalid UTF-8 are
// refused with a German message. Weights, grades and settings may be JSON
// strings or numbers. The system, which needs the table of systems, is
// checked by Compute.
func ParseRequest(data []byte) (Request, error) {
	if !utf8.Valid(data) {
		return Request{}, refuse("Die Eingabe ist kein gültiges UTF-8.")
	}
	top, err := members(data, "")
	if err != nil {
		return Request{}, err
	}
	var req Request
	for _, m := range top {
		switch m.key {
		case "system":
			var s string
			if s, err = text(m.value, "system", false); err == nil {
				req.System = s
			}
		case "tendency":
			req.Tendency, err = text(m.value, "tendency", true)
		case "rounding":
			req.Rounding, err = text(m.value, "rounding", false)
		case "step":
			req.Step, err = text(m.value, "step", true)
		case "categories":
			req.Categories, err = categories(m.value)
		case "target":
			req.Target, err = target(m.value)
		default:
			err = refuse("Unbekanntes Feld %s.", quoted(m.key))
		}
		if err != nil {
			return Request{}, err
		}
	}
	return req, nil
}

type member struct {
	key   string
	value json.RawMessage
}

// members splits a JSON object into its members in order, refusing repeated
// ones; where names the object in messages ("" for the whole input).
func members(data []byte, where string) ([]member, error) {
	notObject := refuse("Die Eingabe ist kein JSON-Objekt.")
	if where != "" {
		notObject = refuse("%s ist kein JSON-Objekt.", where)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, notObject
	}
	var out []member
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		key, ok := tok.(string)
		if err != nil || !ok {
			return nil, notObject
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, notObject
		}
		if seen[key] {
			return nil, refuse("Das Feld %s steht zweimal da.", quoted(key))
		}
		seen[key] = true
		out = append(out, member{key, v})
	}
	if tok, err := dec.Token(); err != nil || tok != json.Delim('}') {
		return nil, notObject
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, notObject
	}
	return out, nil
}

// text is a member that is a JSON string, or (numberOK) a JSON number as written.
func text(raw json.RawMessage, name string, numberOK bool) (string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err == nil {
		return s, nil
	}
	if numberOK {
		var n json.Number
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		if err := dec.Decode(&n); err == nil {
			return n.String(), nil
		}
	}
	if numberOK {
		return "", refuse("%s ist weder Text noch Zahl.", name)
	}
	return "", refuse("%s ist kein Text.", name)
}

func categories(raw json.RawMessage) ([]Category, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil || list == nil {
		return nil, refuse("categories ist keine Liste.")
	}
	if len(list) > maxCategories {
		return nil, refuse("Höchstens %d Kategorien.", maxCategories)
	}
	out := make([]Category, len(list))
	for i, item := range list {
		where := sprintf("Kategorie %d", i+1)
		ms, err := members(item, where)
		if err != nil {
			return nil, err
		}
		var grades json.RawMessage
		for _, m := range ms {
			switch m.key {
			case "name":
				out[i].Name, err = text(m.value, where+": name", false)
			case "weight":
				out[i].Weight, err = text(m.value, where+": weight", true)
			case "grades":
				grades = m.value
			default:
				err = refuse("%s: unbekanntes Feld %s.", where, quoted(m.key))
			}
			if err != nil {
				return nil, err
			}
		}
		if grades != nil {
			if out[i].Grades, err = gradeList(grades, where); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// target reads {"grade": "2", "category": "schriftlich", "weight": "1"} (docs/spec.md §9).
func target(raw json.RawMessage) (*Target, error) {
	ms, err := members(raw, "target")
	if err != nil {
		return nil, err
	}
	var t Target
	hasGrade := false
	for _, m := range ms {
		switch m.key {
		case "grade":
			t.Grade, err = text(m.value, "target: grade", true)
			hasGrade = true
		case "category":
			t.Category, err = text(m.value, "target: category", false)
		case "weight":
			t.Weight, err = text(m.value, "target: weight", true)
		default:
			err = refuse("target: unbekanntes Feld %s.", quoted(m.key))
		}
		if err != nil {
			return nil, err
		}
	}
	if !hasGrade {
		return nil, refuse("target: das Feld „grade“ fehlt.")
	}
	return &t, nil
}

// gradeList reads a category's grades: each a text ("2+"), a number (12) or
// {"grade": …, "weight": …}.
func gradeList(raw json.RawMessage, where string) ([]Grade, error) {
	var list []json.RawMessage
	if err := json.Unmarshal(raw, &list); err != nil || list == nil {
		return nil, refuse("%s: grades ist keine Liste.", where)
	}
	if len(list) > maxGrades {
		return nil, refuse("%s: höchstens %d Noten.", where, maxGrades)
	}
	out := make([]Grade, len(list))
	for j, item := range list {
		at := sprintf("%s, Note %d", where, j+1)
		if bytes.HasPrefix(bytes.TrimSpace(item), []byte("{")) {
			ms, err := members(item, at)
			if err != nil {
				return nil, err
			}
			hasGrade := false
			for _, m := range ms {
				switch m.key {
				case "grade":
					out[j].Text, err = text(m.value, at+": grade", true)
					hasGrade = true
				case "weight":
					out[j].Weight, err = text(m.value, at+": weight", true)
				default:
					err = refuse("%s: unbekanntes Feld %s.", at, quoted(m.key))
				}
				if err != nil {
					return nil, err
				}
			}
			if !hasGrade {
				return nil, refuse("%s: das Feld „grade“ fehlt.", at)
			}
			continue
		}
		t, err := text(item, at, true)
		if err != nil {
			return nil, err
		}
		out[j].Text = t
	}
	return out, nil
}

// Run is ParseRequest and Compute: the command's whole rule, over the systems ss.
func (ss Systems) Run(data []byte) (Result, error) {
	req, err := ParseRequest(data)
	if err != nil {
		return Result{}, err
	}
	return ss.Compute(req)
}
