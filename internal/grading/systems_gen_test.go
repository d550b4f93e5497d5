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

var update = flag.Bool("update", false, "rewrite the web app's files of the table of systems")

// The web app's copy of the table of systems, written from Systems() as the API types are written from
// the contract: the page reads the systems from these files and from nowhere else. The second labels
// have a file of their own: the calculator's first script needs them, and a bundle takes a module whole.
var systemsFiles = map[string]func() []byte{
	filepath.Join("..", "..", "web", "src", "lib", "systems.gen.ts"):       systemsTypeScript,
	filepath.Join("..", "..", "web", "src", "lib", "second-labels.gen.ts"): secondLabelsTypeScript,
	filepath.Join("..", "..", "web", "src", "lib", "notation.gen.ts"):      notationTypeScript,
}

// TestSystemsFileIsFresh fails while web/src/lib/systems.gen.ts or second-labels.gen.ts is not what the
// table of systems writes; `go generate ./internal/grading` (this test with -update) rewrites them.
func TestSystemsFileIsFresh(t *testing.T) {
	for path, write := range systemsFiles {
		want := write()
		if *update {
			if err := os.WriteFile(path, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is stale: run `go generate ./internal/grading` and commit it", path)
		}
	}
}

const generatedHeader = `// Written by internal/grading/systems_gen_test.go from the table of grading systems,
// internal/grading/system.go: do not edit; run ` + "`go generate ./internal/grading`" + ` after a change
// there. The Go tests fail while this file is stale.
`

func secondLabelsTypeScript() []byte {
	var b strings.Builder
	b.WriteString(generatedHeader + "\n")
	b.WriteString("/** The second labels of the systems that have them: \"label=second|…\", best first (lib/key.ts). */\n")
	b.WriteString("export const SECOND_LABELS: Readonly<Record<string, string>> = {\n")
	for _, s := range Systems() {
		var pairs []string
		for _, l := range s.Labels {
			if l.Alt != "" {
				pairs = append(pairs, l.Text+"="+l.Alt)
			}
		}
		if pairs != nil {
			b.WriteString("  " + key(s.ID) + ": " + quote(strings.Join(pairs, "|")) + ",\n")
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// notationTypeScript writes how the page writes each system where it differs from the German default:
// small, since the calculator's first script needs it (lib/numbers.ts, lib/key.ts).
func notationTypeScript() []byte {
	var b strings.Builder
	b.WriteString(generatedHeader + "\n")
	b.WriteString("/** Systems written with a point and their percentage's end (\"4.5\", \"78.3 %\"); the others: \",\" and \"%\". */\n")
	b.WriteString("export const POINT_NOTATION: Readonly<Record<string, string>> = {\n")
	for _, s := range Systems() {
		if s.Separator == "." {
			b.WriteString("  " + key(s.ID) + ": " + quote(s.Percent) + ",\n")
		}
	}
	b.WriteString("}\n\n")
	b.WriteString("/** The grades in words where the labels are numbers: \"worst=word|…\", best first. */\n")
	b.WriteString("export const WORDS: Readonly<Record<string, string>> = {\n")
	for _, s := range Systems() {
		var pairs []string
		for _, w := range s.Words {
			pairs = append(pairs, formatExact(w.Worst)+"="+w.Text)
		}
		if pairs != nil {
			b.WriteString("  " + key(s.ID) + ": " + quote(strings.Join(pairs, "|")) + ",\n")
		}
	}
	b.WriteString("}\n")
	return []byte(b.String())
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
		// words run best first and end with the system's worst grade, so every label has one
		for i, w := range s.Words {
			better := i > 0 && s.Words[i-1].Worst.Cmp(w.Worst) == map[bool]int{true: 1, false: -1}[s.HigherIsBetter]
			if (i > 0 && !better) || w.Text == "" {
				t.Errorf("%s: word %d (%s) is out of order", s.ID, i, w.Text)
			}
		}
		if n := len(s.Words); n > 0 && (s.Numbers == nil || s.Words[n-1].Worst.Cmp(s.Numbers.Worst) != 0) {
			t.Errorf("%s: the last word does not reach the worst grade", s.ID)
		}
		if (s.Zeugnis.Grammar == "") || s.Zeugnis.Step == nil || s.Pass == nil || s.Grouping == "" {
			t.Errorf("%s lacks a meaning: %+v", s.ID, s)
		}
	}
}

func systemsTypeScript() []byte {
	var b strings.Builder
	b.WriteString(generatedHeader + `
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

/** How the page names a system's results (ResultWords in system.go). */
export interface SystemResult {
  /** The word after a grade that is a count ("1 Punkt", "8 Punkte"); "" where a grade is a Note. */
  one: string
  many: string
  /** Said beside the Zeugnisnote's average (Austria: LBVO § 20), or "". */
  zeugnisNote: string
}

/** One grading system; numbers are written with a comma ("4,4"). */
export interface SystemData {
  id: string
  name: string
  /** The labels, best first, separated by spaces, where they are no numbers; with their values. */
  labels?: string
  values?: string
  numbers?: SystemNumbers
  over?: string
  higherIsBetter: boolean
  pass: string
  grouping: 'label' | 'first' | 'alt' | 'rounded' | 'half'
  rangeNames: boolean
  failingTerm: string
  averageNote: string
  altTerm: string
  /** What a written test is called where it is no "Klassenarbeit" ("Prüfung"). */
  test?: string
  zeugnis: SystemZeugnis
  result: SystemResult
}

`)
	var ids []string
	for _, s := range Systems() {
		ids = append(ids, quote(s.ID))
	}
	b.WriteString("export const SYSTEM_IDS = [" + strings.Join(ids, ", ") + "] as const\n\n")
	b.WriteString("export const SYSTEMS: readonly [SystemData, ...SystemData[]] = [\n")
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
		if s.Test != "" {
			field("test", quote(s.Test))
		}
		z := s.Zeugnis
		b.WriteString("    zeugnis: {\n")
		for _, kv := range [][2]string{
			{"alias", quote(z.Alias)}, {"grammar", quote(string(z.Grammar))}, {"lo", ratText(z.Lo)}, {"hi", ratText(z.Hi)},
			{"step", ratText(z.Step)}, {"tendency", strconv.FormatBool(z.Tendency)},
			{"stepSetting", strconv.FormatBool(z.StepSetting)}, {"rangeText", quote(z.RangeText)},
		} {
			b.WriteString("      " + kv[0] + ": " + kv[1] + ",\n")
		}
		b.WriteString("    },\n")
		r := s.Result
		b.WriteString("    result: {\n")
		for _, kv := range [][2]string{{"one", quote(r.One)}, {"many", quote(r.Many)}, {"zeugnisNote", quote(r.ZeugnisNote)}} {
			b.WriteString("      " + kv[0] + ": " + kv[1] + ",\n")
		}
		b.WriteString("    },\n  },\n")
	}
	b.WriteString("]\n")
	return []byte(b.String())
}

// key writes an object key as prettier does: quoted only where it is no identifier.
func key(id string) string {
	if strings.Contains(id, "-") {
		return quote(id)
	}
	return id
}

func ratText(x *big.Rat) string { return quote(formatExact(x)) }

// quote writes a TypeScript string in single quotes; the table holds no backslash, quote or line break.
func quote(s string) string {
	if strings.ContainsAny(s, "'\\\n") {
		panic("systems: text needs escaping: " + s)
	}
	return "'" + s + "'"
}
