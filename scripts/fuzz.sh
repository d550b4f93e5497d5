#!/usr/bin/env bash
# Fuzzes each target for a fixed time, one `go test -fuzz` run per target.
#   scripts/fuzz.sh TIME PKG:Target…
# Refuses when the list and the Fuzz functions in cmd/ and internal/ differ, so that no target is
# forgotten. A failure is a failure, except the known race of Go 1.26's fuzz coordinator
# (go.dev/issue/75804, fixed in Go 1.27): "context deadline exceeded" at the end of -fuzztime with
# no failing input written, which is reported and skipped.
set -uo pipefail
cd "$(dirname "$0")/.."
time=$1
shift
listed=$(for t in "$@"; do echo "${t#*:}"; done | sort)
found=$(grep -rhoE '^func Fuzz[A-Za-z0-9_]+' cmd internal | sed 's/^func //' | sort)
if [ "$listed" != "$found" ]; then
  echo "fuzz: FUZZ_TARGETS lists:" $listed
  echo "fuzz: but the code has:" $found
  exit 1
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for t in "$@"; do
  pkg=${t%%:*} name=${t#*:}
  echo "fuzz $name for $time"
  if go test -run='^$' -fuzz="^$name\$" -fuzztime="$time" "$pkg" >"$log" 2>&1; then
    tail -n 2 "$log"
    continue
  fi
  if grep -q 'context deadline exceeded' "$log" && ! grep -qE 'Failing input written|panic:|_test\.go:[0-9]+:' "$log"; then
    echo "fuzz $name: stopped by Go's fuzztime race (go.dev/issue/75804), no failing input; not a finding"
    continue
  fi
  cat "$log"
  exit 1
done
