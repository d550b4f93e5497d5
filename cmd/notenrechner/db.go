package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/postgres"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
	sqlitedriver "modernc.org/sqlite"
	sqlitelib "modernc.org/sqlite/lib"
)

const defaultDB = "sqlite:./data/notenrechner.db"

// quietLogger is the logger of the short commands: warnings and errors only.
func quietLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn}))
}

// firstPreset is the preset the default scale of a new installation starts from: "ab" bounds as teachers
// write them (docs/grading-systems.md). A database that exists keeps its scales.
const firstPreset = "standard-ab"

// database is where a command keeps its data: the --db value, and the preset a new database's default
// scale starts from (--first-preset), which only the command that creates the database uses.
type database struct {
	dsn, firstPreset string
	school           string // --school: the school's address in a deployment of several ("": the only one)
}

func dbFlag(fs *flag.FlagSet, getenv func(string) string) *database {
	d := &database{}
	fs.StringVar(&d.dsn, "db", envOr(getenv, "NOTENRECHNER_DB", defaultDB),
		"Datenbank: sqlite:PFAD oder postgres://… (Umgebung NOTENRECHNER_DB)")
	fs.StringVar(&d.firstPreset, "first-preset", envOr(getenv, "NOTENRECHNER_FIRST_PRESET", firstPreset),
		"Vorlage des voreingestellten Notenschlüssels einer neuen Datenbank, siehe preset list (Umgebung NOTENRECHNER_FIRST_PRESET)")
	return d
}

// schoolFlag adds --school to a command that works on one school's data (docs/architecture.md, „Mehrere
// Schulen“): needed once the database has schools, refused before.
func schoolFlag(fs *flag.FlagSet, d *database) {
	fs.StringVar(&d.school, "school", "", "Adresse der Schule, wenn die Datenbank mehrere hat (notenrechner school list)")
}

// openStore opens the store of the school d names: the database itself while it has no schools, else
// the school --school names (openSchoolOf). Errors never contain a password: the postgres store names
// host, port and cause only. pollInterval is the PostgreSQL store's safety-net poll (0: its default).
func openStore(ctx context.Context, d database, logger *slog.Logger, pollInterval time.Duration) (store.Store, error) {
	main, err := openDatabase(ctx, d, logger, pollInterval, at{})
	if err != nil {
		return nil, err
	}
	st, err := openSchoolOf(ctx, d, main, logger, pollInterval)
	if err != nil {
		main.Close()
		return nil, err
	}
	return st, nil
}

// How often a school's store of a deployment of many looks for a change it was not told of: on SQLite a
// change by another process (a command), on PostgreSQL only a notification lost on the way, since the
// deployment's LISTEN connection hears every school. Slower than one school's, so that a thousand quiet
// schools cost little CPU and keep few connections open.
const (
	schoolPollSQLite   = time.Second
	schoolPollPostgres = 30 * time.Second
)

// at is where in the database a store opens.
type at struct {
	home   string      // a school's home; "": the database's own tables
	via    store.Store // PostgreSQL: the deployment's store, whose listener hears this school (nil: its own)
	create bool        // make the home (school add); else a missing home is an error, never a new school
}

