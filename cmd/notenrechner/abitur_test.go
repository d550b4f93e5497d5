package main

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The abitur command against testdata/grading/abitur.json (abitur.py, the KMK Vereinbarung's Anlage): every
// case given as flags prints the oracle's answer as JSON; every refused one ends with status 2 and names
// each refused flag with its message.
func TestAbiturCommandAnswersAsTheVectorsSay(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "grading", "abitur.json"))
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Name   string            `json:"name"`
			Input  map[string]string `json:"input"`
			Result json.RawMessage   `json:"result"`
			Errors map[string]string `json:"errors"`
		}
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	if len(file.Cases) < 700 {
		t.Fatalf("only %d cases", len(file.Cases))
	}
	flags := []string{"gesamt", "block1", "block2", "kurse", "unter5", "pruefungen"}
	for _, tc := range file.Cases {
		args := []string{"abitur"}
		for _, name := range flags {
			if v, ok := tc.Input[name]; ok {
				args = append(args, "--"+name+"="+v)
			}
		}
		out, _, err := runCmd(t, args...)
		if tc.Errors != nil {
			var want []string
			for _, name := range flags {
				if msg, ok := tc.Errors[name]; ok {
					want = append(want, "--"+name+": "+msg)
				}
			}
			if !errors.Is(err, errUsage) || err.Error() != strings.Join(want, " ") || out != "" {
				t.Errorf("%s: err %v, output %q; want status 2 and %q", tc.Name, err, out, strings.Join(want, " "))
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.Name, err)
			continue
		}
		var got, want any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %q is not JSON: %v", tc.Name, out, err)
		}
		_ = json.Unmarshal(tc.Result, &want)
		gotJSON, _ := json.Marshal(got)
		wantJSON, _ := json.Marshal(want)
		if string(gotJSON) != string(wantJSON) {
			t.Errorf("%s: printed\n %s\nwant\n %s", tc.Name, gotJSON, wantJSON)
		}
	}
}

// TestAbiturCommandLine: the documented call prints the note first, stray arguments and unknown flags are
// usage errors, --help explains, and the command list names it.
func TestAbiturCommandLine(t *testing.T) {
	if out, _, err := runCmd(t, "abitur", "--gesamt", "765"); err != nil || !strings.HasPrefix(out, `{"note":"1,4",`) {
		t.Errorf("abitur --gesamt 765: %q, %v", out, err)
	}
	for _, args := range [][]string{{"abitur", "765"}, {"abitur", "--land", "nrw", "--gesamt", "765"}, {"abitur"}} {
		if _, _, err := runCmd(t, args...); !errors.Is(err, errUsage) {
			t.Errorf("%v: err = %v, want a usage error", args, err)
		}
	}
	if out, _, err := runCmd(t, "abitur", "--help"); err != nil || !strings.Contains(out, "Aufruf: notenrechner abitur") {
		t.Errorf("abitur --help: %q, %v", out, err)
	}
	if out, _, _ := runCmd(t, "help"); !strings.Contains(out, "notenrechner abitur") {
		t.Error("the command list does not name abitur")
	}
}
