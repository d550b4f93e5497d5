package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlite"
)

// Backups of a deployment of several schools (SQLite): the whole deployment is the main file's
// backup with each school of its own file beside it (sqlite.SchoolBackupPath); one school alone is
// a database of one school.

// backupSchools writes the file of every school the backup at to lists; the backup's own registry
// says which, so that a school added meanwhile is in the next backup, not half in this one.
func backupSchools(ctx context.Context, path, to string, force bool, stdout io.Writer) error {
	schools, err := sqlite.ReadSchools(ctx, to)
	if err != nil {
		return fmt.Errorf("Sicherung der Schulen: %w", err)
	}
	for _, sch := range schools {
		if sch.Home == "" {
			continue // in the main file
		}
		src, err := sqlite.SchoolPath(path, sch.Home)
		if err != nil {
			return err
		}
		dst := sqlite.SchoolBackupPath(to, sch.ID)
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		sum, err := sqlite.Backup(ctx, src, dst, force)
		if err != nil {
			return fmt.Errorf("Sicherung der Schule %s fehlgeschlagen: %w", sch.URL, err)
		}
		fmt.Fprintf(stdout, "Schule %s: %s (%s; geprüft).\n", sch.URL, dst, describe(sum))
	}
	return nil
}

// backupOneSchool writes one school's data as a database of that school alone.
func backupOneSchool(ctx context.Context, path, typed, to string, force bool, stdout io.Writer) error {
	schools, err := sqlite.ReadSchools(ctx, path)
	if err != nil {
		return err
	}
	sch, err := findSchool(schools, typed)
	if err != nil {
		return err
	}
	var sum sqlite.Summary
	if sch.Home == "" {
		sum, err = sqlite.BackupAlone(ctx, path, to, force)
	} else {
		var src string
		if src, err = sqlite.SchoolPath(path, sch.Home); err == nil {
			sum, err = sqlite.Backup(ctx, src, to, force)
		}
	}
	if err != nil {
		return fmt.Errorf("Sicherung fehlgeschlagen: %w", err)
	}
	fmt.Fprintf(stdout, "Sicherung der Schule %s geschrieben: %s (%s; geprüft). Sie läuft für sich: "+
		"notenrechner serve --db sqlite:%s\n", sch.URL, to, describe(sum), to)
	return nil
}

// schoolBackups lists the schools of the backup at from and checks, before anything is replaced, that
// each school's file is there and would be restored (intact, a Notenrechner database), and that no
// school's database would be replaced without force.
func schoolBackups(ctx context.Context, from, path string, force bool) ([]store.School, error) {
	schools, err := sqlite.ReadSchools(ctx, from)
	if err != nil {
		return nil, err
	}
	for _, sch := range schools {
		if sch.Home == "" {
			continue
		}
		src := sqlite.SchoolBackupPath(from, sch.ID)
		if _, err := os.Stat(src); err != nil {
			return nil, fmt.Errorf("die Sicherung der Schule %s fehlt (%s)", sch.URL, src)
		}
		if _, err := sqlite.Check(ctx, src); err != nil {
			return nil, fmt.Errorf("die Sicherung der Schule %s: %w", sch.URL, err)
		}
		dst, err := sqlite.SchoolPath(path, sch.Home)
		if err != nil {
			return nil, err
		}
		if _, err := os.Lstat(dst); err == nil && !force {
			return nil, fmt.Errorf("die Datenbank der Schule %s gibt es schon (%s): %w", sch.URL, dst, sqlite.ErrExists)
		}
	}
	return schools, nil
}

// restoreSchools puts each school's backup in place of its file.
func restoreSchools(ctx context.Context, schools []store.School, from, path string, force bool, stdout io.Writer) error {
	for _, sch := range schools {
		if sch.Home == "" {
			continue
		}
		dst, err := sqlite.SchoolPath(path, sch.Home)
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
			return err
		}
		if _, _, err := sqlite.Restore(ctx, sqlite.SchoolBackupPath(from, sch.ID), dst, force); err != nil {
			return fmt.Errorf("Wiederherstellung der Schule %s abgebrochen: %w", sch.URL, err)
		}
		fmt.Fprintf(stdout, "Schule %s wiederhergestellt: %s.\n", sch.URL, dst)
	}
	return nil
}
