package hprose

import (
	"runtime"
	"testing"
	"time"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/workload"
)

// TestConcurrentDecode decodes the person and nested messages of both
// codecs from several goroutines at once, one instance each, as the
// harness runs a cell of the --parallel variants. Both libraries keep
// process-wide caches behind locks (hprose-go: ClassManager, the reader's
// indexCache and the writer's fieldCache; hprose-golang: its struct
// caches), filled on first use: run with -race, and in fresh processes
// (-count=1), it checks that they neither race nor deadlock. A decode that
// does not end within the limit fails the test with every goroutine's
// stack.
func TestConcurrentDecode(t *testing.T) {
	const (
		goroutines = 4
		rounds     = 2
		maxValues  = 200
		limit      = 2 * time.Minute
	)
	for _, name := range []string{"hprose-go", "hprose-golang"} {
		for _, wl := range []string{"person", "nested"} {
			_, values := codectest.BindValues(t, name, wl, &workload.Options{})
			if len(values) > maxValues {
				values = values[:maxValues]
			}
			// One instance per goroutine, each bound before any decode:
			// the first decodes of the goroutines meet the empty caches
			// together.
			insts := make([]codec.Instance, goroutines)
			for g := range insts {
				insts[g] = codectest.Bind(t, name, wl)
			}
			messages := make([][]byte, len(values))
			for i, v := range values {
				messages[i] = append([]byte(nil), codectest.Encode(t, insts[0], v)...)
			}
			start := make(chan struct{})
			errs := make(chan error, goroutines)
			for g := range goroutines {
				go func() {
					errs <- codec.Call("decode", func() error {
						<-start
						for r := range rounds {
							for i := range messages {
								k := (i + g*len(messages)/goroutines + r) % len(messages)
								if _, err := insts[g].Decode(messages[k]); err != nil {
									return err
								}
							}
						}
						return nil
					})
				}()
			}
			close(start)
			timeout := time.After(limit)
			for range goroutines {
				select {
				case err := <-errs:
					if err != nil {
						t.Errorf("%s on %s: %v", name, wl, err)
					}
				case <-timeout:
					buf := make([]byte, 1<<20)
					buf = buf[:runtime.Stack(buf, true)]
					t.Fatalf("%s on %s: %d goroutines decoding at once did not end within %s; goroutines:\n%s", name, wl, goroutines, limit, buf)
				}
			}
		}
	}
}
