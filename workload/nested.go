package workload

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"time"
)

// TestStruc is the recursive struct of go-codec-bench, the benchmark of
// github.com/ugorji/go/codec, widened to every integer and float type: every
// scalar kind, a slice of each, mixed values in interface{} fields, an
// embedded struct, maps, deliberately nil fields (the N fields) and, through
// Mtsptr, Mts and Its, copies of itself down to the workload's depth.
type TestStruc struct {
	S    string
	I    int
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	Ui   uint
	Ui8  uint8
	Ui16 uint16
	Ui32 uint32
	Ui64 uint64
	F32  float32
	F64  float64
	B    bool
	By   byte

	Sslice    []string
	Intslice  []int
	I8slice   []int8
	I16slice  []int16
	I32slice  []int32
	I64slice  []int64
	Uintslice []uint
	Ui8slice  []uint8
	Ui16slice []uint16
	Ui32slice []uint32
	Ui64slice []uint64
	F32slice  []float32
	F64slice  []float64
	Bslice    []bool
	Byslice   []byte

	// Islice holds mixed scalars: strings, bools, numbers of several
	// types and nil.
	Islice    []interface{}
	Iptrslice []*int64

	AnonInTestStruc

	Ms    map[string]interface{}
	Msi64 map[string]int64

	Nintf  interface{}     // always nil
	T      time.Time       // nanoseconds, fixed-offset zones
	Nmap   map[string]bool // always nil
	Nslice []byte          // always nil
	Nint64 *int64          // always nil

	// Mtsptr, Mts and Its hold one child each while the depth lasts, and
	// are nil below it; Nteststruc is always nil.
	Mtsptr     map[string]*TestStruc
	Mts        map[string]TestStruc
	Its        []*TestStruc
	Nteststruc *TestStruc
}

// AnonInTestStruc is embedded, anonymously, in TestStruc, as in
// go-codec-bench: formats that flatten embedded structs (JSON) put its
// fields next to TestStruc's own.
type AnonInTestStruc struct {
	AS        string
	AI64      int64
	AI16      int16
	AUi64     uint64
	ASslice   []string
	AI64slice []int64
}

// NestedFields are the fields of a TestStruc that the access operation
// reads from encoded bytes without a full decode.
type NestedFields struct {
	S   string
	I64 int64
	F64 float64
}

// NestedSeed is the documented default seed of the nested workload.
const NestedSeed = 0x6e657374

// NestedCount is the default number of distinct nested values.
const NestedCount = 100

// NestedDepth is the default depth of the nested workload: how many times
// a value contains itself, as go-codec-bench's -bd flag (default 1).
const NestedDepth = 1

func init() {
	w := &Workload{
		Name: "nested",
		Description: "go-codec-bench's recursive TestStruc: every int, uint and float type, slices of each, " +
			"interface{} values of mixed types, embedded struct, maps, nil fields, time; children to --depth (default 1)",
		Seed:  NestedSeed,
		Count: NestedCount,
		Type:  reflect.TypeFor[TestStruc](),
		Access: func(v any) any {
			s := v.(*TestStruc)
			return NestedFields{S: s.S, I64: s.I64, F64: s.F64}
		},
		Params: []Param{{Name: "depth", Usage: "how many times the struct contains itself (0: no children)",
			Default: NestedDepth, Headline: true}},
		validate: func(opts Options) error {
			_, err := nestedDepth(opts)
			return err
		},
	}
	w.footprint = func(opts Options) float64 {
		depth, _ := nestedDepth(opts)
		return float64(opts.Count) * NestedNodes(depth) * nestedNodeBytes
	}
	w.generate = func(opts Options) []any {
		depth, err := nestedDepth(opts)
		if err != nil {
			panic("workload nested: " + err.Error())
		}
		out := make([]any, opts.Count)
		for i, v := range Nested(opts.Seed, opts.Count, depth) {
			out[i] = v
		}
		return out
	}
	register(w)
}

// nestedDepth returns the depth of the nested values for opts: its param
// "depth", NestedDepth when not given.
func nestedDepth(opts Options) (int, error) {
	d, err := intParam(opts, "depth", NestedDepth)
	if err == nil && d < 0 {
		err = fmt.Errorf("--depth %d: want 0 or more", d)
	}
	return d, err
}

// nestedNodeBytes is the memory one TestStruc of a nested value takes with
// everything it holds but its children: 2,140 bytes measured at depths 0
// to 5 on amd64.
const nestedNodeBytes = 2200

// NestedNodes returns how many TestStruc one nested value of the given
// depth holds, itself included: each has three children (Mtsptr, Mts and
// Its) down to the depth, so (3^(depth+1)-1)/2, which grows threefold
// with every level (1 at depth 0, 4 at 1, 1093 at 6); +Inf when it
// exceeds a float64.
func NestedNodes(depth int) float64 {
	return (math.Pow(3, float64(depth)+1) - 1) / 2
}

