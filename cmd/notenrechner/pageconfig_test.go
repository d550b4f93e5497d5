package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/live"
)

// The page of an address carries the scale it names (?schluessel=, "" for the default) at its
// current version; an unknown or archived scale gets no block, so the page waits for its stream.
func TestPageConfigIsTheScaleOfTheAddress(t *testing.T) {
	ctx := context.Background()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	st, err := openStore(ctx, database{dsn: "sqlite:" + filepath.Join(t.TempDir(), "n.db"), firstPreset: firstPreset}, logger, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, slug := range []string{"mathe", "alt"} {
		cfg := grading.Default()
		cfg.Name = "Skala " + slug
		if _, err := st.CreateScale(ctx, slug, cfg, "admin@schule.de"); err != nil {
			t.Fatal(err)
		}
	}
	cfg := grading.Default()
	cfg.Name = "Mathe neu"
	if _, err := st.ScaleConfig("mathe").SaveConfig(ctx, cfg, "admin@schule.de", 1); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetScaleArchived(ctx, "alt", true); err != nil {
		t.Fatal(err)
	}
	scales := live.NewScales(logger, 4, st, time.Now)
	fanOut, err := scales.Refresh(ctx)
	fanOut()
	if err != nil {
		t.Fatal(err)
	}
	first, _ := grading.PresetByID(firstPreset) // a new database's default scale starts from it
	defaultName := first.Config.Name
	lookup := scales.PageConfig
	for _, c := range []struct {
		name           string
		slug, wantName string
		wantVersion    int64
	}{
		{"no slug: the default", "", defaultName, 1},
		{"the default by its slug", "standard", defaultName, 1},
		{"another scale", "mathe", "Mathe neu", 2},
		{"archived", "alt", "", 0},
		{"unknown", "gibt-es-nicht", "", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, version, ok := lookup(ctx, c.slug)
			if c.wantName == "" {
				if ok {
					t.Errorf("%q: a block with %s, want none", c.slug, data)
				}
				return
			}
			var v struct {
				Version int64
				Config  struct{ Name string }
			}
			if !ok || json.Unmarshal(data, &v) != nil || v.Version != c.wantVersion || version != c.wantVersion || v.Config.Name != c.wantName {
				t.Errorf("%q: %s (version %d, ok %v), want %q at version %d", c.slug, data, version, ok, c.wantName, c.wantVersion)
			}
		})
	}
}
