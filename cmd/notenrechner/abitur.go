package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
)

const abiturHelp = `Aufruf: notenrechner abitur (--gesamt E | --block1 N --block2 M) [--kurse S --unter5 K] [--pruefungen P]

Berechnet die Durchschnittsnote des Abiturs nach der KMK-Vereinbarung zur
gymnasialen Oberstufe (Anlage: N = 17/3 − E/180, nach der ersten Nachkommastelle
abgeschnitten; 823 bis 900 Punkte ergeben 1,0) und prüft die Mindestbedingungen
(docs/spec.md §12), z. B. notenrechner abitur --gesamt 765:
  {"note":"1,4","passed":true,"total":765,"failures":[],
   "next":{"note":"1,3","total":769,"missing":4},"steps":["…"]}
note ist leer, wenn eine Mindestbedingung verfehlt ist; failures nennt dann jede
mit Meldung und Quelle. next: die nächstbessere Note, ab welcher Gesamtpunktzahl
und wie viele Punkte fehlen (null bei 1,0). Alle Werte sind ganze Punktzahlen;
Block I ist die Zahl auf der Bescheinigung (in den meisten Ländern schon auf 40
Kurse umgerechnet). Eine falsche Eingabe endet mit Status 2 und einer Meldung.

Optionen:
`

func cmdAbitur(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("abitur", flag.ContinueOnError)
	var in grading.AbiturInput
	fs.StringVar(&in.Total, "gesamt", "", "Gesamtpunktzahl E (300 bis 900; oder --block1 und --block2)")
	fs.StringVar(&in.Block1, "block1", "", "Punkte in Block I, der Qualifikationsphase (200 bis 600)")
	fs.StringVar(&in.Block2, "block2", "", "Punkte in Block II, der Abiturprüfung (100 bis 300)")
	fs.StringVar(&in.Courses, "kurse", "", "Zahl der in Block I eingebrachten Kurse (Standard 40)")
	fs.StringVar(&in.Under5, "unter5", "", "davon Kurse unter 5 Punkten (höchstens 20 % sind erlaubt)")
	fs.StringVar(&in.Exams5, "pruefungen", "", "Prüfungskomponenten mit mindestens 5 Punkten (von 5; nötig sind 3)")
	if helped, err := parseFlags(fs, args, abiturHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unerwartete Argumente: %s", errUsage, strings.Join(fs.Args(), " "))
	}
	res, err := grading.Abitur(in)
	var refused *grading.ValidationError
	if errors.As(err, &refused) {
		return inputError{abiturRefusal(refused.Fields)}
	}
	if err != nil {
		return err
	}
	return writeJSON(stdout, res)
}

// abiturRefusal names each refused field by its flag, in the order of the help.
func abiturRefusal(fields map[string]string) string {
	return strings.Join(refusedFlags(fields, "gesamt", "block1", "block2", "kurse", "unter5", "pruefungen"), " ")
}
