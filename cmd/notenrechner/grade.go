package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/notenrechner/notenrechner/internal/grading"
)

const gradeHelp = `Aufruf: notenrechner grade (--config DATEI | --preset ID) [--pass P] [--top P] [--step S] GESAMT ERREICHT

Berechnet Prozentzahl und Note wie GET /api/v1/grade und gibt dasselbe JSON aus,
z. B. {"percentage":"76,7%","grade":"2-"}; hat das Notensystem eine zweite
Bezeichnung, steht sie in "alt" ({"percentage":"86,0%","grade":"13","alt":"1-"}).
Leere, nicht lesbare oder Null-Werte ergeben leere Texte. Die Konfigurationsdatei
ist ein Dokument jedes Notensystems (docs/grading-systems.md) und darf die
Alias-Namen enthalten; statt ihrer nennt --preset eine Vorlage (notenrechner preset list).
Negative Werte sind erlaubt: notenrechner grade --config k.json -- -10 5
--pass, --top und --step rechnen mit dem Schlüssel für diese Arbeit (docs/spec.md §10),
wie GET /api/v1/grade?pass=45: notenrechner grade --preset kmk-oberstufe --pass 45 40 30

Optionen:
`

func cmdGrade(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("grade", flag.ContinueOnError)
	configPath := fs.String("config", "", "Konfigurationsdatei (JSON; oder --preset)")
	presetID := fs.String("preset", "", "Vorlage (ID aus notenrechner preset list; oder --config)")
	var a grading.Adjustment
	fs.StringVar(&a.Pass, "pass", "", "Bestehensgrenze in Prozent: wo die schlechteste bestandene Note beginnt")
	fs.StringVar(&a.Top, "top", "", "wo die beste Note beginnt, in Prozent (nicht beim Schweizer Schlüssel)")
	fs.StringVar(&a.Step, "step", "", "Rundung des Schweizer Schlüssels: 0,1, 0,25, 0,5 oder 1")
	if helped, err := parseFlags(fs, positionalsLast(args), gradeHelp, stdout); helped || err != nil {
		return err
	}
	if *configPath == "" && *presetID == "" {
		return fmt.Errorf("%w: --config DATEI oder --preset ID fehlt", errUsage)
	}
	if fs.NArg() != 2 {
		return fmt.Errorf("%w: erwartet GESAMT und ERREICHT, bekam %d Argumente", errUsage, fs.NArg())
	}
	cfg, err := keyOf(*configPath, *presetID, stderr)
	if err != nil {
		return err
	}
	if !a.IsZero() {
		if cfg, err = cfg.Adjust(a); err != nil {
			printConfigError(stderr, "Anpassung", err)
			return fmt.Errorf("%w: so lässt sich der Schlüssel nicht anpassen", errUsage)
		}
	}
	return writeJSON(stdout, cfg.Key().Calculate(fs.Arg(0), fs.Arg(1)))
}

// positionalsLast sorts grade's arguments for the flag package, which would
// read "-10" or "-12abc" as unknown options: everything that is not one of
// grade's own flags is a value (TOTAL, ACHIEVED) and moves behind "--", in
// order, so that the command answers like GET /api/v1/grade does.
func positionalsLast(args []string) []string {
	var flags, values []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch name, _, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "="); {
		case a == "--":
			values = append(values, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && (name == "h" || name == "help"):
			flags = append(flags, a)
		case strings.HasPrefix(a, "-") && (name == "config" || name == "preset" || name == "pass" || name == "top" || name == "step"):
			flags = append(flags, a)
			if !hasValue && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		default:
			values = append(values, a)
		}
	}
	return append(append(flags, "--"), values...)
}

// readConfigFile reads and validates a configuration document from a file
// ("-" is standard input). A rejected document prints every failing field.
func readConfigFile(path string, stdin io.Reader, stderr io.Writer) (grading.Config, error) {
	r := stdin
	if path != "-" || stdin == nil {
		f, err := os.Open(path)
		if err != nil {
			return grading.Config{}, fmt.Errorf("Konfiguration lesen: %s", fileProblem(path, err))
		}
		defer f.Close()
		r = f
	}
	// A document has at most 64 KiB (grading); a little more lets the parser say so, and a device
	// such as /dev/zero or a file of gigabytes is never read to its end.
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return grading.Config{}, fmt.Errorf("Konfiguration lesen: %s", fileProblem(path, err))
	}
	cfg, err := grading.ParseDocument(data)
	if err != nil {
		printConfigError(stderr, path, err)
		return grading.Config{}, fmt.Errorf("%s ist keine gültige Konfiguration", path)
	}
	return cfg, nil
}
