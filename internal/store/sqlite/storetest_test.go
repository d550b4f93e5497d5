package sqlite

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/storetest"
)

func TestStoreBehaviour(t *testing.T) {
	storetest.Run(t, func(t *testing.T, now func() time.Time) store.Store {
		s, err := Open(context.Background(), filepath.Join(t.TempDir(), "n.db"), Options{Now: now, PollInterval: 20 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
