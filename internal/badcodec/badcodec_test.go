package badcodec

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

// childEnv names the codec a re-executed test binary runs (see child).
const childEnv = "BADCODEC_CHILD"

// childGood is GoodCalls in a child process.
const childGood = 5

// ready is what a child prints on stdout just before it makes the Encode
// call that misbehaves.
const ready = "BADCODEC-MISBEHAVING"

func TestMain(m *testing.M) {
	if name := os.Getenv(childEnv); name != "" {
		os.Exit(child(name))
	}
	os.Exit(m.Run())
}

// child runs in a re-executed test binary, with GoodCalls set to childGood
// by the environment: it makes childGood good Encode calls with the named
// codec, announces the next one on stdout, and makes it. It returns only
// if that call returns, which it must not.
func child(name string) int {
	if GoodCalls != childGood {
		fmt.Fprintf(os.Stderr, "child: GoodCalls = %d, want %d from $%s\n", GoodCalls, childGood, GoodCallsEnv)
		return 1
	}
	c, ok := codec.Lookup(name)
	if !ok {
		fmt.Fprintf(os.Stderr, "child: codec %q is not registered\n", name)
		return 1
	}
	inst, err := c.Bind(target)
	if err != nil {
		fmt.Fprintf(os.Stderr, "child: bind: %v\n", err)
		return 1
	}
	vs := values(childGood + 1)
	for i, v := range vs[:childGood] {
		if err := roundTrip(inst, v); err != nil {
			fmt.Fprintf(os.Stderr, "child: call %d: %v\n", i+1, err)
			return 1
		}
	}
	fmt.Println(ready)
	b, err := inst.Encode(vs[childGood])
	fmt.Fprintf(os.Stderr, "child: Encode call %d returned %q, %v\n", childGood+1, b, err)
	return 0
}

// value is the type the tests bind the codecs to.
type value struct {
	Name string
	N    int64
	F    float64
	Tags map[string]string
	List []uint16
	Any  any
	When time.Time
}

var target = codec.Target{
	Workload: "badcodec-test",
	Type:     reflect.TypeFor[value](),
	New:      func() any { return new(value) },
}

func values(n int) []any {
	out := make([]any, n)
	for i := range out {
		out[i] = &value{
			Name: strings.Repeat("x", i),
			N:    int64(i) * -1e12,
			F:    float64(i) / 3,
			Tags: map[string]string{"i": strconv.Itoa(i)},
			List: []uint16{uint16(i), 65535},
			Any:  fmt.Sprint(i),
			When: time.Date(2020, 1, 2, 3, 4, 5, i, time.FixedZone("", 3600*(i%5))),
		}
	}
	return out
}

// roundTrip round-trips v with inst and compares the result exactly, as
// serbench's verification does (times by instant and UTC offset).
func roundTrip(inst codec.Instance, v any) error {
	got, _, err := codec.RoundTrip(inst, v)
	if err != nil {
		return err
	}
	if diffs := verify.Compare(v, got, nil); len(diffs) > 0 {
		return fmt.Errorf("round trip: %s", diffs[0])
	}
	return nil
}

// setGoodCalls sets GoodCalls for one test.
func setGoodCalls(t *testing.T, n int) {
	old := GoodCalls
	GoodCalls = n
	t.Cleanup(func() { GoodCalls = old })
}

func TestRegistered(t *testing.T) {
	want := []string{PanicGoroutine, Recurse, Alloc, Block, Exit, Spin}
	if got := Names(); !reflect.DeepEqual(got, want) {
		t.Errorf("Names = %v, want %v", got, want)
	}
	for _, name := range want {
		c, ok := codec.Lookup(name)
		if !ok {
			t.Errorf("%s is not registered", name)
			continue
		}
		info := c.Info()
		if info.Name != name || info.Format != "test" || info.Module != "serbench" || info.API != codec.HandWritten ||
			!info.Flags.Plain() || info.Reference != "" || !strings.Contains(info.Notes, "test codec") {
			t.Errorf("Info = %+v", info)
		}
	}
}

