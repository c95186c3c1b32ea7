package report

import (
	"time"

	"github.com/serbench/serbench/internal/fixture"
	"github.com/serbench/serbench/result"
)

// Medians of the workload "vectors" of referenceRun, in ns per operation:
// every cell's samples are these times the factors of spread, whose median
// is exactly 1.
const (
	vecRead   = 400e3 // ref.read: 4 MB in 400µs, 10,000 MB/s
	vecMemcpy = 1e6   // ref.memcpy: 4,000 MB/s
	vecMapped = 1.2e6 // 33.3% of read, 83.3% of memcpy
	vecBad    = 2e6   // 20.0%, 50.0%
	vecLoop   = 5e6   // 8.00%, 20.0%
	vecRaw    = 4e6   // raw bytes: the MeanSize of ref.read
)

var spread = []float64{1, 1.01, 0.99, 1.02, 0.98, 1.005, 0.995, 1.03, 0.97, 1}

// crashTail is the error of a cell whose worker crashed, as the engine
// writes it: what happened on the first line, which alone tables show,
// then the tail of the worker's output.
const crashTail = "the worker died: exit status 2: panic: runtime error: slice bounds out of range [:5] with capacity 4\n" +
	"its last output:\npanic: runtime error: slice bounds out of range [:5] with capacity 4\n\n" +
	"goroutine 1 [running]:\nexample.com/crashy.decode(...)\n\t/src/crashy/decode.go:42 +0x1d\n"

// referenceRun returns the fixture run with what the engine adds to it:
//
//   - in workload person, the floor (codec noop, Reference "floor", whose
//     verification has status reference), a codec whose worker crashed
//     while decoding (crashy) and one killed over the memory limit (hog);
//   - a workload "vectors" measured against two bandwidth references,
//     ref.read (role read) and ref.memcpy (role memcpy), with no
//     verification, and five strategies: mapped and loop exact, bad
//     timed with an undeclared difference (FAIL), crashed (its cell
//     crashed) and doc (unsupported), and its floor;
//   - on every cell the sample time, and on every sample the fork and the
//     garbage collections.
func referenceRun(id string) *result.Run {
	r := fixture.Run(id)
	r.Codecs = append(r.Codecs,
		result.Codec{Name: "noop", Format: "none", Module: "serbench", Version: "(devel)", API: "handwritten",
			Notes: "the floor: measures the harness's per-operation overhead"},
		result.Codec{Name: "crashy", Format: "cbor", Module: "example.com/crashy", Version: "v0.1.0", API: "reflection"},
		result.Codec{Name: "hog", Format: "msgpack", Module: "example.com/hog", Version: "v0.2.0", API: "reflection"},
	)
	r.Verifications = append(r.Verifications,
		result.Verification{Workload: "person", Codec: "noop", Status: result.VerifyReference, Values: 1000, MeanSize: 1,
			Compressed: map[string]float64{"zstd": 10, "gzip": 21, "s2": 3, "lz4": 2}},
		result.Verification{Workload: "person", Codec: "crashy", Status: result.VerifyExact, Values: 1000, MeanSize: 180},
		result.Verification{Workload: "person", Codec: "hog", Status: result.VerifyExact, Values: 1000, MeanSize: 300},
		result.Verification{Workload: "vectors", Codec: "mapped", Status: result.VerifyExact, Values: 1_000_000, MeanSize: 4e6},
		result.Verification{Workload: "vectors", Codec: "loop", Status: result.VerifyExact, Values: 1_000_000, MeanSize: 4e6},
		result.Verification{Workload: "vectors", Codec: "bad", Status: result.VerifyMismatch, Values: 1_000_000, MeanSize: 4.5e6,
			DiffValues: 1, Diffs: []string{"value 7: got 0.5, want 1.5", "sum 499.5, want 500.5"}},
		result.Verification{Workload: "vectors", Codec: "crashed", Status: result.VerifyExact, Values: 1_000_000, MeanSize: 8e6},
		result.Verification{Workload: "vectors", Codec: "doc", Status: result.VerifyUnsupported,
			Error: "write: bind doc to vectors: unsupported: doc needs a document"},
		result.Verification{Workload: "vectors", Codec: "noop", Status: result.VerifyReference, Values: 1_000_000, MeanSize: 1},
	)
	cell := func(workload, codec, op, ref string, size, base, bop, allocs float64) result.Cell {
		c := result.Cell{Workload: workload, Codec: codec, Op: op, Status: result.CellOK, Goroutines: 1, MeanSize: size, Reference: ref}
		for _, f := range spread {
			c.Samples = append(c.Samples, result.Sample{Iters: int(5e7 / base), NsPerOp: base * f, BytesPerOp: bop, AllocsPerOp: allocs})
		}
		return c
	}
	failed := func(workload, codec, op, status, msg string, size float64) result.Cell {
		return result.Cell{Workload: workload, Codec: codec, Op: op, Status: status, Error: msg, Goroutines: 1, MeanSize: size}
	}
	r.Cells = append(r.Cells,
		cell("person", "noop", result.OpEncode, "floor", 1, 1.2, 0, 0),
		cell("person", "noop", result.OpDecode, "floor", 1, 1.35, 0, 0),
		cell("person", "crashy", result.OpEncode, "", 180, 800, 200, 3),
		failed("person", "crashy", result.OpDecode, result.CellCrash, crashTail, 180),
		failed("person", "hog", result.OpEncode, result.CellMemory,
			"the worker went past the memory limit and was killed\nits last output:\nfatal error: runtime: out of memory", 300),
		failed("person", "hog", result.OpDecode, result.CellMemory,
			"the worker went past the memory limit and was killed\nits last output:\nfatal error: runtime: out of memory", 300),
		cell("vectors", "ref.read", result.OpDecode, "read", vecRaw, vecRead, 0, 0),
		cell("vectors", "ref.memcpy", result.OpDecode, "memcpy", vecRaw, vecMemcpy, 0, 0),
		cell("vectors", "loop", result.OpDecode, "", 4e6, vecLoop, 4e6, 2),
		cell("vectors", "bad", result.OpDecode, "", 4.5e6, vecBad, 4.5e6, 3),
		cell("vectors", "mapped", result.OpDecode, "", 4e6, vecMapped, 32, 1),
		failed("vectors", "crashed", result.OpDecode, result.CellCrash, crashTail, 8e6),
		cell("vectors", "noop", result.OpDecode, "floor", 1, 1.1, 0, 0),
	)
	for i := range r.Cells {
		c := &r.Cells[i]
		c.SampleTime = 50 * time.Millisecond
		for k := range c.Samples {
			s := &c.Samples[k]
			s.Fork = 1 + 2*k/len(c.Samples)
			s.GCCycles = k % 3
			s.GCCPU = time.Duration(k%3) * 1500 * time.Nanosecond
		}
	}
	return r
}
