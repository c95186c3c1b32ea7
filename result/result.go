// Package result holds the records of a serbench run: its environment, the
// codecs it measured, the verification of every (workload, codec) pair and
// the raw samples of every timed cell. It reads and writes them in the Go
// benchmark text format with golang.org/x/perf/benchfmt, so benchstat works
// on everything serbench prints.
//
// Records are raw: summaries (medians, intervals) are computed from them by
// the report package, never stored.
//
// What it promises: these records are the format of a run as serbench
// stores and exports it (the database, the JSON and CSV exports, the Go
// benchmark text); fields are added, never renamed or given another
// meaning, so runs stored by one version are read by the next. The
// helpers that merge shards and read benchmark text are part of it.
package result

import (
	"slices"
	"strings"
	"time"
)

// Operations of a cell.
const (
	OpEncode = "encode"
	OpDecode = "decode"
	// OpAccess reads a few fields from encoded bytes without a full
	// decode; only zero-copy codecs (codec.Accessor) have it.
	OpAccess = "access"
	// OpZstd compresses one encoded message with zstd (package
	// internal/compress): what compressing the codec's output costs.
	OpZstd = "zstd"
)

// OpOrder orders operations as tables list them: encode, decode, access,
// zstd, then any other.
func OpOrder(op string) int {
	switch op {
	case OpEncode:
		return 0
	case OpDecode:
		return 1
	case OpAccess:
		return 2
	case OpZstd:
		return 3
	}
	return 4
}

// Run is one invocation of serbench run.
type Run struct {
	// ID identifies the run in the store.
	ID string
	// Start and End are wall-clock times; End is zero while running.
	Start, End time.Time
	// Complete is false for a run that was interrupted or failed.
	Complete bool
	// Command is the command line.
	Command string
	// Env is the environment: CPU, cores, GOOS, GOARCH, Go version,
	// GOMAXPROCS, serbench's version and commit, and the settings of the
	// run (count, sample time), in order.
	Env []Config
	// Codecs are the codecs of the run with their versions.
	Codecs []Codec
	// Workloads describe the workloads of the run as the binary that
	// measured them defined them, in name order. Runs stored before
	// serbench recorded them, and imported runs, have none: tables then
	// say less about a workload (no description, "a few fields" for what
	// the access operation reads).
	Workloads []WorkloadInfo
	// Verifications are the round-trip checks, one per (workload, codec).
	Verifications []Verification
	// Cells are the timed cells.
	Cells []Cell
	// Warnings are run-level warnings.
	Warnings []string
	// Args are the arguments of serbench run (after "run"), kept so that
	// serbench run --resume can rebuild the same selection and settings.
	Args []string
}

// Config is a key and value of a run's environment.
type Config struct {
	Key, Value string
}

// EnvValue returns the value of key in r.Env, or "".
func (r *Run) EnvValue(key string) string {
	for _, c := range r.Env {
		if c.Key == key {
			return c.Value
		}
	}
	return ""
}

// WorkloadInfo describes a workload as it was when the run measured it.
type WorkloadInfo struct {
	Name string
	// Description says what the values look like, in one line.
	Description string
	// AccessFields names the fields that the access operation of
	// zero-copy codecs reads, in order; nil when the workload has no
	// access operation.
	AccessFields []string
}

// Workload returns the description of the workload named name, or nil
// when the run has none.
func (r *Run) Workload(name string) *WorkloadInfo {
	return find(r.Workloads, func(w *WorkloadInfo) bool { return w.Name == name })
}

// Codec describes a codec as it was when the run measured it.
type Codec struct {
	Name    string
	Format  string
	Module  string
	Version string
	API     string
	// Flags lists the codec's flags as codec.Flags.String does: the
	// variant flags "reuse", "unsafe" and "gen-types", and "convert",
	// which says the timed calls include the conversion from and to the
	// user's Go values and is not a variant flag. Runs stored before
	// "gen-types" existed get it when loaded (LegacyGeneratedTypes).
	Flags []string
	// Losses are the declared losses, formatted.
	Losses []string
	Notes  string
}

// Plain reports whether c has no variant flag: no flag but "convert".
func (c *Codec) Plain() bool {
	for _, f := range c.Flags {
		if f != FlagConvert {
			return false
		}
	}
	return true
}

// Has reports whether c has the flag f.
func (c *Codec) Has(f string) bool { return slices.Contains(c.Flags, f) }

// The flags of Codec.Flags, as codec.Flags.String writes them.
const (
	FlagReuse          = "reuse"
	FlagUnsafe         = "unsafe"
	FlagGeneratedTypes = "gen-types"
	FlagConvert        = "convert"
)

