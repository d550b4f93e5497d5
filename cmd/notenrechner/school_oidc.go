package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/term"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/tenancy"
)

// cmdSchoolOIDC is `school oidc`: the school's own sign-in at an OpenID provider, kept in the
// school's database (docs/operations.md, „Many schools on one deployment“). It wins over serve's
// --oidc-* flags, which stay the way for a database that stores none. The client secret is read
// from standard input only, so that it shows neither in the process list nor in a shell's history.
func cmdSchoolOIDC(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("school oidc", flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	schoolFlag(fs, db)
	var c store.OIDCConfig
	fs.StringVar(&c.Issuer, "issuer", "", "Issuer-URL des Identitätsanbieters, z. B. https://iserv.gs-nord.de "+
		"(das Client-Geheimnis als erste Zeile der Standardeingabe)")
	fs.StringVar(&c.ClientID, "client-id", "", "Client-ID beim Anbieter")
	fs.StringVar(&c.Name, "name", "Schulkonto", `Name auf der Schaltfläche „Anmelden mit …“, z. B. IServ`)
	fs.StringVar(&c.AllowedDomains, "allowed-domains", "", "nur E-Mail-Adressen dieser Domains, durch Komma getrennt (leer: alle)")
	fs.StringVar(&c.AdminGroup, "admin-group", "", "Gruppe beim Anbieter, deren Mitglieder Admins sind")
	fs.StringVar(&c.UserGroup, "user-group", "", "Gruppe beim Anbieter, deren Mitglieder Konten ohne Bearbeitungsrecht bekommen")
	fs.StringVar(&c.GroupsClaim, "groups-claim", "groups", "Claim mit den Gruppen im ID-Token oder bei userinfo")
	fs.StringVar(&c.Scopes, "scopes", "openid email profile", "Scopes, durch Leerzeichen getrennt")
	fs.StringVar(&c.SchoolClaim, "school-claim", "", "beim Anbieter mehrerer Schulen: Claim, der die Schule einer Person nennt, z. B. school")
	fs.StringVar(&c.SchoolClaimValue, "school-claim-value", "", "der Wert dieses Claims, der diese Schule nennt, z. B. gs-nord")
	fs.BoolVar(&c.PasswordLogin, "password-login", true, "Anmeldung mit Passwort an dieser Schule weiter anbieten")
	off := fs.Bool("off", false, "die gespeicherte Anmeldung beim Anbieter entfernen")
	if helped, err := parseFlags(fs, args, schoolHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: school oidc nimmt keine Argumente", errUsage)
	}
	if *off {
		others := 0
		fs.Visit(func(f *flag.Flag) {
			if f.Name != "off" && f.Name != "db" && f.Name != "school" && f.Name != "first-preset" {
				others++
			}
		})
		if others > 0 {
			return fmt.Errorf("%w: --off nimmt außer --db und --school keine Angaben", errUsage)
		}
	} else if err := checkSchoolOIDC(&c); err != nil {
		return err
	}
	st, err := openStore(ctx, *db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	if *off {
		if err := st.DeleteSchoolOIDC(ctx); errors.Is(err, store.ErrNotFound) {
			fmt.Fprintln(stdout, "Die Schule hatte keine eigene Anmeldung beim Anbieter gespeichert.")
			return nil
		} else if err != nil {
			return err
		}
		fmt.Fprintln(stdout, "Anmeldung beim Anbieter entfernt: die Schule meldet sich mit Passwort an "+
			"(die Datenbank ohne Schulen wieder so, wie serve --oidc-* es sagt). Der laufende Server übernimmt es binnen weniger Sekunden.")
		return nil
	}
	if c.ClientSecret, err = readSecret(stdin, stderr); err != nil {
		return err
	}
	if err := st.SetSchoolOIDC(ctx, c); err != nil {
		return err
	}
	redirect := "BASE_URL/api/v1/auth/oidc/callback (BASE_URL: die Adresse, unter der serve antwortet)"
	if url, err := tenancy.CanonicalURL(db.school); err == nil && db.school != "" {
		redirect = url + "/api/v1/auth/oidc/callback"
	}
	fmt.Fprintf(stdout, "Anmeldung mit %s (%s) für die Schule gespeichert; der laufende Server übernimmt sie binnen weniger Sekunden.\n",
		c.Name, c.Issuer)
	fmt.Fprintf(stdout, "Beim Anbieter als Redirect-URI eintragen: %s\n", redirect)
	if !c.PasswordLogin {
		fmt.Fprintln(stdout, "Anmeldung mit Passwort ist an dieser Schule aus; school oidc --off schaltet sie wieder ein.")
	}
	return nil
}

// checkSchoolOIDC refuses a configuration that cannot work, before anything is read or stored.
func checkSchoolOIDC(c *store.OIDCConfig) error {
	for _, f := range []struct {
		flag string
		v    *string
	}{{"issuer", &c.Issuer}, {"client-id", &c.ClientID}, {"name", &c.Name}, {"allowed-domains", &c.AllowedDomains},
		{"admin-group", &c.AdminGroup}, {"user-group", &c.UserGroup}, {"groups-claim", &c.GroupsClaim},
		{"scopes", &c.Scopes}, {"school-claim", &c.SchoolClaim}, {"school-claim-value", &c.SchoolClaimValue}} {
		*f.v = strings.TrimSpace(*f.v)
		if err := oidcTextProblem(*f.v, maxOIDCValue); err != "" {
			return fmt.Errorf("%w: --%s: %s", errUsage, f.flag, err)
		}
	}
	switch {
	case c.Issuer == "" || c.ClientID == "":
		return fmt.Errorf("%w: school oidc braucht --issuer und --client-id (entfernen: --off)", errUsage)
	case !issuerURL(c.Issuer):
		return fmt.Errorf("%w: --issuer muss eine absolute http(s)-Adresse sein, nicht %s", errUsage, shown(c.Issuer))
	case !plainIssuer(c.Issuer):
		// OpenID Connect Discovery appends its path to the issuer, which is compared with the
		// provider's answer letter by letter; a user and password would show in school show.
		return fmt.Errorf("%w: --issuer: ohne ?…, #… und Benutzer, z. B. https://iserv.gs-nord.de", errUsage)
	case utf8.RuneCountInString(c.Name) > maxOIDCName:
		return fmt.Errorf("%w: --name: höchstens %d Zeichen, der Name steht auf einer Schaltfläche", errUsage, maxOIDCName)
	case c.Name == "":
		return fmt.Errorf("%w: --name darf nicht leer sein: der Name auf der Schaltfläche, z. B. IServ", errUsage)
	case (c.SchoolClaim == "") != (c.SchoolClaimValue == ""):
		return fmt.Errorf("%w: --school-claim und --school-claim-value gehören zusammen", errUsage)
	}
	return nil
}

// Bounds of school oidc's values: a button's name, any other value, the secret.
const (
	maxOIDCName   = 80
	maxOIDCValue  = 1000
	maxOIDCSecret = 4096
)

// oidcTextProblem says what is wrong with a value of school oidc ("" when nothing): text a page, a
// terminal and the provider read as typed, with the character rule of every name (no control,
// invisible or direction characters).
func oidcTextProblem(v string, most int) string {
	switch {
	case !utf8.ValidString(v):
		return "kein gültiger Text (UTF-8)"
	case strings.ContainsFunc(v, grading.NameRuneRefused):
		return "ohne Steuerzeichen (Zeilenumbrüche, Tabulatoren, unsichtbare Zeichen, Textrichtung)"
	case utf8.RuneCountInString(v) > most:
		return fmt.Sprintf("höchstens %d Zeichen", most)
	}
	return ""
}

// plainIssuer reports whether an issuer address has neither query nor fragment nor user.
func plainIssuer(s string) bool {
	u, err := url.Parse(s)
	return err == nil && u.User == nil && u.RawQuery == "" && !u.ForceQuery && u.Fragment == "" && !strings.Contains(s, "#")
}

// readSecret reads the client secret: without echo on a terminal, else the first line of the pipe.
func readSecret(stdin io.Reader, stderr io.Writer) (string, error) {
	var secret string
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		var err error
		if secret, err = prompt(f, stderr, "Client-Geheimnis: "); err != nil {
			return "", err
		}
	} else if stdin != nil {
		// One byte past the bound: a file without a line break is not read to its end.
		line, err := bufio.NewReader(io.LimitReader(stdin, 4*maxOIDCSecret+1)).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("Client-Geheimnis lesen: %w", err)
		}
		secret = strings.TrimRight(line, "\r\n")
	}
	if err := oidcTextProblem(secret, maxOIDCSecret); err != "" {
		return "", fmt.Errorf("%w: Client-Geheimnis: %s", errUsage, err)
	}
	if strings.TrimSpace(secret) == "" {
		return "", fmt.Errorf("%w: das Client-Geheimnis fehlt: als erste Zeile der Standardeingabe, "+
			"z. B. notenrechner school oidc … < geheimnis.txt", errUsage)
	}
	return secret, nil
}

