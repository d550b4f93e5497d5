#!/usr/bin/env bash
# Writes the databases of one release for the upgrade tests, with that
# release's own binary: testdata/upgrade/README.md says when and how.
#
#   testdata/upgrade/make-fixtures.sh BINARY NAME           SQLite: NAME.db here
#   testdata/upgrade/make-fixtures.sh BINARY NAME PGURL     PostgreSQL too: NAME.sql here
#                                                           (PGURL: an empty database)
set -euo pipefail
bin=$(realpath "$1") name=$2 pg=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$work"' EXIT
server=

# fill DSN writes the same content into the database at DSN: three scales
# with several versions (one with Zeugnisnote settings, one archived), two
# admins and an invited teacher.
fill() {
  local db=$1
  printf 'Fixture-Passwort-alt-1\n' | "$bin" admin create --db "$db" --email admin@schule.example >/dev/null
  printf 'Fixture-Passwort-alt-2\n' | "$bin" admin create --db "$db" --email zweite@schule.example >/dev/null
  "$bin" config export --db "$db" >"$work/standard.json"
  for n in 2 3; do
    jq --arg n "Standard $n" '.name = $n' "$work/standard.json" >"$work/s$n.json"
    "$bin" config import --db "$db" "$work/s$n.json" >/dev/null
  done
  for n in 1 2 3; do
    jq --arg n "Schweiz $n" '{name: $n, system: "schweiz", rule: {kind: "formula", step: 0.5, midpoint: "up"},
      zeugnis: {rounding: "worse", step: "0.1", categories: [{name: "schriftlich", weight: "2"}, {name: "mündlich", weight: "1,5"}]}}' \
      -n >"$work/ch$n.json"
    "$bin" config import --db "$db" --scale schweiz "$work/ch$n.json" >/dev/null
  done
  for n in 1 2; do
    jq --arg n "Alt $n" '.name = $n' "$work/standard.json" >"$work/alt$n.json"
    "$bin" config import --db "$db" --scale alt "$work/alt$n.json" >/dev/null
  done
  # Archiving and inviting go through the API of the running server.
  local port=$((20000 + RANDOM % 20000))
  "$bin" serve --db "$db" --addr "127.0.0.1:$port" >"$work/serve.log" 2>&1 &
  server=$!
  for _ in $(seq 100); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null && break; sleep 0.1; done
  local api=(curl -fsS -b "$work/jar" -c "$work/jar" -H 'Content-Type: application/json')
  "${api[@]}" -d '{"email":"admin@schule.example","password":"Fixture-Passwort-alt-1"}' "http://127.0.0.1:$port/api/v1/auth/login" >/dev/null
  "${api[@]}" -X PATCH -d '{"archived":true}' "http://127.0.0.1:$port/api/v1/scales/alt" >/dev/null
  "${api[@]}" -d '{"email":"lehrer@schule.example","role":"user"}' "http://127.0.0.1:$port/api/v1/users" >/dev/null
  kill "$server"
  wait "$server" || true
  server=
}

rm -f "$here/$name.db"
fill "sqlite:$work/n.db"
# One file without -wal/-shm: VACUUM INTO writes the checkpointed content.
sqlite3 "$work/n.db" "VACUUM INTO '$here/$name.db'"
if [ -n "$pg" ]; then
  fill "$pg"
  pg_dump --format=plain --no-owner --no-privileges "$pg" >"$here/$name.sql"
fi
