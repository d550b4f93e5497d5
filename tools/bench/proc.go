package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// rssKiB reads VmRSS of a process from /proc/PID/status.
func rssKiB(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no VmRSS for pid %d", pid)
}

// clockTicks is USER_HZ, the unit of utime and stime in /proc/PID/stat; 100 on every Linux port Go supports.
const clockTicks = 100

// cpuTime is the CPU time a process's threads have used, to the nanosecond: the sum of the first
// field of /proc/PID/task/*/schedstat. (The user and system times of /proc/PID/stat count in ticks
// of 10 ms, a tenth of a fan-out's publish.) A thread that ended in between is not counted; the Go
// runtime keeps its threads.
func cpuTime(pid int) (time.Duration, error) {
	tasks, err := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/schedstat", pid))
	if err != nil || len(tasks) == 0 {
		return 0, fmt.Errorf("no threads of pid %d", pid)
	}
	var sum time.Duration
	for _, t := range tasks {
		data, err := os.ReadFile(t)
		if err != nil {
			continue // the thread ended
		}
		fields := strings.Fields(string(data))
		if len(fields) == 0 {
			return 0, fmt.Errorf("unreadable %s", t)
		}
		ns, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("unreadable %s", t)
		}
		sum += time.Duration(ns)
	}
	return sum, nil
}

// cpuTimes is the user and the system CPU time a process has used (/proc/PID/stat fields 14 and
// 15, in ticks of 10 ms).
func cpuTimes(pid int) (user, sys time.Duration, err error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, 0, err
	}
	// the command name (field 2) may hold spaces; the fields after it start behind its ')'
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	utime, err1 := strconv.ParseInt(fields[11], 10, 64)
	stime, err2 := strconv.ParseInt(fields[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, 0, fmt.Errorf("unreadable /proc/%d/stat", pid)
	}
	return time.Duration(utime) * time.Second / clockTicks, time.Duration(stime) * time.Second / clockTicks, nil
}

// machine describes where the run happened, for the report.
func machine() string {
	cpu := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "model name"); ok {
				cpu = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), ":"))
				break
			}
		}
	}
	mem := ""
	if data, err := os.ReadFile("/proc/meminfo"); err == nil {
		if f := strings.Fields(string(data)); len(f) > 1 {
			if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
				mem = fmt.Sprintf(", %.0f GiB RAM", float64(kb)/(1<<20))
			}
		}
	}
	kernel, _ := exec.Command("uname", "-r").Output()
	return fmt.Sprintf("%s, %d cores%s, Linux %s, %s %s/%s", cpu, runtime.NumCPU(), mem,
		strings.TrimSpace(string(kernel)), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}
