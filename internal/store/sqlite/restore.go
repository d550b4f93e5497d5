package sqlite

import (
	"context"
	"errors"
	"fmt"
	"os"
)

// Restore puts the backup at src in place of the database at dst. It works
// on a copy beside dst: the copy is checked (an intact Notenrechner
// database, a schema this build knows), migrated to this build's schema and
// only then renamed over dst, so dst is either the old database or the whole
// restored one, never a mix. An existing dst is replaced only with overwrite,
// and never while a process has it open: a server would go on with the old
// file's pages and its WAL would be applied to the new file. The old dst's
// -wal and -shm go with it. It returns the backup as found and as restored.
func Restore(ctx context.Context, src, dst string, overwrite bool) (found, restored Summary, err error) {
	if wal, err := os.Stat(src + "-wal"); err == nil && wal.Size() > 0 {
		return found, restored, fmt.Errorf("%s: %w", src, ErrOpenDatabase)
	}
	if err := refuseExisting(dst, overwrite); err != nil {
		return found, restored, err
	}
	if err := claim(ctx, dst); err != nil {
		return found, restored, err
	}
	tmp, err := tempBeside(dst)
	if err != nil {
		return found, restored, err
	}
	defer removeDatabase(tmp)
	if err := copyFile(src, tmp); err != nil {
		return found, restored, err
	}
	if found, err = settle(ctx, tmp); err != nil {
		return found, restored, fmt.Errorf("%s: %w", src, err)
	}
	if err := migrateFile(ctx, tmp); err != nil {
		return found, restored, err
	}
	if restored, err = settle(ctx, tmp); err != nil {
		return found, restored, err
	}
	keepOwner(tmp, dst)
	for _, p := range []string{dst + "-wal", dst + "-shm", dst + "-journal"} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return found, restored, fmt.Errorf("%s entfernen: %w", p, err)
		}
	}
	return found, restored, place(tmp, dst, true)
}

// claim makes sure no process has the database at path open, by leaving WAL
// mode: that needs the file to itself, and every open connection of a WAL
// database holds a shared lock on it for as long as it is open (an idle
// server too). It checkpoints the WAL into the file, which Restore then
// replaces. A missing path is fine; a file that is no SQLite database is
// not replaced.
func claim(ctx context.Context, path string) error {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	db, err := openExisting(path)
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "PRAGMA busy_timeout=0"); err != nil {
		return err
	}
	var mode string
	err = db.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode)
	if isBusy(err) || (err == nil && mode != "delete") {
		return fmt.Errorf("%s: %w", path, ErrInUse)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, classify(err))
	}
	return db.Close()
}

// migrateFile runs this build's migrations on the file, as a start would.
func migrateFile(ctx context.Context, path string) error {
	s, err := Open(ctx, path, Options{})
	if err != nil {
		return err
	}
	return s.Close()
}

// keepOwner gives the restored file the mode and, where allowed, the owner
// of the database it replaces, so that the service account can still open
// it when root ran the restore.
func keepOwner(tmp, dst string) {
	info, err := os.Stat(dst)
	if err != nil {
		return
	}
	_ = os.Chmod(tmp, info.Mode().Perm())
	chownLike(tmp, info)
}
