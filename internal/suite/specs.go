package suite

import (
	"context"
	"fmt"
	"regexp"

	"github.com/serbench/serbench/codec"
	_ "github.com/serbench/serbench/internal/floats" // the runner of the workloads that name it
	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/workload"
)

// CodecKind is the kind of job that round-trips a workload's values with
// a codec: the jobs of every workload without a Runner of its own.
const CodecKind = "codec"

func init() {
	harness.RegisterKind(CodecKind, harness.Kind{Build: buildCodecJob})
}

// codecJob is the job that round-trips values of workload w with codec c.
func codecJob(w *workload.Workload, c codec.Codec, values []any) harness.Job {
	return harness.Job{Workload: w.Name, Target: w.Target(), Values: values, Codec: c, Access: w.Access}
}

// buildCodecJob sets up a codec job in the calling process: it generates
// the workload's values (twice, when it verifies them: the codec's copy
// and a pristine one), binds and verifies the codec, and returns its
// units. Only the worker process that measures the job holds its values.
func buildCodecJob(ctx context.Context, s harness.Spec) (*harness.Bound, error) {
	w, err := workload.Resolve(s.Workload, s.Options)
	if err != nil {
		return nil, err
	}
	c, ok := codec.Lookup(s.Name)
	if !ok {
		return nil, fmt.Errorf("no codec %q (valid: %v)", s.Name, CodecNames())
	}
	if err := w.Check(s.Options); err != nil {
		return nil, err
	}
	if w.Runner != "" {
		return nil, fmt.Errorf("workload %s is run by %s, not by codec jobs", w.Name, w.Runner)
	}
	// No timeout here: the coordinator's kills the worker.
	j := codecJob(w, c, w.Values(s.Options))
	j.Verified = s.Verified
	if !s.Verified {
		// A second generation of the same values, which the codec
		// never sees, to verify against.
		j.Pristine = w.Values(s.Options)
	}
	return harness.SetupBound(ctx, j, s)
}

// Specs returns the specs of every selected job, workloads in name order
// (then sel.Data's):
// one per (workload, codec) for workloads the codecs round-trip, codecs in
// name order, and for a workload with a Runner whatever the kind of that
// name lists (its references and strategies). A pattern that matches
// nothing is a *SelectionError.
func Specs(sel Selection, goroutines []int, zstd bool) ([]harness.Spec, error) {
	names := workload.Names()
	if sel.Data != nil {
		names = append(names, sel.Data.Name) // selected anyway
	}
	wre, err := compile("workload", sel.Workload, names)
	if err != nil {
		return nil, err
	}
	cre, err := compile("codec", sel.Codec, CodecNames())
	if err != nil {
		return nil, err
	}
	var specs []harness.Spec
	ws := workload.All()
	if sel.Data != nil {
		if sel.Workload == "" {
			ws = nil // the data alone
		}
		ws = append(ws, sel.Data)
	}
	for _, w := range ws {
		if w != sel.Data && !wre.MatchString(w.Name) {
			continue
		}
		if err := w.Check(sel.Options); err != nil {
			return nil, &OptionsError{Err: err}
		}
		def, err := defaultFilter(sel, w)
		if err != nil {
			return nil, err
		}
		if w.Runner != "" {
			k, ok := harness.LookupKind(w.Runner)
			if !ok || k.Jobs == nil {
				return nil, fmt.Errorf("workload %s: its runner %q is not linked into this binary", w.Name, w.Runner)
			}
			named := nameSelected(sel, cre)
			specs = append(specs, k.Jobs(w.Name, sel.Options, func(name string) bool { return def(name) && named(name) })...)
			continue
		}
		for _, c := range codec.All() {
			if CodecSelected(sel, c) && def(c.Info().Name) {
				specs = append(specs, harness.Spec{Kind: CodecKind, Workload: w.Name, Name: c.Info().Name,
					Options: sel.Options, Goroutines: goroutines, Zstd: zstd})
			}
		}
	}
	return specs, nil
}

// defaultFilter returns the default suite's filter of workload w: its
// Default pattern, unless sel is the full suite or names codecs itself.
func defaultFilter(sel Selection, w *workload.Workload) (func(string) bool, error) {
	if sel.Full || sel.Codec != "" || w.Default == "" {
		return func(string) bool { return true }, nil
	}
	re, err := regexp.Compile(w.Default)
	if err != nil {
		return nil, fmt.Errorf("workload %s: its default codecs %q: %w", w.Name, w.Default, err)
	}
	return re.MatchString, nil
}

// nameSelected applies sel to a name that may be a codec's (then the
// variant rules apply) or a runner's own strategy's (then only the
// pattern, and an empty pattern selects it).
func nameSelected(sel Selection, cre *regexp.Regexp) func(string) bool {
	return func(name string) bool {
		if c, ok := codec.Lookup(name); ok {
			return CodecSelected(sel, c)
		}
		return sel.Codec == "" || cre.MatchString(name)
	}
}
