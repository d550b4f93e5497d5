#!/usr/bin/env bash
# Refreshes third_party/govulndb/snapshot.tar.gz, the Go vulnerability database that
# scripts/vulncheck.sh falls back to where vuln.go.dev cannot be reached (CI here reaches only the
# module proxy, Debian and npm). Takes a clone of https://go.googlesource.com/vulndb (or its GitHub
# mirror golang/vulndb); keeps the entries for the modules in go.sum, the standard library and the
# toolchain. Run it again whenever go.sum gains a module (vulncheck refuses until then) and
# whenever you can, so that the snapshot stays young.
#   scripts/govulndb-snapshot.sh PATH/TO/vulndb(.git)
set -euo pipefail
src=${1:?usage: $0 PATH/TO/vulndb}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$src" archive HEAD data/osv | tar -x -C "$tmp"
commit=$(git -C "$src" rev-parse HEAD)
when=$(TZ=UTC git -C "$src" log -1 --format=%cd --date=format-local:%Y-%m-%dT%H:%M:%SZ HEAD)
awk '{print $1}' "$root/go.sum" | sort -u >"$tmp/modules.txt"
python3 "$root/scripts/vulndb-index.py" "$tmp/data/osv" "$tmp/db" "$when" "$tmp/modules.txt"
echo "golang/vulndb $commit of $when" >"$tmp/db/SOURCE"
mkdir -p "$root/third_party/govulndb"
tar -C "$tmp/db" --sort=name --owner=0 --group=0 --numeric-owner --mtime="$when" -czf "$root/third_party/govulndb/snapshot.tar.gz" .
echo "wrote third_party/govulndb/snapshot.tar.gz ($(du -h "$root/third_party/govulndb/snapshot.tar.gz" | cut -f1)) from $commit"