// openDatabase opens the database d names, at the home where names.
func openDatabase(ctx context.Context, d database, logger *slog.Logger, pollInterval time.Duration, where at) (store.Store, error) {
	first, ok := grading.PresetByID(d.firstPreset)
	if !ok {
		return nil, fmt.Errorf("%w: --first-preset: unbekannte Vorlage %q (notenrechner preset list)", errUsage, d.firstPreset)
	}
	dsn := d.dsn
	switch {
	case strings.HasPrefix(dsn, "sqlite:"):
		path := strings.TrimPrefix(dsn, "sqlite:")
		var err error
		if path == "" {
			return nil, fmt.Errorf("%w: --db sqlite: braucht einen Dateipfad", errUsage)
		}
		if where.home != "" {
			if path, err = sqlite.SchoolPath(path, where.home); err != nil {
				return nil, err
			}
		}
		opts := sqlite.Options{FirstScale: &first.Config, MustExist: where.home != "" && !where.create}
		if where.home != "" { // one of many schools: a second for a change by another process, one idle connection
			opts.PollInterval, opts.IdleConns = schoolPollSQLite, 1
		}
		st, err := sqlite.Open(ctx, path, opts)
		if err != nil && where.home == "" { // a school's home has its own words (sqlite.Open)
			return nil, sqliteOpenError(path, err)
		}
		return st, err
	case isPostgres(dsn):
		viaPG, _ := where.via.(*postgres.Store)
		if where.home != "" && viaPG != nil {
			// Changes reach the school through the deployment's LISTEN connection; the poll is only the net
			// for a lost notification, and a slow one lets a quiet school's connections close.
			pollInterval = max(pollInterval, schoolPollPostgres)
		}
		st, err := postgres.Open(ctx, dsn, postgres.Options{Logger: logger, PollInterval: pollInterval, FirstScale: &first.Config,
			Schema: where.home, CreateSchema: where.create, Via: viaPG})
		if err != nil && where.home == "" && !isSchemaTooNew(err) {
			// The cause names host, port and reason, never the password (postgres.Open).
			return nil, fmt.Errorf("--db: die PostgreSQL-Datenbank lässt sich nicht öffnen (%w)", err)
		}
		return st, err
	default:
		return nil, fmt.Errorf("%w: --db muss mit sqlite: oder postgres:// beginnen", errUsage)
	}
}

// warnReadableDatabase says at the server's start which files of a SQLite database other users of the
// machine may read or write, and whether they may write its folder (sqlite.OpenToOthers): a new database
// is private, one made by an earlier release or copied by hand may not be.
func warnReadableDatabase(d database, logger *slog.Logger) {
	path, ok := strings.CutPrefix(d.dsn, "sqlite:")
	if !ok {
		return
	}
	for _, p := range sqlite.OpenToOthers(path) {
		if p == filepath.Dir(path) {
			logger.Warn("database folder writable by other users of this machine: they could replace or add "+
				"the database's files; chmod 700 (or 750)", "path", p)
			continue
		}
		logger.Warn("database readable or writable by other users of this machine: it holds password and session "+
			"hashes; chmod 600", "path", p)
	}
}

// sqliteOpenError says in German why the file --db names is no database this program can open, for the
// mistakes an operator makes (a folder, a file of something else, a file of another user); the cause
// follows in parentheses for the log and the search engine.
func sqliteOpenError(path string, err error) error {
	if isSchemaTooNew(err) { // says what to do already
		return err
	}
	var serr *sqlitedriver.Error
	reason := "lässt sich nicht als Datenbank öffnen"
	if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
		reason = "ist ein Ordner, keine Datenbankdatei"
	} else if errors.As(err, &serr) && serr.Code()&0xff == sqlitelib.SQLITE_NOTADB {
		reason = "ist keine SQLite-Datenbank"
	} else if errors.As(err, &serr) && serr.Code()&0xff == sqlitelib.SQLITE_READONLY {
		reason = "darf dieses Konto nicht schreiben (Rechte der Datei und ihres Ordners prüfen; " +
			"auch ein Befehl, der nur liest, braucht sie)"
	} else if errors.Is(err, fs.ErrPermission) || errors.As(err, &serr) && serr.Code()&0xff == sqlitelib.SQLITE_CANTOPEN {
		reason = "lässt sich nicht öffnen (Rechte der Datei und ihres Ordners prüfen)"
	}
	return fmt.Errorf("--db: %s %s (%w)", path, reason, err)
}

func isSchemaTooNew(err error) bool {
	var tooNew *store.SchemaTooNewError
	return errors.As(err, &tooNew)
}
