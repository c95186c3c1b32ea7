// Package badcodec registers codecs that really misbehave, to test that
// serbench contains them: that a codec which crashes the process, blows
// its stack, exhausts memory, hangs, exits or spins is killed and marked,
// and that nothing else is disturbed.
//
// It exists only to test containment. It must never be imported by
// non-test code, except by a file of cmd/serbench guarded by the build tag
// serbench_testcodecs; its codecs are registered only when it is imported.
//
// Each codec works correctly for the first GoodCalls calls of Encode of an
// instance, so that the round trip verifying a job before it is timed
// passes: Encode marshals the value with encoding/json and Decode
// unmarshals it (with encoding/json's one loss, declared: numbers in
// interface{} values decode as float64). Every later Encode misbehaves, in
// the way the codec's name and Notes say. Decode never misbehaves.
//
// The package deliberately does nothing to limit the harm: a codec that
// allocates without bound does so until the process is killed.
package badcodec

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/serbench/serbench/codec"
)

// GoodCalls is the number of Encode calls each instance answers correctly
// before it misbehaves. It is read when a codec is bound. The default,
// 20000, is far more than the setup of a job makes (the harness encodes
// each value twice, for the verifying round trip and for the messages the
// decode cell rotates through; at most 1000 values). A timed cell reaches
// it within its first samples unless they are very short or the values
// very large; a worker process counts afresh with each instance it binds.
// The environment variable named by GoodCallsEnv, when set, replaces the
// default when the package is initialized, so that it reaches worker
// processes.
var GoodCalls = 20000

// GoodCallsEnv names the environment variable that sets GoodCalls: a
// non-negative integer. Any other value makes the package's initialization
// panic, so that a typo cannot go unnoticed.
const GoodCallsEnv = "SERBENCH_BADCODEC_GOODCALLS"

// MaxStack, when positive, is the stack limit bad-recurse sets with
// runtime/debug.SetMaxStack before it recurses, so that it overflows its
// stack after growing it to this size rather than to the runtime's default
// limit (1 GB on 64-bit systems), which would cost that much memory before
// the crash, and could trip a memory limit instead. Zero leaves the limit
// alone.
var MaxStack = 64 << 20

// The codecs' names.
const (
	PanicGoroutine = "bad-panic-goroutine"
	Recurse        = "bad-recurse"
	Alloc          = "bad-alloc"
	Block          = "bad-block"
	Exit           = "bad-exit"
	Spin           = "bad-spin"
)

// AllocChunk is the size of each allocation of bad-alloc.
const AllocChunk = 64 << 20

// Names returns the names of the codecs of this package.
func Names() []string {
	out := make([]string, len(variants))
	for i, v := range variants {
		out[i] = v.name
	}
	return out
}

var variants = []struct {
	name, notes string
	misbehave   func()
}{
	{PanicGoroutine, "starts a goroutine that panics, which no caller can recover: the process crashes (exit status 2, \"panic:\" on stderr)", panicGoroutine},
	{Recurse, "recurses without bound: the process dies of a stack overflow (fatal error, \"goroutine stack exceeds\" on stderr)", recurseForever},
	{Alloc, "allocates 64 MiB slices, touches every page and keeps them all reachable, without bound, until the process is killed or runs out of memory", allocForever},
	{Block, "blocks forever on a channel nobody closes; a goroutine sleeping in a loop keeps the runtime from reporting a deadlock, so the process hangs until killed", blockForever},
	{Exit, "calls os.Exit(3)", exit},
	{Spin, "spins in a busy loop that never returns, burning a CPU until the process is killed", spinForever},
}

func init() {
	if s, ok := os.LookupEnv(GoodCallsEnv); ok {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			panic(fmt.Sprintf("badcodec: %s=%q: want a non-negative integer", GoodCallsEnv, s))
		}
		GoodCalls = n
	}
	for _, v := range variants {
		info := codec.Info{
			Name:   v.name,
			Format: "test",
			Module: "serbench",
			API:    codec.HandWritten,
			Losses: []codec.Loss{{
				Kind:   codec.InterfaceTypes,
				Detail: "numbers in interface{} values decode as float64, whatever their type (encoding/json)",
			}},
			Notes: "a test codec (internal/badcodec): encoding/json for the first GoodCalls Encode calls of an instance, then on every Encode " + v.notes,
		}
		misbehave := v.misbehave
		codec.Register(codec.New(info, func(t codec.Target) (codec.Instance, error) {
			return &instance{newValue: t.New, good: int64(GoodCalls), misbehave: misbehave}, nil
		}))
	}
}

// instance is a bad codec bound to one target.
type instance struct {
	newValue  func() any
	good      int64
	calls     atomic.Int64
	misbehave func()
}

func (*instance) Prepare(canonical any) (any, error) { return canonical, nil }

func (in *instance) Encode(v any) ([]byte, error) {
	if in.calls.Add(1) > in.good {
		in.misbehave()
	}
	return json.Marshal(v)
}

func (in *instance) Decode(data []byte) (any, error) {
	v := in.newValue()
	return v, json.Unmarshal(data, v)
}

func (*instance) Canonical(decoded any) (any, error) { return decoded, nil }

// never is a channel nobody sends on or closes.
var never = make(chan struct{})

func panicGoroutine() {
	go func() { panic("badcodec: " + PanicGoroutine + " panics in a goroutine of its own") }()
	<-never // the panic ends the process
}

func recurseForever() {
	if MaxStack > 0 {
		debug.SetMaxStack(MaxStack)
	}
	recurse(0)
}

// recurseSink keeps recurse's frames from being optimized away.
var recurseSink int

// recurse calls itself without end (depth never becomes negative before
// the stack overflows); each frame holds a buffer, so the stack grows fast.
//
//go:noinline
func recurse(depth int) int {
	if depth < 0 {
		return 0
	}
	var frame [256]byte
	frame[depth%len(frame)] = byte(depth)
	n := recurse(depth+1) + int(frame[(depth+1)%len(frame)])
	recurseSink = n
	return n
}

var (
	hoardMu sync.Mutex
	// hoard keeps every allocation of bad-alloc reachable.
	hoard [][]byte
)

func allocForever() {
	for {
		b := make([]byte, AllocChunk)
		// Fresh pages from the OS are zero and cost nothing until
		// written: touch each so that the memory is really used.
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		hoardMu.Lock()
		hoard = append(hoard, b)
		hoardMu.Unlock()
	}
}

// blockForever blocks on never. A goroutine sleeping in a loop keeps a
// timer pending, so that the runtime never reports "all goroutines are
// asleep - deadlock!", even in a process with no other goroutine: the
// codec hangs, it does not crash.
func blockForever() {
	go func() {
		for {
			time.Sleep(time.Hour)
		}
	}()
	<-never
}

func exit() { os.Exit(3) }

// spinSink keeps the busy loop from being optimized away.
var spinSink atomic.Uint64

func spinForever() {
	for i := uint64(0); ; i++ {
		if i&0xffff == 0 {
			spinSink.Store(i)
		}
	}
}
