package live

import (
	"context"
	"time"
)

// Follow keeps every scale on the store's newest state until ctx ends. While
// the database fails it retries every second; the failure is logged once.
func (s *Scales) Follow(ctx context.Context) {
	failing := false
	for ctx.Err() == nil {
		err := s.catchUp(ctx)
		if err == nil {
			s.mu.RLock()
			since := s.revision
			s.mu.RUnlock()
			err = s.store.WaitScaleChange(ctx, since)
		}
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			if failing {
				s.logger.Info("following the stored scales again")
				failing = false
			}
			continue
		}
		if !failing {
			s.logger.Error("following the stored scales failed; retrying every second", "err", err)
			failing = true
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// catchUp is the follower's Refresh: it waits for the changes of this process in flight, which
// make their versions current and fan them out themselves (Change).
func (s *Scales) catchUp(ctx context.Context) error {
	s.saves.Lock()
	fanOut, err := s.Refresh(ctx)
	s.saves.Unlock()
	fanOut()
	return err
}
