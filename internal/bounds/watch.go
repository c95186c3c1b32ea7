package bounds

import (
	"fmt"
	"io"
	"runtime/debug"
	"runtime/metrics"
	"sync"
	"time"
)

// MemoryShare is the share of the machine's memory past which a command
// that builds values in serbench's own process is stopped (Watch).
const MemoryShare = 0.9

// Watch watches the memory of serbench's own process, on a machine with
// machine bytes of memory (0: unknown, no watch), while a command builds
// and round-trips values in it (onepass, bigfloat), in case they take
// more than their bound estimated: past MemoryShare of the machine's
// memory, it says so on stderr and calls exit with status 1, a failure
// at run time, before the Go runtime's own out-of-memory crash, whose
// status, 2, is that of bad usage. It also sets the runtime's soft
// memory limit there, so that the collector works harder first. stop
// ends the watch.
func Watch(machine int64, stderr io.Writer, exit func(int)) (stop func()) {
	if machine <= 0 {
		return func() {}
	}
	return WatchAt(int64(MemoryShare*float64(machine)), fmt.Sprintf("%.0f%% of this machine's %s of memory", 100*MemoryShare, SizeText(float64(machine))), stderr, exit)
}

// WatchAt is Watch with a limit of limit bytes, described as of.
func WatchAt(limit int64, of string, stderr io.Writer, exit func(int)) (stop func()) {
	prev := debug.SetMemoryLimit(limit)
	done := make(chan struct{})
	var once sync.Once
	go func() {
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
			}
			if used := ProcessMemory(); used > uint64(limit) {
				fmt.Fprintf(stderr, "serbench: out of memory: this process holds %s, more than %s (the values took more than estimated); stopped\n", SizeText(float64(used)), of)
				exit(1)
				return
			}
		}
	}()
	return func() {
		once.Do(func() {
			close(done)
			debug.SetMemoryLimit(prev)
		})
	}
}

// ProcessMemory is the memory the Go runtime holds from the system and
// has not released: its heap, stacks and the rest.
func ProcessMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 || s[1].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64() - s[1].Value.Uint64()
}
