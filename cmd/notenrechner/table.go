package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strings"
	"text/tabwriter"

	"github.com/notenrechner/notenrechner/internal/grading"
)

const tableHelp = `Aufruf: notenrechner table (--config DATEI | --preset ID) --total GESAMT [--step SCHRITT] [--json]

Gibt den Punkteschlüssel aus: für die Gesamtpunktzahl den Punktebereich jeder Note
des Notenschlüssels (16 beim ursprünglichen, 51 bei den IHK-Dezimalnoten …), in
Schritten von ganzen, halben oder viertel Punkten (1, 0,5 oder 0,25; Standard 0,5).
Jeder Wert im Bereich einer Note ergibt im Rechner genau diese Note. Eine Note, die
kein Vielfaches des Schritts erreicht, hat keinen Bereich ("–", im JSON null).
Mit --json: [{"grade":"2+","min":33.5,"max":36}, …] in Punkten; hat das Notensystem
eine zweite Bezeichnung, steht sie in "alt" ({"grade":"13","alt":"1-",…}).
Statt --config nennt --preset eine Vorlage (notenrechner preset list).

Optionen:
`

// pointsBand is one element of table --json: bounds in points, null when the band is empty.
type pointsBand struct {
	Grade string       `json:"grade"`
	Alt   string       `json:"alt,omitempty"`
	Min   *json.Number `json:"min"`
	Max   *json.Number `json:"max"`
}

func cmdTable(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("table", flag.ContinueOnError)
	configPath := fs.String("config", "", "Konfigurationsdatei (JSON; oder --preset)")
	presetID := fs.String("preset", "", "Vorlage (ID aus notenrechner preset list; oder --config)")
	totalText := fs.String("total", "", "Gesamtpunktzahl, größer als 0 (Pflicht), z. B. 40 oder 37,5")
	stepText := fs.String("step", "0,5", "Punkteschritt: 1, 0,5 oder 0,25")
	asJSON := fs.Bool("json", false, "als JSON ausgeben")
	if helped, err := parseFlags(fs, args, tableHelp, stdout); helped || err != nil {
		return err
	}
	switch {
	case *configPath == "" && *presetID == "":
		return fmt.Errorf("%w: --config DATEI oder --preset ID fehlt", errUsage)
	case *totalText == "":
		return fmt.Errorf("%w: --total GESAMT fehlt", errUsage)
	case fs.NArg() > 0:
		return fmt.Errorf("%w: unerwartete Argumente: %s", errUsage, strings.Join(fs.Args(), " "))
	}
	total, ok := grading.ParseNumber(*totalText)
	if !ok || total.Sign() <= 0 {
		return fmt.Errorf("%w: --total %q ist keine Zahl größer als 0", errUsage, *totalText)
	}
	step, ok := grading.ParseNumber(*stepText)
	if !ok || !allowedStep(step) {
		return fmt.Errorf("%w: --step %q ist nicht 1, 0,5 oder 0,25", errUsage, *stepText)
	}
	cfg, err := keyOf(*configPath, *presetID, stderr)
	if err != nil {
		return err
	}
	bands, err := grading.PointsTable(cfg.Key(), total, step)
	if err != nil {
		return fmt.Errorf("Punkteschlüssel berechnen: %w", err)
	}
	if *asJSON {
		return writeBandsJSON(stdout, bands)
	}
	return writeBandsText(stdout, cfg.Name, total, step, bands)
}

func allowedStep(s *big.Rat) bool {
	for _, ok := range []*big.Rat{big.NewRat(1, 1), big.NewRat(1, 2), big.NewRat(1, 4)} {
		if s.Cmp(ok) == 0 {
			return true
		}
	}
	return false
}

func writeBandsJSON(w io.Writer, bands []grading.PointsBand) error {
	out := make([]pointsBand, len(bands))
	for i, b := range bands {
		out[i] = pointsBand{Grade: b.Grade, Alt: b.Alt, Min: jsonPoints(b.Min), Max: jsonPoints(b.Max)}
	}
	return writeJSON(w, out)
}

// jsonPoints writes a multiple of a quarter point exactly ("33.5", "36"), never through a float.
func jsonPoints(x *big.Rat) *json.Number {
	if x == nil {
		return nil
	}
	n := json.Number(trimDecimal(x.FloatString(2), "."))
	return &n
}

// germanPoints is the same number as people read it: "33,5".
func germanPoints(x *big.Rat) string {
	return trimDecimal(strings.Replace(x.FloatString(2), ".", ",", 1), ",")
}

// pointsText is "1 Punkt", "0,5 Punkte", "40 Punkte": German singular only for exactly one.
func pointsText(x *big.Rat) string {
	if text := germanPoints(x); text != "1" {
		return text + " Punkte"
	}
	return "1 Punkt"
}

func trimDecimal(s, sep string) string {
	if strings.Contains(s, sep) {
		s = strings.TrimSuffix(strings.TrimRight(s, "0"), sep)
	}
	return s
}

func writeBandsText(w io.Writer, name string, total, step *big.Rat, bands []grading.PointsBand) error {
	fmt.Fprintf(w, "Punkteschlüssel „%s“ für %s (Schritt %s)\n\n", shown(name), pointsText(total), germanPoints(step))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Note\tPunkte")
	for _, b := range bands {
		grade := b.Grade
		if b.Alt != "" {
			grade += " (" + b.Alt + ")"
		}
		switch {
		case b.Min == nil:
			fmt.Fprintf(tw, "%s\t–\n", grade)
		case b.Min.Cmp(b.Max) == 0:
			fmt.Fprintf(tw, "%s\t%s\n", grade, germanPoints(b.Min))
		default:
			fmt.Fprintf(tw, "%s\t%s – %s\n", grade, germanPoints(b.Min), germanPoints(b.Max))
		}
	}
	return tw.Flush()
}
