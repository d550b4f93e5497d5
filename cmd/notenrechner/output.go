package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// writeJSON prints a command's answer as one line of JSON, as every computing command does
// (grade, table, zeugnisnote, abitur, fehlerquotient).
func writeJSON(w io.Writer, v any) error {
	out, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("Ergebnis kodieren: %w", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", out)
	return err
}

// refusedFlags names each refused field by its flag ("--fehler: …"), in the order given (the help's).
func refusedFlags(fields map[string]string, order ...string) []string {
	var parts []string
	for _, name := range order {
		if msg, ok := fields[name]; ok {
			parts = append(parts, "--"+name+": "+msg)
		}
	}
	return parts
}

// fileProblem says in German what is wrong with a file a command was given to read or write, for the
// mistakes people make (a path that does not exist, a folder, a file of another user); any other
// cause follows in parentheses.
func fileProblem(path string, err error) string {
	if fi, statErr := os.Stat(path); statErr == nil && fi.IsDir() {
		return shown(path) + " ist ein Ordner, keine Datei"
	}
	path = shown(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return path + " gibt es nicht"
	case errors.Is(err, fs.ErrPermission):
		return path + " darf dieses Konto nicht lesen oder schreiben"
	}
	return fmt.Sprintf("%s (%v)", path, err)
}

// folderProblem is fileProblem for the folder a new file goes into.
func folderProblem(dir string, err error) string {
	dir = shown(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "den Ordner " + dir + " gibt es nicht"
	case errors.Is(err, fs.ErrPermission):
		return "in den Ordner " + dir + " darf dieses Konto nicht schreiben"
	}
	return fmt.Sprintf("%s (%v)", dir, err)
}
