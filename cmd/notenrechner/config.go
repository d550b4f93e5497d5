package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
)

const configHelp = `Aufruf:
  notenrechner config export [--db …] [--scale SLUG] [DATEI]
                                                Konfiguration als JSON ausgeben (ohne DATEI: Standardausgabe)
  notenrechner config import [--db …] [--scale SLUG] DATEI
                                                Konfiguration prüfen und als neue Version speichern
                                                (DATEI "-" liest die Standardeingabe)

Ohne --scale gilt der voreingestellte Notenschlüssel. Gibt es den Notenschlüssel SLUG
noch nicht, legt der Import ihn an (Version 1).

Der Import nimmt auch die Form des ursprünglichen Dokuments mit den Alias-Namen an
(general.plus, 1.normal, 6.minus). Eine ungültige Datei ändert nichts; alle
fehlerhaften Felder werden genannt. Ein laufender Server zeigt die neue Version
sofort auf allen offenen Seiten dieses Notenschlüssels.

Optionen:
`

func cmdConfig(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, configHelp)
		return fmt.Errorf("%w: config braucht export oder import", errUsage)
	}
	sub, rest := args[0], args[1:]
	if sub == "-h" || sub == "-help" || sub == "--help" || sub == "help" {
		fmt.Fprint(stdout, configHelp)
		return nil
	}
	fs := flag.NewFlagSet("config "+sub, flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	schoolFlag(fs, db)
	scale := fs.String("scale", "", "Notenschlüssel (SLUG); ohne: der voreingestellte")
	if helped, err := parseFlags(fs, rest, configHelp, stdout); helped || err != nil {
		return err
	}
	if *scale != "" && !store.ValidSlug(*scale) {
		return fmt.Errorf("%w: --scale: %s", errUsage, store.SlugRule)
	}
	switch sub {
	case "export":
		if fs.NArg() > 1 {
			return fmt.Errorf("%w: config export nimmt höchstens eine DATEI", errUsage)
		}
		return configExport(ctx, *db, *scale, fs.Arg(0), stdout, stderr)
	case "import":
		if fs.NArg() != 1 {
			return fmt.Errorf("%w: config import braucht genau eine DATEI", errUsage)
		}
		return configImport(ctx, *db, *scale, fs.Arg(0), stdin, stdout, stderr)
	default:
		return fmt.Errorf("%w: unbekannter Befehl config %q", errUsage, sub)
	}
}

func configExport(ctx context.Context, db database, scale, path string, stdout, stderr io.Writer) error {
	st, err := openStore(ctx, db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	cv, err := latestOf(ctx, st, scale)
	if errors.Is(err, store.ErrScaleNotFound) {
		return fmt.Errorf("den Notenschlüssel %q gibt es nicht (notenrechner scale list zeigt alle)", scale)
	}
	if err != nil {
		return err
	}
	doc, err := json.MarshalIndent(cv.Config, "", "  ")
	if err != nil {
		return fmt.Errorf("Konfiguration kodieren: %w", err)
	}
	doc = append(jsonShown(doc), '\n') // the same document, but a stored name's controls stay escaped
	if path == "" || path == "-" {
		_, err = stdout.Write(doc)
		return err
	}
	if err := writeFileAtomic(path, doc); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "Version %d nach %s exportiert.\n", cv.Version, path)
	return nil
}

// latestOf returns the newest version of the scale slug names; "" (no
// --scale) means the default.
func latestOf(ctx context.Context, st store.ScaleStore, slug string) (store.ConfigVersion, error) {
	if slug == "" {
		def, err := st.DefaultScale(ctx)
		return def.Latest, err
	}
	return st.ScaleConfig(slug).LatestConfig(ctx)
}

func configImport(ctx context.Context, db database, scale, path string, stdin io.Reader, stdout, stderr io.Writer) error {
	cfg, err := readConfigFile(path, stdin, stderr)
	if err != nil {
		return fmt.Errorf("nichts importiert: %w", err)
	}
	st, err := openStore(ctx, db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	cv, created, err := importInto(ctx, st, scale, cfg)
	if err != nil {
		return fmt.Errorf("Konfiguration speichern: %w", err)
	}
	if created {
		fmt.Fprintf(stdout, "Notenschlüssel %q angelegt: „%s“ als Version %d gespeichert.\n", scale, shown(cv.Config.Name), cv.Version)
		return nil
	}
	fmt.Fprintf(stdout, "Konfiguration „%s“ als Version %d gespeichert.\n", shown(cv.Config.Name), cv.Version)
	return nil
}

// importInto saves cfg as the scale's next version ("", no --scale: the default's), and
// creates the scale when there is none of that slug yet. A scale created by
// someone else in between is saved into.
func importInto(ctx context.Context, st store.Store, scale string, cfg grading.Config) (store.ConfigVersion, bool, error) {
	if scale == "" {
		def, err := st.DefaultScale(ctx)
		if err != nil {
			return store.ConfigVersion{}, false, err
		}
		cv, err := st.ScaleConfig(def.Slug).SaveConfig(ctx, cfg, store.SavedByCLI, store.Unconditional)
		return cv, false, err
	}
	cv, err := st.ScaleConfig(scale).SaveConfig(ctx, cfg, store.SavedByCLI, store.Unconditional)
	if !errors.Is(err, store.ErrScaleNotFound) {
		return cv, false, err
	}
	cv, err = st.CreateScale(ctx, scale, cfg, store.SavedByCLI)
	if errors.Is(err, store.ErrScaleExists) {
		cv, err = st.ScaleConfig(scale).SaveConfig(ctx, cfg, store.SavedByCLI, store.Unconditional)
		return cv, false, err
	}
	if errors.Is(err, store.ErrTooManyScales) {
		return cv, false, fmt.Errorf("es gibt schon %d Notenschlüssel (archivierte zählen mit)", store.MaxScales)
	}
	return cv, err == nil, err
}

// printConfigError lists every failing field of a rejected document.
func printConfigError(w io.Writer, path string, err error) {
	var ve *grading.ValidationError
	if !errors.As(err, &ve) {
		fmt.Fprintf(w, "%s: kein gültiges JSON-Dokument (%v)\n", path, err)
		return
	}
	fields := make([]string, 0, len(ve.Fields))
	for f := range ve.Fields {
		fields = append(fields, f)
	}
	sort.Strings(fields)
	if len(fields) == 1 {
		fmt.Fprintf(w, "%s: 1 ungültiges Feld:\n", path)
	} else {
		fmt.Fprintf(w, "%s: %d ungültige Felder:\n", path, len(fields))
	}
	for _, f := range fields {
		fmt.Fprintf(w, "  %s: %s\n", shown(f), ve.Fields[f])
	}
}

// writeFileAtomic writes through a temporary file and a rename, so that an
// interrupted export never leaves half a file behind.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".notenrechner-export-*")
	if err != nil {
		return fmt.Errorf("Export anlegen: %s", folderProblem(filepath.Dir(path), err))
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("Export schreiben: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("Export schreiben: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("Export schreiben: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("Export ablegen: %s", fileProblem(path, err))
	}
	return nil
}
