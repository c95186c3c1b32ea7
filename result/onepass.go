package result

import "time"

// OnePassRow is the one-pass summary of one (workload, codec), as
// go-codec-bench printed it before its benchmarks ("Benchmark One-Pass Run
// (with Unscientific Encode/Decode times)"): the encoded length of the
// first value, the time of one encode and one decode of it, and whether it
// came back intact. The harness produces it (harness.OnePass); the report
// prints it (report.OnePassTable).
type OnePassRow struct {
	Workload, Codec string
	// Status is the verification status of all the job's values, a
	// Verify* constant: exact, lossy, mismatch, error or unsupported
	// (reference for a reference measurement).
	Status string
	// Error says why the codec could not run (unsupported, error, panic
	// or timeout); empty otherwise.
	Error string
	// Values is the number of values verified.
	Values int
	// Len is the encoded length of the first value, in bytes.
	Len int
	// MeanLen is the mean encoded length of all values, in bytes.
	MeanLen float64
	// Encode and Decode are the durations of one Encode and one Decode
	// call on the first value, taken with time.Now around that one call.
	// They are unscientific: a single call, usually the first the process
	// makes with this codec and type, so they include one-time costs such
	// as filling reflection caches, and any noise of the moment.
	Encode, Decode time.Duration
	// Match reports whether the first value came back equal up to the
	// codec's declared losses.
	Match bool
	// Lossy lists the declared losses seen in the first value, sorted.
	Lossy []string
	// FirstDiff is the first undeclared difference in the first value,
	// when Match is false.
	FirstDiff string
	// DiffValues counts the values, of all, with undeclared differences.
	DiffValues int
}

// Failed reports whether the codec could not run: error or unsupported.
func (r *OnePassRow) Failed() bool {
	return r.Status == VerifyError || r.Status == VerifyUnsupported
}
