package main

import (
	"errors"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// englishFlagWords are the flag package's own words: none may reach the user.
var englishFlagWords = regexp.MustCompile(`flag provided|needs an argument|invalid value|invalid boolean|bad flag syntax|parse error|out of range`)

// TestWrongFlagsAreAnsweredInGerman: an unknown, incomplete, repeated or mistyped option ends every
// command with a usage error (exit status 2) in German that names the option and the command's help,
// before the command opens anything.
func TestWrongFlagsAreAnsweredInGerman(t *testing.T) {
	db := "sqlite:" + filepath.Join(t.TempDir(), "n.db")
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"unknown option", []string{"abitur", "--bogus"}, "unbekannte Option --bogus (Hilfe: notenrechner abitur --help)"},
		{"unknown option with one dash", []string{"fehlerquotient", "-x=1"}, "unbekannte Option --x (Hilfe: notenrechner fehlerquotient --help)"},
		{"unknown option of zeugnisnote", []string{"zeugnisnote", "--json"}, "unbekannte Option --json (Hilfe: notenrechner zeugnisnote --help)"},
		{"an unknown option with ESC", []string{"abitur", "--\x1b[2Jx"}, `unbekannte Option --\x1b[2Jx (Hilfe: notenrechner abitur --help)`},
		{"a value missing", []string{"abitur", "--gesamt"}, "--gesamt braucht einen Wert (Hilfe: notenrechner abitur --help)"},
		{"a value missing at the end", []string{"school", "set", "--db", db, "--land"}, "--land braucht einen Wert (Hilfe: notenrechner school set --help)"},
		{"three dashes", []string{"scale", "list", "---db", db}, `"---db" ist keine Option (Hilfe: notenrechner scale list --help)`},
		{"an equals sign alone", []string{"backup", "-=x"}, `"-=x" ist keine Option (Hilfe: notenrechner backup --help)`},
		{"given twice", []string{"abitur", "--gesamt", "400", "--gesamt", "500"}, "--gesamt doppelt angegeben (Hilfe: notenrechner abitur --help)"},
		{"given twice, once with one dash", []string{"fehlerquotient", "--woerter", "100", "-woerter=200", "--fehler", "3"}, "--woerter doppelt angegeben (Hilfe: notenrechner fehlerquotient --help)"},
		{"--db twice", []string{"scale", "list", "--db", db, "--db", db + "x"}, "--db doppelt angegeben (Hilfe: notenrechner scale list --help)"},
		{"a yes/no option with a word", []string{"preset", "list", "--json=vielleicht"}, `--json: "vielleicht" ist kein Wert dafür (true oder false) (Hilfe: notenrechner preset list --help)`},
		{"a duration that is none", []string{"healthcheck", "--timeout", "bald"}, `--timeout: "bald" ist kein Wert dafür (eine Dauer wie 3s oder 1m) (Hilfe: notenrechner healthcheck --help)`},
		{"a number that is none", []string{"serve", "--db", db, "--max-streams", "viele"}, `--max-streams: "viele" ist kein Wert dafür (eine ganze Zahl) (Hilfe: notenrechner serve --help)`},
		{"a number out of range", []string{"serve", "--db", db, "--max-streams", "99999999999999999999"}, `--max-streams: "99999999999999999999" ist kein Wert dafür (eine ganze Zahl) (Hilfe: notenrechner serve --help)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, c.args...)
			if !errors.Is(err, errUsage) {
				t.Fatalf("%v: err = %v, want a usage error", c.args, err)
			}
			if want := "falscher Aufruf: " + c.want; err.Error() != want {
				t.Errorf("%v:\n got %s\nwant %s", c.args, err, want)
			}
			if englishFlagWords.MatchString(err.Error() + errOut) {
				t.Errorf("%v: the flag package's English reaches the user: %s %s", c.args, err, errOut)
			}
			if out != "" {
				t.Errorf("%v wrote %q", c.args, out)
			}
		})
	}
}

// TestFlagsStillParseAsBefore: the forms the flag package accepts keep working, the first
// non-option ends the options, and "--" ends them too.
func TestFlagsStillParseAsBefore(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"two dashes and a space", []string{"abitur", "--gesamt", "500"}, `"note":"2,8"`},
		{"one dash and an equals sign", []string{"abitur", "-gesamt=500"}, `"note":"2,8"`},
		{"an empty value", []string{"abitur", "--gesamt=", "--block1", "400", "--block2", "200"}, `"total":600`},
		{"a value that looks like an option", []string{"fehlerquotient", "--fehler", "3", "--woerter", "100"}, `"quotient":"3,00"`},
		{"a yes/no option alone", []string{"preset", "list", "--json"}, `"id":`},
		{"a yes/no option with a value", []string{"preset", "list", "--json=false"}, "standard"},
		{"help after an option", []string{"abitur", "--gesamt", "500", "--help"}, "Optionen:"},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, err := runCmd(t, c.args...)
			if err != nil || !strings.Contains(out, c.want) {
				t.Errorf("%v = %.200q, %v (%s); want %s", c.args, out, err, errOut, c.want)
			}
		})
	}
	if _, _, err := runCmd(t, "abitur", "--gesamt", "500", "--", "--block1"); err == nil || err.Error() != "falscher Aufruf: unerwartete Argumente: --block1" {
		t.Errorf(`after "--" an option is an argument: %v`, err)
	}
}
