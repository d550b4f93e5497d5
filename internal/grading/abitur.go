package grading

import (
	"fmt"
	"strconv"
	"strings"
)

// The Abitur average (docs/spec.md §12): the Durchschnittsnote of the KMK's Vereinbarung zur Gestaltung der
// gymnasialen Oberstufe und der Abiturprüfung (its Anlage, N = 17/3 − E/180 cut after the first decimal)
// from the total E of Block I and Block II, with the minimums of the Gesamtqualifikation. Whole points
// only, so every step is integer arithmetic: N = (1020 − E)/180 and its tenths are ⌊(1020 − E)/18⌋.

// AbiturInput is what a pupil types: the total, or both blocks, and optionally the number of courses
// counted in Block I (40 when empty), how many of them are under 5 points, and how many of the five exam
// components have at least 5 points. An empty field is not given.
type AbiturInput struct {
	Total, Block1, Block2, Courses, Under5, Exams5 string
}

// AbiturResult is the answer: Note is empty unless passed, since the Durchschnittsnote is given only with
// a Gesamtqualifikation that meets every minimum.
type AbiturResult struct {
	Note     string          `json:"note"`
	Passed   bool            `json:"passed"`
	Total    int             `json:"total"`
	Failures []AbiturFailure `json:"failures"`
	Next     *AbiturNext     `json:"next"`
	Steps    []string        `json:"steps"`
}

// AbiturFailure is one minimum that failed: its field, the German sentence and where the rule stands.
type AbiturFailure struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Source  string `json:"source"`
}

// AbiturNext is the next better 0,1: the note, the total that reaches it and the points still missing.
type AbiturNext struct {
	Note    string `json:"note"`
	Total   int    `json:"total"`
	Missing int    `json:"missing"`
}

const abiturSource = "KMK-Vereinbarung zur gymnasialen Oberstufe, Gesamtqualifikation: "

var abiturSources = map[string]string{
	"gesamt":     abiturSource + "Block I und Block II",
	"block1":     abiturSource + "Block I",
	"block2":     abiturSource + "Block II",
	"unter5":     abiturSource + "Block I",
	"pruefungen": abiturSource + "Block II",
}

// abiturField reads one typed field: absent (ok, !given), a whole number, or refused.
func abiturField(s string) (n int, given, ok bool) {
	t := strings.Trim(s, " \t\u00a0")
	if t == "" {
		return 0, false, true
	}
	if len(t) > 4 || strings.Trim(t, "0123456789") != "" {
		return 0, true, false
	}
	n, _ = strconv.Atoi(t)
	return n, true, true
}

type abiturValues struct {
	total, block1, block2, courses, under5, exams5 int
	hasTotal, has1, has2, hasUnder5, hasExams5     bool
}

// read checks every field and returns all refusals at once, keyed by the command's flag names.
func (in AbiturInput) read() (abiturValues, error) {
	var v abiturValues
	fields := map[string]string{}
	rangeMsg := func(lo, hi int) string { return fmt.Sprintf("Eine ganze Zahl von %d bis %d.", lo, hi) }
	whole := func(name, s string, hi int, into *int) bool {
		n, given, ok := abiturField(s)
		if !ok || n > hi {
			fields[name] = rangeMsg(0, hi)
		}
		*into = n
		return given
	}
	v.hasTotal = whole("gesamt", in.Total, 900, &v.total)
	v.has1 = whole("block1", in.Block1, 600, &v.block1)
	v.has2 = whole("block2", in.Block2, 300, &v.block2)
	v.hasExams5 = whole("pruefungen", in.Exams5, 5, &v.exams5)
	v.courses = 40
	if n, given, ok := abiturField(in.Courses); !ok || given && (n < 1 || n > 60) {
		fields["kurse"] = rangeMsg(1, 60)
	} else if given {
		v.courses = n
	}
	if _, bad := fields["kurse"]; !bad {
		v.hasUnder5 = whole("unter5", in.Under5, v.courses, &v.under5)
	}
	switch {
	case v.hasTotal && (v.has1 || v.has2):
		fields["gesamt"] = "Entweder die Gesamtpunktzahl oder Block I und Block II eingeben, nicht beides."
	case !v.hasTotal && !v.has1 && !v.has2:
		fields["gesamt"] = "Gesamtpunktzahl oder Block I und Block II eingeben."
	case !v.hasTotal && !v.has1:
		if _, ok := fields["block1"]; !ok {
			fields["block1"] = "Block I fehlt."
		}
	case !v.hasTotal && !v.has2:
		if _, ok := fields["block2"]; !ok {
			fields["block2"] = "Block II fehlt."
		}
	}
	if len(fields) > 0 {
		return v, &ValidationError{Fields: fields}
	}
	return v, nil
}

