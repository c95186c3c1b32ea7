// Package workload holds the canonical Go values that serbench encodes and
// decodes. Each workload generates its values from a fixed, documented seed,
// so the same seed and options always give the same values.
//
// A workload never imports or names a codec, and it does no timing or
// verification. What a codec is known to do with a workload (that it cannot
// represent it, or corrupts its values) is declared by the codec, in its
// codec.Info.Expect.
//
// What it promises: the workloads' names, Go types and documented seeds
// are stable: the same name and seed give the same values in every
// release (a change of values is a new seed or a new workload, said in the
// release notes), so results stay comparable across versions.
package workload

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"

	"github.com/serbench/serbench/codec"
)

// Options tune value generation. A zero field means the workload's default;
// each workload documents which options it reads.
type Options struct {
	// Seed replaces the workload's documented default seed when non-zero.
	Seed uint64
	// Count is the number of distinct values to generate.
	Count int
	// Depth is how many times a recursive value contains itself (nested).
	Depth int
	// Precision is the mantissa precision in bits of big.Float values.
	Precision uint
	// From, To and By select the sequential range from, from+by, ...
	// below to (bigfloat); Random selects random values instead.
	From, To, By float64
	Random       bool
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
	// Default, when set, is a regular expression of the codecs (or, for a
	// workload with a Runner, strategies) the default suite measures on
	// this workload: the ones that answer the question the workload was
	// made for. Empty: every plain codec. serbench run --suite full, or a
	// --codec pattern, ignores it.
	Default string
	// Runner, when set, names the package that runs this workload instead
	// of the generic harness (it has no canonical values to round-trip
	// one by one); the generic harness and conformance test skip it.
	Runner string
	// Access, when set, returns the access fields of a value (a pointer
	// to Type): the three fields that the "access" operation of zero-copy
	// codecs (codec.Accessor) reads from encoded bytes, for example
	// PersonFields. The harness compares what Access of the codec returns
	// with this, exactly, before it times the operation.
	Access func(v any) any
	// DefaultDepth, when positive, marks a workload of recursive values:
	// how many times a value contains itself when Options.Depth is 0.
	// Options.Depth sets the depth; a negative Options.Depth asks for 0.
	DefaultDepth int
	// validate, when set, reports options this workload cannot generate
	// values for.
	validate func(opts Options) error
	// generate returns the values for opts (defaults filled in), each a
	// pointer to Type.
	generate func(opts Options) []any
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

// Values generates the workload's values for opts: pointers to Type. It
// returns nil for a workload with a Runner.
func (w *Workload) Values(opts Options) []any {
	if w.generate == nil {
		return nil
	}
	if opts.Seed == 0 {
		opts.Seed = w.Seed
	}
	if opts.Count <= 0 {
		opts.Count = w.Count
	}
	return w.generate(opts)
}

// DepthOf returns how many times each value generated for opts contains
// itself, and false for a workload whose values are not recursive.
func (w *Workload) DepthOf(opts Options) (depth int, ok bool) {
	switch {
	case w.DefaultDepth <= 0:
		return 0, false
	case opts.Depth == 0:
		return w.DefaultDepth, true
	case opts.Depth < 0:
		return 0, true
	}
	return opts.Depth, true
}

// Check reports whether the workload can generate values for opts; the
// error names the workload and the bad option.
func (w *Workload) Check(opts Options) error {
	if w.validate == nil {
		return nil
	}
	if err := w.validate(opts); err != nil {
		return fmt.Errorf("workload %s: %w", w.Name, err)
	}
	return nil
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
