package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
)

// errUsage marks a wrong command line; main exits with status 2 for it.
var errUsage = errors.New("falscher Aufruf")

const usage = `notenrechner – Notenrechner für Schulen

Aufruf:
  notenrechner serve [Optionen]                 Server starten (Rechner, API, Live-Konfiguration)
  notenrechner grade (--config DATEI | --preset ID) GESAMT ERREICHT
                                                Prozent und Note berechnen (JSON wie GET /api/v1/grade)
  notenrechner table (--config DATEI | --preset ID) --total GESAMT [--step 0,5] [--json]
                                                Punkteschlüssel: Punktebereich jeder Note
  notenrechner preset list [--json]             Vorlagen zeigen (IHK, KMK-Notenpunkte, Schweiz …)
  notenrechner zeugnisnote < NOTEN.json         Zeugnisnote: Durchschnitt und Vorschlag aus den Noten (JSON)
  notenrechner abitur (--gesamt E | --block1 N --block2 M)
                                                Abitur: Durchschnittsnote und Mindestbedingungen (JSON)
  notenrechner fehlerquotient --woerter N --fehler F [--regel ID | --scale SLUG]
                                                Fehlerquotient und Abzug für die Sprachrichtigkeit (JSON)
  notenrechner config export [--scale SLUG] [DATEI]
                                                gespeicherte Konfiguration ausgeben
  notenrechner config import [--scale SLUG] DATEI
                                                Konfiguration prüfen und als neue Version speichern
  notenrechner scale list                       Notenschlüssel zeigen
  notenrechner school set --land HE             Land der Schule einstellen (Regel für Arbeiten, die viele
                                                nicht bestehen); school show zeigt die Einstellungen
  notenrechner admin create --email E           Admin-Konto anlegen (Passwort von der Eingabe)
  notenrechner admin set-password --email E     Passwort eines Kontos neu setzen
  notenrechner admin unlock --email E           Anmeldesperren eines Kontos aufheben
  notenrechner admin list                       Konten zeigen
  notenrechner backup --to DATEI                SQLite-Datenbank im laufenden Betrieb sichern
  notenrechner restore --from DATEI             Sicherung einspielen (Server vorher beenden)
  notenrechner version [--json]                 Version, Commit, Build-Datum und Go-Version zeigen
  notenrechner healthcheck [--addr :8080]       /healthz des laufenden Servers prüfen (Exit 0 oder 1)

Jeder Befehl kennt --help.
`

// run is the program without its process: arguments, environment and
// streams come in, so that tests can call it like the shell does.
func run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: kein Befehl angegeben", errUsage)
	}
	switch args[0] {
	case "serve":
		return cmdServe(ctx, args[1:], getenv, stdout, stderr)
	case "grade":
		return cmdGrade(args[1:], stdout, stderr)
	case "table":
		return cmdTable(args[1:], stdout, stderr)
	case "preset":
		return cmdPreset(args[1:], stdout, stderr)
	case "zeugnisnote":
		return cmdZeugnis(args[1:], stdin, stdout)
	case "abitur":
		return cmdAbitur(args[1:], stdout)
	case "fehlerquotient":
		return cmdFehlerquotient(ctx, args[1:], getenv, stdout, stderr)
	case "config":
		return cmdConfig(ctx, args[1:], getenv, stdin, stdout, stderr)
	case "scale":
		return cmdScale(ctx, args[1:], getenv, stdout, stderr)
	case "school":
		return cmdSchool(ctx, args[1:], getenv, stdin, stdout, stderr)
	case "admin":
		return cmdAdmin(ctx, args[1:], getenv, stdin, stdout, stderr)
	case "backup":
		return cmdBackup(ctx, args[1:], getenv, stdout)
	case "restore":
		return cmdRestore(ctx, args[1:], getenv, stdout)
	case "version":
		return cmdVersion(args[1:], stdout)
	case "healthcheck":
		return cmdHealthcheck(ctx, args[1:], getenv, stdout)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("%w: unbekannter Befehl %q", errUsage, args[0])
	}
}

// parseFlags parses a command's flags. --help prints the command's help to
// stdout and ends the command successfully; a wrong flag becomes one usage
// error in German, which main prints once.
func parseFlags(fs *flag.FlagSet, args []string, help string, stdout io.Writer) (helped bool, err error) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	rest, err := setFlags(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(stdout, help)
		fs.SetOutput(stdout)
		fs.PrintDefaults()
		return true, nil
	}
	if err == nil {
		// The flags are set; Parse only records the arguments after them.
		err = fs.Parse(append([]string{"--"}, rest...))
	}
	if err != nil {
		return false, fmt.Errorf("%w: %v (Hilfe: notenrechner %s --help)", errUsage, err, fs.Name())
	}
	return false, nil
}

// setFlags reads the options at the start of args as the flag package does
// (-name, --name, -name=value, "--" ends them, the first argument that is
// none ends them too) and sets them, and returns the arguments after them.
// It answers in German where the flag package answers in English, and
// refuses an option given twice, which the flag package would quietly take
// the last of (--db twice is a mistake, never a wish).
func setFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	seen := map[string]bool{}
	for len(args) > 0 {
		arg := args[0]
		if len(arg) < 2 || arg[0] != '-' {
			return args, nil
		}
		args = args[1:]
		if arg == "--" {
			return args, nil
		}
		name := strings.TrimPrefix(arg[1:], "-")
		if name == "" || name[0] == '-' || name[0] == '=' {
			return nil, fmt.Errorf("%q ist keine Option", arg)
		}
		name, value, hasValue := strings.Cut(name, "=")
		f := fs.Lookup(name)
		switch {
		case f == nil && (name == "help" || name == "h"):
			return nil, flag.ErrHelp
		case f == nil:
			return nil, fmt.Errorf("unbekannte Option --%s", shown(name))
		case seen[name]:
			return nil, fmt.Errorf("--%s doppelt angegeben", name)
		}
		seen[name] = true
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() && !hasValue {
			value = "true"
		} else if !hasValue {
			if len(args) == 0 {
				return nil, fmt.Errorf("--%s braucht einen Wert", name)
			}
			value, args = args[0], args[1:]
		}
		if err := fs.Set(name, value); err != nil {
			return nil, fmt.Errorf("--%s: %q ist kein Wert dafür (%s)", name, value, flagKind(f))
		}
	}
	return nil, nil
}

// flagKind says in German what an option of a non-text type takes; a text
// option takes any value.
func flagKind(f *flag.Flag) string {
	getter, _ := f.Value.(flag.Getter)
	if getter == nil {
		return "siehe --help"
	}
	switch getter.Get().(type) {
	case bool:
		return "true oder false"
	case time.Duration:
		return "eine Dauer wie 3s oder 1m"
	case int, int64, uint, uint64:
		return "eine ganze Zahl"
	case float64:
		return "eine Zahl"
	default:
		return "siehe --help"
	}
}

// envOr reads a NOTENRECHNER_* variable, or gives the fallback.
func envOr(getenv func(string) string, name, fallback string) string {
	if v := strings.TrimSpace(getenv(name)); v != "" {
		return v
	}
	return fallback
}
