package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"golang.org/x/term"

	"github.com/notenrechner/notenrechner/internal/auth"
	"github.com/notenrechner/notenrechner/internal/store"
)

const adminHelp = `Aufruf:
  notenrechner admin create --email E [--db …]         Admin-Konto anlegen
  notenrechner admin set-password --email E [--db …]   Passwort eines Kontos neu setzen (beendet seine Sitzungen
                                                       und hebt seine Anmeldesperren auf)
  notenrechner admin unlock --email E [--db …]         Anmeldesperren eines Kontos aufheben (gezählte Fehlversuche vergessen)
  notenrechner admin list [--db …]                     alle Konten zeigen

Das Passwort wird ohne Echo abgefragt oder, wenn die Eingabe kein Terminal ist,
als erste Zeile der Standardeingabe gelesen: echo "$PASSWORT" | notenrechner admin create --email E

Optionen:
`

func cmdAdmin(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || isHelp(args[0]) {
		fmt.Fprint(stdout, adminHelp)
		if len(args) == 0 {
			return fmt.Errorf("%w: admin braucht create, set-password, unlock oder list", errUsage)
		}
		return nil
	}
	sub := args[0]
	fs := flag.NewFlagSet("admin "+sub, flag.ContinueOnError)
	db := dbFlag(fs, getenv)
	schoolFlag(fs, db)
	email := fs.String("email", "", "E-Mail-Adresse des Kontos")
	if helped, err := parseFlags(fs, args[1:], adminHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: admin %s erwartet keine Argumente", errUsage, sub)
	}
	switch sub {
	case "create", "set-password", "unlock":
		if *email == "" {
			return fmt.Errorf("%w: --email fehlt", errUsage)
		}
	case "list":
	default:
		return fmt.Errorf("%w: unbekannter Befehl admin %q", errUsage, sub)
	}
	st, err := openStore(ctx, *db, quietLogger(stderr), 0)
	if err != nil {
		return err
	}
	defer st.Close()
	switch sub {
	case "create":
		return adminCreate(ctx, st, *email, stdin, stdout, stderr)
	case "set-password":
		return adminSetPassword(ctx, st, auth.NormalizeEmail(*email), stdin, stdout, stderr)
	case "unlock":
		return adminUnlock(ctx, st, auth.NormalizeEmail(*email), stdout)
	default:
		return adminList(ctx, st, stdout)
	}
}

func isHelp(a string) bool { return a == "-h" || a == "-help" || a == "--help" || a == "help" }

// adminCreate checks the email as typed (auth.CheckEmail), before it is
// normalized: lower-casing turns the Kelvin sign into a "k".
func adminCreate(ctx context.Context, st store.Store, typed string, stdin io.Reader, stdout, stderr io.Writer) error {
	// a wrong --email is a wrong command line, refused with status 2 like every other option's value
	if msg := auth.CheckEmail(typed); msg != "" {
		return fmt.Errorf("%w: --email: %s", errUsage, msg)
	}
	email := auth.NormalizeEmail(typed)
	if taken, err := auth.EmailInUse(ctx, st, email); err != nil || taken {
		if err == nil {
			err = fmt.Errorf("%s hat schon ein Konto, womöglich in anderer Schreibweise (notenrechner admin list zeigt alle)", shown(email))
		}
		return err
	}
	hash, err := readNewPassword(stdin, stderr)
	if err != nil {
		return err
	}
	u, err := st.CreateUser(ctx, store.User{Email: email, Role: store.RoleAdmin, PasswordHash: hash, CreatedAt: time.Now()})
	if errors.Is(err, store.ErrEmailTaken) {
		return fmt.Errorf("%s hat schon ein Konto (notenrechner admin set-password setzt sein Passwort neu)", shown(email))
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Admin-Konto %s angelegt.\n", shown(u.Email))
	return nil
}

func adminSetPassword(ctx context.Context, st store.Store, email string, stdin io.Reader, stdout, stderr io.Writer) error {
	u, err := st.UserByEmail(ctx, email)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("kein Konto mit der E-Mail-Adresse %s", shown(email))
	}
	if err != nil {
		return err
	}
	hash, err := readNewPassword(stdin, stderr)
	if err != nil {
		return err
	}
	if err := st.SetPassword(ctx, u.ID, hash); err != nil {
		return err
	}
	if err := st.DeleteOtherSessions(ctx, u.ID, ""); err != nil {
		return err
	}
	// Whoever was locked out gets in with the new password at once.
	if err := auth.NewLimiter(st, time.Now).Unlock(ctx, u.Email); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Passwort von %s gesetzt; alle Sitzungen des Kontos sind beendet, Anmeldesperren aufgehoben.\n", shown(u.Email))
	return nil
}

// adminUnlock forgets the failed sign-ins counted against an account, for an
// owner locked out by someone else's guesses (docs/operations.md). Unknown
// emails are unlocked too: failures are counted for them as well.
func adminUnlock(ctx context.Context, st store.Store, email string, stdout io.Writer) error {
	if err := auth.NewLimiter(st, time.Now).Unlock(ctx, email); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Anmeldesperren von %s aufgehoben.\n", shown(email))
	return nil
}

func adminList(ctx context.Context, st store.Store, stdout io.Writer) error {
	users, err := st.ListUsers(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "E-MAIL\tROLLE\tLETZTE ANMELDUNG")
	for _, u := range users {
		last := "noch nie"
		switch {
		case u.Pending():
			last = "Einladung offen"
		case !u.LastSignInAt.IsZero():
			last = u.LastSignInAt.Local().Format("02.01.2006 15:04")
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\n", shown(u.Email), shown(string(u.Role)), last)
	}
	return tw.Flush()
}

// readNewPassword asks twice without echo on a terminal, or reads the first
// line of a pipe, checks the password rules and returns the hash.
func readNewPassword(stdin io.Reader, stderr io.Writer) (string, error) {
	var password string
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		first, err := prompt(f, stderr, "Passwort: ")
		if err != nil {
			return "", err
		}
		second, err := prompt(f, stderr, "Passwort wiederholen: ")
		if err != nil {
			return "", err
		}
		if first != second {
			return "", errors.New("die Passwörter stimmen nicht überein")
		}
		password = first
	} else {
		// A password has at most 256 characters (auth), 4 bytes each at most: input without a line
		// break is read only so far, and the rule below refuses it as too long.
		line, err := bufio.NewReader(io.LimitReader(stdin, 4<<10)).ReadString('\n')
		if err != nil && !errors.Is(err, io.EOF) {
			return "", fmt.Errorf("Passwort lesen: %w", err)
		}
		password = strings.TrimRight(line, "\r\n")
	}
	if msg := auth.CheckPassword(password); msg != "" {
		return "", fmt.Errorf("Passwort abgelehnt: %s", msg)
	}
	return auth.HashPassword(password, auth.DefaultParams)
}

func prompt(f *os.File, stderr io.Writer, label string) (string, error) {
	fmt.Fprint(stderr, label)
	b, err := term.ReadPassword(int(f.Fd()))
	fmt.Fprintln(stderr)
	if err != nil {
		return "", fmt.Errorf("Passwort lesen: %w", err)
	}
	return string(b), nil
}
