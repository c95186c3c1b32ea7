package workload

import "reflect"

// FloatsSeed and FloatsCount are the documented defaults of the floats
// workload, whose values and jobs live in package floats (they must equal
// floats.DefaultSeed and floats.DefaultN; a test there checks it). Its
// Runner, "floats", is the harness kind package floats registers
// (floats.KindName; the same test checks that too).
const (
	FloatsSeed  uint64 = 0x5eed_0003
	FloatsCount        = 1_000_000
)

func init() {
	register(&Workload{
		Name:        "floats",
		Description: "1,000,000 random float32 stored in a file per strategy, read, decoded and summed (decode only; package floats)",
		Seed:        FloatsSeed,
		Count:       FloatsCount,
		Type:        reflect.TypeFor[[]float32](),
		Runner:      "floats",
		// A job holds the float32 values (4 bytes each), the file a
		// strategy writes and reads (up to about 16 bytes a value, as
		// text) and the decoded copy.
		footprint: perValue(24),
		// The floats seed's own strategies (stored-data decoders from
		// encoding/binary to mmap and SQLite); --suite full adds every
		// codec that can encode a []float32.
		Default: "^(bi|js|jd|gb|bc|ba|fm|sl|sl-multi|by)$",
	})
}