// LegacyGeneratedTypes marks the generated-types-only codecs of a run
// stored before the "gen-types" flag existed: a code-generated codec
// without "convert" whose name plus "+convert" is also in the run (for
// example "protobuf" beside "protobuf+convert"), and the reuse variants of
// such a codec ("benc-reuse", "msgp-reuse",
// "vtprotobuf-reuse", "vtprotobuf-pooled" when "benc", "msgp" and
// "vtprotobuf" are marked), so that an old run renders like for like as a
// new one does. It reports whether it changed anything.
func LegacyGeneratedTypes(codecs []Codec) bool {
	names := map[string]bool{}
	for _, c := range codecs {
		names[c.Name] = true
	}
	marked := map[string]bool{}
	changed := false
	for i := range codecs {
		c := &codecs[i]
		if c.API != "codegen" || c.Has(FlagConvert) || c.Has(FlagGeneratedTypes) || !names[c.Name+"+convert"] {
			continue
		}
		c.Flags = append(c.Flags, FlagGeneratedTypes)
		marked[c.Name] = true
		changed = true
	}
	for i := range codecs {
		c := &codecs[i]
		if c.API != "codegen" || c.Has(FlagConvert) || c.Has(FlagGeneratedTypes) || !c.Has(FlagReuse) {
			continue
		}
		for base := range marked {
			if strings.HasPrefix(c.Name, base+"-") {
				c.Flags = append(c.Flags, FlagGeneratedTypes)
				changed = true
				break
			}
		}
	}
	return changed
}

// Verification statuses.
const (
	// VerifyExact: every value came back equal.
	VerifyExact = "exact"
	// VerifyLossy: values came back equal up to declared losses, and some
	// declared loss was seen.
	VerifyLossy = "lossy"
	// VerifyMismatch: some value differed in a way the codec does not
	// declare. The codec is still timed, and marked in every output.
	VerifyMismatch = "mismatch"
	// VerifyMutated: preparing or encoding a value changed it (the
	// job's own copy, compared with a pristine one). The codec is still
	// timed, on inputs that are no longer the workload's, and marked
	// in every output as failing.
	VerifyMutated = "mutated"
	// VerifyError: the codec returned an error, panicked, or timed out;
	// it is not timed.
	VerifyError = "error"
	// VerifyUnsupported: the codec cannot represent the workload.
	VerifyUnsupported = "unsupported"
	// VerifyUnverified: imported results of a benchmark serbench did not
	// run, so nobody checked its round trip.
	VerifyUnverified = "unverified"
	// VerifyReference: a reference measurement (the noop floor), which
	// has no values to round-trip; it is timed, never ranked.
	VerifyReference = "reference"
)

// Verification is the round-trip check of one (workload, codec) pair.
type Verification struct {
	Workload, Codec string
	Status          string
	// Values is the number of values checked.
	Values int
	// MeanSize is the mean encoded size in bytes.
	MeanSize float64
	// Observed lists the declared losses that were seen, with counts.
	Observed []string
	// Diffs are examples of undeclared differences.
	Diffs []string
	// DiffValues counts the values with undeclared differences.
	DiffValues int
	// Error says why the codec failed or is unsupported.
	Error string
	// MutatedValues counts the values that preparing or encoding changed
	// (Status VerifyMutated).
	MutatedValues int
	// Flags are variant flags found by verification on this workload,
	// whatever the codec declares: FlagUnsafe when decoded values alias
	// the bytes they were decoded from (they changed when those bytes
	// were overwritten). Tables treat them as the codec's own flags.
	Flags []string
	// Aliases are examples of decoded values that changed when their
	// input bytes were overwritten (FlagUnsafe).
	Aliases []string
	// Bounds say, for each declared loss with a bound (time precision,
	// float tolerance), the bound and the largest difference the bound
	// accepted: "time-precision: bound 1ms, largest seen 999µs"; and,
	// for fields the user's type tags to be skipped (codec.SkippedField,
	// package bench), which fields were not carried and how often:
	// "skipped-field: .Cache not carried (tagged json:\"-\"), 2 times".
	Bounds []string
	// LooseBounds counts the Bounds more than 10 times looser than the
	// largest difference seen (or accepting none at all).
	LooseBounds int
	// Compressed maps a compression algorithm ("zstd", "gzip", "s2",
	// "lz4") to the mean size of the messages compressed one by one with
	// it; nil when not measured.
	Compressed map[string]float64
}

// Failing reports whether v found the codec corrupting data: an
// undeclared difference (VerifyMismatch) or a changed input
// (VerifyMutated). Such a codec is timed, marked FAIL, and never ranked
// with the codecs that keep the data.
func (v *Verification) Failing() bool {
	return v.Status == VerifyMismatch || v.Status == VerifyMutated
}

// Aliased reports whether verification found the decoded values aliasing
// their input on this workload.
func (v *Verification) Aliased() bool { return slices.Contains(v.Flags, FlagUnsafe) }

// Failed reports whether v keeps the codec from being timed.
func (v *Verification) Failed() bool {
	return v.Status == VerifyError || v.Status == VerifyUnsupported
}