// Abitur answers for one pupil, or refuses the input with a *ValidationError naming each field.
func Abitur(in AbiturInput) (AbiturResult, error) {
	v, err := in.read()
	if err != nil {
		return AbiturResult{}, err
	}
	r := v.check()
	step := func(format string, a ...any) { r.Steps = append(r.Steps, fmt.Sprintf(format, a...)) }
	r.Passed = len(r.Failures) == 0
	if !r.Passed {
		step("Nicht bestanden: Eine Durchschnittsnote gibt es erst, wenn jede Mindestbedingung erfüllt ist.")
		return r, nil
	}
	tenths := AbiturTenths(r.Total)
	r.Note = abiturNote(tenths)
	if r.Total >= 823 {
		step("E = %d liegt zwischen 823 und 900 Punkten: Die Durchschnittsnote ist 1,0.", r.Total)
	} else {
		step("N = 17/3 − E/180 = 17/3 − %d/180 = %s; nach der ersten Nachkommastelle abgeschnitten, nicht gerundet: %s.",
			r.Total, abiturDecimal(1020-r.Total, 180), r.Note)
	}
	if tenths == 10 {
		step("1,0 ist die beste Durchschnittsnote.")
		return r, nil
	}
	// The better note t−1 holds where (1020 − E)/18 < t, so from E = 1021 − 18t on.
	better := 1021 - 18*tenths
	r.Next = &AbiturNext{Note: abiturNote(tenths - 1), Total: better, Missing: better - r.Total}
	verb := "fehlen"
	if r.Next.Missing == 1 {
		verb = "fehlt"
	}
	step("Für %s %s noch %s: ab %d Punkten.", r.Next.Note, verb, abiturPoints(r.Next.Missing), better)
	return r, nil
}

// check finds the total and each minimum that fails, with the working so far.
func (v abiturValues) check() AbiturResult {
	r := AbiturResult{Failures: []AbiturFailure{}, Steps: []string{}}
	step := func(format string, a ...any) { r.Steps = append(r.Steps, fmt.Sprintf(format, a...)) }
	fail := func(rule, format string, a ...any) {
		r.Failures = append(r.Failures, AbiturFailure{rule, fmt.Sprintf(format, a...), abiturSources[rule]})
	}
	if v.hasTotal {
		r.Total = v.total
		step("Gesamtpunktzahl E = %s (mindestens 300, höchstens 900) – %s", abiturPoints(v.total), abiturMet(v.total >= 300))
		step("Ob Block I mindestens 200 und Block II mindestens 100 Punkte hat, zeigt erst die Eingabe beider Blöcke.")
		if v.total < 300 {
			fail("gesamt", "Gesamtpunktzahl %d – mindestens 300 sind nötig (200 in Block I und 100 in Block II).", v.total)
		}
	} else {
		for _, b := range []struct {
			rule, name       string
			points, min, max int
		}{{"block1", "Block I", v.block1, 200, 600}, {"block2", "Block II", v.block2, 100, 300}} {
			step("%s: %s (mindestens %d, höchstens %d) – %s", b.name, abiturPoints(b.points), b.min, b.max, abiturMet(b.points >= b.min))
			if b.points < b.min {
				fail(b.rule, "%s: %s – mindestens %d sind nötig (ein Drittel von %d).", b.name, abiturPoints(b.points), b.min, b.max)
			}
		}
		r.Total = v.block1 + v.block2
		step("Gesamtpunktzahl E = %d + %d = %s.", v.block1, v.block2, abiturPoints(r.Total))
	}
	if v.hasUnder5 {
		allowed := v.courses / 5 // at most 20 % of the courses counted
		step("Kurse unter 5 Punkten: %d von %d, erlaubt sind höchstens %d (20 %%) – %s", v.under5, v.courses, allowed, abiturMet(v.under5 <= allowed))
		if v.under5 > allowed {
			fail("unter5", "%d von %d Kursen unter 5 Punkten – höchstens %d (20 %%) sind erlaubt.", v.under5, v.courses, allowed)
		}
	}
	if v.hasExams5 {
		step("Prüfungskomponenten mit mindestens 5 Punkten: %d von 5, nötig sind 3 – %s", v.exams5, abiturMet(v.exams5 >= 3))
		// The count says nothing of the level, so the working never calls that part of the rule fulfilled.
		step("Dass eine davon ein Fach auf erhöhtem Anforderungsniveau sein muss, prüft dieser Rechner nicht.")
		if v.exams5 < 3 {
			fail("pruefungen", "%d Prüfungskomponenten mit mindestens 5 Punkten – mindestens 3 sind nötig, darunter ein Fach auf erhöhtem Anforderungsniveau.", v.exams5)
		}
	}
	return r
}

// AbiturTenths is the Durchschnittsnote of a total from 300 to 900 in tenths: ⌊(1020 − E)/18⌋, and 10
// (1,0) from 823 points on, where the formula alone would give better notes than 1,0.
func AbiturTenths(total int) int {
	if total >= 823 {
		return 10
	}
	return (1020 - total) / 18
}

func abiturNote(tenths int) string { return fmt.Sprintf("%d,%d", tenths/10, tenths%10) }

func abiturPoints(n int) string {
	if n == 1 {
		return "1 Punkt"
	}
	return fmt.Sprintf("%d Punkte", n)
}

func abiturMet(ok bool) string {
	if ok {
		return "erfüllt."
	}
	return "nicht erfüllt."
}

// abiturDecimal writes the positive fraction n/d in German: exact when it ends within four decimals (at
// least one shown), else the first four and "…".
func abiturDecimal(n, d int) string {
	places, scale := 1, 10
	for n*scale%d != 0 && places < 4 {
		places, scale = places+1, scale*10
	}
	x := n * scale / d
	s := fmt.Sprintf("%d,%0*d", x/scale, places, x%scale)
	if n*scale%d != 0 {
		s += "…"
	}
	return s
}
