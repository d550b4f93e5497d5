#!/usr/bin/env bash
# A throwaway PostgreSQL server for the store tests (internal/store/postgres).
#
#   eval "$(scripts/postgres-test-server.sh)"   start one (or reuse it) and export
#                                              NOTENRECHNER_TEST_POSTGRES
#   scripts/postgres-test-server.sh stop        stop it and delete its files
#
# It uses Debian's `postgresql` package (the newest /usr/lib/postgresql/*/bin),
# trusts every local connection, listens on 127.0.0.1 only (port 54329, or the
# next free one) and keeps its unix socket inside its own folder, so it never
# meets the system's cluster. initdb refuses to run as root, so as root the
# cluster belongs to the `postgres` system user that the package creates.
# Only the export line goes to stdout; everything else goes to stderr.
#
# Environment: NOTENRECHNER_TEST_POSTGRES (already set and reachable: nothing
# is started), NOTENRECHNER_TEST_POSTGRES_DIR (the folder, default
# ${TMPDIR:-/tmp}/notenrechner-test-postgres).
set -euo pipefail

dir=${NOTENRECHNER_TEST_POSTGRES_DIR:-${TMPDIR:-/tmp}/notenrechner-test-postgres}
case $dir in /*) ;; *) dir=$PWD/$dir ;; esac
cd / # the postgres user may not enter the caller's folder
first_port=54329

say() { printf '%s\n' "postgres-test-server: $*" >&2; }

bindir() {
  local found
  found=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ -z "$found" ] || [ ! -x "$found/initdb" ] || [ ! -x "$found/pg_ctl" ]; then
    say "no PostgreSQL binaries in /usr/lib/postgresql/*/bin; install Debian's package: apt-get install postgresql"
    exit 1
  fi
  printf '%s\n' "$found"
}

# as_owner runs a command as the cluster's owner: the postgres system user
# when we are root (initdb refuses root), else ourselves.
as_owner() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  elif command -v runuser >/dev/null; then
    runuser -u postgres -- "$@"
  else
    # shellcheck disable=SC2016 # expanded by the inner shell, on purpose
    su postgres -s /bin/sh -c 'exec "$0" "$@"' "$@"
  fi
}

# reachable asks the server named by a URL whether it accepts connections.
reachable() {
  local isready
  isready=$(command -v pg_isready || printf '%s\n' /usr/lib/postgresql/*/bin/pg_isready | sort -V | tail -n 1)
  [ -x "$isready" ] && "$isready" -q -t 3 -d "$1" 2>/dev/null
}

url_for() { printf 'postgres://postgres@127.0.0.1:%s/postgres?sslmode=disable' "$1"; }

# print_export single-quotes the URL for eval (a ? or & must not be read by
# the shell), with any ' inside it escaped.
print_export() { printf "export NOTENRECHNER_TEST_POSTGRES='%s'\n" "${1//\'/\'\\\'\'}"; }

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

free_port() {
  local port
  for port in $(seq "$first_port" $((first_port + 100))); do
    if ! port_busy "$port"; then
      printf '%s\n' "$port"
      return
    fi
  done
  say "no free port in $first_port-$((first_port + 100))"
  exit 1
}

# remove_dir deletes the folder, but only when it is one of ours (or empty),
# so a mistaken NOTENRECHNER_TEST_POSTGRES_DIR cannot delete anything else.
remove_dir() {
  [ -e "$dir" ] || return 0
  if [ -f "$dir/port" ] || [ -d "$dir/data" ] || [ -z "$(ls -A "$dir")" ]; then
    rm -rf "$dir"
  else
    say "$dir is not a test cluster folder; not deleting it"
    exit 1
  fi
}

running() { [ -f "$dir/data/postmaster.pid" ] && as_owner "$1/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; }

# make_dir creates the folder afresh (mkdir fails on anything already there,
# so a planted symlink cannot redirect it) and hands it to the owner.
make_dir() {
  mkdir -m 700 "$dir"
  if [ "$(id -u)" -eq 0 ]; then
    if ! id postgres >/dev/null 2>&1; then
      say "running as root needs the postgres system user (apt-get install postgresql)"
      exit 1
    fi
    chown postgres: "$dir"
  fi
}

start() {
  local bin port
  if [ -n "${NOTENRECHNER_TEST_POSTGRES:-}" ] && reachable "$NOTENRECHNER_TEST_POSTGRES"; then
    say "using the server already named by NOTENRECHNER_TEST_POSTGRES"
    print_export "$NOTENRECHNER_TEST_POSTGRES"
    return
  fi
  bin=$(bindir)
  if running "$bin"; then
    port=$(cat "$dir/port")
    say "already running in $dir on port $port"
    print_export "$(url_for "$port")"
    return
  fi
  remove_dir # a stopped or half-made cluster from an earlier run
  make_dir
  port=$(free_port)
  as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C --no-sync >&2
  as_owner mkdir -m 700 "$dir/socket"
  # Speed over durability: the data is thrown away after the tests.
  as_owner tee -a "$dir/data/postgresql.conf" >/dev/null <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir/socket'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
  printf '%s\n' "$port" | as_owner tee "$dir/port" >/dev/null
  as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >&2
  say "started in $dir on 127.0.0.1:$port (log: $dir/server.log)"
  print_export "$(url_for "$port")"
}

stop() {
  local bin
  bin=$(bindir)
  if running "$bin"; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2
  fi
  remove_dir
  say "stopped"
}

case "${1:-start}" in
start) start ;;
stop) stop ;;
*)
  say "usage: $0 [start|stop]"
  exit 2
  ;;
esac
