package harness

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/exectest"
	"github.com/serbench/serbench/result"
)

// TestMain lets the test binary serve as the worker processes of the
// runs these tests start, and as a coordinator that a test kills.
func TestMain(m *testing.M) {
	MaybeWorker()
	if os.Getenv("HARNESS_TEST_COORDINATOR") != "" {
		coordinatorMain()
	}
	os.Exit(m.Run())
}

// The "proctest" kind builds jobs from their names alone, so that a worker
// process can rebuild them: each job has two units, "encode" that behaves
// and "decode" that behaves for its first calls (calibration and a couple
// of samples) and then misbehaves as the job's name says.
func init() {
	RegisterKind("proctest", Kind{Build: buildProcTest})
}

// misbehaveAfter is how many iterations the "decode" unit runs before it
// misbehaves: past calibration and the first samples.
const misbehaveAfter = 2000

var leak [][]byte

func buildProcTest(ctx context.Context, s Spec) (*Bound, error) {
	var calls atomic.Int64
	work := func(n int) {
		// About a microsecond of real work per iteration.
		x := 0
		for i := 0; i < n*300; i++ {
			x += i * i
		}
		runtime.KeepAlive(x)
	}
	ok := func(n int) (time.Duration, error) {
		start := time.Now()
		work(n)
		return time.Since(start), nil
	}
	bad := func(n int) (time.Duration, error) {
		start := time.Now()
		if calls.Add(int64(n)) > misbehaveAfter {
			switch s.Name {
			case "exit", "exit-tmp":
				os.Exit(3)
			case "panic-goroutine":
				done := make(chan struct{})
				go func() { panic("proctest: a goroutine panics") }()
				<-done
			case "recurse":
				var f func(int) int
				f = func(i int) int { return f(i+1) + 1 }
				f(0)
			case "alloc":
				for {
					leak = append(leak, make([]byte, 16<<20))
					for i := range leak[len(leak)-1] {
						leak[len(leak)-1][i] = 1
					}
				}
			case "block":
				// Sleep, not select{}: with nothing else awake the
				// runtime would end a select{} as a deadlock.
				for {
					time.Sleep(time.Hour)
				}
			case "error":
				return 0, errors.New("proctest: this unit fails")
			}
		}
		work(n)
		return time.Since(start), nil
	}
	var closeJob func()
	if s.Name == "exit-tmp" {
		// A temporary file that the job's Close would remove, as a
		// floats strategy's does; the worker exits before it can.
		dir, err := os.MkdirTemp("", "proctest-")
		if err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(dir, "values"), []byte("x"), 0o600); err != nil {
			return nil, err
		}
		closeJob = func() { os.RemoveAll(dir) }
	}
	v := &result.Verification{Workload: s.Workload, Codec: s.Name, Status: result.VerifyExact, Values: 1}
	cell := func(op string) result.Cell {
		return result.Cell{Workload: s.Workload, Codec: s.Name, Op: op, Goroutines: 1, MeanSize: 1}
	}
	return &Bound{Verification: v, Units: []Unit{
		{Cell: cell(result.OpEncode), Loop: ok},
		{Cell: cell(result.OpDecode), Loop: bad},
	}, Close: closeJob}, nil
}

func procSpecs(names ...string) []Spec {
	var out []Spec
	for _, n := range names {
		out = append(out, Spec{Kind: "proctest", Workload: "proc", Name: n})
	}
	return out
}

func testWorkerCommand(t *testing.T) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return []string{exe, WorkerArg}
}