// TestFirstCallsRoundTrip checks that every codec answers its first
// GoodCalls Encode calls correctly, per instance.
func TestFirstCallsRoundTrip(t *testing.T) {
	setGoodCalls(t, 7)
	for _, name := range Names() {
		c, _ := codec.Lookup(name)
		for range 2 { // each instance counts its own calls
			inst, err := c.Bind(target)
			if err != nil {
				t.Fatalf("%s: Bind: %v", name, err)
			}
			for i, v := range values(7) {
				if err := roundTrip(inst, v); err != nil {
					t.Errorf("%s: call %d: %v", name, i+1, err)
				}
			}
			for range 3 { // Decode never misbehaves
				if _, err := inst.Decode([]byte(`{"Name":"d"}`)); err != nil {
					t.Errorf("%s: Decode: %v", name, err)
				}
			}
		}
	}
}

// TestVerificationPasses checks that with the default GoodCalls the round
// trip of every value of every workload the harness runs passes
// verification with the declared loss, as it must for the codecs to be
// timed and so misbehave.
func TestVerificationPasses(t *testing.T) {
	if GoodCalls < 4000 {
		t.Fatalf("GoodCalls = %d, too few for the setup of a job (two Encode calls per value, up to 1000 values) with a margin", GoodCalls)
	}
	c, _ := codec.Lookup(Exit) // were a call to misbehave, the test binary would exit with status 3
	losses := c.Info().Losses
	for _, w := range workload.All() {
		if w.Runner != "" {
			continue
		}
		inst, err := c.Bind(w.Target())
		if err != nil {
			t.Fatalf("%s: Bind: %v", w.Name, err)
		}
		for i, v := range w.Values(workload.Options{}) {
			got, _, err := codec.RoundTrip(inst, v)
			if err != nil {
				t.Fatalf("%s: value %d: %v", w.Name, i, err)
			}
			if diffs := verify.Compare(v, got, losses); len(diffs) > 0 {
				t.Errorf("%s: value %d: %s", w.Name, i, diffs[0])
				break
			}
		}
	}
}

// A check judges a child once it has reached its bad call: done receives
// the result of cmd.Wait, and stderr may be read once it has.
type check func(t *testing.T, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer)

// ends checks that the child ends with a non-zero exit status (status, if
// positive) and that text is on its stderr.
func ends(status int, text string) check {
	return func(t *testing.T, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer) {
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			cmd.Process.Kill()
			<-done
			t.Fatalf("the child still runs after 20s; stderr:\n%s", tail(stderr))
		}
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() <= 0 {
			t.Fatalf("child: %v, want a non-zero exit status; stderr:\n%s", err, tail(stderr))
		}
		if status > 0 && ee.ExitCode() != status {
			t.Errorf("child: exit status %d, want %d", ee.ExitCode(), status)
		}
		if !strings.Contains(stderr.String(), text) {
			t.Errorf("child's stderr lacks %q:\n%s", text, tail(stderr))
		}
	}
}

// runs checks that the child still runs 500ms after its bad call, and
// kills it.
func runs(t *testing.T, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer) {
	select {
	case err := <-done:
		t.Fatalf("the child ended (%v) within 500ms; stderr:\n%s", err, tail(stderr))
	case <-time.After(500 * time.Millisecond):
	}
	cmd.Process.Kill()
	<-done
}

// grows checks that the child's resident memory exceeds 200 MiB within
// 10s, and kills it.
func grows(t *testing.T, cmd *exec.Cmd, done <-chan error, stderr *bytes.Buffer) {
	defer func() { cmd.Process.Kill(); <-done }()
	const limit = 200 << 20
	deadline := time.Now().Add(10 * time.Second)
	rss := int64(0)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			t.Fatalf("the child ended (%v) at %d MiB; stderr:\n%s", err, rss>>20, tail(stderr))
		case <-time.After(20 * time.Millisecond):
		}
		var err error
		if rss, err = vmRSS(cmd.Process.Pid); err != nil {
			t.Fatal(err)
		}
		if rss > limit {
			return
		}
	}
	t.Errorf("the child's VmRSS is %d MiB after 10s, want more than %d MiB", rss>>20, limit>>20)
}

