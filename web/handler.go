package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// contentTypes holds the media types of the app's files that the mime package
// may not know (it falls back to the system's tables, which differ by machine).
var contentTypes = map[string]string{
	".webmanifest": "application/manifest+json",
	".woff2":       "font/woff2",
}

// Handler serves the built web app (Dist, or a test's files). Files under assets/ carry a content
// hash in their names (Vite), so they may be cached for a year; every other
// path that is not a file is a route of the single-page app and gets
// index.html, which is never cached so that a new release shows at once.
// The build writes name.br and name.gz next to each text file (vite.config.ts);
// they are sent as they are to a browser that accepts them (negotiate).
// With config (nil: none), index.html carries the configuration the address names (page.go);
// slots is how many addresses can have one at once (every scale and the default), the size of the
// cache of rendered pages.
// With render (nil: none) the page also carries the calculator's markup (render.go).
func Handler(assets fs.FS, logger *slog.Logger, config PageConfig, slots int, render Renderer) http.Handler {
	tags, pages, withInputs := &etags{}, &pageCache{slots: slots}, &pageCache{slots: inputPages}
	// The admin's page and the not-found page carry the configuration but never the calculator's
	// markup; their pages are kept apart, since the caches above are keyed by the address's scale and
	// query alone and one page would otherwise serve both kinds of address.
	others := &pageCache{slots: slots}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Methode nicht erlaubt.", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "." && name != "index.html" {
			if info, err := fs.Stat(assets, name); err == nil && !info.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache") // also sw.js: a new release's worker at once
				}
				serveFile(w, r, assets, name, tags, logger)
				return
			}
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r) // a missing file is not an app route
				return
			}
		}
		if _, err := fs.Stat(assets, "index.html"); err != nil {
			logger.Error("web app missing: build it with `make build`", "err", err)
			http.Error(w, "Die Web-Oberfläche fehlt in diesem Build (make build).", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		// The service worker precaches /index.html and answers every later navigation with it, offline
		// and online: a block in that copy would be the configuration of the day it was cached, maybe of
		// a scale that is no longer the default (versions count per scale). So that copy has none, and a
		// page from the worker starts from the kept configuration and the stream, as before the block.
		if config != nil && name != "index.html" {
			q := r.URL.Query()
			slug := AddressSlug(q.Get(SlugParam))
			if data, version, ok := config(r.Context(), slug); ok {
				search, inputs, renderable := pageSearch(q)
				cache, markup := pages, pageMarkup(render, name, search, slug, data, renderable)
				if inputs {
					cache = withInputs
				}
				if name != "" && name != "." {
					cache = others
				}
				page, err := cache.get(assets, slug+search, slug, data, version, markup)
				if err == nil {
					page.serve(w, r)
					return
				}
				logger.Error("page without its configuration", "err", err) // the stream still brings it
			}
		}
		serveFile(w, r, assets, "index.html", tags, logger)
	})
}

// inputPages bounds the rendered pages of addresses with inputs kept at once (/?gesamt=40&erreicht=30):
// links that teachers share, a few in use at a time; any other is rendered again when asked for.
const inputPages = 64

// pageMarkup is how the page of an address gets its markup: none without a renderer, none for an
// address that is not the calculator's or has inputs too long to render.
func pageMarkup(render Renderer, name, search, slug string, data []byte, renderable bool) func() (string, bool) {
	if render == nil || name != "" && name != "." {
		return nil
	}
	if !renderable {
		return func() (string, bool) { return "", true } // kept without markup: it never gets one
	}
	return func() (string, bool) { return render.Render("/", search, slug, data) }
}

