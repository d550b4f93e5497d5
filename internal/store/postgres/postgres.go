// Package postgres is the storage backend for several instances behind a load
// balancer: they share one PostgreSQL database, and a save made through any
// of them reaches the others through LISTEN/NOTIFY. It behaves like the
// SQLite store; internal/store/storetest holds both to the same suite.
package postgres

import (
	"context"
	"crypto/rand"
	"database/sql"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"

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
	// Schema is the schema of one school of a deployment that serves several (SchoolSchema); "" is
	// the schema the address's own search_path finds, as before. Every connection of the Store's pool
	// and its listener is opened with search_path set to this schema alone, so an unqualified table
	// name can only ever reach this school's tables: the database, not a WHERE, keeps schools apart.
	Schema string
	// CreateSchema makes Schema where it is missing (`school add`); otherwise a missing schema is an
	// error, never a new, empty school.
	CreateSchema bool
	// Via is the deployment's Store (on the schema ""), whose one LISTEN connection also hears this
	// school's changes; nil: the Store listens on a connection of its own.
	Via *Store

	keepAlive time.Duration // quiet time before the listener pings; tests shorten it
}

// Store is the PostgreSQL implementation of store.Store: the shared SQL
// (sqlstore.Store) through database/sql on pgx's pool, in PostgreSQL's
// dialect, and a listener that hears the other instances' changes.
type Store struct {
	*sqlstore.Store
	pool *pgxpool.Pool
	db   *sql.DB // on pool

	listener *listener
	stop     context.CancelFunc // ends the listener
	done     chan struct{}      // closed when the listener has ended
	unroute  func()             // a school heard through the deployment's listener: stop routing to it
	close    sync.Once
}

var _ store.Store = (*Store)(nil)

//go:embed migrations/*.sql
var migrations embed.FS

// changeChannel is the NOTIFY channel every change of a scale is announced
// on, with "<revision> <slug>" as the payload; a school of its own schema
// puts its schema first ("school_7 <revision> <slug>"), so that one LISTEN
// connection per instance serves every school of a deployment and wakes only
// the school that changed (listener.route).
const changeChannel = "notenrechner_config"

// notifyOf is the NOTIFY statement of the Store on schema.
func notifyOf(schema string) string {
	if schema == "" {
		return "SELECT pg_notify('" + changeChannel + "', $1)"
	}
	return "SELECT pg_notify('" + changeChannel + "', '" + schema + " ' || $1)"
}

// NewSchoolSchema names a new schema for a school (store.School.Home): "school_<random>", new every time,
// so that a school never opens a schema another school left behind (removed, or restored from a dump
// that did not know it).
func NewSchoolSchema() string {
	var b [8]byte
	rand.Read(b[:])
	return "school_" + hex.EncodeToString(b[:])
}

var schemaPattern = regexp.MustCompile(`^school_[0-9a-f]{16}$`)

// migrateLock is the key of the advisory lock every migration holds, so
// that instances starting at once take turns and the later ones find the
// work done. The number is arbitrary but must never change ("notenr").
const migrateLock int64 = 0x6e6f74656e72

