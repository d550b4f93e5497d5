package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/notenrechner/notenrechner/internal/grading"
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
	canonical, canonErr := "", error(nil)
	if url != nil {
		canonical, canonErr = tenancy.CanonicalURL(*url)
		if canonErr != nil && sub != "remove" { // remove also finds an address an older build stored
			return fmt.Errorf("%w: --url: %v", errUsage, canonErr)
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
	main, err := openDatabase(ctx, *db, quietLogger(stderr), 0, at{})
	if err != nil {
		return err
	}
	defer main.Close()
	switch sub {
	case "add":
		return addSchool(ctx, *db, main, canonical, strings.TrimSpace(*name), *ifMissing, stdout, stderr)
	case "remove":
		target, err := schoolToRemove(ctx, main, *url, canonical, canonErr)
		if err != nil {
			return err
		}
		return removeSchool(ctx, *db, main, target, stdout)
	default:
		schools, err := registryOf(main).Schools(ctx)
		if err != nil {
			return err
		}
		return writeSchools(ctx, stdout, *db, main, schools, stderr)
	}
}

func checkSchoolName(name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return fmt.Errorf("%w: --name fehlt: der Name der Schule, z. B. \"Grundschule Nord\"", errUsage)
	case !utf8.ValidString(name):
		// SQLite would keep the bytes and PostgreSQL refuse them; no page can show them.
		return fmt.Errorf("%w: --name: kein gültiger Text (UTF-8)", errUsage)
	case utf8.RuneCountInString(name) > 200:
		return fmt.Errorf("%w: --name: höchstens 200 Zeichen", errUsage)
	case strings.ContainsFunc(name, grading.NameRuneRefused):
		return fmt.Errorf("%w: --name: ohne Steuerzeichen (Zeilenumbrüche, Tabulatoren, unsichtbare Zeichen, Textrichtung)", errUsage)
	}
	return nil
}

// addSchool makes the school's home first and records it after, so that the registry never names a
// home that is not there; the first school takes over the database's own tables instead, and a home
// made for nothing is removed again. With ifMissing a taken address is no error: the school there stays
// as it is (name and data), so that a deployment's start can run the same command every time.
func addSchool(ctx context.Context, d database, main store.Store, url, name string, ifMissing bool, stdout, stderr io.Writer) error {
	reg := registryOf(main)
	schools, err := reg.Schools(ctx)
	if err != nil {
		return err
	}
	taken := func() error {
		fmt.Fprintf(stdout, "%s hat schon eine Schule; nichts geändert.\n", url)
		return nil
	}
	if _, err := findSchool(schools, url); err == nil && ifMissing {
		return taken()
	}
	home := ""
	if len(schools) > 0 {
		if err := refuseSharedHost(schools, url); err != nil {
			return err
		}
		home = newHome(d)
		own, err := openDatabase(ctx, d, quietLogger(stderr), 0, at{home: home, create: true})
		if err != nil {
			return fmt.Errorf("Schule nicht eingerichtet, ihre Datenbank ließ sich nicht anlegen: %w", err)
		}
		own.Close()
	}
	sch, err := reg.AddSchool(ctx, url, name, home)
	if home != "" && (err != nil || sch.Home == "") {
		if rmErr := removeHome(ctx, d, home); rmErr != nil {
			fmt.Fprintf(stderr, "notenrechner: die eben angelegte Datenbank %s bleibt liegen: %v\n", home, rmErr)
		}
	}
	if errors.Is(err, store.ErrSchoolTaken) && ifMissing {
		return taken()
	}
	if errors.Is(err, store.ErrSchoolTaken) {
		return fmt.Errorf("%w: --url %s: diese Adresse hat schon eine Schule (notenrechner school list)", errUsage, url)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Schule „%s“ unter %s eingerichtet.\n", sch.Name, sch.URL)
	if sch.Home == "" {
		fmt.Fprintln(stdout, "Sie übernimmt die Daten, die diese Datenbank schon hat (Notenschlüssel, Konten, Einstellungen); "+
			"der Server antwortet ab jetzt nur noch unter den Adressen seiner Schulen.")
	}
	fmt.Fprintf(stdout, "Ein Admin-Konto: notenrechner admin create --school %s --email E\n", sch.URL)
	return nil
}

// refuseSharedHost refuses an address whose host another school has (with the other scheme, say): the
// server finds a school by its host alone.
func refuseSharedHost(schools []store.School, url string) error {
	host := tenancy.HostOfURL(url)
	for _, s := range schools {
		if tenancy.HostOfURL(s.URL) == host && s.URL != url {
			return fmt.Errorf("%w: --url %s: unter diesem Rechnernamen gibt es schon die Schule %s", errUsage, url, s.URL)
		}
	}
	return nil
}

// schoolToRemove is the stored address --url names: a school's as stored when it is exactly the
// address typed, since an older build kept addresses its rules no longer write (https://a.de:0443,
// which now reads as https://a.de, another school), else the address in its one form.
func schoolToRemove(ctx context.Context, main store.Store, typed, canonical string, canonErr error) (string, error) {
	schools, err := registryOf(main).Schools(ctx)
	if err != nil {
		return "", err
	}
	for _, s := range schools {
		if s.URL == strings.TrimSpace(typed) {
			return s.URL, nil
		}
	}
	if canonErr != nil {
		return "", fmt.Errorf("%w: --url: %v", errUsage, canonErr)
	}
	return canonical, nil
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

// schoolStatus is what `school list` shows of a school beside its address: what the Träger needs to
// see that it is set up and in use, counted in the school's own database. No person is named.
type schoolStatus struct {
	URL      string     `json:"url"`
	Name     string     `json:"name"`
	Home     string     `json:"home"` // "": this database's own tables
	Admins   int        `json:"admins"`
	Accounts int        `json:"accounts"`
	Scales   int        `json:"scales"`
	LastSave *time.Time `json:"lastSave"` // the newest version of any scale; null: none
	Land     string     `json:"land"`
	Error    string     `json:"error,omitempty"` // its database does not open
}

// writeSchools prints the registry as JSON with each school's status: an array, empty for a database
// that is one school.
func writeSchools(ctx context.Context, w io.Writer, d database, main store.Store, schools []store.School, stderr io.Writer) error {
	out := make([]schoolStatus, 0, len(schools))
	for _, sch := range schools {
		st := schoolStatus{URL: sch.URL, Name: sch.Name, Home: sch.Home}
		if err := statusOf(ctx, d, main, sch, &st, stderr); err != nil {
			st.Error = err.Error()
		}
		out = append(out, st)
	}
	return writeJSON(w, out)
}

func statusOf(ctx context.Context, d database, main store.Store, sch store.School, st *schoolStatus, stderr io.Writer) error {
	own := main
	if sch.Home != "" {
		var err error
		if own, err = openDatabase(ctx, d, quietLogger(stderr), 0, at{home: sch.Home}); err != nil {
			return err
		}
		defer own.Close()
	}
	var err error
	if st.Admins, err = own.CountAdmins(ctx); err != nil {
		return err
	}
	users, err := own.ListUsers(ctx)
	if err != nil {
		return err
	}
	scales, err := own.Scales(ctx)
	if err != nil {
		return err
	}
	st.Accounts, st.Scales = len(users), len(scales)
	for _, sc := range scales {
		if t := sc.Latest.SavedAt; st.LastSave == nil || t.After(*st.LastSave) {
			st.LastSave = &t
		}
	}
	st.Land, err = own.SchoolLand(ctx)
	return err
}
