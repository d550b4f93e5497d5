package server

import (
	"bytes"
	"io/fs"
	"log/slog"
	"net/http"
	"path"
	"strings"
	"time"
)

// contentTypes holds the media types of the app's files that the mime package
// may not know (it falls back to the system's tables, which differ by machine).
var contentTypes = map[string]string{".webmanifest": "application/manifest+json"}

// handleApp serves the built web app. Files under assets/ carry a content
// hash in their names (Vite), so they may be cached for a year; every other
// path that is not a file is a route of the single-page app and gets
// index.html, which is never cached so that a new release shows at once.
func handleApp(assets fs.FS, logger *slog.Logger) http.Handler {
	files := http.FileServerFS(assets)
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
				if ct, ok := contentTypes[path.Ext(name)]; ok {
					w.Header().Set("Content-Type", ct)
				}
				files.ServeHTTP(w, r)
				return
			}
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r) // a missing file is not an app route
				return
			}
		}
		index, err := fs.ReadFile(assets, "index.html")
		if err != nil {
			logger.Error("web app missing: build it with `make build`", "err", err)
			http.Error(w, "Die Web-Oberfläche fehlt in diesem Build (make build).", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(index))
	})
}