// Nested returns count TestStruc values generated from seed with a PCG
// generator (math/rand/v2, seeded with seed and seed^0x9e3779b97f4a7c15),
// each containing itself depth times: at depth d > 0, Mtsptr["0"], Mts["0"]
// and Its[0] each hold a distinct child of depth d-1; at depth 0 they are
// nil. (The workload's param "depth", --depth, gives the depth; its
// default is NestedDepth.)
//
// Integers cover the range of their type, uniformly in their number of
// significant bits, with edges now and then (minimum, maximum, 0, ±1, and
// values next to the byte boundaries 2^8, 2^16 and 2^32), except that uint, uint64 values stay below
// 2^63, as in go-codec-bench, because BSON has no unsigned integers. Numbers
// inside interface{} values (Islice, Ms) are moderate, as in go-codec-bench
// (integers below 2^53 in magnitude, so exact in a float64; floats from
// 1e-8 to 1e8): what is at stake there is their dynamic type, not their
// precision or range. Times carry nanoseconds in fixed-offset zones. Nintf,
// Nmap, Nslice, Nint64 and Nteststruc are always nil.
func Nested(seed uint64, count, depth int) []*TestStruc {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]*TestStruc, count)
	for i := range out {
		out[i] = nested(r, depth)
	}
	return out
}

var nestedWords = []string{
	"", "a", "true", "no", "A-String", "golang", "Zoë", "São Paulo", "Αθήνα", "東京",
	"reverse_solidus.\\", "Gclef.\U0001d11e\"ugorji\"done.", "tab\tand\nnewline", "<html>&amp;",
	"a somewhat longer string of words to vary the lengths of the strings",
}

func nestedWord(r *rand.Rand) string { return nestedWords[r.IntN(len(nestedWords))] }

// signed returns a random value of a signed integer type of the given
// width, as an int64: mostly spread over every magnitude, sometimes an edge
// (see edges).
func signed(r *rand.Rand, bits uint) int64 {
	switch r.IntN(10) {
	case 0:
		e := edges(bits)
		return e[r.IntN(len(e))]
	default:
		// A magnitude below 2^(bits-1), uniform in its number of
		// significant bits, and a random sign.
		v := int64(r.Uint64() >> (64 - r.UintN(bits)))
		if r.IntN(2) == 0 {
			v = -v - 1
		}
		return v
	}
}

// edges returns the edge values of a signed integer type of the given
// width: its minimum and maximum, 0, ±1, and ±(2^k-1) and ±2^k for the byte
// boundaries k = 8, 16, 32 inside the width, where variable-length
// encodings change length.
func edges(bits uint) []int64 {
	e := []int64{int64(-1) << (bits - 1), int64(uint64(1)<<(bits-1) - 1), 0, 1, -1}
	for _, k := range []uint{8, 16, 32} {
		if k < bits-1 {
			m := int64(1)<<k - 1
			e = append(e, m, -m, m+1, -m-1)
		}
	}
	return e
}

// unsigned returns a random value of an unsigned integer type of the given
// width (63 for uint and uint64), as a uint64: mostly spread over every
// magnitude, sometimes an edge: 0, 1, the maximum, or 2^k-1 or 2^k for the
// byte boundaries k = 8, 16, 32 inside the width.
func unsigned(r *rand.Rand, bits uint) uint64 {
	if r.IntN(10) == 0 {
		e := []uint64{0, 1, uint64(1)<<bits - 1}
		for _, k := range []uint{8, 16, 32} {
			if k < bits {
				e = append(e, uint64(1)<<k-1, uint64(1)<<k)
			}
		}
		return e[r.IntN(len(e))]
	}
	// Uniform in the number of significant bits, 0 to bits.
	return r.Uint64() >> (64 - r.UintN(bits+1))
}

// float32Value returns a float32 of magnitude 1e-4 to 1e8, or now and then
// 0, ±1, 0.5 or the smallest denormal. The values are representative data
// for timing, not a test of edge cases: math.MaxFloat32, -0, NaN and the
// infinities are cases of the fidelity matrix (serbench fidelity), which
// runs them through every codec and shows what each does with them (for
// example goccy-json fails to decode MaxFloat32's shortest text,
// 3.4028235e+38, into a float32; that is an error cell there, not
// something this workload avoids for it).
func float32Value(r *rand.Rand) float32 {
	v := float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(12)-4)))
	if r.IntN(10) == 0 {
		v = []float32{0, 1, -1, 0.5, math.SmallestNonzeroFloat32}[r.IntN(5)]
	}
	return v
}

// float64Value returns a float64 of magnitude 1e-10 to 1e20, or now and
// then 0, ±1, 0.4, the largest float64 or the smallest denormal.
func float64Value(r *rand.Rand) float64 {
	v := r.NormFloat64() * math.Pow(10, float64(r.IntN(30)-10))
	if r.IntN(10) == 0 {
		v = []float64{0, 1, -1, 0.4, math.MaxFloat64, math.SmallestNonzeroFloat64}[r.IntN(6)]
	}
	return v
}

