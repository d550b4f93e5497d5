package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/tenancy"
)

// cmdSchoolRegistry is `school add`, `school list` and `school remove`: the schools of a deployment
// that serves several (docs/architecture.md, „Mehrere Schulen“), kept in the database --db names.
func cmdSchoolRegistry(ctx context.Context, sub string, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("school "+sub, flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	var url, name *string
	var yes, ifMissing *bool
	if sub != "list" {
		url = fs.String("url", "", "öffentliche Adresse der Schule, z. B. https://gs-nord.schultraeger.de")
	}
	if sub == "add" {
		name = fs.String("name", "", "Name der Schule, z. B. \"Grundschule Nord\"")
		ifMissing = fs.Bool("if-missing", false, "nur einrichten, wenn die Adresse noch keine Schule hat; sonst nichts ändern und ohne Fehler enden")
	}
	if sub == "remove" {
		yes = fs.Bool("yes", false, "wirklich entfernen: alle Daten der Schule werden gelöscht")
	}
	if helped, err := parseFlags(fs, args, schoolHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: school %s nimmt keine Argumente", errUsage, sub)
	}
	canonical := ""
	if url != nil {
		var err error
		if canonical, err = tenancy.CanonicalURL(*url); err != nil {
			return fmt.Errorf("%w: --url: %v", errUsage, err)
		}
	}
	if name != nil {
		if err := checkSchoolName(*name); err != nil {
			return err
		}
	}
	if yes != nil && !*yes {
		return fmt.Errorf("%w: school remove löscht alle Daten der Schule (Notenschlüssel, Versionen, Konten, Einstellungen) "+
			"und ist nicht rückgängig zu machen; vorher sichern, dann mit --yes bestätigen", errUsage)
	}
	main, err := openDatabase(ctx, *db, quietLogger(stderr), 0, "", nil)
	if err != nil {
		return err
	}
	defer main.Close()
	switch sub {
	case "add":
		return addSchool(ctx, *db, main, canonical, strings.TrimSpace(*name), *ifMissing, stdout, stderr)
	case "remove":
		return removeSchool(ctx, *db, main, canonical, stdout)
	default:
		schools, err := registryOf(main).Schools(ctx)
		if err != nil {
			return err
		}
		return writeSchools(stdout, schools)
	}
}

func checkSchoolName(name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return fmt.Errorf("%w: --name fehlt: der Name der Schule, z. B. \"Grundschule Nord\"", errUsage)
	case utf8.RuneCountInString(name) > 200:
		return fmt.Errorf("%w: --name: höchstens 200 Zeichen", errUsage)
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return fmt.Errorf("%w: --name: ohne Steuerzeichen (Zeilenumbrüche, Tabulatoren)", errUsage)
	}
	return nil
}

// addSchool registers a school. With ifMissing a taken address is no error: the school there stays
// as it is (name and data), so that a deployment's start can run the same command every time.
func addSchool(ctx context.Context, d database, main store.Store, url, name string, ifMissing bool, stdout, stderr io.Writer) error {
	sch, err := registryOf(main).AddSchool(ctx, url, name, schoolHome(d))
	if errors.Is(err, store.ErrSchoolTaken) && ifMissing {
		fmt.Fprintf(stdout, "%s hat schon eine Schule; nichts geändert.\n", url)
		return nil
	}
	if errors.Is(err, store.ErrSchoolTaken) {
		return fmt.Errorf("%w: --url %s: diese Adresse hat schon eine Schule (notenrechner school list)", errUsage, url)
	}
	if err != nil {
		return err
	}
	if sch.Home != "" { // made now, so that the server finds it ready and a broken home shows here
		own, err := openDatabase(ctx, d, quietLogger(stderr), 0, sch.Home, nil)
		if err != nil {
			return fmt.Errorf("Schule eingetragen, ihre Datenbank aber nicht angelegt (der Server legt sie beim Start an): %w", err)
		}
		own.Close()
	}
	fmt.Fprintf(stdout, "Schule „%s“ unter %s eingerichtet.\n", sch.Name, sch.URL)
	if sch.Home == "" {
		fmt.Fprintln(stdout, "Sie übernimmt die Daten, die diese Datenbank schon hat (Notenschlüssel, Konten, Einstellungen); "+
			"der Server antwortet ab jetzt nur noch unter den Adressen seiner Schulen.")
	}
	fmt.Fprintf(stdout, "Ein Admin-Konto: notenrechner admin create --school %s --email E\n", sch.URL)
	return nil
}

func removeSchool(ctx context.Context, d database, main store.Store, url string, stdout io.Writer) error {
	sch, err := registryOf(main).RemoveSchool(ctx, url)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: --url %s: keine Schule dieser Datenbank (notenrechner school list)", errUsage, url)
	}
	if err != nil {
		return err
	}
	if err := removeHome(ctx, d, sch.Home); err != nil {
		return fmt.Errorf("Schule ausgetragen, ihre Datenbank aber nicht ganz gelöscht (%s): %w", sch.Home, err)
	}
	fmt.Fprintf(stdout, "Schule „%s“ (%s) entfernt; ihre Daten sind gelöscht.\n", sch.Name, sch.URL)
	return nil
}

// writeSchools prints the registry as JSON: an array, empty for a database that is one school.
func writeSchools(w io.Writer, schools []store.School) error {
	type shown struct {
		URL  string `json:"url"`
		Name string `json:"name"`
		Home string `json:"home"` // "" : this database's own tables
	}
	out := make([]shown, 0, len(schools))
	for _, s := range schools {
		out = append(out, shown{URL: s.URL, Name: s.Name, Home: s.Home})
	}
	return writeJSON(w, out)
}
