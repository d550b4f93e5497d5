package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/zeugnis"
)

const zeugnisHelp = `Aufruf: notenrechner zeugnisnote < NOTEN.json

Berechnet aus den Noten eines Halbjahres den Durchschnitt und einen Vorschlag für
die Zeugnisnote (docs/spec.md §9). Liest JSON von der Standardeingabe, z. B.
  {"system": "noten-plus-minus", "tendency": "0,3", "rounding": "better",
   "categories": [{"name": "schriftlich", "weight": "2", "grades": ["2+", {"grade": "3", "weight": "2"}]},
                  {"name": "mündlich", "weight": 1, "grades": ["2", "1-"]}]}
system: das Notensystem wie in einem Notenschlüssel: noten-plus-minus, noten und
noten-dezimal (1–6 mit + und −, auch 2,3), notenpunkte (0–15), schweiz (1–6),
oesterreich (1–5); de, np, ch und at gehen weiter für noten-plus-minus, notenpunkte,
schweiz und oesterreich. tendency (nur 1–6): 0,3, 0,25 oder 1/3; step (nur schweiz):
0,5, 1 oder 0,1; rounding: better (Standard) oder worse für einen Durchschnitt genau
auf der Mitte. Gibt aus:
  {"average":"2,26","proposal":"2","borderline":false,"steps":["…"]}
Der Durchschnitt wird nach zwei Nachkommastellen abgeschnitten, nicht gerundet.
borderline: true heißt, die Zeugnisnote entscheidet die Lehrkraft. Hat eine
Kategorie keine Noten, nennt "warnings":["…"] sie (das Feld fehlt ohne Warnung).
Welche Note brauche ich noch? Mit
  "target": {"grade": "2", "category": "schriftlich", "weight": "1"}
kommt "needed" dazu: {"answer":"grade","grade":"3-","average":"2,43","proposal":"2",
"steps":["…"]}, die schlechteste Note der nächsten Arbeit in dieser Kategorie, mit
der der Vorschlag 2 oder besser ist; "unreachable", wenn selbst die beste nicht
reicht, "safe", wenn selbst die schlechteste reicht. Eine Eingabe, die keine Note
des Systems ist, endet mit Status 2 und einer Meldung.

Optionen:
`

// inputError is refused input of zeugnisnote: it ends with status 2 like a
// wrong command line, and main prints its German message as it is.
type inputError struct{ message string }

func (e inputError) Error() string        { return e.message }
func (e inputError) Is(target error) bool { return target == errUsage }

// maxZeugnisInput bounds standard input: a term's grades are a few kilobytes.
const maxZeugnisInput = 1 << 20

func cmdZeugnis(args []string, stdin io.Reader, stdout io.Writer) error {
	fs := flag.NewFlagSet("zeugnisnote", flag.ContinueOnError)
	if helped, err := parseFlags(fs, args, zeugnisHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unerwartete Argumente: %s (die Noten kommen von der Standardeingabe)",
			errUsage, strings.Join(fs.Args(), " "))
	}
	if stdin == nil {
		return inputError{"Keine Standardeingabe."}
	}
	data, err := io.ReadAll(io.LimitReader(stdin, maxZeugnisInput+1))
	if err != nil {
		return fmt.Errorf("Standardeingabe lesen: %w", err)
	}
	if len(data) > maxZeugnisInput {
		return inputError{"Die Eingabe ist größer als 1 MiB."}
	}
	res, err := grading.ZeugnisSystems().Run(data)
	var refused *zeugnis.Error
	if errors.As(err, &refused) {
		return inputError{refused.Message}
	}
	if err != nil {
		return err
	}
	return writeJSON(stdout, res)
}
