# Notenrechner: one binary with the web app embedded.
#   make run    build everything and serve http://localhost:8080 on SQLite
#   make test   every test: the API contract (lint, fresh client types), Go (with -race; deploy/ checked with caddy and
#               systemd-analyze where installed), web unit tests, browser tests
#   make bench  benchmarks on loopback; rewrites the generated part of docs/benchmarks.md
#   make audit  govulncheck and npm audit (CI runs it too)
#   make fuzz   longer fuzzing rounds (make test runs fuzz-ci, 10 s a target)
#   make soak   10 minutes of 2,000 live clients, saves and grade requests (SOAK_DURATION=1m to try it)
#   make release  reproducible static binaries, container image, SBOMs and SHA256SUMS in dist/
#   make image    only the container image (and its linux binaries) in dist/

BIN        := bin/notenrechner
WEB_SRC    := $(shell find web/src web/public web/api-docs -type f 2>/dev/null) web/index.html web/vite.config.ts web/vite.ssr.config.ts web/package.json
NODE_STAMP := web/node_modules/.package-lock.json

.PHONY: run build web test test-api test-go test-web test-budget test-e2e test-release lint bench soak fuzz fuzz-ci audit vulncheck npm-audit release image clean

run: build
	./$(BIN) serve

build: $(BIN)

$(NODE_STAMP): web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web/dist/index.html: $(NODE_STAMP) $(WEB_SRC)
	cd web && npm run build

web: web/dist/index.html

$(BIN): web/dist/index.html $(shell find cmd internal -name '*.go' -o -name '*.sql' -o -name '*.txt') api/openapi.yaml api/embed.go $(wildcard web/*.go) go.mod go.sum
	go build -trimpath -ldflags="$$(scripts/stamp.sh)" -o $(BIN) ./cmd/notenrechner

test: test-api test-go test-release fuzz-ci test-web test-budget test-e2e

# The contract (api/openapi.yaml) lints with Redocly's recommended rules (web/redocly.yaml), and the
# web app's types generated from it (web/src/lib/api-types.gen.ts) are fresh: `npm run api:types`
# after a change of the contract. The Go tests check the server against it (internal/server).
test-api: $(NODE_STAMP)
	cd web && npm run lint:api && npm run api:check

# The built app first: the page's size budget (internal/server/page_size_test.go) is checked on the
# server-rendered page of the real build, and skips without it.
test-go: web/dist/index.html
	bash scripts/go-mod-tidy-check.sh
	go vet ./api ./cmd/... ./deploy ./internal/... ./tools/... ./web
	test -z "$$(gofmt -l api cmd deploy internal tools $(wildcard web/*.go))" || (gofmt -l api cmd deploy internal tools $(wildcard web/*.go); exit 1)
	go test -race -count=1 ./api ./cmd/... ./deploy ./internal/... ./web

test-web: $(NODE_STAMP)
	cd web && npm run lint && npm run typecheck && npm test

# The calculator route's JS must stay within 82 KiB gzip (by size, see docs/benchmarks.md).
test-budget: web/dist/index.html
	cd web && node scripts/check-budget.mjs

test-e2e: $(BIN)
	cd web && npm run e2e

# The release tool is a module of its own (tools/image), so that go-containerregistry stays out of
# the product's go.mod. Its test runs scripts/release.sh twice for linux/amd64 and checks that the
# bytes agree and the image is what docs/operations.md says (about 5 s once the build cache is warm).
test-release: web/dist/index.html
	cd tools/image && go mod tidy -diff && go vet ./... && go test -count=1 ./...

# Static binaries for linux/amd64, linux/arm64, windows/amd64 and darwin/arm64, the container image,
# SBOMs and SHA256SUMS in dist/; every build of one commit gives the same bytes (docs/operations.md).
release: web/dist/index.html
	bash scripts/release.sh

image: web/dist/index.html
	RELEASE_TARGETS="linux/amd64 linux/arm64" RELEASE_SBOM=0 bash scripts/release.sh

# Live fan-out (0, 1,000 and 10,000 SSE clients), three instances on one PostgreSQL (6,000 pages each;
# scripts/postgres-test-server.sh), 10,000 pages polling the configuration beside as many on streams,
# grade endpoint vs a bare handler, grading core (benchstat), start-up, bundle and page figures, 100 schools
# with 10,000 pages on one deployment and the start-up of 1, 100 and 1,000 schools; about eleven minutes.
# Needs Debian's chromium and postgresql.
# BENCH_FLAGS="-before OLD_BINARY" measures an older build in the same run, turn about.
bench: build
	go run ./tools/bench $(BENCH_FLAGS)

# A load test of the real binary on loopback; fails when a client misses the
# final version or goroutines/memory do not return to their start level.
soak:
	go run ./tools/soak

# Every fuzz target as package:Target; go test fuzzes one target per run.
# The committed seeds (testdata/fuzz/<Target>/) also run in test-go.
FUZZ_TARGETS := \
	./internal/grading:FuzzParseNumber \
	./internal/grading:FuzzParseConfig \
	./internal/grading:FuzzCalculateFast \
	./internal/grading:FuzzFehlerquotient \
	./internal/grading:FuzzFehlerSetting \
	./internal/server:FuzzLoginBody \
	./internal/server:FuzzPasswordChangeBody \
	./internal/server:FuzzSetupBody \
	./internal/server:FuzzInviteAcceptBody \
	./internal/server:FuzzConfigPutBody \
	./internal/server:FuzzUserCreateBody \
	./internal/server:FuzzUserUpdateBody \
	./internal/server:FuzzScaleCreateBody \
	./internal/server:FuzzSchoolPutBody \
	./internal/tenancy:FuzzCanonicalURL \
	./cmd/notenrechner:FuzzSetFlags \
	./internal/zeugnis:FuzzRun
FUZZTIME ?= 2m

# CI: each target for a bounded time (about 3 minutes in all, plus the
# first instrumented build).
fuzz-ci:
	scripts/fuzz.sh 10s $(FUZZ_TARGETS)

# Longer rounds by hand: make fuzz FUZZTIME=10m
fuzz:
	scripts/fuzz.sh $(FUZZTIME) $(FUZZ_TARGETS)

# Supply chain (CI runs it after the tests): known vulnerabilities in the Go
# modules and the shipped npm packages; fails on those with a fix available.
audit: vulncheck npm-audit

vulncheck:
	scripts/vulncheck.sh

npm-audit: $(NODE_STAMP)
	scripts/npm-audit.sh

clean:
	rm -rf bin dist web/dist/assets web/dist/index.html
