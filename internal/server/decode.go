package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// maxBodyBytes bounds every request body (SPEC §6).
const maxBodyBytes = 64 << 10

var (
	errTooLarge    = &apiError{http.StatusRequestEntityTooLarge, "too_large", "Die Anfrage ist zu groß (höchstens 64 KiB).", nil}
	errInvalidJSON = &apiError{http.StatusBadRequest, "invalid_json", "Die Anfrage ist kein gültiges JSON.", nil}
)

// limitBodies caps every request body, so that no handler can be made to
// read without bound.
func limitBodies(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads the whole (limited) body; a body over the limit is a 413.
func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(r.Body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errTooLarge
	}
	if err != nil {
		return nil, errInvalidJSON
	}
	return body, nil
}

// decodeJSON reads a small JSON object into v.
func decodeJSON(r *http.Request, v any) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return errInvalidJSON
	}
	return nil
}

// fieldErrors is a 422 with German messages at the named fields, or nil.
func fieldErrors(fields map[string]string) error {
	for k, v := range fields {
		if v == "" {
			delete(fields, k)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	return &apiError{http.StatusUnprocessableEntity, "validation_failed", "Bitte die markierten Felder prüfen.", fields}
}
