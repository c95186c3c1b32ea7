// Package floats reproduces the "decoding 1M stored float32 values" study
// (seed 003) on serbench's terms: one million random float32 values are
// written once per storage strategy into a file in a temporary directory,
// and the timed operation reads the file, decodes it into a []float32 and
// sums the slice. The sum is compared, exactly, with the sum of the
// in-memory values in the same order; a strategy whose sum differs is
// reported as an error and never timed silently.
//
// The strategies are the seed's (bi, js, jd, gb, bc, ba, fm, sl, by, plus
// sl-multi) and every registered general codec that can encode a
// []float32 (see FromCodecs). Two physical limits are measured in the same
// run on the same goroutine: memory copy bandwidth (copy of a 4N-byte
// buffer) and in-memory float32 sum bandwidth; every strategy is shown as a
// percentage of both, as the seed compared itself with C.
//
// Run samples like package harness: calibrated iteration counts (a sample
// lasts about Config.SampleTime, at least one operation), samples of all
// strategies round-robin, a timeout per setup, calibration and sample,
// allocation counters read around each sample, and cancellation through a
// context. A strategy so slow that Count samples would exceed
// Config.Budget gets fewer (never fewer than MinCount); Run warns about
// each reduction and the table shows every strategy's sample count. With
// the defaults (10 samples of ~100ms, 5s budget) the whole run, setup
// included, takes about 45s on a 2-core machine; SQLite with one row per
// value takes ~0.25s per read with modernc.org/sqlite, so it keeps its 10
// samples. Its results
// are result.Cell and result.Verification records (workload "floats", op
// "decode"), so the store and report packages can keep and render them;
// Table renders the dedicated floats table.
//
// The package deliberately does not: time encoding or writing files (only
// reading and decoding is timed); drop the OS page cache (files are read
// from memory after setup, as in the seed, so this measures decoding and
// system calls, not disks); compare with C or any other language; run
// strategies on several goroutines; register itself with the CLI, import
// codec packages (the caller imports codecs/all), store or compute
// statistics beyond rendering medians with package stats.
package floats
