package main

import (
	"encoding/json"
	"fmt"
	"io"
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
