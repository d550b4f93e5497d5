package grading

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The vectors in testdata/grading are written by an independent oracle (generate.py) and read by the
// TypeScript tests too; these tests prove the Go rule agrees with them.

const vectorDir = "../../testdata/grading"

func readVectors(t testing.TB, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vectorDir, name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func loadConfigs(t testing.TB) map[string]Config {
	t.Helper()
	configs := map[string]Config{}
	for _, name := range []string{"standard", "fractional", "extreme"} {
		data, err := os.ReadFile(filepath.Join(vectorDir, "configs", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		c, err := ParseConfig(data)
		if err != nil {
			t.Fatalf("configs/%s.json: %v", name, err)
		}
		configs[name] = c
	}
	return configs
}

func TestVectorConfigsAreCanonical(t *testing.T) {
	for name, c := range loadConfigs(t) {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(vectorDir, "configs", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, data); err != nil {
				t.Fatal(err)
			}
			got, err := c.MarshalJSON()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, compact.Bytes()) {
				t.Errorf("MarshalJSON =\n%s\nwant the file's compact form\n%s", got, compact.Bytes())
			}
			if err := c.Validate(); err != nil {
				t.Errorf("Validate: %v", err)
			}
		})
	}
	if c := loadConfigs(t)["standard"]; c != Default() {
		t.Errorf("configs/standard.json = %+v, want Default() %+v", c, Default())
	}
}

func TestVectorCases(t *testing.T) {
	configs := loadConfigs(t)
	var file struct {
		Cases []struct {
			Config, Total, Achieved, Percentage, Grade string
		}
	}
	readVectors(t, "cases.json", &file)
	if len(file.Cases) < 300 {
		t.Fatalf("cases.json has %d cases, want at least 300", len(file.Cases))
	}
	keys := map[string]Key{}
	for name, c := range configs {
		keys[name] = c.Key()
	}
	for i, tc := range file.Cases {
		k, ok := keys[tc.Config]
		if !ok {
			t.Fatalf("case %d: unknown config %q", i, tc.Config)
		}
		name := strconv.Itoa(i) + "/" + tc.Config + "/" + strconv.Quote(tc.Total) + "/" + strconv.Quote(tc.Achieved)
		t.Run(name, func(t *testing.T) {
			got := k.Calculate(tc.Total, tc.Achieved)
			want := Result{Percentage: tc.Percentage, Grade: tc.Grade}
			if got != want {
				t.Errorf("Calculate(%s, %q, %q) = %+v, want %+v", tc.Config, tc.Total, tc.Achieved, got, want)
			}
			// The exact path answers every case too, not only those the fast path hands over.
			if exact := k.calculateExact(tc.Total, tc.Achieved); exact != want {
				t.Errorf("calculateExact(%s, %q, %q) = %+v, want %+v", tc.Config, tc.Total, tc.Achieved, exact, want)
			}
		})
	}
}

func TestVectorTables(t *testing.T) {
	configs := loadConfigs(t)
	var tables map[string][]Cell
	readVectors(t, "tables.json", &tables)
	if len(tables) != len(configs) {
		t.Errorf("tables.json has %d tables, want %d", len(tables), len(configs))
	}
	for name, want := range tables {
		t.Run(name, func(t *testing.T) {
			c, ok := configs[name]
			if !ok {
				t.Fatalf("no config %q", name)
			}
			if got := keyTable(c.Key()); !reflect.DeepEqual(got, want) {
				t.Errorf("the table of %s =\n%v\nwant\n%v", name, got, want)
			}
		})
	}
}

func TestVectorInvalidConfigs(t *testing.T) {
	var file struct {
		Cases []struct {
			Name     string
			Document json.RawMessage
			Fields   map[string]string
		}
	}
	readVectors(t, "invalid-configs.json", &file)
	if len(file.Cases) < 25 {
		t.Fatalf("invalid-configs.json has %d cases, want at least 25", len(file.Cases))
	}
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			c, err := ParseConfig(tc.Document)
			var ve *ValidationError
			if !errors.As(err, &ve) {
				t.Fatalf("ParseConfig = %+v, %v; want a *ValidationError", c, err)
			}
			if !maps.Equal(ve.Fields, tc.Fields) {
				t.Errorf("fields =\n%s\nwant\n%s", formatFields(ve.Fields), formatFields(tc.Fields))
			}
		})
	}
}

