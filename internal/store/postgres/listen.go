package postgres

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/notenrechner/notenrechner/internal/store/sqlstore"
)

// defaultKeepAlive is how long the listening connection may stay quiet
// before it is pinged. A connection that a firewall or a failed network
// dropped without a word would otherwise wait forever for notifications
// that cannot come.
const defaultKeepAlive = 30 * time.Second

// listener holds the one connection per Store that LISTENs for saves. It is
// not taken from the pool: a LISTEN belongs to its session, and a pooled
// connection may be closed or handed to a query at any time.
type listener struct {
	config             *pgx.ConnConfig
	logger             *slog.Logger
	minDelay, maxDelay time.Duration
	keepAlive          time.Duration
	changed            *sqlstore.Signal // the Store's: fired, it wakes every WaitScaleChange
	schema             string           // the Store's schema: its own changes are those with its prefix
	pid                atomic.Uint32

	mu     sync.Mutex
	routes map[string]*sqlstore.Signal // other schools' schemas heard on this connection (route)
}

func newListener(cfg *pgx.ConnConfig, opts Options, changed *sqlstore.Signal) *listener {
	l := &listener{config: cfg.Copy(), logger: opts.Logger, minDelay: opts.ReconnectMin, maxDelay: opts.ReconnectMax,
		keepAlive: opts.keepAlive, changed: changed, schema: opts.Schema, routes: map[string]*sqlstore.Signal{}}
	if l.logger == nil {
		l.logger = slog.Default()
	}
	if l.minDelay <= 0 {
		l.minDelay = 250 * time.Millisecond
	}
	if l.maxDelay <= 0 {
		l.maxDelay = time.Second
	}
	l.maxDelay = max(l.maxDelay, l.minDelay)
	if l.keepAlive <= 0 {
		l.keepAlive = defaultKeepAlive
	}
	return l
}

// backendPID returns the server process of the listening connection, or 0
// while there is none; tests use it to cut exactly this connection.
func (l *listener) backendPID() uint32 { return l.pid.Load() }

// connect opens a connection and LISTENs on it.
func (l *listener) connect(ctx context.Context) (*pgx.Conn, error) {
	conn, err := pgx.ConnectConfig(ctx, l.config)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+changeChannel); err != nil {
		closeConn(conn)
		return nil, fmt.Errorf("LISTEN %s: %w", changeChannel, err)
	}
	l.pid.Store(conn.PgConn().PID())
	return conn, nil
}

// run serves conn until it is lost, then reconnects with a doubling delay,
// until ctx ends. Notifications sent while no connection listened are gone
// for good, so every new connection first wakes the waiters, which then
// re-read the store's revision themselves.
func (l *listener) run(ctx context.Context, conn *pgx.Conn) {
	delay := l.minDelay
	for {
		if conn != nil {
			err := l.serve(ctx, conn)
			closeConn(conn)
			l.pid.Store(0)
			if ctx.Err() != nil {
				return
			}
			l.logger.Warn("postgres: lost the connection that listens for configuration changes", "err", err, "retry_in", delay)
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		var err error
		if conn, err = l.connect(ctx); err != nil {
			if ctx.Err() != nil {
				return
			}
			delay = min(delay*2, l.maxDelay)
			l.logger.Warn("postgres: cannot listen for configuration changes", "err", connectFailure(l.config, err), "retry_in", delay)
			continue
		}
		delay = l.minDelay
		l.logger.Info("postgres: listening for configuration changes again")
		l.fireAll()
	}
}

// serve wakes the waiters on every notification and pings the connection
// when it has been quiet for a while. It returns why the connection is
// no longer usable.
func (l *listener) serve(ctx context.Context, conn *pgx.Conn) error {
	for {
		waitCtx, cancel := context.WithTimeout(ctx, l.keepAlive)
		n, err := conn.WaitForNotification(waitCtx)
		cancel()
		switch {
		case err == nil:
			l.fire(n.Payload)
		case ctx.Err() != nil:
			return ctx.Err()
		case pgconn.Timeout(err) && !conn.IsClosed():
			pingCtx, cancel := context.WithTimeout(ctx, connectTimeout)
			err = conn.Ping(pingCtx)
			cancel()
			if err != nil {
				return fmt.Errorf("keep-alive ping: %w", err)
			}
		default:
			return err
		}
	}
}

// route makes the listener wake changed for the notifications of a school's schema too; nil stops it.
func (l *listener) route(schema string, changed *sqlstore.Signal) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if changed == nil {
		delete(l.routes, schema)
		return
	}
	l.routes[schema] = changed
}

// fire wakes the waiters of the school a notification names: its payload starts with the school's
// schema and a space ("school_7 12 standard"), or, for the database's own tables, with the revision.
func (l *listener) fire(payload string) {
	schema := ""
	if first, _, ok := strings.Cut(payload, " "); ok && strings.HasPrefix(first, "school_") {
		schema = first
	}
	if schema == l.schema {
		l.changed.Fire()
		return
	}
	l.mu.Lock()
	sig := l.routes[schema]
	l.mu.Unlock()
	if sig != nil {
		sig.Fire()
	}
}

// fireAll wakes every school heard here: notifications sent while no connection listened are lost.
func (l *listener) fireAll() {
	l.changed.Fire()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, sig := range l.routes {
		sig.Fire()
	}
}

// closeConn closes a connection that may already be dead, without letting a
// dead network hold up a reconnect or Close.
func closeConn(conn *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = conn.Close(ctx)
}
