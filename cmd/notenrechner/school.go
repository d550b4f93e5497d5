package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/notenrechner/notenrechner/internal/school"
)

const schoolHelp = `Aufruf:
  notenrechner school set --land CODE [--db …]   Land der Schule einstellen: HE, NW, BY … (ISO 3166-2
                                                 ohne "DE-"), Kantone CH-ZH, CH-BE …, Österreich AT-1
                                                 bis AT-9; --land "" oder --land none: keins
  notenrechner school show [--db …]              Einstellungen der Schule als JSON zeigen, mit der
                                                 Regel des Landes für Arbeiten, die viele nicht bestehen,
                                                 und ihrer Anmeldung beim Anbieter (ohne Geheimnis)
  notenrechner school oidc --issuer URL --client-id ID [--name IServ] … < geheimnis.txt
                                                 eigene Anmeldung der Schule beim Identitätsanbieter;
                                                 das Client-Geheimnis ist die erste Zeile der
                                                 Standardeingabe; gilt vor serve --oidc-*
  notenrechner school oidc --off                 sie entfernen

Mehrere Schulen in einer Installation (jede unter ihrer eigenen Adresse):
  notenrechner school add --url URL --name NAME  Schule einrichten; die erste übernimmt die Daten der
                                                 Datenbank, jede weitere bekommt eine eigene;
                                                 --if-missing: eine vergebene Adresse ist kein Fehler
  notenrechner school list                       Schulen als JSON zeigen ([]: die Datenbank ist eine Schule)
  notenrechner school remove --url URL --yes     Schule entfernen und alle ihre Daten löschen
Hat die Datenbank Schulen, brauchen set, show, oidc und die Befehle admin, config und scale --school URL.

Optionen:
`

// cmdSchool is `notenrechner school`: the school's settings beside its grading scales
// (docs/spec.md §11).
func cmdSchool(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(stdout, schoolHelp)
		if len(args) == 0 {
			return fmt.Errorf("%w: school braucht set, show, oidc, add, list oder remove", errUsage)
		}
		return nil
	}
	sub := args[0]
	if sub == "add" || sub == "list" || sub == "remove" {
		return cmdSchoolRegistry(ctx, sub, args[1:], getenv, stdout, stderr)
	}
	if sub == "oidc" {
		return cmdSchoolOIDC(ctx, args[1:], getenv, stdin, stdout, stderr)
	}
	if sub != "set" && sub != "show" {
		return fmt.Errorf("%w: unbekannter Befehl school %q", errUsage, sub)
	}
	fs := flag.NewFlagSet("school "+sub, flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	schoolFlag(fs, db)
	var land *string
	if sub == "set" {
		land = fs.String("land", "", `Land der Schule (HE, CH-ZH, AT-9 …); "" oder none: keins`)
	}
	if helped, err := parseFlags(fs, args[1:], schoolHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: school %s nimmt keine Argumente", errUsage, sub)
	}
	code := ""
	if sub == "set" {
		if !flagGiven(fs, "land") {
			return fmt.Errorf("%w: --land fehlt (keins: --land none)", errUsage)
		}
		var err error
		if code, err = landOf(*land); err != nil {
			return err
		}
	}
	st, err := openStore(ctx, *db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	if sub == "set" {
		if err := st.SetSchoolLand(ctx, code); err != nil {
			return err
		}
		if code == "" {
			fmt.Fprintln(stdout, "Kein Land der Schule eingestellt.")
			return nil
		}
		l, _ := school.ByCode(code)
		fmt.Fprintf(stdout, "Land der Schule: %s (%s).\n", l.Name, l.Code)
		return nil
	}
	stored, err := st.SchoolLand(ctx)
	if err != nil {
		return err
	}
	oidc, err := schoolOIDCShown(ctx, st)
	if err != nil {
		return err
	}
	return showSchool(stdout, stored, oidc)
}

// landOf checks a typed code: a known one, or none.
func landOf(typed string) (string, error) {
	if school.IsNone(typed) {
		return "", nil
	}
	l, ok := school.ByCode(typed)
	if !ok {
		return "", fmt.Errorf("%w: --land %s: unbekanntes Land; erlaubt sind %s, oder \"\" bzw. none für keins",
			errUsage, shown(typed), strings.Join(school.Codes(), ", "))
	}
	return l.Code, nil
}

// showSchool prints the settings as GET /api/v1/school answers them: {"land": null} or the Land
// with its rule; then, when the school stores one, its sign-in at a provider without the secret.
func showSchool(w io.Writer, code string, oidc *shownOIDC) error {
	var out struct {
		Land     *string        `json:"land"`
		Name     string         `json:"name,omitempty"`
		Country  school.Country `json:"country,omitempty"`
		Approval *school.Rule   `json:"approval,omitempty"`
		Note     string         `json:"note,omitempty"`
		OIDC     *shownOIDC     `json:"oidc,omitempty"`
	}
	out.OIDC = oidc
	if l, ok := school.ByCode(code); ok && code != "" {
		out.Land, out.Name, out.Country, out.Approval, out.Note = &l.Code, l.Name, l.Country, l.Approval, l.Note
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}

// flagGiven reports whether the command line set the flag, also to "".
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}
