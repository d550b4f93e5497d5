package web

import (
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/dop251/goja"
)

// The calculator's page arrives with the calculator in it: the server runs the app's own components
// through React's server renderer (web/src/entry-server.tsx, built by `npm run build` into
// ssr-dist/render.js) in goja, a JavaScript engine in Go, so the binary stays one static file and the
// markup has one source. The browser paints it before any JavaScript has arrived, and the app takes
// it over (hydration) instead of building it again. Renders are cached with the page (page.go): the
// engine runs once per scale and version, and once per address with inputs (/?gesamt=40&erreicht=30).

//go:embed all:ssr-dist
var ssrDist embed.FS

// Renderer gives the markup of the page's root element for an address, or ok false when it has
// none: the page then goes out as before, and the app renders it in the browser.
type Renderer interface {
	Render(path, search, slug string, data []byte) (markup string, ok bool)
}

// renderTimeout bounds one render; the engine is stopped after it (a bug must not hold a request).
const renderTimeout = 2 * time.Second

// renderPasses: a render that meets a lazily loaded component not yet loaded leaves the fallback in
// its place (a client-rendered boundary, "<!--$!-->"); its module loads between two passes, so the
// second pass is complete. More passes than lazy levels on one path would mean a part that never loads.
const renderPasses = 3

// ScriptRenderer runs the render bundle in one engine, one render at a time. A render asked for
// while another runs is not waited for: that page goes out without markup (still correct, only
// slower to paint), so a burst of new addresses never queues requests behind the engine.
type ScriptRenderer struct {
	script string
	logger *slog.Logger

	mu     sync.Mutex
	vm     *goja.Runtime
	render goja.Callable
	failed error // the bundle does not run here: every page goes out without markup
}

// NewScriptRenderer returns the renderer of the embedded bundle, or nil when the build has none
// (a `go build` without `npm run build`); the engine starts at the first render.
func NewScriptRenderer(logger *slog.Logger) *ScriptRenderer {
	script, err := ssrDist.ReadFile("ssr-dist/render.js")
	if err != nil {
		logger.Warn("page without server render: ssr-dist/render.js missing (make build)")
		return nil
	}
	return &ScriptRenderer{script: string(script), logger: logger}
}

// Render implements Renderer.
func (r *ScriptRenderer) Render(path, search, slug string, data []byte) (string, bool) {
	if !r.mu.TryLock() {
		return "", false
	}
	defer r.mu.Unlock()
	if r.render == nil && r.failed == nil {
		r.failed = r.start()
		if r.failed != nil {
			r.logger.Error("page without server render: the render bundle does not run", "err", r.failed)
		}
	}
	if r.failed != nil {
		return "", false
	}
	stop := time.AfterFunc(renderTimeout, func() { r.vm.Interrupt("render timeout") })
	defer stop.Stop()
	var slugValue goja.Value = goja.Null()
	if slug != "" {
		slugValue = r.vm.ToValue(slug)
	}
	for range renderPasses {
		out, err := r.render(goja.Undefined(), r.vm.ToValue(path), r.vm.ToValue(search), slugValue, r.vm.ToValue(string(data)))
		if err != nil {
			r.vm.ClearInterrupt()
			r.logger.Error("page without server render", "err", err, "slug", slug)
			return "", false
		}
		markup := out.String()
		if markup == "" || !strings.Contains(markup, "<!--$!-->") {
			return markup, markup != ""
		}
	}
	r.logger.Error("page without server render: a part stays unloaded", "slug", slug)
	return "", false
}

func (r *ScriptRenderer) start() error {
	vm := goja.New()
	if _, err := vm.RunScript("render.js", r.script); err != nil {
		return err
	}
	exports := vm.Get("NotenrechnerSSR")
	if exports == nil || goja.IsUndefined(exports) {
		return errors.New("render.js defines no NotenrechnerSSR")
	}
	render, ok := goja.AssertFunction(exports.ToObject(vm).Get("render"))
	if !ok {
		return errors.New("NotenrechnerSSR.render is not a function")
	}
	r.vm, r.render = vm, render
	return nil
}

// maxInputLength bounds each input of an address that is rendered with its inputs: longer ones are
// no points anyone types, and the page then goes out without markup.
const maxInputLength = 24

// pageSearch is the query that the render sees, made only of what the page's first render reads
// (the scale, the two inputs, docs/spec.md §2, and the key for this test, §10), in a fixed order, so that one address is rendered
// once whatever else its query holds. ok is false when an input is too long to render.
func pageSearch(q url.Values) (search string, inputs bool, ok bool) {
	var b strings.Builder
	for _, name := range []string{SlugParam, "stand", "bestehen", "beste", "rundung", "punkte", "gesamt", "erreicht"} {
		vs, present := q[name]
		if !present {
			continue
		}
		v := vs[0]
		if name != SlugParam {
			inputs = true
			if len(v) > maxInputLength {
				return "", true, false
			}
		}
		if b.Len() == 0 {
			b.WriteByte('?')
		} else {
			b.WriteByte('&')
		}
		fmt.Fprintf(&b, "%s=%s", name, url.QueryEscape(v))
	}
	return b.String(), inputs, true
}
