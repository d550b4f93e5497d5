package sqlite

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/notenrechner/notenrechner/internal/store"
)

// NewSchoolHome names a new file for a school (store.School.Home) of the deployment whose database is at
// mainPath: "<name>-schools/<random>.db" in slashes, relative to that database's folder, so that the
// folder can move as a whole. The name is new every time: a school never opens a file another school
// left behind (removed, or restored from a backup that did not know it).
func NewSchoolHome(mainPath string) string {
	stem := strings.TrimSuffix(filepath.Base(mainPath), filepath.Ext(mainPath))
	return path.Join(stem+"-schools", randomHex()+".db")
}

// randomHex is 16 random hexadecimal digits.
func randomHex() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// SchoolPath is where the file of a school's home is, or an error for a home that is not a path
// inside the deployment's folder (the registry is read, not trusted).
func SchoolPath(mainPath, home string) (string, error) {
	p := filepath.FromSlash(home)
	if home == "" || !filepath.IsLocal(p) {
		return "", fmt.Errorf("„%s“ ist keine Datei einer Schule (ein Pfad im Ordner der Datenbank)", home)
	}
	return filepath.Join(filepath.Dir(mainPath), p), nil
}

// RemoveFiles deletes a database file with its -wal and -shm files, and its folder once that is
// empty. Missing files are no error: a removal that was cut short can be run again.
func RemoveFiles(p string) error {
	for _, f := range []string{p + "-wal", p + "-shm", p} {
		if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sqlite: remove %s: %w", f, err)
		}
	}
	dir := filepath.Dir(p)
	if left, err := os.ReadDir(dir); err == nil && len(left) == 0 {
		if err := os.Remove(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("sqlite: remove %s: %w", dir, err)
		}
	}
	return nil
}

// ReadSchools reads the registry of the database file at path without writing to it (backup and
// restore must not change what they copy): a database of a release before several schools has none.
func ReadSchools(ctx context.Context, path string) ([]store.School, error) {
	db, err := openExisting(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schools'").Scan(&n); err != nil {
		return nil, fmt.Errorf("%s: %w", path, classify(err))
	}
	if n == 0 {
		return nil, nil
	}
	rows, err := db.QueryContext(ctx, "SELECT id, url, name, home FROM schools ORDER BY id")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rows.Close()
	var list []store.School
	for rows.Next() {
		var s store.School
		if err := rows.Scan(&s.ID, &s.URL, &s.Name, &s.Home); err != nil {
			return nil, err
		}
		list = append(list, s)
	}
	return list, rows.Err()
}

// SchoolBackupPath is where the backup written to dst keeps the file of the school with this id:
// "<dst's name>-schools/<id>.db" beside dst, so that each backup has its own schools.
func SchoolBackupPath(dst string, id int64) string {
	stem := strings.TrimSuffix(filepath.Base(dst), filepath.Ext(dst))
	return filepath.Join(filepath.Dir(dst), stem+"-schools", strconv.FormatInt(id, 10)+".db")
}

// BackupAlone is Backup of the database's own tables as a database of one school: the copy forgets
// the registry (and VACUUM drops the pages that held it), so that it serves alone and names no other
// school. It is what the first school of a deployment takes when it leaves or is backed up alone.
func BackupAlone(ctx context.Context, src, dst string, overwrite bool) (Summary, error) {
	return backup(ctx, src, dst, overwrite, func(tmp string) error {
		db, err := openExisting(tmp)
		if err != nil {
			return err
		}
		defer db.Close()
		if _, err := db.ExecContext(ctx, "DELETE FROM schools"); err != nil {
			return fmt.Errorf("%s: %w", tmp, err)
		}
		if _, err := db.ExecContext(ctx, "VACUUM"); err != nil {
			return fmt.Errorf("%s: %w", tmp, err)
		}
		return db.Close()
	})
}

// Check reads the backup at path, changing nothing, and says whether Restore would take it: intact, a
// Notenrechner database, not an open one. A restore of a deployment checks every school's file so
// before it replaces anything.
func Check(ctx context.Context, path string) (Summary, error) {
	if wal, err := os.Stat(path + "-wal"); err == nil && wal.Size() > 0 {
		return Summary{}, fmt.Errorf("%s: %w", path, ErrOpenDatabase)
	}
	db, err := openExisting(path)
	if err != nil {
		return Summary{}, err
	}
	defer db.Close()
	sum, err := inspect(ctx, db)
	if err != nil {
		return Summary{}, fmt.Errorf("%s: %w", path, err)
	}
	return sum, nil
}
