package workerproc

import (
	"context"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestCommand(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		command   []string
		inProcess bool
		want      []string
	}{
		{nil, false, []string{exe, "__arg"}},
		{[]string{"w", "x"}, false, []string{"w", "x"}},
		{nil, true, nil},
	} {
		got, err := Command(tc.command, tc.inProcess, "__arg")
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("Command(%q, %v) = %q, %v; want %q", tc.command, tc.inProcess, got, err, tc.want)
		}
	}
}

func TestDefaults(t *testing.T) {
	tl, mem, workers := time.Duration(0), int64(0), 0
	Defaults(&tl, time.Second, &mem, 1<<30, &workers)
	if tl != time.Second || mem != 1<<30 || workers != runtime.GOMAXPROCS(0) {
		t.Errorf("the defaults: %v, %d, %d", tl, mem, workers)
	}
	tl, mem, workers = time.Minute, -1, 3
	Defaults(&tl, time.Second, &mem, 1<<30, &workers)
	if tl != time.Minute || mem != -1 || workers != 3 {
		t.Errorf("set limits changed: %v, %d, %d", tl, mem, workers)
	}
}

// TestOpenArguments: the complaints of a worker started with the wrong
// arguments, before it opens its pipes.
func TestOpenArguments(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"person"}, `want the arguments WORKLOAD VALUES, got ["person"]`},
		{[]string{"person", "0"}, `bad number of values "0"`},
		{[]string{"person", "x"}, `bad number of values "x"`},
	} {
		if _, _, _, err := Open(tc.args, "WORKLOAD VALUES", "values", "requests"); err == nil || err.Error() != tc.want {
			t.Errorf("Open(%q): %v, want %s", tc.args, err, tc.want)
		}
	}
}

// TestWarnerOneAtATime: the warn function that Warner returns passes
// every message on, one at a time though called at once.
func TestWarnerOneAtATime(t *testing.T) {
	var inside, most, n atomic.Int32
	warn := Warner(func(msg string) {
		if in := inside.Add(1); in > most.Load() {
			most.Store(in)
		}
		time.Sleep(time.Millisecond)
		n.Add(1)
		inside.Add(-1)
	})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() { defer wg.Done(); warn(strconv.Itoa(i)) }()
	}
	wg.Wait()
	if n.Load() != 8 || most.Load() != 1 {
		t.Errorf("%d messages passed on, at most %d at once; want 8, one at a time", n.Load(), most.Load())
	}
}

// TestAcquire: acquire takes a free place, and none once ctx is done,
// whether or not a place is free.
func TestAcquire(t *testing.T) {
	sem := make(chan struct{}, 1)
	if !acquire(context.Background(), sem) || len(sem) != 1 {
		t.Fatalf("a free place was not taken: %d taken", len(sem))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if acquire(ctx, sem) {
		t.Error("a place was taken, none free, after ctx was done")
	}
	<-sem
	for range 100 { // the select may take the free place: it is given back
		if acquire(ctx, sem) || len(sem) != 0 {
			t.Fatalf("a place was kept after ctx was done: %d taken", len(sem))
		}
	}
}

// TestPool: a pool runs every job, at most its workers at once; once ctx
// is done, Go neither waits for a place (here held by a job that goes on)
// nor runs its job.
func TestPool(t *testing.T) {
	p := NewPool(2)
	var inside, most, n atomic.Int32
	for range 8 {
		if !p.Go(context.Background(), func() {
			if in := inside.Add(1); in > most.Load() {
				most.Store(in)
			}
			time.Sleep(time.Millisecond)
			n.Add(1)
			inside.Add(-1)
		}) {
			t.Fatal("Go did not run a job, ctx not done")
		}
	}
	p.Wait()
	if n.Load() != 8 || most.Load() > 2 {
		t.Errorf("%d jobs run, at most %d at once; want 8, at most 2", n.Load(), most.Load())
	}

	p = NewPool(1)
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	p.Go(ctx, func() { <-release })
	cancel()
	var ran atomic.Bool
	started := make(chan bool, 1)
	go func() { started <- p.Go(ctx, func() { ran.Store(true) }) }()
	select {
	case ok := <-started:
		if ok {
			t.Error("Go started a job after ctx was done")
		}
	case <-time.After(10 * time.Second):
		t.Error("Go waited for a place after ctx was done")
	}
	close(release)
	p.Wait()
	if ran.Load() {
		t.Error("a job ran after ctx was done")
	}
}
