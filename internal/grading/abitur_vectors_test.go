package grading

import (
	"encoding/json"
	"errors"
	"maps"
	"testing"
)

// The Abitur average against testdata/grading/abitur.json, written by abitur.py from the KMK
// Vereinbarung's Anlage (and its table, row by row), not from this code.

type abiturCase struct {
	Name   string            `json:"name"`
	Input  map[string]string `json:"input"`
	Result json.RawMessage   `json:"result"`
	Errors map[string]string `json:"errors"`
}

// abiturInputOf reads a vector's input, keyed by the command's flag names.
func abiturInputOf(in map[string]string) AbiturInput {
	return AbiturInput{Total: in["gesamt"], Block1: in["block1"], Block2: in["block2"],
		Courses: in["kurse"], Under5: in["unter5"], Exams5: in["pruefungen"]}
}

func TestAbiturAsTheVectorsSay(t *testing.T) {
	var file struct{ Cases []abiturCase }
	readVectors(t, "abitur.json", &file)
	if len(file.Cases) < 700 {
		t.Fatalf("only %d Abitur cases", len(file.Cases))
	}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			got, err := Abitur(abiturInputOf(c.Input))
			if c.Errors != nil {
				var ve *ValidationError
				if !errors.As(err, &ve) || !maps.Equal(ve.Fields, c.Errors) {
					t.Fatalf("Abitur = %v, want field errors %v", err, c.Errors)
				}
				return
			}
			if err != nil {
				t.Fatalf("Abitur: %v", err)
			}
			gotJSON, _ := json.Marshal(got)
			var want AbiturResult
			if err := json.Unmarshal(c.Result, &want); err != nil {
				t.Fatal(err)
			}
			wantJSON, _ := json.Marshal(want)
			if string(gotJSON) != string(wantJSON) {
				t.Fatalf("got\n %s\nwant\n %s", gotJSON, wantJSON)
			}
		})
	}
}

// TestAbiturTenthsIsTheAnlagesFormula: over every total the Anlage covers, the integer form ⌊(1020 − E)/18⌋
// is 17/3 − E/180 cut to tenths, 823 to 900 give 1,0, and the note never gets worse with more points.
func TestAbiturTenthsIsTheAnlagesFormula(t *testing.T) {
	for _, tc := range []struct{ total, tenths int }{{300, 40}, {301, 39}, {765, 14}, {768, 14}, {769, 13}, {822, 11}, {823, 10}, {900, 10}} {
		if got := AbiturTenths(tc.total); got != tc.tenths {
			t.Errorf("AbiturTenths(%d) = %d, want %d", tc.total, got, tc.tenths)
		}
	}
	for e := 301; e <= 900; e++ {
		if AbiturTenths(e) > AbiturTenths(e-1) {
			t.Fatalf("%d points give a worse note than %d", e, e-1)
		}
	}
}
