package server

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"sync"

	"github.com/notenrechner/notenrechner/internal/grading"
)

// presetItem is one preset of GET /presets: what an admin reads to choose one, and its document.
type presetItem struct {
	ID         string         `json:"id"`
	Name       string         `json:"name"`
	System     string         `json:"system"`
	Source     string         `json:"source"`
	Region     string         `json:"region"`
	SchoolType string         `json:"schoolType"`
	Config     grading.Config `json:"config"`
}

// handlePresets answers with every preset in the order an admin picks them. The list is part of
// the binary, the same for everybody and for every request, so it is encoded once and revalidated
// by its ETag like the contract.
func handlePresets(logger *slog.Logger) http.Handler {
	load := sync.OnceValues(func() ([]byte, error) {
		presets := grading.Presets()
		items := make([]presetItem, len(presets))
		for i, p := range presets {
			items[i] = presetItem{p.ID, p.Name, p.Config.Rule.System, p.Source, p.Region, p.SchoolType, p.Config}
		}
		return json.Marshal(struct {
			Presets []presetItem `json:"presets"`
		}{items})
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := load()
		if err != nil {
			writeError(w, r, logger, err)
			return
		}
		if notModified(w, r, body) {
			return
		}
		writeJSONBytes(w, http.StatusOK, body)
	})
}
