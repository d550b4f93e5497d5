package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

const backupHelp = `Aufruf:
  notenrechner backup --to DATEI [--db sqlite:PFAD] [--school URL] [--force]

Schreibt eine Sicherung der SQLite-Datenbank in DATEI, auch während der Server
läuft und speichert: ein in sich stimmiger Stand (VACUUM INTO), geprüft mit
PRAGMA integrity_check. Eine vorhandene DATEI wird nur mit --force ersetzt.
Die Sicherung enthält die Konten (E-Mail-Adressen, Passwort-Hashes): sie gehört
an einen ebenso geschützten Ort wie die Datenbank.

Hat die Datenbank Schulen (notenrechner school list), sichert backup alle: jede
Schule mit eigener Datenbank nach DATEINAME-schools/ID.db neben DATEI. Mit
--school URL nur diese eine Schule, als Datenbank einer Schule für sich (so
nimmt eine Schule ihre Daten mit, wenn sie geht).

PostgreSQL sichert pg_dump -Fc, zurück kommt es mit pg_restore (docs/operations.md).

Optionen:
`

const restoreHelp = `Aufruf:
  notenrechner restore --from DATEI [--db sqlite:PFAD] [--force]

Spielt eine Sicherung (notenrechner backup) als Datenbank ein. DATEI wird
geprüft (unbeschädigt, eine Notenrechner-Datenbank, Schema-Version bekannt)
und auf den Stand dieser Version gebracht; erst dann ersetzt sie die Datenbank
in einem Schritt. Eine vorhandene Datenbank wird nur mit --force ersetzt, und
nie, solange ein Server sie geöffnet hat: erst den Server beenden.

Eine Sicherung mit Schulen spielt ihre Schulen mit ein (DATEINAME-schools/ID.db
neben DATEI); es wird erst geprüft, dass jede da ist.

PostgreSQL: pg_restore (docs/operations.md).

Optionen:
`

// cmdBackup is `notenrechner backup`.
func cmdBackup(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	dsn := sqliteDBFlag(fs, getenv)
	to := fs.String("to", "", "Datei, in die die Sicherung geschrieben wird")
	force := fs.Bool("force", false, "eine vorhandene Datei ersetzen")
	only := fs.String("school", "", "nur diese Schule sichern, als Datenbank einer Schule für sich")
	if helped, err := parseFlags(fs, args, backupHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 || *to == "" {
		return fmt.Errorf("%w: backup braucht --to DATEI und keine weiteren Argumente", errUsage)
	}
	path, err := sqlitePath(*dsn, "backup", "sichert pg_dump -Fc")
	if err != nil {
		return err
	}
	if isDatabaseFile(*to, path) {
		return errors.New("Sicherung fehlgeschlagen: die Sicherung darf nicht die Datenbank selbst oder ihre -wal- oder -shm-Datei sein")
	}
	if *only != "" {
		return backupOneSchool(ctx, path, *only, *to, *force, stdout)
	}
	sum, err := sqlite.Backup(ctx, path, *to, *force)
	if err != nil {
		return fmt.Errorf("Sicherung fehlgeschlagen: %w", err)
	}
	fmt.Fprintf(stdout, "Sicherung geschrieben: %s (%s; geprüft).\n", *to, describe(sum))
	return backupSchools(ctx, path, *to, *force, stdout)
}

// cmdRestore is `notenrechner restore`.
func cmdRestore(ctx context.Context, args []string, getenv func(string) string, stdout io.Writer) error {
	fs := flag.NewFlagSet("restore", flag.ContinueOnError)
	dsn := sqliteDBFlag(fs, getenv)
	from := fs.String("from", "", "Sicherung, die eingespielt wird")
	force := fs.Bool("force", false, "eine vorhandene Datenbank ersetzen (der Server muss beendet sein)")
	if helped, err := parseFlags(fs, args, restoreHelp, stdout); helped || err != nil {
		return err
	}
	if fs.NArg() > 0 || *from == "" {
		return fmt.Errorf("%w: restore braucht --from DATEI und keine weiteren Argumente", errUsage)
	}
	path, err := sqlitePath(*dsn, "restore", "lädt pg_restore zurück")
	if err != nil {
		return err
	}
	if isDatabaseFile(*from, path) {
		return errors.New("Wiederherstellung abgebrochen, die Datenbank ist unverändert: die Sicherung ist die Datenbank selbst")
	}
	schools, err := schoolBackups(ctx, *from, path, *force)
	if err != nil {
		return fmt.Errorf("Wiederherstellung abgebrochen, die Datenbank ist unverändert: %w", err)
	}
	found, restored, err := sqlite.Restore(ctx, *from, path, *force)
	if err != nil {
		return fmt.Errorf("Wiederherstellung abgebrochen, die Datenbank ist unverändert: %w", err)
	}
	upgraded := ""
	if found.Schema != restored.Schema {
		upgraded = fmt.Sprintf(", von Schema-Version %d aktualisiert", found.Schema)
	}
	fmt.Fprintf(stdout, "Wiederhergestellt: %s aus %s (%s%s).\n", path, *from, describe(restored), upgraded)
	return restoreSchools(ctx, schools, *from, path, *force, stdout)
}

// sqliteDBFlag is --db as every command reads it, without --first-preset:
// backup and restore never create a database of their own.
func sqliteDBFlag(fs *flag.FlagSet, getenv func(string) string) *string {
	return fs.String("db", envOr(getenv, "NOTENRECHNER_DB", defaultDB),
		"Datenbank: sqlite:PFAD (Umgebung NOTENRECHNER_DB)")
}

// sqlitePath returns the file a sqlite: address names; PostgreSQL has its
// own tools, which know its server better than a copy made here could.
func sqlitePath(dsn, command, postgresWay string) (string, error) {
	switch {
	case strings.HasPrefix(dsn, "sqlite:") && len(dsn) > len("sqlite:"):
		return strings.TrimPrefix(dsn, "sqlite:"), nil
	case strings.HasPrefix(dsn, "postgres://"), strings.HasPrefix(dsn, "postgresql://"):
		return "", fmt.Errorf("%s gibt es nur für SQLite; eine PostgreSQL-Datenbank %s "+
			"(docs/operations.md, „Backing up and restoring“)", command, postgresWay)
	default:
		return "", fmt.Errorf("%w: --db muss sqlite:PFAD sein", errUsage)
	}
}

// isDatabaseFile reports whether file is the database at db, by any name or link, or one of the files
// SQLite keeps beside it: a backup written there would replace the file a running server holds open
// (or its write-ahead log), and a restore from there would read what it replaces.
func isDatabaseFile(file, db string) bool {
	absFile, err1 := filepath.Abs(file)
	absDB, err2 := filepath.Abs(db)
	target, statErr := os.Stat(file)
	for _, side := range []string{"", "-wal", "-shm", "-journal"} {
		if err1 == nil && err2 == nil && absFile == absDB+side {
			return true
		}
		if other, err := os.Stat(db + side); statErr == nil && err == nil && os.SameFile(target, other) {
			return true
		}
	}
	return false
}

func describe(s sqlite.Summary) string {
	return fmt.Sprintf("Schema-Version %d, %d Notenschlüssel, %d Versionen, %d Konten", s.Schema, s.Scales, s.Versions, s.Users)
}
