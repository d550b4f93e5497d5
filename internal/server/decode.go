package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"reflect"
	"strings"
	"unicode/utf8"
)

// maxBodyBytes bounds every request body (docs/spec.md §6).
const maxBodyBytes = 64 << 10

// MaxURLBytes bounds the request target (path and query). The longest
// legitimate one is a one-time link's path (about 80 bytes) or a grade query;
// 4 KiB leaves room and answers a longer one with a JSON 414 before any
// handler parses it (serve's http.Server reads up to 32 KiB of request line
// and headers, so such a request gets this far).
const MaxURLBytes = 4 << 10

// Field messages of request bodies; the same words as the configuration
// document's (internal/grading), so that the admin page shows one style.
const (
	msgUnknownField = "Unbekanntes Feld."
	msgDuplicate    = "Doppelt angegeben."
	msgNotText      = "Muss ein Text sein."
)

// limitBodies caps every request body, so that no handler can be made to
// read without bound, and refuses over-long addresses before any handler
// parses their query.
func limitBodies(logger *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if len(r.RequestURI) > MaxURLBytes || len(r.URL.RawQuery)+len(r.URL.Path) > MaxURLBytes {
			writeError(w, r, logger, errURLTooLong)
			return
		}
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, maxBodyBytes)
		}
		next.ServeHTTP(w, r)
	})
}

// readBody reads the whole (limited) body of a JSON request; a body over the
// limit is a 413, any type but application/json (UTF-8) a 415.
func readBody(r *http.Request) ([]byte, error) {
	if !isJSON(r.Header.Get("Content-Type")) {
		return nil, errMediaType
	}
	body, err := io.ReadAll(r.Body)
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return nil, errTooLarge
	}
	// JSON is UTF-8 (RFC 8259); encoding/json would quietly turn invalid
	// bytes into U+FFFD and store text nobody typed.
	if err != nil || !utf8.Valid(body) {
		return nil, errInvalidJSON
	}
	return body, nil
}

func isJSON(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

// decodeJSON reads a small JSON object into v, a pointer to a struct of
// string fields. It is as strict as the configuration document: the top
// level must be an object, and a member that is unknown (names match
// exactly, unlike encoding/json), repeated or not a string is a 422 at that
// field, so that no request is half understood.
func decodeJSON(r *http.Request, v any) error {
	body, err := readObject(r, v)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			return fieldErrors(map[string]string{te.Field: msgNotText})
		}
		return errInvalidJSON
	}
	return nil
}

// readObject reads a JSON object whose members are all among v's fields
// (a pointer to a struct), each once; the caller decodes it.
func readObject(r *http.Request, v any) ([]byte, error) {
	body, err := readBody(r)
	if err != nil {
		return nil, err
	}
	if !json.Valid(body) {
		return nil, errInvalidJSON
	}
	keys, ok := topLevelKeys(body)
	if !ok {
		return nil, errNotObject
	}
	allowed := jsonNames(v)
	fields := map[string]string{}
	seen := map[string]bool{}
	for _, k := range keys {
		switch {
		case !allowed[k]:
			fields[k] = msgUnknownField
		case seen[k]:
			fields[k] = msgDuplicate
		}
		seen[k] = true
	}
	return body, fieldErrors(fields)
}

// topLevelKeys lists the member names of a valid JSON document, in order and
// with repeats, or reports that it is not an object.
func topLevelKeys(body []byte) ([]string, bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var keys []string
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, false
		}
		keys = append(keys, t.(string))
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return nil, false
		}
	}
	return keys, true
}

// jsonNames are the member names the struct behind v accepts.
func jsonNames(v any) map[string]bool {
	t := reflect.TypeOf(v).Elem()
	names := make(map[string]bool, t.NumField())
	for i := range t.NumField() {
		if name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ","); name != "" && name != "-" {
			names[name] = true
		}
	}
	return names
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
	return errFields(fields)
}
