# Notenrechner: one binary with the web app embedded.
#   make run    build everything and serve http://localhost:8080 on SQLite
#   make test   every test: Go (with -race), web unit tests, browser tests
#   make bench  benchmarks on loopback; rewrites the generated part of docs/benchmarks.md

BIN        := bin/notenrechner
WEB_SRC    := $(shell find web/src web/public -type f 2>/dev/null) web/index.html web/vite.config.ts web/package.json
NODE_STAMP := web/node_modules/.package-lock.json

.PHONY: run build web test test-go test-web test-budget test-e2e lint bench fuzz clean

run: build
	./$(BIN) serve

build: $(BIN)

$(NODE_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: $(NODE_STAMP) $(WEB_SRC)
	cd web && npm run build

web: web/dist/index.html

$(BIN): web/dist/index.html $(shell find cmd internal -name '*.go' -o -name '*.sql' -o -name '*.txt') web/embed.go go.mod go.sum
	go build -trimpath -o $(BIN) ./cmd/notenrechner

test: test-go test-web test-budget test-e2e

test-go:
	go vet ./cmd/... ./internal/... ./tools/... ./web
	test -z "$$(gofmt -l cmd internal tools web/embed.go)" || (gofmt -l cmd internal tools web/embed.go; exit 1)
	go test -race -count=1 ./cmd/... ./internal/... ./web

test-web: $(NODE_STAMP)
	cd web && npm run lint && npm run typecheck && npm test

# The calculator route's JS must stay within 80 KiB gzip (by size, see docs/benchmarks.md).
test-budget: web/dist/index.html
	cd web && node scripts/check-budget.mjs

test-e2e: $(BIN)
	cd web && npm run e2e

# Live fan-out (1,000 and 10,000 SSE clients), grade endpoint vs a bare handler, grading core
# (benchstat), start-up, bundle and page figures; about three minutes. Needs Debian's chromium.
bench: build
	go run ./tools/bench

# A short fuzzing round of every target; CI does not run it.
fuzz:
	go test -run='^$$' -fuzz=FuzzParseNumber -fuzztime=30s ./internal/grading
	go test -run='^$$' -fuzz=FuzzParseConfig -fuzztime=30s ./internal/grading
	go test -run='^$$' -fuzz=FuzzCalculateFast -fuzztime=30s ./internal/grading

clean:
	rm -rf bin web/dist/assets web/dist/index.html