// TestWorkersContainMisbehaviour runs jobs whose decode unit exits,
// panics on another goroutine, overflows its stack, allocates without
// bound or blocks, beside a job that behaves: the run completes, each bad
// cell has its status and message, and every other cell has every sample.
func TestWorkersContainMisbehaviour(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the memory watchdog reads /proc")
	}
	var s sink
	cfg := Config{Count: 4, Forks: 2, Workers: 3, SampleTime: 2 * time.Millisecond, Timeout: 3 * time.Second,
		MemoryLimit: 128 << 20, WorkerCommand: testWorkerCommand(t)}
	names := []string{"fine", "exit", "panic-goroutine", "recurse", "alloc", "block", "error"}
	start := time.Now()
	if err := Run(context.Background(), cfg, procSpecs(names...), &s); err != nil {
		t.Fatal(err)
	}
	t.Logf("run took %s", time.Since(start))
	want := map[string]struct{ status, text string }{
		"fine":            {result.CellOK, ""},
		"exit":            {result.CellCrash, "exit status 3"},
		"panic-goroutine": {result.CellCrash, "panic: proctest: a goroutine panics"},
		"recurse":         {result.CellCrash, "stack"},
		"alloc":           {result.CellMemory, "memory"},
		"block":           {result.CellTimeout, "timeout of 3s"},
		"error":           {result.CellError, "proctest: this unit fails"},
	}
	for name, w := range want {
		c := s.cell(name, result.OpDecode)
		if c.Status != w.status || !strings.Contains(c.Error, w.text) {
			t.Errorf("%s decode: status %q, error %q; want %q containing %q", name, c.Status, c.Error, w.status, w.text)
		}
		// The unit that behaves is complete in both forks, whatever its
		// job's other unit did.
		e := s.cell(name, result.OpEncode)
		if e.Status != result.CellOK || len(e.Samples) != 4 {
			t.Errorf("%s encode: status %q, %d samples; want ok with 4", name, e.Status, len(e.Samples))
		}
		forks := map[int]int{}
		for _, smp := range e.Samples {
			forks[smp.Fork]++
		}
		if forks[1] != 2 || forks[2] != 2 {
			t.Errorf("%s encode: samples per fork %v, want 2 in fork 1 and 2 in fork 2", name, forks)
		}
	}
	if c := s.cell("fine", result.OpDecode); len(c.Samples) != 4 {
		t.Errorf("fine decode: %d samples, want 4", len(c.Samples))
	}
	// The worker that hung was asked for its goroutines before it was
	// killed: the stacks say where it hung.
	if c := s.cell("block", result.OpDecode); !strings.Contains(c.Error, "\nits goroutines when it was stopped (SIGQUIT):\n") ||
		!strings.Contains(c.Error, "time.Sleep(") || !strings.Contains(c.Error, "harness.buildProcTest.") {
		t.Errorf("block decode: the error does not give the stacks of the hung worker, with time.Sleep called by the proctest unit:\n%s", c.Error)
	}
}

// TestKilledWorkersLeaveNoTempFiles: a worker that dies cannot remove
// its job's temporary files; they are in the run's directory for the
// workers (their TMPDIR), which Run removes.
func TestKilledWorkersLeaveNoTempFiles(t *testing.T) {
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var s sink
	cfg := Config{Count: 4, Forks: 1, Workers: 1, SampleTime: 2 * time.Millisecond, Timeout: 3 * time.Second,
		WorkerCommand: testWorkerCommand(t)}
	if err := Run(context.Background(), cfg, procSpecs("exit-tmp"), &s); err != nil {
		t.Fatal(err)
	}
	if c := s.cell("exit-tmp", result.OpDecode); c.Status != result.CellCrash {
		t.Fatalf("decode: status %q (%s), want crash: the worker did not die as the test needs", c.Status, c.Error)
	}
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Errorf("left in the temporary folder after the run: %s", e.Name())
	}
}

// TestSamplesRecordGC checks that a sample of an allocating loop in a
// worker sees the collections its garbage causes.
func TestSamplesRecordGC(t *testing.T) {
	var sink []byte
	gcs := 0
	for i := 0; i < 3 && gcs == 0; i++ {
		s, err := Measure(func(n int) (time.Duration, error) {
			start := time.Now()
			for j := 0; j < n; j++ {
				sink = make([]byte, 64<<10)
			}
			return time.Since(start), nil
		}, 20000, 1)
		if err != nil {
			t.Fatal(err)
		}
		gcs = s.GCCycles
		if s.BytesPerOp < 64<<10 {
			t.Errorf("B/op %v, want at least 64 KiB", s.BytesPerOp)
		}
	}
	runtime.KeepAlive(sink)
	if gcs == 0 {
		t.Error("allocating 1.3 GB in a sample completed no GC cycle")
	}
}

