package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// The school's Land on the command line (docs/spec.md §11): set, shown as JSON, cleared; a
// wrong code is a usage error naming what is accepted, and the database keeps what it had.
func TestSchoolCommands(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	for _, c := range []struct {
		name string
		args []string
		want []string
	}{
		{"none at first", []string{"school", "show", "--db", db}, []string{`"land": null`}},
		{"set Hessen", []string{"school", "set", "--db", db, "--land", "HE"}, []string{"Land der Schule: Hessen (HE)."}},
		{"shown with its rule", []string{"school", "show", "--db", db},
			[]string{`"land": "HE"`, `"name": "Hessen"`, `"source": "VOGSV § 34"`, `"over": [`, `"consequence": "Die Arbeit wird wiederholt."`}},
		{"a canton", []string{"school", "set", "--db", db, "--land", "ch-zh"}, []string{"Land der Schule: Zürich (CH-ZH)."}},
		{"shown with its note", []string{"school", "show", "--db", db}, []string{`"land": "CH-ZH"`, `"note": "Keine kantonale Regel gefunden`}},
		{"none", []string{"school", "set", "--db", db, "--land", "none"}, []string{"Kein Land der Schule eingestellt."}},
		{"cleared", []string{"school", "show", "--db", db}, []string{`"land": null`}},
		{"Austria", []string{"school", "set", "--db", db, "--land", "AT-9"}, []string{"Land der Schule: Wien (AT-9)."}},
		{"empty", []string{"school", "set", "--db", db, "--land", ""}, []string{"Kein Land der Schule eingestellt."}},
		{"help", []string{"school", "--help"}, []string{"notenrechner school set --land CODE"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, c.args...)
			for _, w := range c.want {
				if err != nil || !strings.Contains(out, w) {
					t.Errorf("%v = %q, %v (%s); want %q in it", c.args, out, err, errOut, w)
				}
			}
		})
	}
	if _, _, err := runCmd(t, "school", "set", "--db", db, "--land", "HE"); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"school"},
		{"school", "add"},
		{"school", "set", "--db", db},
		{"school", "set", "--db", db, "--land", "XY"},
		{"school", "set", "--db", db, "--land", "ZH"},
		{"school", "set", "--db", db, "--land", "HE", "extra"},
		{"school", "show", "--db", db, "--land", "HE"},
	} {
		_, _, err := runCmd(t, args...)
		if !errors.Is(err, errUsage) {
			t.Errorf("%v: %v, want a usage error", args, err)
		}
	}
	_, _, err := runCmd(t, "school", "set", "--db", db, "--land", "XY")
	if err == nil || !strings.Contains(err.Error(), `--land XY: unbekanntes Land; erlaubt sind BW, BY,`) || !strings.Contains(err.Error(), "CH-ZH, AT-1") {
		t.Errorf("the refusal names what is accepted: %v", err)
	}
	if out, _, err := runCmd(t, "school", "show", "--db", db); err != nil || !strings.Contains(out, `"land": "HE"`) {
		t.Errorf("after refused changes: %q, %v; want HE kept", out, err)
	}
}
