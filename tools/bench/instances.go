package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// instanceResult is one run of several instances on one PostgreSQL database: pages on each, one
// save through the first.
type instanceResult struct {
	Build       string
	Instances   int
	PerInstance int
	ConnectTime time.Duration
	SaveTime    time.Duration
	FromRequest distribution   // save request sent → page parsed the event, over every page
	PerServer   []distribution // the same per instance; the first is the one that saved
	CPU         []time.Duration
}

// runInstanceCases measures 1, 2 and 3 instances with perInstance pages each, runs times, on the
// PostgreSQL server the tests use (scripts/postgres-test-server.sh), a fresh database per run.
func runInstanceCases(root string, builds []build, perInstance, runs int) ([]instanceResult, error) {
	dsn, err := postgresServer(root)
	if err != nil {
		return nil, err
	}
	var out []instanceResult
	for _, k := range []int{1, 2, 3} {
		for range runs {
			for _, b := range builds {
				res, err := runInstances(b.path, dsn, k, perInstance)
				if err != nil {
					return out, fmt.Errorf("%s, %d instances: %w", b.path, k, err)
				}
				res.Build = b.name
				out = append(out, res)
			}
		}
	}
	return out, nil
}

// postgresServer returns NOTENRECHNER_TEST_POSTGRES, or starts (or reuses) the tests' server.
func postgresServer(root string) (string, error) {
	if dsn := os.Getenv("NOTENRECHNER_TEST_POSTGRES"); dsn != "" {
		return dsn, nil
	}
	cmd := exec.Command("bash", filepath.Join(root, "scripts", "postgres-test-server.sh"))
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("scripts/postgres-test-server.sh: %w", err)
	}
	line := strings.TrimSpace(string(out))
	dsn, ok := strings.CutPrefix(line, "export NOTENRECHNER_TEST_POSTGRES=")
	if !ok {
		return "", fmt.Errorf("scripts/postgres-test-server.sh printed %q", line)
	}
	return strings.Trim(dsn, "'"), nil
}

// freshDatabase creates an empty database on the server and returns its URL and a drop function.
func freshDatabase(server string) (string, func(), error) {
	suffix := make([]byte, 6)
	_, _ = rand.Read(suffix)
	name := "nr_bench_" + hex.EncodeToString(suffix)
	if err := pgExec(server, "CREATE DATABASE "+name); err != nil {
		return "", nil, err
	}
	u, err := url.Parse(server)
	if err != nil {
		return "", nil, err
	}
	u.Path = "/" + name
	return u.String(), func() { _ = pgExec(server, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)") }, nil
}

func pgExec(dsn, sql string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, sql)
	return err
}

func runInstances(bin, pgServer string, k, perInstance int) (instanceResult, error) {
	res := instanceResult{Instances: k, PerInstance: perInstance}
	dsn, drop, err := freshDatabase(pgServer)
	if err != nil {
		return res, err
	}
	defer drop()
	servers := make([]*server, k)
	for i := range servers {
		addr, err := freeAddr()
		if err != nil {
			return res, err
		}
		servers[i] = &server{addr: addr, db: dsn}
	}
	if err := servers[0].createAdmin(bin); err != nil { // also creates the schema
		return res, err
	}
	for _, s := range servers {
		if _, err := s.start(bin); err != nil {
			return res, err
		}
		defer s.stop()
	}
	begin := time.Now()
	subs := make([][]*subscriber, k)
	for i, s := range servers {
		var err error
		subs[i], _, err = connectAll(s.addr, perInstance, defaultEvents)
		defer closeAll(subs[i])
		if err != nil {
			return res, err
		}
	}
	res.ConnectTime = time.Since(begin)
	time.Sleep(500 * time.Millisecond)
	waits := make([]func() ([]time.Time, []int64), k)
	for i := range subs {
		waits[i] = awaitEvent(subs[i])
	}
	time.Sleep(200 * time.Millisecond) // let the readers block
	saver, err := startSaver(servers[0].addr, fmt.Sprintf("Bench %d×%d", k, perInstance))
	if err != nil {
		return res, err
	}
	cpu0 := make([]time.Duration, k)
	for i, s := range servers {
		if cpu0[i], err = cpuTime(s.pid()); err != nil {
			return res, err
		}
	}
	version, sent, answered, err := saver.save()
	if err != nil {
		return res, err
	}
	res.SaveTime = answered.Sub(sent)
	var all []time.Duration
	for i, wait := range waits {
		got, versions := wait()
		cpu, err := cpuTime(servers[i].pid())
		if err != nil {
			return res, err
		}
		res.CPU = append(res.CPU, cpu-cpu0[i])
		mine := make([]time.Duration, len(got))
		for j := range got {
			if versions[j] != version {
				return res, fmt.Errorf("instance %d, page %d got version %d, want %d", i+1, j, versions[j], version)
			}
			mine[j] = got[j].Sub(sent)
		}
		all = append(all, mine...)
		res.PerServer = append(res.PerServer, distributionOf(mine))
	}
	res.FromRequest = distributionOf(all)
	return res, nil
}

func instancesMarkdown(p printer, runs []instanceResult) {
	p("\n### Several instances on one PostgreSQL\n\n")
	p("1, 2 and 3 instances of the binary on one fresh PostgreSQL database (the server the tests use,\n")
	p("`scripts/postgres-test-server.sh`, on the same machine), %d pages (SSE streams, as above) on each, one save\n", runs[0].PerInstance)
	p("through the first instance; the others learn of it by LISTEN/NOTIFY, read the version and fan it out.\n")
	p("Latency from the moment the save was sent until each page had parsed the event; CPU per instance (its\n")
	p("threads' time on a CPU, as above) from just before the save until its pages all had the event.\n\n")
	p("| Build | Instances | pages | save round trip | all pages: p50 / p99 / max | p99 per instance (saving first) | CPU per instance |\n")
	p("|---|---|---|---|---|---|---|\n")
	for _, r := range runs {
		per := make([]string, len(r.PerServer))
		for i, d := range r.PerServer {
			per[i] = ms(d.P99)
		}
		cpu := make([]string, len(r.CPU))
		for i, c := range r.CPU {
			cpu[i] = ms(c)
		}
		p("| %s | %d | %d | %s | %s / %s / %s | %s | %s |\n", buildName(r.Build), r.Instances, r.Instances*r.PerInstance,
			ms(r.SaveTime), ms(r.FromRequest.P50), ms(r.FromRequest.P99), ms(r.FromRequest.Max),
			strings.Join(per, ", "), strings.Join(cpu, ", "))
	}
}
