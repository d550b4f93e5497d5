package grading

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strings"
	"testing"
)

const defaultDocument = `{"name":"Standard","grades":{"1":{"min":85,"max":100},"2":{"min":70,"max":85},` +
	`"3":{"min":55,"max":70},"4":{"min":40,"max":55},"5":{"min":20,"max":40},"6":{"min":0,"max":20}},` +
	`"schema":{"general":{"minus":33.33,"normal":33.33},"1":{"minus":33.33},"6":{"normal":50}}}`

func TestDefaultMarshalJSON(t *testing.T) {
	got, err := Default().MarshalJSON()
	if err != nil || string(got) != defaultDocument {
		t.Fatalf("Default().MarshalJSON() =\n%s, %v\nwant\n%s", got, err, defaultDocument)
	}
	viaPackage, err := json.Marshal(Default())
	if err != nil || string(viaPackage) != defaultDocument {
		t.Fatalf("json.Marshal(Default()) =\n%s, %v", viaPackage, err)
	}
	if err := Default().Validate(); err != nil {
		t.Fatalf("Default().Validate() = %v", err)
	}
}

func TestParseConfigMalformed(t *testing.T) {
	tests := []struct {
		name string
		doc  string
	}{
		{"empty", ""},
		{"not JSON", "{name: 1}"},
		{"trailing garbage", defaultDocument + "x"},
		{"two values", defaultDocument + " {}"},
		{"array", "[]"},
		{"null", "null"},
		{"string", `"Standard"`},
		{"number", "85"},
		{"byte order mark", "\ufeff" + defaultDocument},
		{"invalid UTF-8 in a string", strings.Replace(defaultDocument, `"Standard"`, "\"\xff\xfe\"", 1)},
		{"over 64 KiB", `{"name":"` + strings.Repeat("x", 64<<10) + `"}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.doc))
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("ParseConfig = %v, want ErrMalformed", err)
			}
		})
	}
}

// Cases the shared vector file cannot hold: a JSON.parse-based reader would merge repeated keys, and
// Python's json writes no literal longer than it needs.
func TestParseConfigGoOnlyFields(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		want map[string]string
	}{
		{
			"repeated key",
			strings.Replace(defaultDocument, `"name":"Standard",`, `"name":"Standard","name":"Zweit",`, 1),
			map[string]string{"name": msgDuplicate},
		},
		{
			"repeated nested key",
			strings.Replace(defaultDocument, `"6":{"normal":50}`, `"6":{"normal":50,"normal":40}`, 1),
			map[string]string{"schema.6.normal": msgDuplicate},
		},
		{
			"number literal of 33 characters",
			strings.Replace(defaultDocument, `"min":55,`, `"min":55.`+strings.Repeat("0", 30)+`,`, 1),
			map[string]string{"grades.3.min": msgNumber},
		},
		{
			"huge exponent",
			strings.Replace(defaultDocument, `"min":55,`, `"min":1e999999999,`, 1),
			map[string]string{"grades.3.min": msgRange},
		},
		{
			"tiny exponent",
			strings.Replace(defaultDocument, `"min":55,`, `"min":1e-999999999,`, 1),
			map[string]string{"grades.3.min": msgDecimals},
		},
		{
			"white space around values is fine, a key with a dot is still unknown",
			strings.Replace(defaultDocument, `"min":55,`, "\"min\" :\n 55 ,\"a.b\":1,", 1),
			map[string]string{"grades.3.a.b": msgUnknown},
		},
		{
			"empty key",
			strings.Replace(defaultDocument, `{"name"`, `{"":1,"name"`, 1),
			map[string]string{"": msgUnknown},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseConfig([]byte(tc.doc))
			if tc.want == nil {
				if err != nil {
					t.Fatalf("ParseConfig = %v, want success", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) || !maps.Equal(ve.Fields, tc.want) {
				t.Fatalf("ParseConfig = %v, want fields %v", err, tc.want)
			}
		})
	}
}

func TestValidateTyped(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Config)
		want   map[string]string
	}{
		{"default", func(*Config) {}, nil},
		{"grade 1 max", func(c *Config) { c.Rule.Grades[0].Max = 900000 }, map[string]string{"grades.1.max": msgMax1}},
		{"out of range skips relations", func(c *Config) { c.Rule.Grades[0].Max = 1000001 },
			map[string]string{"grades.1.max": msgRange}},
		{"negative width", func(c *Config) { c.Rule.Schema.SixNormal = -1 }, map[string]string{"schema.6.normal": msgRange}},
		{"sum", func(c *Config) { c.Rule.Schema.GeneralMinus = 700000 }, map[string]string{"schema.general.normal": msgSum}},
		{"sum of exactly 100 is fine", func(c *Config) { c.Rule.Schema.GeneralMinus = 666700 }, nil},
		{"gap", func(c *Config) { c.Rule.Grades[4].Max = 390000 }, map[string]string{"grades.4.min": msgAdjacent(5)}},
		{"name", func(c *Config) { c.Name = strings.Repeat("ä", 81) }, map[string]string{"name": msgNameLen}},
		{"name of 80", func(c *Config) { c.Name = strings.Repeat("ä", 80) }, nil},
		{"blank name", func(c *Config) { c.Name = " \u2003" }, map[string]string{"name": msgNameBlank}},
		{"extreme values", func(c *Config) { c.Rule.Schema.GeneralNormal = 1 << 62; c.Rule.Grades[5].Min = -1 << 63 },
			map[string]string{"schema.general.normal": msgRange, "grades.6.min": msgRange}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := Default()
			tc.change(&c)
			err := c.Validate()
			if tc.want == nil {
				if err != nil {
					t.Fatalf("Validate = %v, want nil", err)
				}
				return
			}
			var ve *ValidationError
			if !errors.As(err, &ve) || !maps.Equal(ve.Fields, tc.want) {
				t.Fatalf("Validate = %v, want %v", err, tc.want)
			}
		})
	}
}

// A rule of widths is written in the original's shape, which holds no system, table or formula: a
// typed one with such values would be stored without them, so Validate refuses it.
func TestValidateWidthsHoldNothingElse(t *testing.T) {
	for name, change := range map[string]func(*Rule){
		"another system": func(r *Rule) { r.System = SystemWhole },
		"table rows":     func(r *Rule) { r.Count = 2 },
		"a formula step": func(r *Rule) { r.Step = 5000 },
	} {
		c := Default()
		change(&c.Rule)
		if err := c.Validate(); err == nil {
			t.Errorf("%s: Validate = nil", name)
		}
	}
}

func TestConfigInsideJSON(t *testing.T) {
	var req struct {
		Config Config `json:"config"`
	}
	if err := json.Unmarshal([]byte(`{"config":`+defaultDocument+`}`), &req); err != nil || req.Config != Default() {
		t.Fatalf("Unmarshal = %+v, %v", req.Config, err)
	}
	err := json.Unmarshal([]byte(`{"config":{"name":""}}`), &req)
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Fields["name"] != msgNameLen {
		t.Fatalf("Unmarshal of an invalid config = %v, want a *ValidationError", err)
	}
	if req.Config != Default() {
		t.Fatal("a failed Unmarshal changed the config")
	}
	if err := json.Unmarshal([]byte(`{"config":null}`), &req); !errors.Is(err, ErrMalformed) {
		t.Fatalf("Unmarshal of null = %v, want ErrMalformed", err)
	}
}

func TestValidationErrorText(t *testing.T) {
	err := &ValidationError{Fields: map[string]string{"name": msgNameLen, "grades.1.max": msgMax1}}
	want := "grading: invalid configuration: grades.1.max: " + msgMax1 + "; name: " + msgNameLen
	if err.Error() != want {
		t.Fatalf("Error() = %q, want %q", err.Error(), want)
	}
}

// A version stored before the name's character rule still loads (ParseStoredDocument); as input, and
// when it would be stored again, the name is refused. Every other rule holds for stored versions too.
func TestStoredNameBeforeTheCharacterRule(t *testing.T) {
	doc := strings.Replace(string(mustMarshal(t, Default())), `"Standard"`, `"Alt\u001b[31m\u202e"`, 1)
	if _, err := ParseConfig([]byte(doc)); !strings.Contains(fmt.Sprint(err), msgNameChars) {
		t.Fatalf("ParseConfig of a name with ESC and U+202E: %v", err)
	}
	c, err := ParseStoredDocument([]byte(doc))
	if err != nil || c.Name != "Alt\x1b[31m\u202e" {
		t.Fatalf("ParseStoredDocument = %q, %v", c.Name, err)
	}
	if err := c.Validate(); !strings.Contains(fmt.Sprint(err), msgNameChars) {
		t.Fatalf("Validate of the loaded version: %v", err)
	}
	empty := strings.Replace(doc, `"Alt\u001b[31m\u202e"`, `""`, 1)
	if _, err := ParseStoredDocument([]byte(empty)); !strings.Contains(fmt.Sprint(err), msgNameLen) {
		t.Fatalf("ParseStoredDocument of an empty name: %v", err)
	}
}

func mustMarshal(t *testing.T, c Config) []byte {
	t.Helper()
	b, err := c.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
