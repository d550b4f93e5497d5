package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/notenrechner/notenrechner/internal/store"
)

// What the backends' own tests of several processes (or instances) at once
// check alike.

// OneWon fails the test unless exactly one of the calls that ran at once
// succeeded (a nil error) and every other failed with lost.
func OneWon(t testing.TB, what string, errs []error, lost error) {
	t.Helper()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, lost):
			t.Fatalf("%s: %v, want success or %v", what, err, lost)
		}
	}
	if won != 1 {
		t.Fatalf("%s: %d of %d succeeded, want exactly 1", what, won, len(errs))
	}
}

// SaveAtOnce saves on version 1 of the default scale n times at once,
// through the stores in turn, and returns each save's error.
func SaveAtOnce(stores []store.Store, n int) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		s := stores[i%len(stores)]
		wg.Go(func() {
			_, errs[i] = s.ScaleConfig(store.DefaultScaleSlug).SaveConfig(context.Background(), named("Parallel"), "x@schule.de", 1)
		})
	}
	wg.Wait()
	return errs
}

// StartAtOnce opens n stores at once on one fresh database, as processes
// starting together would, and closes them: none may fail.
func StartAtOnce(t *testing.T, n int, open func() (store.Store, error)) {
	t.Helper()
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			s, err := open()
			if err == nil {
				err = s.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatalf("concurrent open: %v", err)
	}
}

// Revision is the store-wide revision: the highest of the scales'.
func Revision(t testing.TB, s store.Store) int64 {
	t.Helper()
	var top int64
	for _, sc := range must(s.Scales(context.Background())).in(t) {
		top = max(top, sc.Revision)
	}
	return top
}
