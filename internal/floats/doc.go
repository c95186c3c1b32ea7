// Package floats reproduces the "decoding 1M stored float32 values" study
// (seed 003) on serbench's terms: one million random float32 values are
// written once per storage strategy into a file in a temporary directory,
// and the timed operation reads the file, decodes it into a []float32 and
// sums it (Sum, a fixed-order sum with eight accumulators). Every timed
// read's sum is checked.
//
// The strategies are the seed's (bi, js, jd, gb, bc, ba, fm, sl, by, plus
// sl-multi; see Builtin) and every registered codec that can encode a
// []float32 (see FromCodecs). Two reference jobs measure the limits of the
// machine on the same data: a read-only pass over the values in memory
// (RefRead, role "read") and copy() of the raw bytes (RefMemcpy, role
// "memcpy"), so that reports can show every strategy as a percentage of
// them, as the seed compared itself with C.
//
// The package registers the harness kind KindName. Its Jobs gives one
// harness.Spec per reference and selected strategy; its Build, run in the
// worker process of that one job, writes the strategy's file, reads it
// back once and compares every value and the sum bit for bit (exact,
// mismatch with diffs, unsupported or error, as a result.Verification),
// and returns one decode unit whose loop the harness calibrates and
// samples like any other unit.
//
// The package deliberately does not: schedule, calibrate, sample, time
// out or interleave anything itself (package harness does, for every
// unit); time encoding or writing files (only reading and decoding is
// timed); drop the OS page cache (files are read from memory after setup,
// as in the seed, so this measures decoding and system calls, not disks);
// compare with C or any other language; run strategies on several
// goroutines; import codec packages (the caller imports codecs/all),
// store results or compute statistics.
package floats
