package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"
)

// saver is this program's `save` subcommand in a process of its own: signed in as the admin, it
// saves when told to and reports the moments of request and response (wall clock, which all
// processes here share), so that the 10,000 subscriber goroutines of this process cannot delay
// its reading of the save's response. It stands for the admin's browser, which has a machine of
// its own: it runs at nice -10 where the bench may (as root), so that the fan-out's writes and
// readers, busy on both cores the moment the server has answered, do not decide when it gets to
// read that answer.
type saver struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startSaver(addr, name string) (*saver, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(self, "save", addr, name)
	if os.Geteuid() == 0 {
		cmd = exec.Command("nice", "-n", "-10", self, "save", addr, name)
	}
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &saver{cmd: cmd, in: in, out: bufio.NewReader(out)}
	if line, err := s.out.ReadString('\n'); err != nil || line != "ready\n" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		return nil, fmt.Errorf("saver did not get ready: %q %v", line, err)
	}
	return s, nil
}

func (s *saver) save() (version int64, sent, answered time.Time, err error) {
	defer func() { _ = s.cmd.Wait() }()
	if _, err := io.WriteString(s.in, "go\n"); err != nil {
		return 0, sent, answered, err
	}
	s.in.Close()
	var sentNs, answeredNs int64
	if _, err := fmt.Fscan(s.out, &version, &sentNs, &answeredNs); err != nil {
		return 0, sent, answered, fmt.Errorf("saver: %w", err)
	}
	return version, time.Unix(0, sentNs), time.Unix(0, answeredNs), nil
}

// saveProcess is the `save` subcommand: sign in, say "ready", wait for a line, save, print
// "version sentUnixNano answeredUnixNano".
func saveProcess(addr, name string) error {
	srv := &server{addr: addr}
	client, err := srv.signIn()
	if err != nil {
		return err
	}
	fmt.Println("ready")
	if _, err := bufio.NewReader(os.Stdin).ReadString('\n'); err != nil {
		return err
	}
	version, sent, answered, err := srv.save(client, name)
	if err != nil {
		return err
	}
	fmt.Println(version, sent.UnixNano(), answered.UnixNano())
	return nil
}
