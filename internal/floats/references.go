package floats

import (
	"fmt"
	"math"
	"time"

	"github.com/serbench/serbench/internal/harness"
	"github.com/serbench/serbench/result"
)

// buildRead sets up RefRead: Sum over the values in memory, checked
// against the expected sum on every pass.
func buildRead(j job) *harness.Bound {
	values := Values(j.seed, j.n)
	want := Sum(values)
	loop := func(n int) (time.Duration, error) {
		start := time.Now()
		for i := 0; i < n; i++ {
			if got := Sum(values); math.Float32bits(got) != math.Float32bits(want) {
				return 0, fmt.Errorf("%w: in-memory sum %v, want %v", ErrSumMismatch, got, want)
			}
		}
		return time.Since(start), nil
	}
	return referenceBound(j, RefRead, RoleRead, loop)
}

// buildMemcpy sets up RefMemcpy: copy() of the 4N-byte little-endian
// image of the values into another buffer.
func buildMemcpy(j job) *harness.Bound {
	src := LittleEndianBytes(Values(j.seed, j.n))
	dst := make([]byte, len(src))
	loop := func(n int) (time.Duration, error) {
		start := time.Now()
		for i := 0; i < n; i++ {
			copy(dst, src)
		}
		return time.Since(start), nil
	}
	return referenceBound(j, RefMemcpy, RoleMemcpy, loop)
}

// referenceBound returns the bound of a reference job: no verification,
// one decode unit of 4N bytes per operation marked with role.
func referenceBound(j job, name, role string, loop harness.Loop) *harness.Bound {
	return &harness.Bound{Units: []harness.Unit{{
		Cell: result.Cell{Workload: j.workload, Codec: name, Op: result.OpDecode, Goroutines: 1,
			MeanSize: float64(4 * j.n), Reference: role},
		Loop: loop,
		Ops:  1,
	}}}
}
