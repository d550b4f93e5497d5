#!/usr/bin/env bash
# Builds Litestream, the pinned version that docs/operations.md documents and
# TestLitestreamReplica (cmd/notenrechner) runs, once into the user's cache:
#
#   scripts/litestream.sh        prints the binary's path (builds it the first time, about 2 minutes)
#
# From v0.5 on Litestream uses modernc.org/sqlite like Notenrechner, so no C
# compiler is needed. The test skips, naming this script, while the binary is missing.
set -euo pipefail
version=v0.5.18
dir=${XDG_CACHE_HOME:-$HOME/.cache}/notenrechner/litestream-$version
if [ ! -x "$dir/litestream" ]; then
  mkdir -p "$dir"
  GOBIN=$dir go install "github.com/benbjohnson/litestream/cmd/litestream@$version" >&2
fi
printf '%s\n' "$dir/litestream"