// TestMisbehaves runs each codec in a child process (this test binary) to
// its first bad Encode call and checks that the call does what the
// codec's name says.
func TestMisbehaves(t *testing.T) {
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		check check
	}{
		{PanicGoroutine, ends(2, "panic: badcodec: "+PanicGoroutine)},
		{Recurse, ends(2, "goroutine stack exceeds")},
		{Exit, ends(3, "")},
		{Block, runs},
		{Spin, runs},
		{Alloc, grows},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name == Alloc && runtime.GOOS != "linux" {
				t.Skip("reads the child's memory from /proc (Linux only)")
			}
			t.Parallel()
			cmd := exec.Command(bin)
			cmd.Env = append(os.Environ(), childEnv+"="+tc.name, GoodCallsEnv+"="+strconv.Itoa(childGood))
			done, stderr := start(t, cmd)
			tc.check(t, cmd, done, stderr)
		})
	}
}

// TestGoodCallsEnv checks that a bad value of GoodCallsEnv stops a
// process at once, instead of leaving the default in place.
func TestGoodCallsEnv(t *testing.T) {
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), childEnv+"="+Exit, GoodCallsEnv+"=5O")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), GoodCallsEnv+`="5O"`) {
		t.Errorf("child with %s=5O: %v, want exit status 2 and a panic naming the variable:\n%s", GoodCallsEnv, err, out)
	}
}

// TestBlockIsNoDeadlock checks that bad-block hangs, rather than crashes
// with "all goroutines are asleep - deadlock!", in a process with no other
// goroutine. This test binary cannot show it: a package it links keeps the
// runtime from ever reporting a deadlock. So it builds testdata/minimal, a
// program that links only this package and its codec contract.
func TestBlockIsNoDeadlock(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command to build testdata/minimal: %v", err)
	}
	t.Parallel()
	bin := filepath.Join(t.TempDir(), "minimal")
	if out, err := exec.Command(gocmd, "build", "-o", bin, "./testdata/minimal").CombinedOutput(); err != nil {
		t.Fatalf("go build ./testdata/minimal: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, Block)
	done, stderr := start(t, cmd)
	runs(t, cmd, done, stderr)
	// The check means something: in that program, blocking on a channel
	// without bad-block's precaution is reported as a deadlock.
	plain := exec.Command(bin, "plain-block")
	done, stderr = start(t, plain)
	ends(2, "all goroutines are asleep - deadlock!")(t, plain, done, stderr)
}

// start starts cmd, a child that prints ready on stdout when it reaches
// the bad Encode call, and waits until it does. done receives the result
// of cmd.Wait; stderr must be read only after that.
func start(t *testing.T, cmd *exec.Cmd) (done <-chan error, stderr *bytes.Buffer) {
	t.Helper()
	stderr = new(bytes.Buffer)
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	select {
	case line := <-lines:
		if line != ready {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("child printed %q, want %q; stderr:\n%s", line, ready, tail(stderr))
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatalf("the child did not reach the bad call in 20s; stderr:\n%s", tail(stderr))
	}
	go func() {
		for range lines {
		}
	}()
	ch := make(chan error, 1)
	go func() { ch <- cmd.Wait() }()
	return ch, stderr
}

// vmRSS returns the resident set size of process pid from /proc.
func vmRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			f := strings.Fields(rest)
			if len(f) != 2 || f[1] != "kB" {
				return 0, fmt.Errorf("/proc/%d/status: odd line %q", pid, line)
			}
			kb, err := strconv.ParseInt(f[0], 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no VmRSS line", pid)
}

// tail returns the last lines of a child's stderr.
func tail(b *bytes.Buffer) string {
	s := b.String()
	if len(s) > 2000 {
		s = "…" + s[len(s)-2000:]
	}
	return s
}
