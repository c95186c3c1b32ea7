package workerproc

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Command returns the command line of a matrix's workers, before their
// arguments: command when it is set or when the matrix runs in process
// (inProcess: it starts no workers), else this binary (os.Executable)
// with arg, the worker argument its MaybeWorker answers. Its error says
// "find the running binary for its workers".
func Command(command []string, inProcess bool, arg string) ([]string, error) {
	if inProcess || len(command) > 0 {
		return command, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil, fmt.Errorf("find the running binary for its workers: %w", err)
	}
	return []string{exe, arg}, nil
}

// Defaults fills in the limits that a matrix's options (fidelity,
// robustness, interoperability) share: a time limit of zero or less
// becomes defaultTime; a memory limit of zero becomes defaultMemory (a
// negative one, no limit, stays); a number of workers of zero or less
// becomes GOMAXPROCS.
func Defaults(timeLimit *time.Duration, defaultTime time.Duration, memoryLimit *int64, defaultMemory int64, workers *int) {
	if *timeLimit <= 0 {
		*timeLimit = defaultTime
	}
	if *memoryLimit == 0 {
		*memoryLimit = defaultMemory
	}
	if *workers <= 0 {
		*workers = runtime.GOMAXPROCS(0)
	}
}

// acquire takes a place in sem, the places of the workers that a matrix
// runs at once, and reports whether it did: false, holding none, when ctx
// is done first, or by the time it has one (a select that may take
// either), so that no worker starts after an interruption.
func acquire(ctx context.Context, sem chan struct{}) bool {
	select {
	case sem <- struct{}{}:
	case <-ctx.Done():
		return false
	}
	if ctx.Err() != nil {
		<-sem
		return false
	}
	return true
}

// Pool runs the jobs of a matrix (its rows, or its workers), each in a
// goroutine of its own, at most a number of them at once.
type Pool struct {
	sem chan struct{}
	wg  sync.WaitGroup
}

// NewPool returns a pool that runs at most workers jobs at once.
func NewPool(workers int) *Pool { return &Pool{sem: make(chan struct{}, workers)} }

// Go runs job in a goroutine once fewer than the pool's workers run
// (acquire), and reports whether it did: false, not running job nor
// waiting any longer, when ctx is done first, so that no worker starts
// after an interruption.
func (p *Pool) Go(ctx context.Context, job func()) bool {
	if !acquire(ctx, p.sem) {
		return false
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer func() { <-p.sem }()
		job()
	}()
	return true
}

// Wait waits for the jobs that Go started to return.
func (p *Pool) Wait() { p.wg.Wait() }

// Warner returns a matrix's warn function (its Options.Warn): warn, or
// when nil a "serbench: " line on standard error, called one message at
// a time, since the rows or workers of a matrix run at once.
func Warner(warn func(msg string)) func(msg string) {
	if warn == nil {
		warn = func(msg string) { fmt.Fprintln(os.Stderr, "serbench:", msg) }
	}
	var mu sync.Mutex
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		warn(msg)
	}
}

// Args checks a worker's arguments (those after its worker argument):
// one for each word of usage ("WORKLOAD VALUES"). Its error says "want
// the arguments USAGE, got ARGS".
func Args(args []string, usage string) error {
	if len(args) != len(strings.Fields(usage)) {
		return fmt.Errorf("want the arguments %s, got %q", usage, args)
	}
	return nil
}

// Open is the start of a matrix worker that Dial started: it checks its
// arguments against usage (Args), reads the last one as the number of
// what it makes ("values"), a whole number of at least 1, and opens its
// pipes (Pipes, its requests named requests). The error is the worker's
// complaint, to pass to Fail: "bad number of WHAT ARG" for the count.
func Open(args []string, usage, what, requests string) (count int, answers *json.Encoder, in *bufio.Reader, err error) {
	if err := Args(args, usage); err != nil {
		return 0, nil, nil, err
	}
	last := args[len(args)-1]
	count, err = strconv.Atoi(last)
	if err != nil || count < 1 {
		return 0, nil, nil, fmt.Errorf("bad number of %s %q", what, last)
	}
	answers, in, err = Pipes(requests)
	if err != nil {
		return 0, nil, nil, err
	}
	return count, answers, in, nil
}
