#!/usr/bin/env bash
# Fails when `go mod tidy` would change go.mod: every module the code imports is required as
# direct, and nothing else is. go.sum is not held to tidy's full list: tidy also records the
# checksums of modules that only our dependencies' own tests use, which nothing here builds, and
# the vulnerability check (scripts/vulncheck.sh) must then know each of them.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
out=$(go mod tidy -diff 2>&1) || status=$?
if grep -q '^diff current/go.mod' <<<"$out"; then
  printf '%s\n' "$out"
  echo "go-mod-tidy-check: go.mod is not tidy; run: go mod tidy (and keep go.sum's additions only if vulncheck covers them)"
  exit 1
fi
if [ "$status" -ne 0 ] && ! grep -q '^diff current/go.sum' <<<"$out"; then
  printf '%s\n' "$out"
  echo "go-mod-tidy-check: go mod tidy failed"
  exit 1
fi
echo "go-mod-tidy-check: go.mod is tidy"
