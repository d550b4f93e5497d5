package main

import (
	"context"

	"github.com/notenrechner/notenrechner/internal/live"
	"github.com/notenrechner/notenrechner/web"
)

// pageConfig embeds a scale's current version in the calculator's page (issue 18): the scale the
// address names (?schluessel=, "" for the default), from the registry in memory. An unknown or
// archived scale gets no block: the page waits for its stream, which tells it what it is (404,
// or the version marked archived). A block of the default's would not help there, because the app
// uses a block only on the address it names (data-schluessel, web/src/lib/embedded-config.ts).
func pageConfig(scales *live.Scales) web.PageConfig {
	return func(_ context.Context, slug string) ([]byte, int64, bool) {
		b, info, ok := scales.Lookup(slug)
		if !ok || info.Archived {
			return nil, 0, false
		}
		ev := b.Current()
		if ev == nil {
			return nil, 0, false
		}
		return ev.JSON, ev.Version, true
	}
}
