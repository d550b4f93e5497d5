package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
)

const fehlerquotientHelp = `Aufruf: notenrechner fehlerquotient --woerter WÖRTER --fehler FEHLER [--regel ID]

Berechnet den Fehlerquotienten einer schriftlichen Arbeit: Fehler × 100 / Wörter
(docs/spec.md §13). Halbe Fehler zählen ½ (10,5 oder 10.5); wie ein wiederholter
Fehler zählt, sagt die Regel der Schule, gezählt wird vor dem Aufruf. Der Quotient
wird nach zwei Nachkommastellen abgeschnitten, nicht gerundet. Mit --regel auch
der Abzug, den die Regel vorsieht:
  hessen-oberstufe   Hessen, gymnasiale Oberstufe (OAVO, Anlage 9): ab 3 ein
                     Notenpunkt, ab 6 zwei, höchstens zwei
Gibt aus:
  {"quotient":"3,00","woerter":350,"fehler":"10,5","rechnung":["…"],"regel":"hessen-oberstufe","abzug":1,"einheit":"Notenpunkte"}
Eine Eingabe, die keine Zahl der Wörter oder Fehler ist, endet mit Status 2 und
einer Meldung.

Optionen:
`

func cmdFehlerquotient(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fehlerquotient", flag.ContinueOnError)
	woerter := fs.String("woerter", "", "Zahl der Wörter, eine ganze Zahl ab 1")
	fehler := fs.String("fehler", "", "Zahl der Fehler in halben Schritten, z. B. 10,5")
	regel := fs.String("regel", "", "Umrechnung in einen Abzug (hessen-oberstufe); leer: keine")
	if helped, err := parseFlags(fs, args, fehlerquotientHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unerwartete Argumente: %s", errUsage, strings.Join(fs.Args(), " "))
	}
	res, err := grading.Fehlerquotient(*woerter, *fehler, *regel)
	var refused *grading.ValidationError
	if errors.As(err, &refused) {
		return inputError{strings.Join(refusedFlags(refused.Fields, "woerter", "fehler", "regel"), "\n")}
	}
	if err != nil {
		return err
	}
	return writeJSON(stdout, res)
}
