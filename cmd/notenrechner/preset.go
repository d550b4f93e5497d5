package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/notenrechner/notenrechner/internal/grading"
)

const presetHelp = `Aufruf:
  notenrechner preset list [--json]             Vorlagen zeigen: ID, Name, Notensystem, Quelle

Eine Vorlage ist ein veröffentlichter Notenschlüssel (IHK, KMK-Notenpunkte, Schweiz,
Österreich …). Ihre ID nehmen grade --preset und table --preset, und ein Admin legt
mit POST /api/v1/scales {"slug": …, "preset": ID} einen Notenschlüssel aus ihr an.
Mit --json wie GET /api/v1/presets: jede Vorlage mit Region, Schulart und Dokument.

Optionen:
`

// presetJSON is one preset of preset list --json, the same members as GET /api/v1/presets.
type presetJSON struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	System     string         `json:"system"`
	Source     string         `json:"source"`
	Region     string         `json:"region"`
	SchoolType string         `json:"schoolType"`
	Config     grading.Config `json:"config"`
}

// cmdPreset is `notenrechner preset`: the published keys a scale can start from.
func cmdPreset(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, presetHelp)
		return fmt.Errorf("%w: preset braucht list", errUsage)
	}
	sub, rest := args[0], args[1:]
	if sub == "-h" || sub == "-help" || sub == "--help" || sub == "help" {
		fmt.Fprint(stdout, presetHelp)
		return nil
	}
	if sub != "list" {
		return fmt.Errorf("%w: unbekannter Befehl preset %q", errUsage, sub)
	}
	fs := flag.NewFlagSet("preset list", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "als JSON ausgeben (wie GET /api/v1/presets)")
	if helped, err := parseFlags(fs, rest, presetHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unerwartete Argumente: %v", errUsage, fs.Args())
	}
	presets := grading.Presets()
	if *asJSON {
		list := make([]presetJSON, len(presets))
		for i, p := range presets {
			list[i] = presetJSON{p.ID, p.Name, p.Config.Rule.System, p.Source, p.Region, p.SchoolType, p.Config}
		}
		out, err := json.Marshal(list)
		if err != nil {
			return fmt.Errorf("Vorlagen kodieren: %w", err)
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tNAME\tSYSTEM\tQUELLE")
	for _, p := range presets {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", p.ID, p.Name, p.Config.Rule.System, p.Source)
	}
	return tw.Flush()
}

// keyOf is the configuration of grade and table: a document file (--config) or a preset
// (--preset), exactly one of the two.
func keyOf(configPath, presetID string, stderr io.Writer) (grading.Config, error) {
	switch {
	case configPath == "" && presetID == "":
		return grading.Config{}, fmt.Errorf("%w: --config DATEI oder --preset ID fehlt", errUsage)
	case configPath != "" && presetID != "":
		return grading.Config{}, fmt.Errorf("%w: nur eines von --config und --preset angeben", errUsage)
	case presetID != "":
		p, ok := grading.PresetByID(presetID)
		if !ok {
			return grading.Config{}, fmt.Errorf("%w: unbekannte Vorlage %q (notenrechner preset list nennt alle)", errUsage, presetID)
		}
		return p.Config, nil
	}
	return readConfigFile(configPath, nil, stderr)
}