// dialect is PostgreSQL's part of the shared SQL. Writers that must take
// turns lock what they read: every change of a scale or a version takes a
// table lock on scales that conflicts with itself but not with readers; the
// admin checks lock the admin rows; the first admin locks the users table.
// Times are timestamptz; a version's saved_at keeps microseconds, what the
// column keeps, so that a returned version equals what is read back later.
var dialect = sqlstore.Dialect{
	Name:             "postgres",
	TimeType:         "timestamptz",
	VersionPrecision: time.Microsecond,
	UniqueState:      "23505", // unique_violation
	ByCodePoint:      ` COLLATE "C"`,
	ForUpdate:        " FOR UPDATE",
	LockScales:       "LOCK TABLE scales IN SHARE ROW EXCLUSIVE MODE",
	LockUsers:        "LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE",
	LockSchools:      "LOCK TABLE schools IN SHARE ROW EXCLUSIVE MODE",
	Notify:           "SELECT pg_notify('" + changeChannel + "', $1)",
	MigrationLock:    "SELECT pg_advisory_xact_lock(" + strconv.FormatInt(migrateLock, 10) + ")",
	MigrationsTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
		version integer PRIMARY KEY, applied_at timestamptz NOT NULL)`,
}

// Open connects to the database a postgres:// address names, runs the
// pending migrations, writes the default configuration on first start and
// starts listening for saves made by other instances. Its errors never
// contain the password.
func Open(ctx context.Context, dsn string, opts Options) (*Store, error) {
	cfg, err := poolConfig(dsn)
	if err != nil {
		return nil, err
	}
	if opts.Schema != "" {
		if !schemaPattern.MatchString(opts.Schema) {
			return nil, fmt.Errorf("postgres: %q is no school's schema", opts.Schema)
		}
		if err := findSchema(ctx, cfg, opts.Schema, opts.CreateSchema); err != nil {
			return nil, err
		}
		cfg.ConnConfig.RuntimeParams["search_path"] = opts.Schema
		cfg.AfterConnect = onlySchema(opts.Schema)
		// A deployment of many schools keeps few connections per school: most are quiet most of the time,
		// so an idle connection closes after 10 s (the pool looks every 10 s, not every minute).
		cfg.MaxConnIdleTime, cfg.HealthCheckPeriod = 10*time.Second, 10*time.Second
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: %s", err) // not wrapped: keep the config out of reach
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, connectFailure(cfg.ConnConfig, err)
	}
	s := &Store{pool: pool, db: stdlib.OpenDBFromPool(pool), done: make(chan struct{})}
	if opts.Schema != "" {
		// database/sql would keep two connections of the pool idle for good; without, a quiet school's
		// connections go back to the pool, which closes them after MaxConnIdleTime.
		s.db.SetMaxIdleConns(0)
	}
	if err := s.setUp(ctx, cfg.ConnConfig, opts); err != nil {
		s.db.Close()
		pool.Close()
		return nil, err
	}
	return s, nil
}

// setUp migrates, seeds and then starts the listener with its first
// connection already listening, so that a Store is complete when Open returns.
func (s *Store) setUp(ctx context.Context, cfg *pgx.ConnConfig, opts Options) error {
	poll := opts.PollInterval
	if poll <= 0 {
		poll = 5 * time.Second
	}
	d := dialect
	d.Notify = notifyOf(opts.Schema)
	shared, err := sqlstore.Open(ctx, s.db, d, migrations,
		sqlstore.Config{Now: opts.Now, Poll: poll, First: sqlstore.FirstScale(opts.FirstScale)})
	if err != nil {
		return err
	}
	s.Store = shared
	if opts.Via != nil && opts.Schema != "" { // the deployment's connection hears this school too
		opts.Via.listener.route(opts.Schema, shared.Changed())
		s.unroute = func() { opts.Via.listener.route(opts.Schema, nil) }
		return nil
	}
	s.listener = newListener(cfg, opts, shared.Changed())
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

// findSchema checks, on a connection of its own, that a school's schema exists, or makes it when
// create is set: the pool's connections are opened with the schema as their search_path, which needs
// it to exist.
func findSchema(ctx context.Context, cfg *pgxpool.Config, schema string, create bool) error {
	conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig)
	if err != nil {
		return connectFailure(cfg.ConnConfig, err)
	}
	defer closeConn(conn)
	if create {
		if _, err := conn.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{schema}.Sanitize()); err != nil {
			return fmt.Errorf("postgres: das Schema %s der Schule lässt sich nicht anlegen: %w", schema, err)
		}
		return nil
	}
	var n int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_namespace WHERE nspname = $1", schema).Scan(&n); err != nil {
		return fmt.Errorf("postgres: schema %s: %w", schema, err)
	}
	if n == 0 {
		return fmt.Errorf("postgres: das Schema %s der Schule fehlt", schema)
	}
	return nil
}

// onlySchema checks every new connection of a school's pool: its current schema must be the school's.
// The search_path goes to the server as a startup parameter; a connection pooler that drops such
// parameters would otherwise hand the school the deployment's own tables without a word.
func onlySchema(schema string) func(context.Context, *pgx.Conn) error {
	return func(ctx context.Context, conn *pgx.Conn) error {
		var current *string
		if err := conn.QueryRow(ctx, "SELECT current_schema()").Scan(&current); err != nil {
			return err
		}
		if current == nil || *current != schema {
			got := "none"
			if current != nil {
				got = *current
			}
			return fmt.Errorf("postgres: the connection's schema is %s, not the school's %s: "+
				"does a connection pooler drop the search_path startup parameter?", got, schema)
		}
		return nil
	}
}

// DropSchool drops a school's schema with every table in it: what RemoveSchool leaves to the backend.
func DropSchool(ctx context.Context, dsn, schema string) error {
	if !schemaPattern.MatchString(schema) {
		return fmt.Errorf("postgres: %q is no school's schema", schema)
	}
	cfg, err := poolConfig(dsn)
	if err != nil {
		return err
	}
	conn, err := pgx.ConnectConfig(ctx, cfg.ConnConfig)
	if err != nil {
		return connectFailure(cfg.ConnConfig, err)
	}
	defer closeConn(conn)
	if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
		return fmt.Errorf("postgres: drop schema %s: %w", schema, err)
	}
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
		if s.unroute != nil {
			s.unroute()
		}
		if s.stop != nil {
			s.stop()
			<-s.done
		}
		s.db.Close()
		s.pool.Close()
	})
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
