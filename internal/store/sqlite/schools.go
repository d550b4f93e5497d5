package sqlite

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// SchoolHome names the file of the school with this id (store.School.Home) for the deployment whose
// database is at mainPath: "<name>-schools/<id>.db" in slashes, relative to that database's folder,
// so that the folder can move as a whole.
func SchoolHome(mainPath string) func(id int64) string {
	stem := strings.TrimSuffix(filepath.Base(mainPath), filepath.Ext(mainPath))
	return func(id int64) string { return path.Join(stem+"-schools", strconv.FormatInt(id, 10)+".db") }
}

// SchoolPath is where the file of a school's home is, or an error for a home that is not a path
// inside the deployment's folder (the registry is read, not trusted).
func SchoolPath(mainPath, home string) (string, error) {
	p := filepath.FromSlash(home)
	if home == "" || !filepath.IsLocal(p) {
		return "", fmt.Errorf("sqlite: %q is no school's file", home)
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