// smallFloat returns a float64 for an interface{} value: magnitude 1e-8 to
// 1e8, or now and then 0, ±1 or 0.4. Integral floats beyond the int64
// range (-1e19), integers of 2^53 and more in interface{} values, and the
// other edge values are cases of the fidelity matrix (serbench fidelity),
// which shows each codec's real behaviour with them (a JSON codec that
// writes -1e19 without a fraction or exponent may then fail to decode it
// into interface{}: an error cell there).
func smallFloat(r *rand.Rand) float64 {
	if r.IntN(10) == 0 {
		return []float64{0, 1, -1, 0.4}[r.IntN(4)]
	}
	return r.NormFloat64() * math.Pow(10, float64(r.IntN(16)-8))
}

// dynamic returns a scalar for an interface{} value: a string, a bool, nil,
// or a number of one of several types: integers below 2^53 in magnitude,
// floats from 1e-8 to 1e8.
func dynamic(r *rand.Rand) interface{} {
	switch r.IntN(12) {
	case 0, 1:
		return nestedWord(r)
	case 2:
		return r.IntN(2) == 1
	case 3:
		return nil
	case 4:
		return int(signed(r, 32))
	case 5:
		return int8(signed(r, 8))
	case 6:
		return int32(signed(r, 32))
	case 7:
		return signed(r, 53)
	case 8:
		return uint16(unsigned(r, 16))
	case 9:
		return unsigned(r, 53)
	case 10:
		return float32(smallFloat(r))
	default:
		return smallFloat(r)
	}
}

// fill returns a slice of 1 to 6 values made by f.
func fill[T any](r *rand.Rand, f func() T) []T {
	s := make([]T, 1+r.IntN(6))
	for i := range s {
		s[i] = f()
	}
	return s
}

func nested(r *rand.Rand, depth int) *TestStruc {
	s := &TestStruc{
		S:    nestedWord(r),
		I:    int(signed(r, 64)),
		I8:   int8(signed(r, 8)),
		I16:  int16(signed(r, 16)),
		I32:  int32(signed(r, 32)),
		I64:  signed(r, 64),
		Ui:   uint(unsigned(r, 63)),
		Ui8:  uint8(unsigned(r, 8)),
		Ui16: uint16(unsigned(r, 16)),
		Ui32: uint32(unsigned(r, 32)),
		Ui64: unsigned(r, 63),
		F32:  float32Value(r),
		F64:  float64Value(r),
		B:    r.IntN(2) == 1,
		By:   byte(r.UintN(256)),
	}
	s.Sslice = fill(r, func() string { return nestedWord(r) })
	s.Intslice = fill(r, func() int { return int(signed(r, 64)) })
	s.I8slice = fill(r, func() int8 { return int8(signed(r, 8)) })
	s.I16slice = fill(r, func() int16 { return int16(signed(r, 16)) })
	s.I32slice = fill(r, func() int32 { return int32(signed(r, 32)) })
	s.I64slice = fill(r, func() int64 { return signed(r, 64) })
	s.Uintslice = fill(r, func() uint { return uint(unsigned(r, 63)) })
	s.Ui8slice = fill(r, func() uint8 { return uint8(unsigned(r, 8)) })
	s.Ui16slice = fill(r, func() uint16 { return uint16(unsigned(r, 16)) })
	s.Ui32slice = fill(r, func() uint32 { return uint32(unsigned(r, 32)) })
	s.Ui64slice = fill(r, func() uint64 { return unsigned(r, 63) })
	s.F32slice = fill(r, func() float32 { return float32Value(r) })
	s.F64slice = fill(r, func() float64 { return float64Value(r) })
	s.Bslice = fill(r, func() bool { return r.IntN(2) == 1 })
	s.Byslice = fill(r, func() byte { return byte(r.UintN(256)) })
	s.Islice = fill(r, func() interface{} { return dynamic(r) })
	s.Iptrslice = fill(r, func() *int64 { v := signed(r, 64); return &v })
	s.AnonInTestStruc = AnonInTestStruc{
		AS:        nestedWord(r),
		AI64:      signed(r, 64),
		AI16:      int16(signed(r, 16)),
		AUi64:     unsigned(r, 63),
		ASslice:   fill(r, func() string { return nestedWord(r) }),
		AI64slice: fill(r, func() int64 { return signed(r, 64) }),
	}
	n := 1 + r.IntN(4)
	s.Ms = make(map[string]interface{}, n)
	for i := 0; i < n; i++ {
		s.Ms["k"+strconv.Itoa(i)+nestedWord(r)] = dynamic(r)
	}
	n = 1 + r.IntN(4)
	s.Msi64 = make(map[string]int64, n)
	for i := 0; i < n; i++ {
		s.Msi64[nestedWord(r)+strconv.Itoa(i)] = signed(r, 64)
	}
	// Times from 1900 to 2100 with nanoseconds, in fixed-offset zones.
	start := time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	end := time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	s.T = time.Unix(start+r.Int64N(end-start), r.Int64N(1e9)).In(zones[r.IntN(len(zones))])
	if depth > 0 {
		s.Mtsptr = map[string]*TestStruc{"0": nested(r, depth-1)}
		s.Mts = map[string]TestStruc{"0": *nested(r, depth-1)}
		s.Its = []*TestStruc{nested(r, depth-1)}
	}
	return s
}
