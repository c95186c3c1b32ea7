// Package workload holds the canonical Go values that serbench encodes and
// decodes. Each workload generates its values from a fixed, documented seed,
// so the same seed and options always give the same values.
//
// A workload never imports a codec, and it does no timing or verification.
package workload

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/serbench/serbench/codec"
)

// Options tune value generation. A zero field means the workload's default.
type Options struct {
	// Seed replaces the workload's documented default seed when non-zero.
	Seed uint64
	// Count is the number of distinct values to generate.
	Count int
}

// Workload is a named set of canonical values.
type Workload struct {
	// Name is the workload's unique name, as used by --workload.
	Name string
	// Description says what the values look like, in one line.
	Description string
	// Seed is the documented default seed.
	Seed uint64
	// Count is the default number of distinct values.
	Count int
	// Type is the canonical, non-pointer type of the values.
	Type reflect.Type
	// generate returns count values from seed, each a pointer to Type.
	generate func(seed uint64, count int) []any
}

// Target returns the workload as codecs see it.
func (w *Workload) Target() codec.Target {
	t := w.Type
	return codec.Target{
		Workload: w.Name,
		Type:     t,
		New:      func() any { return reflect.New(t).Interface() },
	}
}

// Values generates the workload's values for opts: pointers to Type.
func (w *Workload) Values(opts Options) []any {
	seed, count := w.Seed, w.Count
	if opts.Seed != 0 {
		seed = opts.Seed
	}
	if opts.Count > 0 {
		count = opts.Count
	}
	return w.generate(seed, count)
}

var (
	mu       sync.Mutex
	registry = map[string]*Workload{}
)

func register(w *Workload) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[w.Name]; dup {
		panic("workload: registered twice: " + w.Name)
	}
	registry[w.Name] = w
}

// All returns the workloads sorted by name.
func All() []*Workload {
	mu.Lock()
	defer mu.Unlock()
	out := make([]*Workload, 0, len(registry))
	for _, w := range registry {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the workload registered under name.
func Lookup(name string) (*Workload, error) {
	mu.Lock()
	w, ok := registry[name]
	mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("unknown workload %q (valid: %s)", name, strings.Join(Names(), ", "))
	}
	return w, nil
}

// Names returns the names of all workloads, sorted.
func Names() []string {
	var names []string
	for _, w := range All() {
		names = append(names, w.Name)
	}
	return names
}
