package grading

import (
	"bytes"
	"flag"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite web/src/lib/systems.gen.ts from the table of systems")

// systemsFile is the web app's copy of the table of systems, written from Systems() as the API types are
// written from the contract: the page reads the systems from it and from nowhere else.
var systemsFile = filepath.Join("..", "..", "web", "src", "lib", "systems.gen.ts")

// TestSystemsFileIsFresh fails while web/src/lib/systems.gen.ts is not what the table of systems writes;
// `go generate ./internal/grading` (this test with -update) rewrites it.
func TestSystemsFileIsFresh(t *testing.T) {
	want := systemsTypeScript()
	if *update {
		if err := os.WriteFile(systemsFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(systemsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is stale: run `go generate ./internal/grading` and commit it", systemsFile)
	}
}

// TestSystemsTableIsConsistent: what the table says twice agrees with itself, so that the web app, which
// expands labels from Numbers, gets the labels Go grades with.
func TestSystemsTableIsConsistent(t *testing.T) {
	for _, s := range Systems() {
		if s.Numbers != nil && s.Numbers.List {
			want := withLabels(System{Numbers: s.Numbers}, nil).Labels
			if len(want) != len(s.Labels) {
				t.Fatalf("%s: %d labels, its numbers give %d", s.ID, len(s.Labels), len(want))
			}
			for i, l := range s.Labels {
				if l.Text != want[i].Text || l.Value.Cmp(want[i].Value) != 0 {
					t.Errorf("%s: label %d is %s, its numbers give %s", s.ID, i, l.Text, want[i].Text)
				}
			}
		}
		if (s.Labels == nil) != (s.Numbers != nil && !s.Numbers.List) {
			t.Errorf("%s: labels %v, numbers %+v", s.ID, s.Labels, s.Numbers)
		}
		if (s.Zeugnis.Grammar == "") || s.Zeugnis.Step == nil || s.Pass == nil || s.Grouping == "" {
			t.Errorf("%s lacks a meaning: %+v", s.ID, s)
		}
	}
}

func systemsTypeScript() []byte {
	var b strings.Builder
	b.WriteString(`// Written by internal/grading/systems_gen_test.go from the table of grading systems,
// internal/grading/system.go: do not edit; run ` + "`go generate ./internal/grading`" + ` after a change
// there. The Go tests fail while this file is stale. lib/systems.ts reads it.

/** Labels that are numbers from best to worst in steps, with at least places decimals. */
export interface SystemNumbers {
  best: string
  worst: string
  step: string
  places: number
  /** The labels are exactly these numbers; otherwise any number of the range at the step is one. */
  list: boolean
}

/** What a system means for the Zeugnisnote (docs/spec.md §9). */
export interface SystemZeugnis {
  /** The short name the command took first ("de"), or "". */
  alias: string
  grammar: 'tendency' | 'points' | 'decimals' | 'whole'
  lo: string
  hi: string
  step: string
  tendency: boolean
  stepSetting: boolean
  rangeText: string
}

/** One grading system; numbers are written with a comma ("4,4"). */
export interface SystemData {
  id: string
  name: string
  /** The labels, best first, separated by spaces, where they are no numbers; with their values. */
  labels?: string
  values?: string
  numbers?: SystemNumbers
  /** The second labels of the list, separated by "|", in the labels' order. */
  alts?: string
  over?: string
  higherIsBetter: boolean
  pass: string
  grouping: 'label' | 'first' | 'alt' | 'rounded' | 'whole'
  rangeNames: boolean
  failingTerm: string
  averageNote: string
  altTerm: string
  zeugnis: SystemZeugnis
}

`)
	var ids []string
	for _, s := range Systems() {
		ids = append(ids, quote(s.ID))
	}
	b.WriteString("export const SYSTEM_IDS = [" + strings.Join(ids, ", ") + "] as const\n\n")
	b.WriteString("export const SYSTEMS: readonly SystemData[] = [\n")
	for _, s := range Systems() {
		b.WriteString("  {\n")
		field := func(name, value string) { b.WriteString("    " + name + ": " + value + ",\n") }
		field("id", quote(s.ID))
		field("name", quote(s.Name))
		if s.Numbers == nil {
			texts, values := make([]string, len(s.Labels)), make([]string, len(s.Labels))
			for i, l := range s.Labels {
				texts[i], values[i] = l.Text, formatExact(l.Value)
			}
			field("labels", quote(strings.Join(texts, " ")))
			field("values", quote(strings.Join(values, " ")))
		} else {
			nb := s.Numbers
			field("numbers", "{ best: "+ratText(nb.Best)+", worst: "+ratText(nb.Worst)+", step: "+ratText(nb.Step)+
				", places: "+strconv.Itoa(nb.Places)+", list: "+strconv.FormatBool(nb.List)+" }")
		}
		var alts []string
		for _, l := range s.Labels {
			if l.Alt != "" {
				alts = append(alts, l.Alt)
			}
		}
		if alts != nil {
			field("alts", quote(strings.Join(alts, "|")))
		}
		if s.OverHundred != "" {
			field("over", quote(s.OverHundred))
		}
		field("higherIsBetter", strconv.FormatBool(s.HigherIsBetter))
		field("pass", ratText(s.Pass))
		field("grouping", quote(string(s.Grouping)))
		field("rangeNames", strconv.FormatBool(s.RangeNames))
		field("failingTerm", quote(s.FailingTerm))
		field("averageNote", quote(s.AverageNote))
		field("altTerm", quote(s.AltTerm))
		z := s.Zeugnis
		b.WriteString("    zeugnis: {\n")
		for _, kv := range [][2]string{
			{"alias", quote(z.Alias)}, {"grammar", quote(string(z.Grammar))}, {"lo", ratText(z.Lo)}, {"hi", ratText(z.Hi)},
			{"step", ratText(z.Step)}, {"tendency", strconv.FormatBool(z.Tendency)},
			{"stepSetting", strconv.FormatBool(z.StepSetting)}, {"rangeText", quote(z.RangeText)},
		} {
			b.WriteString("      " + kv[0] + ": " + kv[1] + ",\n")
		}
		b.WriteString("    },\n  },\n")
	}
	b.WriteString("]\n")
	return []byte(b.String())
}

func ratText(x *big.Rat) string { return quote(formatExact(x)) }

// quote writes a TypeScript string in single quotes; the table holds no backslash, quote or line break.
func quote(s string) string {
	if strings.ContainsAny(s, "'\\\n") {
		panic("systems: text needs escaping: " + s)
	}
	return "'" + s + "'"
}
