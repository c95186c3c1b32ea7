// Package fidelity computes serbench's fidelity matrix: every codec against
// a fixed set of edge values (negative zero, NaN, infinities, the float32
// extremes, the int64 and uint64 extremes, integers beyond 2^53 and 2^63
// and a large negative float inside interface{} values, invalid UTF-8, NUL,
// times before 1970, after 2262 and with an offset and nanoseconds, nil
// versus empty slices and maps, deep nesting), one column per value (Cases).
//
// Each edge value is a change of a simple base value of an existing
// workload type, the carrier, so that it reaches every codec, code-generated
// ones included: workload.TestStruc (the nested workload) carries almost
// everything, workload.Person (person) is the fallback for codecs that bind
// only that. The base value itself is the first column ("base"), and a
// difference the base value shows too is not counted against a case, so a
// cell reflects its edge value only. A cell is exact, lossy (declared by
// the codec or not), an error, FAIL (the value silently changed), n/a (the
// codec binds no carrier, or its carrier has no field for the value), or
// crash, timeout or memory when the worker process computing the row died.
//
// Compute runs each codec's row in a worker process of the running binary
// (see MaybeWorker), so a codec that crashes, hangs or eats memory takes
// down its row's worker only, as the harness contains its workers.
//
// The matrix is a result.Fidelity: its types and statuses are records of
// package result, so that store and report keep and render it without
// this package. The package deliberately does not time anything, does not
// decide what a loss is (package verify classifies every difference),
// does not store or render matrices (packages store and report do), and
// does not change the workloads' generated values: the edge values are
// its own.
package fidelity