// TestResumeTakesOnlyMissingSamples gives Run the cells of an interrupted
// run and checks that it takes exactly the missing samples per fork.
func TestResumeTakesOnlyMissingSamples(t *testing.T) {
	var s sink
	stored := []result.Cell{
		{Workload: "proc", Codec: "fine", Op: result.OpEncode, Goroutines: 1, Status: result.CellOK,
			Samples: []result.Sample{{Fork: 1, NsPerOp: 1}, {Fork: 1, NsPerOp: 1}, {Fork: 2, NsPerOp: 1}}},
		{Workload: "proc", Codec: "fine", Op: result.OpDecode, Goroutines: 1, Status: result.CellInterrupted,
			Samples: []result.Sample{{Fork: 1, NsPerOp: 1}}},
		// A job whose cells are complete is not set up again.
		{Workload: "proc", Codec: "done", Op: result.OpEncode, Goroutines: 1, Status: result.CellOK,
			Samples: []result.Sample{{Fork: 1}, {Fork: 1}, {Fork: 2}, {Fork: 2}}},
		{Workload: "proc", Codec: "done", Op: result.OpDecode, Goroutines: 1, Status: result.CellOK,
			Samples: []result.Sample{{Fork: 1}, {Fork: 1}, {Fork: 2}, {Fork: 2}}},
	}
	cfg := Config{Count: 4, Forks: 2, SampleTime: time.Millisecond, Stored: stored, WorkerCommand: testWorkerCommand(t)}
	if err := Run(context.Background(), cfg, procSpecs("fine", "done"), &s); err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, c := range s.samples {
		got[fmt.Sprintf("%s %s fork %d", c.Codec, c.Op, c.Samples[0].Fork)]++
	}
	want := map[string]int{"fine encode fork 2": 1, "fine decode fork 1": 1, "fine decode fork 2": 2}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("new samples %v, want %v", got, want)
	}
	if len(s.verifs) != 1 || s.verifs[0].Codec != "fine" {
		t.Errorf("verifications %+v: want only fine's (done needs no worker)", s.verifs)
	}
	for _, c := range s.done {
		if c.Status != result.CellOK {
			t.Errorf("%s %s: status %s", c.Codec, c.Op, c.Status)
		}
	}
}

// TestWorkerThatDoesNotQuitIsNamed: a worker that stays after it was
// asked to quit (here a shell that runs the worker, then sleeps) is
// killed, a warning names its job and fork, and its samples are kept.
func TestWorkerThatDoesNotQuitIsNamed(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the test's worker is a shell script")
	}
	var s sink
	exe := testWorkerCommand(t)
	cfg := Config{Count: 2, Forks: 1, SampleTime: time.Millisecond,
		WorkerCommand: exectest.Lingering(exe...)}
	if err := Run(context.Background(), cfg, procSpecs("fine"), &s); err != nil {
		t.Fatal(err)
	}
	var named []string
	for _, w := range s.warnings {
		if strings.Contains(w, "did not exit within") {
			named = append(named, w)
		}
	}
	if len(named) != 1 || !strings.Contains(named[0], "proc/fine") || !strings.Contains(named[0], "fork 1") {
		t.Errorf("warnings %q: want one that names proc/fine, fork 1, and that its worker did not exit", s.warnings)
	}
	samples := map[string]int{}
	for _, c := range s.samples {
		samples[c.Op] += len(c.Samples)
	}
	for _, c := range s.done {
		if c.Status != result.CellOK || samples[c.Op] != 2 {
			t.Errorf("%s %s: status %s, %d samples; want ok and 2", c.Codec, c.Op, c.Status, samples[c.Op])
		}
	}
	if len(s.done) == 0 {
		t.Error("no cell finished")
	}
}

// TestBadWorkerCommand: a worker binary that is not one fails clearly.
func TestBadWorkerCommand(t *testing.T) {
	var s sink
	cfg := Config{Count: 1, Forks: 1, Timeout: 2 * time.Second, WorkerCommand: []string{"/bin/true"}}
	err := Run(context.Background(), cfg, procSpecs("fine"), &s)
	if err == nil {
		v := s.verification("fine")
		if v.Status != result.VerifyError || !strings.Contains(v.Error, "worker") {
			t.Fatalf("verification %+v: want an error about the worker", v)
		}
		return
	}
	if !strings.Contains(err.Error(), "worker") {
		t.Errorf("error %q does not name the worker", err)
	}
}

// coordinatorMain is a coordinator that a test kills by SIGKILL: it
// starts a worker whose unit blocks, prints the worker's PID and waits.
func coordinatorMain() {
	exe, _ := os.Executable()
	w, err := startWorker(context.Background(), procOptions{command: []string{exe, WorkerArg}}, "proc/block", 10*time.Second)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	if _, _, err := w.setup(context.Background(), procSpecs("block")[0], 10*time.Second); err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	go w.sample(context.Background(), 1, 2*misbehaveAfter, time.Hour) // blocks in the worker
	time.Sleep(100 * time.Millisecond)
	fmt.Println(w.proc.Pid())
	select {}
}

// TestWorkersDieWithTheirCoordinator kills a coordinator by SIGKILL and
// checks that its worker exits at once.
func TestWorkersDieWithTheirCoordinator(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), "HARNESS_TEST_COORDINATOR=1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("coordinator said nothing: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(line))
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("coordinator said %q", line)
	}
	if err := syscall.Kill(pid, 0); err != nil {
		t.Fatalf("worker %d is not running: %v", pid, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		// A dead worker whose parent died is reaped by init; until then
		// it is a zombie, which counts as gone.
		st, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil || strings.Contains(string(st), ") Z ") {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("worker %d outlived its coordinator by 3s", pid)
}
