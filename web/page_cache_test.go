package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testSlots is what the server passes for the page cache: every scale it may hold (100) and the default.
const testSlots = 101

func versionJSON(name string, version int64) []byte {
	return fmt.Appendf(nil, `{"version":%d,"config":{"name":%q}}`, version, name)
}

// Every scale and the default have their page kept at once: a second round over all of them
// renders nothing again (the cache used to start over at 64 pages, so 101 addresses in turn
// rendered every time).
func TestPageCacheKeepsAPagePerScale(t *testing.T) {
	c := pageCache{slots: testSlots}
	slugs := []string{""}
	for i := range testSlots - 1 {
		slugs = append(slugs, fmt.Sprintf("skala-%d", i))
	}
	first := map[string]*renderedPage{}
	for round := range 2 {
		for _, slug := range slugs {
			p, err := c.get(pageAssets, slug, slug, versionJSON(slug, 1), 1, nil)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				first[slug] = p
			} else if p != first[slug] {
				t.Fatalf("%q was rendered again in the second round over %d addresses", slug, len(slugs))
			}
		}
	}
}

// A new configuration of a slug (a new version, or another scale became the default at the same
// number) replaces its page: the cache holds one page per slug however many versions pass.
func TestPageCacheReplacesAnOlderPage(t *testing.T) {
	c := pageCache{slots: testSlots}
	check := func(name string, v int64) {
		t.Helper()
		p, err := c.get(pageAssets, "", "", versionJSON(name, v), v, nil)
		if err != nil {
			t.Fatal(err)
		}
		if block := embedded(t, string(p.plain), ""); block != string(versionJSON(name, v)) ||
			!strings.HasPrefix(p.tag, fmt.Sprintf(`"v%d-`, v)) {
			t.Fatalf("version %d of %s: block %s, ETag %s", v, name, block, p.tag)
		}
	}
	for v := int64(1); v <= 2*testSlots; v++ {
		check("Mathe", v)
		check("Mathe", v) // from the cache
	}
	check("Neuer Standard", 2*testSlots)
	if n := len(c.bySlug); n != 1 {
		t.Fatalf("%d pages kept for one address, want 1", n)
	}
}

// gatedFS holds the first read of index.html until release is closed.
type gatedFS struct {
	fs.FS
	once             sync.Once
	entered, release chan struct{}
}

func (g *gatedFS) Open(name string) (fs.File, error) {
	first := false
	g.once.Do(func() { first = true })
	if first {
		close(g.entered)
		<-g.release
	}
	return g.FS.Open(name)
}

// A page being rendered for one scale does not hold up the page of another.
func TestPageCacheRendersOutsideTheLock(t *testing.T) {
	c := pageCache{slots: testSlots}
	assets := &gatedFS{FS: pageAssets, entered: make(chan struct{}), release: make(chan struct{})}
	defer close(assets.release)
	go func() { _, _ = c.get(assets, "mathe", "mathe", versionJSON("Mathe", 1), 1, nil) }()
	<-assets.entered
	done := make(chan error, 1)
	go func() {
		_, err := c.get(assets, "deutsch", "deutsch", versionJSON("Deutsch", 1), 1, nil)
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the page of one scale waited for the rendering of another's")
	}
}

// Many pages asked for at once while new versions arrive (go test -race): each answer carries the
// configuration of its own address at a version the lookup gave out.
func TestPageCacheUnderConcurrentRequests(t *testing.T) {
	var version atomic.Int64
	version.Store(1)
	lookup := func(_ context.Context, slug string) ([]byte, int64, bool) {
		v := version.Load()
		return versionJSON("Skala "+slug, v), v, true
	}
	h := Handler(pageAssets, slog.New(slog.NewTextHandler(io.Discard, nil)), lookup, testSlots, nil)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				if g == 0 && i%20 == 0 {
					version.Add(1)
				}
				slug := fmt.Sprintf("s%d", (g*7+i)%(testSlots+5))
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, httptest.NewRequest("GET", "/?schluessel="+slug, nil))
				open := `data-schluessel="` + slug + `">`
				block, _, _ := strings.Cut(rec.Body.String()[strings.Index(rec.Body.String(), open)+len(open):], "</script>")
				var got struct {
					Version int64
					Config  struct{ Name string }
				}
				if err := json.Unmarshal([]byte(block), &got); err != nil || got.Config.Name != "Skala "+slug ||
					got.Version < 1 || got.Version > version.Load() ||
					!strings.HasPrefix(rec.Header().Get("ETag"), fmt.Sprintf(`"v%d-`, got.Version)) {
					t.Errorf("%s: block %s, ETag %s", slug, block, rec.Header().Get("ETag"))
					return
				}
			}
		}()
	}
	wg.Wait()
}

// BenchmarkPageCacheHit is a page asked for by many pages at once over every scale, all cached.
func BenchmarkPageCacheHit(b *testing.B) {
	c := pageCache{slots: testSlots}
	data := make([][]byte, testSlots)
	for i := range data {
		data[i] = versionJSON(fmt.Sprintf("Skala %d", i), 1)
		if _, err := c.get(pageAssets, fmt.Sprint(i), fmt.Sprint(i), data[i], 1, nil); err != nil {
			b.Fatal(err)
		}
	}
	var next atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for i := int(next.Add(1)); pb.Next(); i++ {
			if _, err := c.get(pageAssets, fmt.Sprint(i%testSlots), fmt.Sprint(i%testSlots), data[i%testSlots], 1, nil); err != nil {
				b.Error(err)
				return
			}
		}
	})
}