// shownOIDC is a stored configuration as school show prints it: everything but the secret.
type shownOIDC struct {
	Issuer           string    `json:"issuer"`
	ClientID         string    `json:"client_id"`
	Name             string    `json:"name"`
	AllowedDomains   string    `json:"allowed_domains"`
	AdminGroup       string    `json:"admin_group"`
	UserGroup        string    `json:"user_group"`
	GroupsClaim      string    `json:"groups_claim"`
	Scopes           string    `json:"scopes"`
	SchoolClaim      string    `json:"school_claim"`
	SchoolClaimValue string    `json:"school_claim_value"`
	PasswordLogin    bool      `json:"password_login"`
	UpdatedAt        time.Time `json:"updated_at"`
}

// schoolOIDCShown reads the stored configuration for school show; nil while none is stored.
func schoolOIDCShown(ctx context.Context, st store.SchoolOIDCStore) (*shownOIDC, error) {
	c, err := st.SchoolOIDC(ctx)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &shownOIDC{Issuer: c.Issuer, ClientID: c.ClientID, Name: c.Name, AllowedDomains: c.AllowedDomains,
		AdminGroup: c.AdminGroup, UserGroup: c.UserGroup, GroupsClaim: c.GroupsClaim, Scopes: c.Scopes,
		SchoolClaim: c.SchoolClaim, SchoolClaimValue: c.SchoolClaimValue, PasswordLogin: c.PasswordLogin,
		UpdatedAt: c.UpdatedAt}, nil
}
