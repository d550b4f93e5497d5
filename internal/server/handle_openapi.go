package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/notenrechner/notenrechner/api"
	"github.com/notenrechner/notenrechner/web"
)

// handleOpenAPI serves the embedded contract as JSON (what tools and the docs page read), with a
// strong ETag so that a client revalidates it with a 304. It is converted on the first request,
// not at start: most instances never serve it.
func handleOpenAPI(logger *slog.Logger) http.Handler {
	load := sync.OnceValues(func() ([]byte, error) { return OpenAPIJSON(api.YAML) })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		doc, err := load()
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		if notModified(w, r, doc) {
			return
		}
		writeJSONBytes(w, http.StatusOK, doc)
	})
}

// handleAPIDocs serves the page that renders the contract for people (web/api-docs/index.html,
// built into the assets next to the Redoc bundle it loads from this server). One small page: it
// is sent whole (no ranges, no precompressed variants), revalidated by its ETag.
func handleAPIDocs(assets fs.FS, logger *slog.Logger) http.Handler {
	const page = "api-docs/index.html"
	load := sync.OnceValues(func() ([]byte, error) { return fs.ReadFile(assets, page) })
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		html, err := load()
		if err != nil {
			logger.Error("API docs missing: build the web app with `make build`", "err", err)
			http.Error(w, "Die API-Dokumentation fehlt in diesem Build (make build).", http.StatusServiceUnavailable)
			return
		}
		if notModified(w, r, html) {
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(html)
	})
}

// notModified gives body a strong ETag (its hash) and no-cache, and answers 304 when the client's
// copy is current; the caller writes the body only when it returns false.
func notModified(w http.ResponseWriter, r *http.Request, body []byte) bool {
	sum := sha256.Sum256(body)
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", "no-cache")
	if web.ETagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return true
	}
	return false
}

// OpenAPIJSON converts the YAML contract to JSON, keeping the order of every mapping (paths and
// properties read in the order they were written, in the docs as in the file).
func OpenAPIJSON(doc []byte) ([]byte, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(doc, &root); err != nil {
		return nil, fmt.Errorf("openapi: parse: %w", err)
	}
	var buf bytes.Buffer
	if err := writeNode(&buf, &root); err != nil {
		return nil, fmt.Errorf("openapi: convert: %w", err)
	}
	return buf.Bytes(), nil
}

func writeNode(buf *bytes.Buffer, n *yaml.Node) error {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) != 1 {
			return fmt.Errorf("line %d: want one document", n.Line)
		}
		return writeNode(buf, n.Content[0])
	case yaml.AliasNode:
		return writeNode(buf, n.Alias)
	case yaml.MappingNode:
		buf.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			if i > 0 {
				buf.WriteByte(',')
			}
			key, err := json.Marshal(n.Content[i].Value) // keys are text in JSON, also "200" and "1"
			if err != nil {
				return err
			}
			buf.Write(key)
			buf.WriteByte(':')
			if err := writeNode(buf, n.Content[i+1]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case yaml.SequenceNode:
		buf.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeNode(buf, c); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	default:
		var v any
		if err := n.Decode(&v); err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		b, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("line %d: %w", n.Line, err)
		}
		buf.Write(b)
	}
	return nil
}
