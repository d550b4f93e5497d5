package sqlite

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// fileDSN is the driver's address of the database file at path with the query q: a file: URI, in
// which SQLite ends the name at "?" or "#" and decodes %XX. The path is escaped so that each of its
// characters names the file: "bk/s#1/n.db" would otherwise open "bk/s", and a backup of one database
// could copy another.
func fileDSN(path string, q url.Values) string {
	p := filepath.ToSlash(path)
	if filepath.VolumeName(path) != "" {
		p = "/" + p // file:///C:/… on Windows
	}
	dsn := "file:" + (&url.URL{Path: p}).EscapedPath()
	if strings.HasPrefix(p, "//") {
		dsn = "file://" + dsn[len("file:"):] // a UNC path or //x: the authority stays empty
	}
	if len(q) > 0 {
		dsn += "?" + q.Encode()
	}
	return dsn
}

// createPrivate makes the database file at path, readable and writable by its owner only, when it does
// not exist yet: it holds password and session hashes and the provider's state key. SQLite gives the
// -wal and -shm files it makes beside it the database file's mode.
//
// O_EXCL makes the file only where nothing is, not even a symbolic link (it does not follow one). A link
// whose target does not exist is refused: SQLite, which opens without O_EXCL, would follow it and create
// the target elsewhere with the umask's mode. A link to an existing file is the operator's choice and
// SQLite opens its target.
func createPrivate(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return refuseDanglingLink(path)
	}
	if err != nil {
		return fmt.Errorf("sqlite: create %s: %w", path, err)
	}
	return f.Close()
}

// refuseDanglingLink is an error when path is a symbolic link whose target cannot be found.
func refuseDanglingLink(path string) error {
	if fi, err := os.Lstat(path); err != nil || fi.Mode().Type() != fs.ModeSymlink {
		return nil
	}
	if _, err := os.Stat(path); err != nil {
		target, _ := os.Readlink(path)
		return fmt.Errorf("sqlite: %s is a symbolic link to %s, which does not exist (SQLite would create it "+
			"there, readable by others): remove the link or open the real path: %w", path, target, err)
	}
	return nil
}

// OpenToOthers lists the files of the database at path, and its folder, where other users of the
// machine may do more than they should, so that the server can say so at start-up:
//
//   - the database file and its -wal and -shm files when others may read or write them (mode&0o006):
//     they hold password and session hashes. Such a file was made before the database was created
//     private, or by hand. It is named even when the folder keeps others out, since a folder's mode
//     changes more easily than the files and a copy keeps the file's.
//   - the folder when others may write it (mode&0o002), sticky or not: they could remove or replace the
//     files (without the sticky bit) or plant one SQLite opens (a -wal it would replay) before the
//     server makes it (with it too). A folder others may only list and enter (0755) is no exposure:
//     the names are no secret and each file keeps its own bits.
//
// The group's bits are the operator's choice (a backup group, say) and never named.
func OpenToOthers(path string) []string {
	var open []string
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if fi, err := os.Stat(p); err == nil && fi.Mode().Perm()&0o006 != 0 {
			open = append(open, p)
		}
	}
	dir := filepath.Dir(path)
	if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o002 != 0 {
		open = append(open, dir)
	}
	return open
}
