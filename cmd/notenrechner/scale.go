package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"
)

const scaleHelp = `Aufruf:
  notenrechner scale list [--db …]              Notenschlüssel zeigen: Kurzname, Name, Version,
                                                voreingestellt, aktiv oder archiviert, letzte Änderung

Anlegen und ändern: notenrechner config import --scale SLUG DATEI, oder die
Verwaltung im Browser (Admin).

Optionen:
`

// cmdScale is `notenrechner scale`: the grading scales (docs/spec.md §8).
func cmdScale(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, scaleHelp)
		return fmt.Errorf("%w: scale braucht list", errUsage)
	}
	sub, rest := args[0], args[1:]
	if sub == "-h" || sub == "-help" || sub == "--help" || sub == "help" {
		fmt.Fprint(stdout, scaleHelp)
		return nil
	}
	if sub != "list" {
		return fmt.Errorf("%w: unbekannter Befehl scale %q", errUsage, sub)
	}
	fs := flag.NewFlagSet("scale list", flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	schoolFlag(fs, db)
	if helped, err := parseFlags(fs, rest, scaleHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: scale list nimmt keine Argumente", errUsage)
	}
	st, err := openStore(ctx, *db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	scales, err := st.Scales(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "KURZNAME\tNAME\tVERSION\tSTAND\tGEÄNDERT (UTC)")
	for _, sc := range scales {
		state := "aktiv"
		switch {
		case sc.Default:
			state = "voreingestellt"
		case sc.Archived:
			state = "archiviert"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\n", shown(sc.Slug), shown(sc.Latest.Config.Name), sc.Latest.Version, state,
			sc.Latest.SavedAt.UTC().Format(time.DateTime))
	}
	return tw.Flush()
}