// encodings are the precompressed variants, in the order preferred when the browser weighs them equally.
var encodings = []struct{ token, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// serveFile sends name, or its precompressed variant chosen by Accept-Encoding, with the type of
// name and an exact Content-Length (and Range support for the plain file, http.ServeContent). Vary is set whenever a
// variant exists, so that a cache keeps the encodings apart.
func serveFile(w http.ResponseWriter, r *http.Request, assets fs.FS, name string, tags *etags, logger *slog.Logger) {
	var have []string
	for _, e := range encodings {
		if _, err := fs.Stat(assets, name+e.ext); err == nil {
			have = append(have, e.token)
		}
	}
	file := name
	if len(have) > 0 {
		w.Header().Add("Vary", "Accept-Encoding")
		if coding := negotiate(r.Header.Values("Accept-Encoding"), have); coding != "" {
			for _, e := range encodings {
				if e.token == coding {
					file = name + e.ext
				}
			}
			w.Header().Set("Content-Encoding", coding)
		}
	}
	ctype, known := contentTypes[path.Ext(name)]
	if !known {
		ctype = mime.TypeByExtension(path.Ext(name))
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	fail := func(err error) {
		logger.Error("web app file unreadable", "file", file, "err", err)
		w.Header().Del("Content-Encoding")
		http.Error(w, "Datei nicht lesbar.", http.StatusInternalServerError)
	}
	f, err := assets.Open(file)
	if err != nil {
		fail(err)
		return
	}
	defer f.Close()
	content, ok := f.(io.ReadSeeker) // embed.FS files seek
	if !ok {
		data, err := io.ReadAll(f)
		if err != nil {
			fail(err)
			return
		}
		content = bytes.NewReader(data)
	}
	// An ETag per file and encoding lets a browser revalidate the no-cache files (index.html, sw.js,
	// the manifest) with a 304 instead of downloading them again.
	tag, err := tags.of(file, content)
	if err != nil {
		fail(err)
		return
	}
	w.Header().Set("ETag", tag)
	if file == name {
		http.ServeContent(w, r, name, time.Time{}, content) // Range, Content-Length, If-None-Match
		return
	}
	if ETagMatches(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	// ServeContent leaves out Content-Length once Content-Encoding is set; the variant's length is
	// known, and a Range over compressed bytes is of no use to a browser, so send it whole.
	size, err := content.Seek(0, io.SeekEnd)
	if err == nil {
		_, err = content.Seek(0, io.SeekStart)
	}
	if err != nil {
		fail(err)
		return
	}
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		if _, err := io.Copy(w, content); err != nil {
			logger.Debug("web app file not sent whole", "file", file, "err", err)
		}
	}
}

// negotiate picks the content coding to send from the Accept-Encoding header values (RFC 9110
// §12.5.3): the available coding with the highest weight, "*" standing for codings not named,
// q=0 refusing one, ties going to the order of encodings (brotli before gzip). "" means identity.
func negotiate(header []string, available []string) string {
	weights := map[string]float64{}
	star := -1.0
	for _, line := range header {
		for _, part := range strings.Split(line, ",") {
			token, q := parseCoding(part)
			switch token {
			case "":
			case "*":
				star = q
			default:
				weights[token] = q
			}
		}
	}
	best, bestQ := "", 0.0
	for _, e := range encodings {
		if !slices.Contains(available, e.token) {
			continue
		}
		q, named := weights[e.token]
		if !named {
			q = max(star, 0)
		}
		if q > bestQ {
			best, bestQ = e.token, q
		}
	}
	return best
}

// parseCoding reads one "coding;q=0.5" element; a missing or unreadable weight counts as 1.
func parseCoding(part string) (string, float64) {
	token, params, _ := strings.Cut(part, ";")
	token = strings.ToLower(strings.TrimSpace(token))
	if token == "x-gzip" {
		token = "gzip"
	}
	q := 1.0
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
		if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
			q = parseQ(strings.TrimSpace(v))
		}
	}
	return token, q
}

// parseQ reads a qvalue ("0", "0.5", "1.000"); anything else is treated as 1 (lenient, as browsers send only valid ones).
func parseQ(v string) float64 {
	if v == "" || (v[0] != '0' && v[0] != '1') {
		return 1
	}
	q, scale := float64(v[0]-'0'), 0.1
	if len(v) > 1 {
		if v[1] != '.' {
			return 1
		}
		for _, c := range v[2:] {
			if c < '0' || c > '9' {
				return 1
			}
			q += float64(c-'0') * scale
			scale /= 10
		}
	}
	return min(q, 1)
}

// etags remembers a strong ETag per embedded file: the files never change while the process runs.
type etags struct{ byFile sync.Map }

// of returns file's ETag, hashing content (and seeking it back to its start) the first time.
func (t *etags) of(file string, content io.ReadSeeker) (string, error) {
	if tag, ok := t.byFile.Load(file); ok {
		return tag.(string), nil
	}
	h := sha256.New()
	if _, err := io.Copy(h, content); err != nil {
		return "", err
	}
	if _, err := content.Seek(0, io.SeekStart); err != nil {
		return "", err
	}
	tag := `"` + hex.EncodeToString(h.Sum(nil)[:12]) + `"`
	t.byFile.Store(file, tag)
	return tag, nil
}

// ETagMatches implements the weak comparison of If-None-Match (RFC 9110
// §13.1.2): a list of tags, W/ prefixes ignored, or "*". The API's
// conditional answers use it too, and so it allocates nothing: pages whose
// stream was refused ask with If-None-Match every few seconds, thousands.
func ETagMatches(header, etag string) bool {
	for rest, more := header, true; more; {
		var candidate string
		candidate, rest, more = strings.Cut(rest, ",")
		candidate = strings.TrimPrefix(strings.TrimSpace(candidate), "W/")
		if candidate == "*" || candidate == etag {
			return true
		}
	}
	return false
}
