package bigfloatio

import (
	"encoding/binary"
	"math"
	"math/big"
	"runtime"
	"strings"
	"testing"

	"github.com/serbench/serbench/workload"
)

// fuzzSeeds returns real files as Marshal writes them: every encoding at
// 64 bits (random values of the workload and the special values), and a
// few at other precisions.
func fuzzSeeds(f *testing.F) [][]byte {
	values, err := workload.BigFloats(workload.BigFloatOptions{Count: 8})
	if err != nil {
		f.Fatal(err)
	}
	var out [][]byte
	for _, name := range Encodings() {
		for _, prec := range []uint{1, 53, 64, 200} {
			vs := append([]*big.Float{}, special(prec)...)
			if prec == 64 {
				vs = append(vs, values...)
			}
			if name == CBORDecimal {
				vs = vs[:len(vs)-1] // tiny: its decimal exponent is beyond the limit
			}
			if prec == 1 {
				vs = []*big.Float{big.NewFloat(0), big.NewFloat(-0.5), big.NewFloat(math.Inf(-1)), big.NewFloat(1 << 40)}
			}
			b, err := Marshal(name, vs, prec)
			if err != nil {
				f.Fatalf("%s at %d bits: %v", name, prec, err)
			}
			out = append(out, b)
		}
	}
	return out
}

// allocated returns the bytes the heap allocated while f ran.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// FuzzUnmarshal feeds arbitrary bytes to Unmarshal. It must not panic; it
// must not allocate more than a bounded multiple of its input (plus what
// the declared precision lets each value hold, within the limit
// maxValueBytes, lowered here to keep executions fast); and what it accepts
// must survive a round trip: Marshal of the values in the same encoding at
// the same precision, then Unmarshal, gives the encoding and values back.
func FuzzUnmarshal(f *testing.F) {
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
	// Hand-made oddities: a header with the largest precision and count,
	// records of every CBOR kind, a gob record with a huge message length.
	hdr := func(enc string, prec, count uint32) []byte {
		b := append([]byte(Magic), Version, byte(len(enc)))
		b = append(b, enc...)
		b = binary.BigEndian.AppendUint32(b, prec)
		return binary.BigEndian.AppendUint32(b, count)
	}
	rec := func(b []byte, r ...byte) []byte { return append(binary.AppendUvarint(b, uint64(len(r))), r...) }
	f.Add(hdr(Text, 0xffffffff, 0xffffffff))
	f.Add(rec(hdr(Text, 0xffffffff, 1), '0', '.', '1'))
	f.Add(rec(hdr(CBORDecimal, 0xffffffff, 1), 0xc4, 0x82, 0x20, 0x05))                 // 5 × 10^-1
	f.Add(rec(hdr(CBORDecimal, 64, 1), 0xc4, 0x82, 0x1a, 0x00, 0x01, 0x86, 0xa0, 0x01)) // 10^100000
	f.Add(rec(hdr(CBORBigfloat, 64, 1), 0xc5, 0x82, 0x3b, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01))
	f.Add(rec(hdr(Gob, 64, 1), 0xfc, 0x7f, 0xff, 0xff, 0xff))
	f.Add(rec(hdr(BinaryVarint, 64, 1), tagVarint, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01))
	// 1.5 at 8 bits with rounding mode 7, which is no big.Float's.
	f.Add(rec(hdr(Binary, 8, 1), 1, 7<<5|1<<3|1<<1, 0, 0, 0, 8, 0, 0, 0, 1, 0xc0, 0, 0, 0, 0, 0, 0, 0))

	old := maxValueBytes
	maxValueBytes = 1 << 20
	defer func() { maxValueBytes = old }()
	f.Fuzz(func(t *testing.T, data []byte) {
		var (
			enc    string
			values []*big.Float
			err    error
		)
		n := allocated(func() { enc, values, err = Unmarshal(data) })
		// What the input justifies: the header's worst case for the
		// values (count × precision, at most maxValueBytes, which
		// Unmarshal enforces), a generous multiple of the input for the
		// rest, and room for the decoders' fixed costs (gob's type
		// machinery, the CBOR decoder, 10^MaxDecimalExponent).
		if limit := 8*uint64(maxValueBytes) + 512*uint64(len(data)) + 4<<20; n > limit {
			t.Fatalf("Unmarshal of %d bytes allocated %d bytes (limit %d); err %v", len(data), n, limit, err)
		}
		if err != nil {
			return
		}
		prec := uint(binary.BigEndian.Uint32(data[6+len(enc):]))
		for i, x := range values {
			if x == nil || x.Prec() != prec {
				t.Fatalf("value %d: %v, want precision %d", i, x, prec)
			}
			// A value must be a big.Float arithmetic can use: with a
			// rounding mode that is none of big.Float's, its first
			// inexact operation panics.
			if x.Mode() > big.ToPositiveInf || x.Acc() < big.Below || x.Acc() > big.Above {
				t.Fatalf("value %d: rounding mode %d, accuracy %d", i, int(x.Mode()), int(x.Acc()))
			}
			new(big.Float).Copy(x).Quo(x, big.NewFloat(3))
		}
		b, err := Marshal(enc, values, prec)
		if err != nil {
			// The CBOR decoder accepts bigfloats in cbor-decimal
			// files, whose exact decimals can be beyond the limit.
			if enc == CBORDecimal && strings.Contains(err.Error(), "beyond") {
				return
			}
			t.Fatalf("Marshal of what Unmarshal accepted (%s, %d bits): %v", enc, prec, err)
		}
		enc2, back, err := Unmarshal(b)
		if err != nil {
			t.Fatalf("Unmarshal of what Marshal wrote (%s, %d bits): %v", enc, prec, err)
		}
		if enc2 != enc || len(back) != len(values) {
			t.Fatalf("round trip: %s with %d values, want %s with %d", enc2, len(back), enc, len(values))
		}
		for i := range values {
			if !equal(values[i], back[i]) {
				t.Fatalf("round trip (%s, %d bits) value %d: %s became %s", enc, prec, i, values[i].Text('g', -1), back[i].Text('g', -1))
			}
		}
	})
}

