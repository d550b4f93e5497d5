package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

const fehlerquotientHelp = `Aufruf: notenrechner fehlerquotient --woerter WÖRTER --fehler FEHLER [--regel ID | --scale SLUG [--db DB]]

Berechnet den Fehlerquotienten einer schriftlichen Arbeit: Fehler × 100 / Wörter
(docs/spec.md §13). Halbe Fehler zählen ½ (10,5 oder 10.5); wie ein wiederholter
Fehler zählt, sagt die Regel der Schule, gezählt wird vor dem Aufruf. Der Quotient
wird nach zwei Nachkommastellen abgeschnitten, nicht gerundet. Mit --regel auch
der Abzug, den die Regel vorsieht:
  hessen-oberstufe   Hessen, gymnasiale Oberstufe (OAVO, Anlage 9): ab 3 ein
                     Notenpunkt, ab 6 zwei, höchstens zwei
Mit --scale die Umrechnung, die der gespeicherte Notenschlüssel nennt (eine dieser
Regeln oder die eigene Regel der Schule, "regel":"schule"); nennt er keine, nur der
Quotient.
Gibt aus:
  {"quotient":"3,00","woerter":350,"fehler":"10,5","rechnung":["…"],"regel":"hessen-oberstufe","abzug":1,"einheit":"Notenpunkte"}
Eine Eingabe, die keine Zahl der Wörter oder Fehler ist, endet mit Status 2 und
einer Meldung.

Optionen:
`

func cmdFehlerquotient(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("fehlerquotient", flag.ContinueOnError)
	woerter := fs.String("woerter", "", "Zahl der Wörter, eine ganze Zahl ab 1")
	fehler := fs.String("fehler", "", "Zahl der Fehler in halben Schritten, z. B. 10,5")
	regel := fs.String("regel", "", "Umrechnung in einen Abzug (hessen-oberstufe); leer: keine")
	scale := fs.String("scale", "", "die Umrechnung dieses gespeicherten Notenschlüssels (SLUG) statt --regel")
	db := dbFlag(fs, getenv)
	if helped, err := parseFlags(fs, args, fehlerquotientHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unerwartete Argumente: %s", errUsage, strings.Join(fs.Args(), " "))
	}
	if *scale != "" {
		if *regel != "" {
			return fmt.Errorf("%w: --regel und --scale zusammen: nur eines angeben", errUsage)
		}
		return fehlerquotientOfScale(ctx, *db, *scale, *woerter, *fehler, stdout, stderr)
	}
	res, err := grading.Fehlerquotient(*woerter, *fehler, *regel)
	return writeFehler(stdout, res, err)
}

// fehlerquotientOfScale computes with the conversion the stored scale names (docs/spec.md §13), or none.
func fehlerquotientOfScale(ctx context.Context, db database, slug, woerter, fehler string, stdout, stderr io.Writer) error {
	if !store.ValidSlug(slug) {
		return fmt.Errorf("%w: --scale: %s", errUsage, store.SlugRule)
	}
	st, err := openStore(ctx, db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	cv, err := latestOf(ctx, st, slug)
	if errors.Is(err, store.ErrScaleNotFound) {
		return fmt.Errorf("den Notenschlüssel %q gibt es nicht (notenrechner scale list zeigt alle)", slug)
	}
	if err != nil {
		return err
	}
	rule, ok := cv.Config.Fehler.Rule()
	if !ok {
		res, err := grading.Fehlerquotient(woerter, fehler, "")
		return writeFehler(stdout, res, err)
	}
	res, err := grading.FehlerquotientOf(woerter, fehler, rule)
	return writeFehler(stdout, res, err)
}

// writeFehler prints a result, or names each refused flag (status 2).
func writeFehler(stdout io.Writer, res grading.FehlerResult, err error) error {
	var refused *grading.ValidationError
	if errors.As(err, &refused) {
		return inputError{strings.Join(refusedFlags(refused.Fields, "woerter", "fehler", "regel"), "\n")}
	}
	if err != nil {
		return err
	}
	return writeJSON(stdout, res)
}