// Cell statuses.
const (
	CellOK    = "ok"
	CellError = "error"
	// CellTimeout: a call ran past the timeout; its worker was killed.
	CellTimeout = "timeout"
	// CellCrash: the worker process measuring the cell died (an
	// unrecoverable panic, a stack overflow, a fatal runtime error,
	// os.Exit or a signal); Error holds the tail of its output.
	CellCrash = "crash"
	// CellMemory: the worker measuring the cell went past the memory
	// limit and was killed, or the Go runtime ran out of memory.
	CellMemory      = "memory"
	CellInterrupted = "interrupted"
)

// Failed reports whether status is a final status other than CellOK.
func Failed(status string) bool { return status != CellOK && status != "" }

// Cell is one timed (workload, codec, operation).
type Cell struct {
	Workload, Codec, Op string
	Status              string
	Error               string
	// Goroutines is the number of goroutines that ran the operation at
	// once: 1 for ordinary cells.
	Goroutines int
	// MeanSize is the mean size in bytes of the messages encoded or
	// decoded, used for MB/s.
	MeanSize float64
	// SampleTime is the target duration of one sample the cell was
	// calibrated to (the run's --time).
	SampleTime time.Duration
	// Reference, when set, marks a reference measurement rather than a
	// codec or strategy, and names its role: "floor" (the harness's own
	// per-operation overhead, the noop codec) or a bandwidth limit such as
	// "read" (a read-only pass over memory) or "memcpy". Tables show the
	// other cells of the workload as a percentage of a workload's
	// bandwidth references.
	Reference string
	// Target is the precision the run aimed for on this cell: the largest
	// relative half-width of its 95% interval (0.03 is ±3%); 0 when the
	// run had no precision target.
	Target float64
	// Missed, when the cell's interval was still wider than Target at the
	// end of the run, says why: MissedBudget (the run's time budget was
	// spent first) or MissedNoise (more samples and forks stopped paying:
	// the cell reached the most forks a cell may have). Empty otherwise.
	Missed  string
	Samples []Sample
}

// Reasons a cell missed its precision target (Cell.Missed).
const (
	// MissedBudget: the run's time budget ran out before the cell's
	// interval reached its target.
	MissedBudget = "budget"
	// MissedNoise: the cell got the most forks and samples a cell may
	// have, and its interval is still wider than the target: its noise,
	// not the budget, is the cause.
	MissedNoise = "noise"
)

// Sample is one timed batch of iterations.
type Sample struct {
	Iters       int
	NsPerOp     float64
	BytesPerOp  float64
	AllocsPerOp float64
	// Fork numbers the worker process that took the sample, from 1 (0 for
	// records that do not say, such as imported ones). Samples of one
	// fork share a heap and code layout; different forks do not.
	Fork int
	// GCCycles is the number of garbage collections completed during the
	// sample, and GCCPU the CPU time the collector spent then (from
	// runtime/metrics in the measuring process; an estimate the runtime
	// updates at each collection).
	GCCycles int
	GCCPU    time.Duration
}

// ForkValues returns the forks of samples in ascending order and f of the
// samples of each, in the order taken. Samples of an unknown fork (0, as
// in imported runs) are fork 0.
func ForkValues(samples []Sample, f func(Sample) float64) ([]int, map[int][]float64) {
	by := map[int][]float64{}
	var ids []int
	for _, s := range samples {
		if _, ok := by[s.Fork]; !ok {
			ids = append(ids, s.Fork)
		}
		by[s.Fork] = append(by[s.Fork], f(s))
	}
	slices.Sort(ids)
	return ids, by
}

// ForkGroups returns f of every sample grouped by the worker process that
// took it, forks in ascending order (ForkValues): what stats.SummarizeForks
// takes.
func ForkGroups(samples []Sample, f func(Sample) float64) [][]float64 {
	ids, by := ForkValues(samples, f)
	out := make([][]float64, len(ids))
	for i, id := range ids {
		out[i] = by[id]
	}
	return out
}

// NsPerOp is a sample's time per operation, for ForkGroups.
func NsPerOp(s Sample) float64 { return s.NsPerOp }

// Key identifies a cell within a run.
type Key struct {
	Workload, Codec, Op string
	Goroutines          int
}

// Key returns c's key.
func (c *Cell) Key() Key { return Key{c.Workload, c.Codec, c.Op, c.Goroutines} }

// Cell returns the cell with key k, or nil.
func (r *Run) Cell(k Key) *Cell {
	return find(r.Cells, func(c *Cell) bool { return c.Key() == k })
}

// Codec returns the codec named name, or nil.
func (r *Run) Codec(name string) *Codec {
	return find(r.Codecs, func(c *Codec) bool { return c.Name == name })
}

// Verification returns the verification of (workload, codec), or nil.
func (r *Run) Verification(workload, codec string) *Verification {
	for i := range r.Verifications {
		v := &r.Verifications[i]
		if v.Workload == workload && v.Codec == codec {
			return v
		}
	}
	return nil
}

// find returns a pointer to the first element of s that match accepts, or
// nil: the lookup behind Run.Cell, Run.Codec, Fidelity.Row and the others.
func find[T any](s []T, match func(*T) bool) *T {
	for i := range s {
		if match(&s[i]) {
			return &s[i]
		}
	}
	return nil
}
