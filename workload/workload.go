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
	"strconv"
	"strings"
	"sync"

	"github.com/serbench/serbench/codec"
)

// Options tune value generation: the settings of every workload (Seed
// and Count; zero means the workload's default) and the values given for
// the params that workloads declare (Workload.Params).
type Options struct {
	// Seed replaces the workload's documented default seed when non-zero.
	Seed uint64
	// Count is the number of distinct values to generate.
	Count int
	// Params holds the values given for workloads' params, by param name,
	// as text ("3" for --depth 3): only those that were set, so that a
	// workload uses its default for the others. A workload reads the
	// params it declares and ignores the rest.
	Params map[string]string `json:",omitempty"`
}

// Param declares an option of one workload's values, given on the
// command line as --Name.
type Param struct {
	// Name is the param's name and flag, such as "depth".
	Name string
	// Usage says what the param does, in one line, without naming the
	// workload.
	Usage string
	// Default is the value when the param is not given; its type is the
	// param's: int, uint, float64 or bool.
	Default any
	// Headline, when set, means that the param's value describes every
	// value of the workload (nested's depth), so that summaries such as
	// serbench onepass name it in their header.
	Headline bool
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
	// Params declares the options of this workload's values beyond Seed
	// and Count, which it reads from Options.Params.
	Params []Param
	// validate, when set, reports options this workload cannot generate
	// values for; the error names the param ("--depth -2: want 0 or
	// more").
	validate func(opts Options) error
	// generate returns the values for opts (defaults filled in), each a
	// pointer to Type.
	generate func(opts Options) []any
	// footprint estimates the bytes of the values for opts (defaults
	// filled in, params checked); see Footprint.
	footprint func(opts Options) float64
	// data is what a data workload was loaded from (LoadData).
	data *Data
}

// Footprint estimates the memory, in bytes, that one set of the
// workload's values for opts occupies once generated (what Values
// returns; for a workload with a Runner, what one of its jobs holds of
// its values and their stored form at once), so that a command can
// refuse options that cannot fit before it generates anything. The
// figures are measured on 64-bit platforms and err on the high side; the
// estimate may be +Inf (nested at a depth in the hundreds) and is 0 when
// the workload does not say. opts must pass Check.
func (w *Workload) Footprint(opts Options) float64 {
	if w.footprint == nil {
		return 0
	}
	if opts.Seed == 0 {
		opts.Seed = w.Seed
	}
	if opts.Count <= 0 {
		opts.Count = w.Count
	}
	return w.footprint(opts)
}

// perValue is the footprint of a workload whose values take about n bytes
// each, whatever the options.
func perValue(n float64) func(Options) float64 {
	return func(opts Options) float64 { return n * float64(opts.Count) }
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
// returns nil for a workload with a Runner, and panics on params that
// Check refuses.
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

// Headline returns "name value" for each param of the workload declared
// as Headline, with its value for opts (given or default), such as
// "depth 1"; nil for a workload that has none.
func (w *Workload) Headline(opts Options) []string {
	var out []string
	for _, p := range w.Params {
		if !p.Headline {
			continue
		}
		v := fmt.Sprint(p.Default)
		if s, ok := opts.Params[p.Name]; ok {
			v = s
		}
		out = append(out, p.Name+" "+v)
	}
	return out
}

// Check reports whether the workload can generate values for opts: that
// the number of values is not negative, that every param it declares that
// opts give parses as the param's type, and
// that the workload accepts the values. The error names the workload and
// the bad param ("nested: --depth -2: want 0 or more").
func (w *Workload) Check(opts Options) error {
	var err error
	if opts.Count < 0 {
		// Values and Footprint take it for 0, the default.
		err = fmt.Errorf("--values %d: want at least 1 (or leave --values out: the workload's own number)", opts.Count)
	}
	if err == nil {
		err = w.checkParams(opts)
	}
	if err == nil && w.validate != nil {
		err = w.validate(opts)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", w.Name, err)
	}
	return nil
}

// checkParams reports a given param of w whose value does not parse as
// the param's type.
func (w *Workload) checkParams(opts Options) error {
	for _, p := range w.Params {
		s, ok := opts.Params[p.Name]
		if !ok {
			continue
		}
		var err error
		switch p.Default.(type) {
		case int:
			_, err = intParam(opts, p.Name, 0)
		case uint:
			_, err = uintParam(opts, p.Name, 0)
		case float64:
			_, err = floatParam(opts, p.Name, 0)
		case bool:
			_, err = boolParam(opts, p.Name, false)
		default:
			err = fmt.Errorf("--%s %q: the param's default %v is not an int, uint, float64 or bool", p.Name, s, p.Default)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// param returns the param name of opts parsed with parse, or def when it
// is not given; an unparsable value is an error that says what was wanted.
func param[T any](opts Options, name string, def T, parse func(string) (T, error), want string) (T, error) {
	s, ok := opts.Params[name]
	if !ok {
		return def, nil
	}
	v, err := parse(s)
	if err != nil {
		var zero T
		return zero, fmt.Errorf("--%s %q: want %s", name, s, want)
	}
	return v, nil
}

// intParam returns the param name of opts as an int, or def when it is
// not given.
func intParam(opts Options, name string, def int) (int, error) {
	return param(opts, name, def, func(s string) (int, error) {
		v, err := strconv.ParseInt(s, 0, strconv.IntSize)
		return int(v), err
	}, "an integer")
}

// uintParam returns the param name of opts as a uint, or def when it is
// not given.
func uintParam(opts Options, name string, def uint) (uint, error) {
	return param(opts, name, def, func(s string) (uint, error) {
		v, err := strconv.ParseUint(s, 0, strconv.IntSize)
		return uint(v), err
	}, "an integer of 0 or more")
}

// floatParam returns the param name of opts as a float64, or def when it
// is not given.
func floatParam(opts Options, name string, def float64) (float64, error) {
	return param(opts, name, def, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) }, "a number")
}

// boolParam returns the param name of opts as a bool, or def when it is
// not given.
func boolParam(opts Options, name string, def bool) (bool, error) {
	return param(opts, name, def, strconv.ParseBool, "true or false")
}

var (
	mu       sync.Mutex
	registry = map[string]*Workload{}
	// dataRegistry holds the data workloads (RegisterData), which
	// Lookup finds and All does not list.
	dataRegistry = map[string]*Workload{}
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
	if !ok {
		w, ok = dataRegistry[name]
	}
	mu.Unlock()
	if !ok {
		return nil, fmt.Errorf("unknown workload %q (valid: %s)", name, strings.Join(Names(), ", "))
	}
	return w, nil
}

// LookupValues returns the workloads registered under names, in order,
// for a use that needs their values: it refuses a workload with a Runner,
// which has none, with an error that says it has no values of its own to
// do (encode, mutate) with.
func LookupValues(names []string, do string) ([]*Workload, error) {
	var out []*Workload
	for _, name := range names {
		w, err := Lookup(name)
		if err != nil {
			return nil, err
		}
		if w.Runner != "" {
			return nil, fmt.Errorf("workload %q has no values of its own to %s (package %s runs it)", name, do, w.Runner)
		}
		out = append(out, w)
	}
	return out, nil
}

// Names returns the names of all workloads, sorted.
func Names() []string {
	var names []string
	for _, w := range All() {
		names = append(names, w.Name)
	}
	return names
}
