// Package postgres is the storage backend for several instances behind a load
// balancer: they share one PostgreSQL database, and a save made through any
// of them reaches the others through LISTEN/NOTIFY. It behaves like the
// SQLite store; internal/store/storetest holds both to the same suite.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/notenrechner/notenrechner/internal/grading"
	"github.com/notenrechner/notenrechner/internal/store"
	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// connectTimeout bounds each connection attempt (docs/spec.md §6, §7) unless the
// address sets its own connect_timeout.
const connectTimeout = 10 * time.Second

// Options tune a Store; the zero value is what production uses.
type Options struct {
	Now    func() time.Time // clock for saved_at; default time.Now
	Logger *slog.Logger     // reports a lost listening connection; default slog.Default()
	// ReconnectMin and ReconnectMax bound the back-off with which a lost
	// listening connection is re-established; default 250 ms and 1 s, so a
	// save reaches the pages within a second of the database's return.
	ReconnectMin, ReconnectMax time.Duration
	// PollInterval is WaitScaleChange's safety net in case a notification
	// goes missing; default 5 s. Tests raise it to prove that notifications
	// alone deliver changes.
	PollInterval time.Duration
	// FirstScale is version 1 of the default scale of a new database; default the original Standard
	// (grading.Default()). The command line passes the preset a new installation starts from.
	FirstScale *grading.Config

	keepAlive time.Duration // quiet time before the listener pings; tests shorten it
}

// Store is the PostgreSQL implementation of store.Store.
type Store struct {
	pool  *pgxpool.Pool
	now   func() time.Time
	poll  time.Duration
	first grading.Config // version 1 of the default scale when the database is new

	changed sqlstore.Signal // fired on every change seen by this Store

	listener *listener
	stop     context.CancelFunc // ends the listener
	done     chan struct{}      // closed when the listener has ended
	close    sync.Once
}

var _ store.Store = (*Store)(nil)

// Open connects to the database a postgres:// address names, runs the
// pending migrations, writes the default configuration on first start and
// starts listening for saves made by other instances. Its errors never
// contain the password.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	cfg, err := poolConfig(dsn)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s", err) // not wrapped: keep the config out of reach
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, connectFailure(cfg.ConnConfig, err)
	}
	s := newStore(pool, opts)
	s.listener = newListener(cfg.ConnConfig, opts, &s.changed)
	if err := s.setUp(ctx); err != nil {
		pool.Close()
		return nil, err
	}
	return s, nil
}

func newStore(pool *pgxpool.Pool, opts Options) *Store {
	s := &Store{pool: pool, now: opts.Now, poll: opts.PollInterval, first: sqlstore.FirstScale(opts.FirstScale), done: make(chan struct{})}
	if s.now == nil {
		s.now = time.Now
	}
	if s.poll <= 0 {
		s.poll = 5 * time.Second
	}
	return s
}

// setUp migrates, seeds and then starts the listener with its first
// connection already listening, so that a Store is complete when Open returns.
func (s *Store) setUp(ctx context.Context) error {
	if err := s.migrate(ctx); err != nil {
		return err
	}
	if err := s.seed(ctx); err != nil {
		return err
	}
	conn, err := s.listener.connect(ctx)
	if err != nil {
		return connectFailure(s.listener.config, err)
	}
	listenCtx, stop := context.WithCancel(context.Background())
	s.stop = stop
	go func() {
		defer close(s.done)
		s.listener.run(listenCtx, conn)
	}()
	return nil
}

// poolConfig reads the address and applies the connect time-out.
func poolConfig(dsn string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(dsn)
	if err != nil {
		// pgx masks the password in this text; the error itself is not
		// wrapped, because it carries the unmasked address.
		return nil, fmt.Errorf("postgres: the database address is not valid: %s", err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 { // the address sets no connect_timeout
		cfg.ConnConfig.ConnectTimeout = connectTimeout
	}
	return cfg, nil
}

// Close stops the listener and closes every connection. It is safe to call
// more than once.
func (s *Store) Close() error {
	s.close.Do(func() {
		if s.stop != nil {
			s.stop()
			<-s.done
		}
		s.pool.Close()
	})
	return nil
}

// Ping reports whether the database answers a query; /healthz uses it, and
// the pool reconnects by itself once the database is back.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	if err := s.pool.QueryRow(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("postgres: ping: %w", err)
	}
	return nil
}

// connectError says which server could not be reached and why, in words
// chosen here, so that the password can never slip into the message.
type connectError struct {
	msg   string
	cause error
}

func (e *connectError) Error() string { return e.msg }
func (e *connectError) Unwrap() error { return e.cause }

// connectFailure describes a failed connection by host, port, database and
// user, plus pgx's reasons for each address tried (which name addresses,
// never the password). pgx's own ConnectError is unwrapped and dropped,
// because it holds the whole configuration, password included.
func connectFailure(cfg *pgx.ConnConfig, err error) error {
	cause := err
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		if inner := errors.Unwrap(ce); inner != nil {
			cause = inner
		}
	}
	var targets []string
	seen := map[string]bool{}
	add := func(host string, port uint16) {
		if t := fmt.Sprintf("host %s port %d", host, port); !seen[t] {
			seen[t] = true
			targets = append(targets, t)
		}
	}
	add(cfg.Host, cfg.Port)
	for _, fb := range cfg.Fallbacks { // further hosts, or the same without TLS
		add(fb.Host, fb.Port)
	}
	reason := cause.Error()
	if multi, ok := cause.(interface{ Unwrap() []error }); ok && len(multi.Unwrap()) == 1 {
		// One attempt: drop its "address (host):" prefix, said above already.
		if inner := errors.Unwrap(multi.Unwrap()[0]); inner != nil {
			reason = inner.Error()
		}
	}
	reason = strings.ReplaceAll(reason, "\n", "; ")
	return &connectError{
		msg: fmt.Sprintf("postgres: cannot connect to %s (database %q, user %q): %s",
			strings.Join(targets, " or "), cfg.Database, cfg.User, reason),
		cause: cause,
	}
}
