#!/usr/bin/env bash
# govulncheck, pinned, over the Go code. The database is $VULNDB if set, else vuln.go.dev if it
# answers, else the committed snapshot third_party/govulndb/snapshot.tar.gz (CI here cannot reach
# vuln.go.dev), and the output says which one and how old it is. Fails when the code calls a
# vulnerable function that has a fixed version; other findings are listed, not fatal.
set -euo pipefail
cd "$(dirname "$0")/.."
version=v1.9.0 # golang.org/x/vuln; raise it deliberately
tools=$PWD/bin/tools
if [ "$("$tools/govulncheck" -version 2>/dev/null | sed -n 's/^Scanner: govulncheck@//p')" != "$version" ]; then
  GOBIN=$tools go install "golang.org/x/vuln/cmd/govulncheck@$version"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
db=${VULNDB:-}
if [ -z "$db" ] && curl -sf --max-time 5 -o /dev/null https://vuln.go.dev/index/db.json 2>/dev/null; then
  db=https://vuln.go.dev
fi
if [ -z "$db" ]; then
  tar -xzf third_party/govulndb/snapshot.tar.gz -C "$tmp"
  missing=$(awk '{print $1}' go.sum | sort -u | comm -23 - "$tmp/covered-modules.txt")
  if [ -n "$missing" ]; then
    echo "vulncheck: go.sum has modules the database snapshot does not cover:" $missing
    echo "vulncheck: refresh it with scripts/govulndb-snapshot.sh (see third_party/govulndb/README.md)"
    exit 1
  fi
  taken=$(sed -n 's/.* of \(.*\)T.*/\1/p' "$tmp/SOURCE")
  age=$(( ($(date -u +%s) - $(date -u -d "$taken" +%s)) / 86400 ))
  echo "vulncheck: vuln.go.dev unreachable; using the committed snapshot ($(cat "$tmp/SOURCE"), $age days old)."
  echo "vulncheck: vulnerabilities published after $taken are NOT checked."
  db=file://$tmp
fi
echo "vulncheck: govulncheck@$version against $db"
"$tools/govulncheck" -db "$db" -format json ./cmd/... ./internal/... ./web >"$tmp/out.json"
python3 scripts/vulncheck-report.py "$tmp/out.json"