// FuzzMarshalRoundTrip writes numbers built from fuzzed parts (sign,
// mantissa bytes, binary exponent, precision, encoding) with Marshal and
// reads them back with Unmarshal: every value Marshal accepts must come
// back equal, with its precision and sign, in every encoding.
func FuzzMarshalRoundTrip(f *testing.F) {
	f.Add(uint8(0), uint16(64), false, []byte{1}, int32(0), uint8(0))
	f.Add(uint8(1), uint16(53), true, []byte{0x19, 0x99, 0x99, 0x99, 0x99, 0x99, 0x9a}, int32(-56), uint8(1))
	f.Add(uint8(5), uint16(200), false, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, int32(5000), uint8(0))
	f.Add(uint8(6), uint16(64), true, []byte{5}, int32(-5000), uint8(0))
	f.Add(uint8(3), uint16(64), false, []byte{}, int32(0), uint8(2)) // -0
	f.Add(uint8(2), uint16(8), true, []byte{}, int32(0), uint8(3))   // -Inf
	f.Fuzz(func(t *testing.T, which uint8, prec16 uint16, neg bool, mant []byte, exp int32, kind uint8) {
		names := Encodings()
		name := names[int(which)%len(names)]
		prec := uint(prec16)%4096 + 1
		if len(mant) > 512 {
			mant = mant[:512]
		}
		x := new(big.Float).SetPrec(prec)
		switch kind % 4 {
		case 2:
			x.SetInt64(0)
		case 3:
			x.SetInf(false)
		default:
			m := new(big.Int).SetBytes(mant)
			// The exponent moves the value within big.Float's range;
			// SetMantExp gives its argument's precision: Set after.
			e := int(exp % (1 << 20))
			x.Set(new(big.Float).SetMantExp(new(big.Float).SetInt(m), e))
		}
		if neg {
			x.Neg(x)
		}
		values := []*big.Float{x, new(big.Float).SetPrec(prec).SetInt64(1), x}
		b, err := Marshal(name, values, prec)
		if err != nil {
			if name == CBORDecimal && strings.Contains(err.Error(), "beyond") {
				return
			}
			t.Fatalf("Marshal(%s, %s at %d bits): %v", name, x.Text('g', -1), prec, err)
		}
		enc, back, err := Unmarshal(b)
		if err != nil {
			t.Fatalf("Unmarshal of %s at %d bits (%s): %v", name, prec, x.Text('g', -1), err)
		}
		if enc != name || len(back) != len(values) {
			t.Fatalf("read %s with %d values, want %s with %d", enc, len(back), name, len(values))
		}
		for i := range values {
			if !equal(values[i], back[i]) {
				t.Fatalf("%s at %d bits, value %d: %s became %s", name, prec, i, values[i].Text('g', -1), back[i].Text('g', -1))
			}
		}
	})
}
