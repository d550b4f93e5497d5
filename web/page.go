package web

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"sync"
)

// PageConfig returns the configuration that a page address names (slug, from ?schluessel=; ""
// for the default): the public JSON that GET /api/v1/config answers with, and its version. ok is
// false when there is none yet; the page then waits for the stream as before.
type PageConfig func(ctx context.Context, slug string) (data []byte, version int64, ok bool)

// ConfigElementID is the id of the block in index.html that carries the configuration: a
// <script type="application/json">, which the browser does not run, so the Content-Security-Policy
// stays script-src 'self'. The app reads it at start (web/src/lib/embedded-config.ts) and shows the
// form and the table at its first render, without waiting for the stream.
const ConfigElementID = "notenrechner-config"

// SlugParam is the query parameter of the page address that names a grading scale.
const SlugParam = "schluessel"

// renderedPage is index.html with one configuration in it, plain and gzip-compressed (brotli is
// not in the standard library; the precompressed .br of the plain shell cannot carry the block).
type renderedPage struct {
	plain, gz []byte
	tag       string // strong ETag of the plain bytes; the gzip variant's is derived from it
}

// pageCache renders index.html with a configuration once per address slug and configuration: a
// slug's entry is replaced when its configuration changes (a new version, or the default moved).
// Rendering (a gzip at best compression) runs outside the lock, so a miss on one slug never holds
// up the others; two misses on the same slug at once may render twice, and the later one stays.
type pageCache struct {
	// slots bounds the rendered pages kept: one per address slug that has a configuration, which
	// is every scale (archived ones have none) and "" for the default. The server sets it to that
	// number, so the pages in use always fit and a miss means a new version, not a page pushed
	// out by another scale's.
	slots  int
	mu     sync.Mutex
	bySlug map[string]cachedPage
}

type cachedPage struct {
	data    string // the configuration the page carries
	version int64
	page    *renderedPage
}

// get returns index.html of assets with data, the configuration of slug, embedded, and the markup
// that markup gives for it (none when it gives none, or when markup is nil). key names the address
// (the slug, and the rendered query); a page whose render was skipped is not kept, so the next
// request for it tries again.
func (c *pageCache) get(assets fs.FS, key, slug string, data []byte, version int64, markup func() (string, bool)) (*renderedPage, error) {
	c.mu.Lock()
	e, ok := c.bySlug[key]
	c.mu.Unlock()
	if ok && e.version == version && e.data == string(data) {
		return e.page, nil
	}
	shell, err := fs.ReadFile(assets, "index.html")
	if err != nil {
		return nil, err
	}
	root, rendered := "", markup == nil
	if markup != nil {
		root, rendered = markup()
	}
	p, err := renderPage(assets, shell, slug, data, version, root)
	if err != nil || !rendered {
		return p, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.bySlug == nil {
		c.bySlug = make(map[string]cachedPage)
	}
	if _, ok := c.bySlug[key]; !ok && len(c.bySlug) >= max(c.slots, 1) {
		for other := range c.bySlug { // more addresses than slots: any one
			delete(c.bySlug, other)
			break
		}
	}
	c.bySlug[key] = cachedPage{data: string(data), version: version, page: p}
	return p, nil
}

// renderPage puts data into shell as the configuration block, just before </head>. The JSON is
// escaped for HTML (<, >, & and U+2028/2029 become \u escapes), so nothing in it can end the
// script element early. The block names the slug it answers (data-schluessel), because the
// service worker precaches the page of the plain address and serves it for every address: the app
// uses a block only on the address it was made for.
func renderPage(assets fs.FS, shell []byte, slug string, data []byte, version int64, markup string) (*renderedPage, error) {
	if !json.Valid(data) {
		return nil, errors.New("web: the configuration to embed is not JSON")
	}
	at := bytes.LastIndex(shell, []byte("</head>"))
	if at < 0 {
		return nil, errors.New("web: index.html has no </head>")
	}
	var b bytes.Buffer
	b.Grow(len(shell) + len(data) + len(markup) + 80)
	b.Write(shell[:at])
	fmt.Fprintf(&b, `<script type="application/json" id="%s" data-%s="%s">`, ConfigElementID, SlugParam, html.EscapeString(slug))
	json.HTMLEscape(&b, data)
	b.WriteString("</script>")
	b.Write(shell[at:])
	plain := b.Bytes()
	if markup != "" {
		plain = withMarkup(assets, plain, markup)
	}
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := zw.Write(plain); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(plain)
	tag := `"v` + strconv.FormatInt(version, 10) + "-" + hex.EncodeToString(sum[:9]) + `"`
	return &renderedPage{plain: plain, gz: gz.Bytes(), tag: tag}, nil
}

// rootElement is the app's mount point in index.html, empty until the app renders into it.
const rootElement = `<div id="root"></div>`

// stylesheet matches the app's one stylesheet link that the build writes into index.html.
var stylesheet = regexp.MustCompile(`<link rel="stylesheet"[^>]* href="/(assets/[^"]+\.css)">`)

// withMarkup puts the rendered markup into the root element, and the app's styles into the page in
// place of their link: a page painted before its JavaScript needs them at once, and a stylesheet
// fetched after the HTML would hold the first paint back by a round trip (the CSP allows inline
// styles). Without a root element to fill, the page stays as it is.
func withMarkup(assets fs.FS, page []byte, markup string) []byte {
	at := bytes.Index(page, []byte(rootElement))
	if at < 0 {
		return page
	}
	var b bytes.Buffer
	b.Grow(len(page) + len(markup) + 48*1024)
	head := page[:at]
	if m := stylesheet.FindSubmatchIndex(head); m != nil {
		css, err := fs.ReadFile(assets, string(head[m[2]:m[3]]))
		if err == nil && !bytes.Contains(css, []byte("</")) {
			b.Write(head[:m[0]])
			b.WriteString("<style>")
			b.Write(css)
			b.WriteString("</style>")
			head = head[m[1]:]
		}
	}
	b.Write(head)
	b.WriteString(`<div id="root">`)
	b.WriteString(markup)
	b.WriteString(`</div>`)
	b.Write(page[at+len(rootElement):])
	return b.Bytes()
}

// serve sends the page, gzip-compressed when the browser takes it, or 304 when it has it.
func (p *renderedPage) serve(w http.ResponseWriter, r *http.Request) {
	body, tag := p.plain, p.tag
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if negotiate(r.Header.Values("Accept-Encoding"), []string{"gzip"}) == "gzip" {
		body, tag = p.gz, tag[:len(tag)-1]+`-gzip"`
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("ETag", tag)
	if ETagMatches(r.Header.Get("If-None-Match"), tag) {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