func TestVectorAliasConfigs(t *testing.T) {
	var file struct {
		Cases []struct {
			Name      string
			Document  json.RawMessage
			Canonical json.RawMessage
		}
	}
	readVectors(t, "alias-configs.json", &file)
	if len(file.Cases) < 10 {
		t.Fatalf("only %d alias documents; the file should cover every alias", len(file.Cases))
	}
	for _, tc := range file.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			c, err := ParseConfig(tc.Document)
			if err != nil {
				t.Fatalf("ParseConfig(document): %v", err)
			}
			want, err := ParseConfig(tc.Canonical)
			if err != nil {
				t.Fatalf("ParseConfig(canonical): %v", err)
			}
			if c != want {
				t.Errorf("document gives %+v, canonical gives %+v", c, want)
			}
			out, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			var compact bytes.Buffer
			if err := json.Compact(&compact, tc.Canonical); err != nil {
				t.Fatal(err)
			}
			// json.Marshal escapes <, > and & in strings; the canonical text in the file does not.
			if !bytes.Equal(unescapeHTML(out), compact.Bytes()) {
				t.Errorf("Marshal =\n%s\nwant\n%s", out, compact.Bytes())
			}
			again, err := ParseConfig(out)
			if err != nil || again != c {
				t.Errorf("Marshal→Parse = %+v, %v; want %+v", again, err, c)
			}
		})
	}
}

func TestMessagesMatchSharedFile(t *testing.T) {
	var shared map[string]string
	readVectors(t, "messages.json", &shared)
	ours := map[string]string{
		"required": msgRequired, "number": msgNumber, "text": msgText, "object": msgObject,
		"decimals": msgDecimals, "range": msgRange, "minMax": msgMinMax, "max1": msgMax1, "min6": msgMin6,
		"sum": msgSum, "nameLength": msgNameLen, "nameBlank": msgNameBlank, "nameChars": msgNameChars, "unknown": msgUnknown,
		"duplicate":    msgDuplicate,
		"adjacent":     strings.Replace(msgAdjacent(9), "9", "{next}", 1),
		"gradeMissing": strings.Replace(msgGradeMissing(9), "9", "{grade}", 1),
		"alias":        msgAlias("{name}", "{alias}"),
		"list":         msgList, "tendency": msgTendency, "tendencySystem": msgTendencySystem,
		"rounding": msgRounding, "zeugnisStep": msgZeugnisStep, "zeugnisStepOnly": msgZeugnisStepOnly,
		"categoryCount": msgCategoryCount, "categoryName": msgCategoryName, "categoryTwice": msgCategoryTwice,
		"weight":       msgWeight,
		"boolean":      msgBoolean,
		"fehlerPreset": unknownRuleMessage(), "fehlerPresetAlone": msgFehlerPresetAlone, "fehlerUnit": msgFehlerUnit,
		"fehlerStepCount": msgFehlerStepCount, "fehlerFrom": msgFehlerFrom, "fehlerFromOrder": msgFehlerFromOrder,
		"fehlerDeduction": msgFehlerDeduction, "fehlerDeductionOrder": msgFehlerDedOrder,
		"fehlerDeductionMax": msgFehlerDedMax, "fehlerMinWords": msgFehlerMinWords,
	}
	if !maps.Equal(ours, shared) {
		t.Errorf("messages differ:\nGo:     %v\nshared: %v", ours, shared)
	}
}

func unescapeHTML(b []byte) []byte {
	r := strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&")
	return []byte(r.Replace(string(b)))
}

func formatFields(fields map[string]string) string {
	var b strings.Builder
	for _, k := range sortedKeys(fields) {
		b.WriteString("  " + k + ": " + fields[k] + "\n")
	}
	return b.String()
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
