package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	sqlitedriver "modernc.org/sqlite"
	sqlitelib "modernc.org/sqlite/lib"
)

// The errors of Backup and Restore are German sentences: the command line
// shows them to the operator as they are. Tests tell them apart with errors.Is.
var (
	ErrExists          = errors.New("die Datei gibt es schon; --force ersetzt sie")
	ErrInUse           = errors.New("die Datenbank ist geöffnet, wohl von einem laufenden Server; erst den Server beenden")
	ErrNotNotenrechner = errors.New("das ist keine Notenrechner-Datenbank")
	ErrDamaged         = errors.New("die Datei ist beschädigt (PRAGMA integrity_check)")
	ErrOpenDatabase    = errors.New("neben der Datei liegt eine -wal-Datei: das ist eine geöffnete Datenbank, keine Sicherung " +
		"(Sicherungen schreibt notenrechner backup)")
)

// Summary describes a database file: its schema version and what it holds.
type Summary struct {
	Schema                  int // highest migration recorded
	Scales, Versions, Users int
}

// Backup writes a consistent copy of the database at src to dst while other
// connections (a running server) go on writing: VACUUM INTO reads one
// snapshot in a read transaction, which in WAL mode holds no writer up, and
// the copy contains what the WAL holds beyond the main file. The copy is a
// single file in rollback mode, checked with PRAGMA integrity_check before
// it gets its name; an existing dst is replaced only when overwrite is set.
func Backup(ctx context.Context, src, dst string, overwrite bool) (Summary, error) {
	return backup(ctx, src, dst, overwrite, nil)
}

// backup is Backup with a step on the copy before it is checked and named (nil: none).
func backup(ctx context.Context, src, dst string, overwrite bool, prepare func(tmp string) error) (Summary, error) {
	if err := refuseExisting(dst, overwrite); err != nil {
		return Summary{}, err
	}
	db, err := openExisting(src)
	if err != nil {
		return Summary{}, err
	}
	defer db.Close()
	if _, err := schemaOf(ctx, db); err != nil {
		return Summary{}, fmt.Errorf("%s: %w", src, err)
	}
	tmp, err := tempBeside(dst)
	if err != nil {
		return Summary{}, err
	}
	defer removeDatabase(tmp)
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", tmp); err != nil {
		return Summary{}, fmt.Errorf("Sicherung von %s schreiben: %w", src, err)
	}
	if prepare != nil {
		if err := prepare(tmp); err != nil {
			return Summary{}, err
		}
	}
	sum, err := settle(ctx, tmp)
	if err != nil {
		return Summary{}, err
	}
	return sum, place(tmp, dst, overwrite)
}

// settle turns the file at path into one self-contained file in rollback
// mode, checks it and syncs it to the disk.
func settle(ctx context.Context, path string) (Summary, error) {
	db, err := openExisting(path)
	if err != nil {
		return Summary{}, err
	}
	defer db.Close()
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
		return Summary{}, classify(err)
	}
	sum, err := inspect(ctx, db)
	if err != nil {
		return Summary{}, err
	}
	if err := db.Close(); err != nil {
		return Summary{}, err
	}
	return sum, syncFile(path)
}

// inspect checks that db is an intact Notenrechner database and sums it up.
func inspect(ctx context.Context, db *sql.DB) (Summary, error) {
	rows, err := db.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return Summary{}, classify(err)
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return Summary{}, err
		}
		problems = append(problems, line)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Summary{}, classify(err)
	}
	if len(problems) != 1 || problems[0] != "ok" {
		return Summary{}, fmt.Errorf("%w: %s", ErrDamaged, strings.Join(problems, "; "))
	}
	var sum Summary
	if sum.Schema, err = schemaOf(ctx, db); err != nil {
		return Summary{}, err
	}
	for table, n := range map[string]*int{"scales": &sum.Scales, "config_versions": &sum.Versions, "users": &sum.Users} {
		// A release before scales (migration 0005) has none: 0 then.
		var exists int
		if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", table).Scan(&exists); err != nil {
			return Summary{}, err
		}
		if exists == 1 {
			if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(n); err != nil {
				return Summary{}, err
			}
		}
	}
	return sum, nil
}

// schemaOf returns the highest recorded migration, or ErrNotNotenrechner for a
// database without the tables every Notenrechner database has.
func schemaOf(ctx context.Context, db *sql.DB) (int, error) {
	var tables int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema
		WHERE type = 'table' AND name IN ('schema_migrations', 'config_versions')`).Scan(&tables)
	if err != nil {
		return 0, classify(err)
	}
	if tables != 2 {
		return 0, ErrNotNotenrechner
	}
	var v int
	if err := db.QueryRowContext(ctx, "SELECT coalesce(max(version), 0) FROM schema_migrations").Scan(&v); err != nil || v == 0 {
		return 0, ErrNotNotenrechner
	}
	return v, nil
}

// classify names SQLite's "not a database" in the operator's words.
func classify(err error) error {
	var serr *sqlitedriver.Error
	if errors.As(err, &serr) && serr.Code()&0xff == sqlitelib.SQLITE_NOTADB {
		return ErrNotNotenrechner
	}
	return err
}

// openExisting opens a database file that must exist (mode=rw never
// creates one: a typo in --db must not make an empty database).
func openExisting(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("die Datenbank %s gibt es nicht (%v)", path, errors.Unwrap(err))
	}
	db, err := sql.Open("sqlite", fileDSN(path, url.Values{"mode": {"rw"}, "_pragma": {"busy_timeout(10000)"}}))
	if err != nil {
		return nil, fmt.Errorf("%s öffnen: %w", path, err)
	}
	db.SetMaxOpenConns(1)
	return db, nil
}

func refuseExisting(path string, overwrite bool) error {
	if _, err := os.Lstat(path); err == nil && !overwrite {
		return fmt.Errorf("%s: %w", path, ErrExists)
	}
	return nil
}

// tempBeside reserves an empty file (mode 0600: a backup holds accounts) in
// dst's folder, so that the final rename stays on one file system.
func tempBeside(dst string) (string, error) {
	dir := filepath.Dir(dst)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("Ordner %s anlegen: %w", dir, err)
	}
	f, err := os.CreateTemp(dir, "."+filepath.Base(dst)+".tmp-*")
	if err != nil {
		return "", fmt.Errorf("Datei in %s anlegen: %w", dir, err)
	}
	return f.Name(), f.Close()
}

// place gives tmp the name dst: with overwrite by rename, else by a hard link,
// which fails rather than replace a dst that appeared in the meantime.
func place(tmp, dst string, overwrite bool) error {
	var err error
	if overwrite {
		err = os.Rename(tmp, dst)
	} else if err = os.Link(tmp, dst); errors.Is(err, os.ErrExist) {
		return fmt.Errorf("%s: %w", dst, ErrExists)
	}
	if err != nil {
		return fmt.Errorf("%s schreiben: %w", dst, err)
	}
	return syncDir(filepath.Dir(dst))
}

// removeDatabase removes a database file and the files SQLite keeps beside it.
func removeDatabase(path string) {
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal"} {
		os.Remove(p)
	}
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// syncDir makes a rename in dir durable; file systems that cannot sync a
// folder (some network shares) are let be.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	_ = f.Sync()
	return nil
}

// copyFile copies src to the existing file dst and syncs it.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("%s lesen: %w", src, err)
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("%s kopieren: %w", src, err)
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
