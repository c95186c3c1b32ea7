package bigfloatio

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/serbench/serbench/workload"
)

func special(prec uint) []*big.Float {
	f := func(v float64) *big.Float { return new(big.Float).SetPrec(prec).SetFloat64(v) }
	// SetMantExp gives the precision of its argument: Set it after.
	huge := new(big.Float).SetPrec(prec).Set(new(big.Float).SetMantExp(big.NewFloat(0.75), 5000))
	tiny := new(big.Float).SetPrec(prec).Set(new(big.Float).SetMantExp(big.NewFloat(-0.625), -5000))
	return []*big.Float{
		f(0), f(math.Copysign(0, -1)), f(math.Inf(1)), f(math.Inf(-1)),
		f(1), f(-1), f(0.5), f(0.1), f(-1e-30), f(1e30), f(12345), f(-7),
		f(1 << 54), f(-(1 << 55)), f(1<<55 - 1), f(math.MaxInt64), f(math.MinInt64), f(1 << 63), f(1e19),
		huge, tiny,
	}
}

func equal(a, b *big.Float) bool {
	return a.Cmp(b) == 0 && a.Prec() == b.Prec() && a.Signbit() == b.Signbit()
}

func TestRoundTrip(t *testing.T) {
	for _, prec := range []uint{53, 64, 200} {
		values := special(prec)
		rnd, err := workload.BigFloats(workload.BigFloatOptions{Precision: prec, Count: 300})
		if err != nil {
			t.Fatal(err)
		}
		values = append(values, rnd...)
		for _, name := range Encodings() {
			enc, _ := NewEncoder(name)
			dec, _ := NewDecoder(name)
			for i, x := range values {
				if name == CBORDecimal && x.MantExp(nil) < -MaxDecimalExponent {
					continue
				}
				rec, err := enc.Append(nil, x)
				if err != nil {
					t.Fatalf("%s prec %d value %d (%s): %v", name, prec, i, x.Text('g', 10), err)
				}
				got, err := dec.Decode(rec, prec)
				if err != nil {
					t.Fatalf("%s prec %d value %d (%s): decode %x: %v", name, prec, i, x.Text('g', 10), rec, err)
				}
				if !equal(x, got) {
					t.Fatalf("%s prec %d value %d: %s became %s", name, prec, i, x.Text('g', -1), got.Text('g', -1))
				}
			}
		}
	}
}

func TestPrecisionZero(t *testing.T) {
	for _, name := range Encodings() {
		enc, _ := NewEncoder(name)
		dec, _ := NewDecoder(name)
		for _, x := range []*big.Float{new(big.Float), new(big.Float).Neg(new(big.Float)), new(big.Float).SetInf(true)} {
			rec, err := enc.Append(nil, x)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got, err := dec.Decode(rec, 0)
			if err != nil || !equal(x, got) {
				t.Fatalf("%s: %s became %v (%v)", name, x.Text('g', -1), got, err)
			}
		}
	}
}

func TestCBORForms(t *testing.T) {
	// RFC 8949 section 3.4.4: 1.5 as a bigfloat is 5([-1, 3]), and
	// 273.15 as a decimal fraction is 4([-2, 27315]).
	for _, c := range []struct {
		enc  string
		x    float64
		want string
	}{
		{CBORBigfloat, 1.5, "c5822003"},
		{CBORDecimal, 1.5, "c482200f"},
		{CBORBigfloat, 0, "c5820000"},
		{CBORBigfloat, math.Copysign(0, -1), "f98000"},
		{CBORDecimal, math.Inf(-1), "f9fc00"},
		{CBORDecimal, 1e6, "c482060 1"},
	} {
		e, _ := NewEncoder(c.enc)
		rec, err := e.Append(nil, big.NewFloat(c.x))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := hex.EncodeToString(rec), strings.ReplaceAll(c.want, " ", ""); got != want {
			t.Errorf("%s of %g = %s, want %s", c.enc, c.x, got, want)
		}
	}
	d, _ := NewDecoder(CBORDecimal)
	rfc, _ := hex.DecodeString("c48221196ab3")
	if _, err := d.Decode(rfc, 64); err == nil {
		t.Error("273.15 decoded at 64 bits without error: it is not exact in binary")
	}
	// 0.1 at 64 bits is exact as a long decimal fraction.
	e, _ := NewEncoder(CBORDecimal)
	x := new(big.Float).SetPrec(64).SetFloat64(0.1)
	rec, _ := e.Append(nil, x)
	got, err := d.Decode(rec, 64)
	if err != nil || !equal(x, got) {
		t.Errorf("0.1: %v, %v", got, err)
	}
	if _, err := d.Decode(rec, 10); err == nil {
		t.Error("0.1 (53 bits) decoded at 10 bits without error")
	}
}

func TestNoSilentRounding(t *testing.T) {
	x := new(big.Float).SetPrec(100).SetInt64(1<<62 + 1)
	for _, name := range []string{BinaryInt, BinaryVarint, CBORBigfloat, CBORDecimal} {
		e, _ := NewEncoder(name)
		d, _ := NewDecoder(name)
		rec, _ := e.Append(nil, x)
		if _, err := d.Decode(rec, 20); err == nil {
			t.Errorf("%s: %s decoded at 20 bits without error", name, x.Text('g', -1))
		}
	}
	for _, name := range []string{Binary, Gob} {
		e, _ := NewEncoder(name)
		d, _ := NewDecoder(name)
		rec, _ := e.Append(nil, x)
		if _, err := d.Decode(rec, 20); err == nil {
			t.Errorf("%s: record of precision 100 decoded at 20 bits without error", name)
		}
	}
}

func TestFile(t *testing.T) {
	dir := t.TempDir()
	values, _ := workload.BigFloats(workload.BigFloatOptions{Count: 200})
	values = append(values, special(64)...)
	for _, name := range Encodings() {
		path := filepath.Join(dir, name+".bf")
		if err := WriteFile(path, name, values, 64); err != nil {
			t.Fatal(err)
		}
		gotName, got, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if gotName != name || len(got) != len(values) {
			t.Fatalf("%s: read %s, %d values", name, gotName, len(got))
		}
		for i := range values {
			if !equal(values[i], got[i]) {
				t.Fatalf("%s value %d: %s became %s", name, i, values[i].Text('g', -1), got[i].Text('g', -1))
			}
		}
	}
	// Values are converted to the header's precision when exact.
	small := []*big.Float{big.NewFloat(1.5), big.NewFloat(-3)}
	b, err := Marshal(Text, small, 8)
	if err != nil {
		t.Fatal(err)
	}
	_, got, err := Unmarshal(b)
	if err != nil || got[0].Prec() != 8 || got[0].Cmp(small[0]) != 0 {
		t.Fatalf("%v %v", got, err)
	}
	if _, err := Marshal(Text, []*big.Float{big.NewFloat(0.1)}, 8); err == nil {
		t.Error("0.1 written at 8 bits without error")
	}
	if _, err := Marshal("nope", small, 8); err == nil {
		t.Error("unknown encoding accepted")
	}
	if _, err := Marshal(Text, small, 0); err == nil {
		t.Error("precision 0 accepted")
	}
	if _, err := Marshal(Text, []*big.Float{nil}, 64); err == nil {
		t.Error("nil value accepted")
	}
}

func TestMalformedFiles(t *testing.T) {
	values, _ := workload.BigFloats(workload.BigFloatOptions{Count: 20})
	for _, name := range Encodings() {
		good, err := Marshal(name, values, 64)
		if err != nil {
			t.Fatal(err)
		}
		// Every truncation is an error.
		for n := 0; n < len(good); n++ {
			if _, _, err := Unmarshal(good[:n]); err == nil {
				t.Fatalf("%s: truncated to %d of %d bytes: no error", name, n, len(good))
			}
		}
		if _, _, err := Unmarshal(append(bytes.Clone(good), 0)); err == nil || !strings.Contains(err.Error(), "garbage") {
			t.Errorf("%s: trailing byte: %v", name, err)
		}
	}
	good, _ := Marshal(BinaryVarint, values, 64)
	bad := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	nameEnd := 6 + len(BinaryVarint)
	for _, c := range []struct {
		data []byte
		want string
	}{
		{[]byte("hello world, this is not it"), "magic"},
		{nil, "magic"},
		{bad(func(b []byte) []byte { b[4] = 9; return b }), "version 9"},
		{bad(func(b []byte) []byte { b[6] = 'X'; return b }), "unknown big.Float encoding"},
		{bad(func(b []byte) []byte { b[5] = 0; return b }), "empty encoding name"},
		{bad(func(b []byte) []byte { copy(b[nameEnd:], []byte{0, 0, 0, 0}); return b }), "precision 0"},
		{bad(func(b []byte) []byte { copy(b[nameEnd+4:], []byte{0xff, 0xff, 0xff, 0xff}); return b }), "header declares"},
		{bad(func(b []byte) []byte { b[nameEnd+9] = 0x7f; return b }), "record 0 of 20"},
		{bad(func(b []byte) []byte { b[nameEnd+8] = 0x80; b[nameEnd+9] |= 0x80; return b }), "record 0 of 20"},
	} {
		_, _, err := Unmarshal(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error with %q, got %v", c.want, err)
		}
	}
	// ReadFile names the file.
	path := filepath.Join(t.TempDir(), "garbage.bf")
	os.WriteFile(path, []byte("BFLT\x01\x04text\x00\x00\x00\x40\x00\x00\x00\x02\x03abc\x011"), 0o644)
	_, _, err := ReadFile(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "record 0 of 2") {
		t.Errorf("ReadFile of garbage: %v", err)
	}
	if _, _, err := ReadFile(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Error("missing file: no error")
	}
}

// TestMalformedFileOffsets: the error of every malformed file of
// malformedFiles names the byte offset of the problem (the JavaScript
// reader's offsets, see TestJSCorruptFiles), and ReadFile's names the
// file too.
func TestMalformedFileOffsets(t *testing.T) {
	values, _ := workload.BigFloats(workload.BigFloatOptions{Count: 30})
	good, err := Marshal(BinaryVarint, values, 64)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range malformedFiles(good, len(values)) {
		_, _, err := Unmarshal(c.data)
		var fe *FormatError
		if !errors.As(err, &fe) || fe.Offset != c.offset || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v; want a FormatError at offset %d with %q", c.name, err, c.offset, c.want)
			continue
		}
		path := filepath.Join(t.TempDir(), "f.bf")
		os.WriteFile(path, c.data, 0o644)
		_, _, err = ReadFile(path)
		if want := fmt.Sprintf("read %s: offset %d: ", path, c.offset); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: ReadFile: %v; want it to start with %q", c.name, err, want)
		}
	}
}

// TestRecordsNoWriterMakes: records that Float.GobDecode or the CBOR
// library would read as some number, but that hold no number of the
// file's precision, are refused with what is wrong, in every encoding
// that carries them.
func TestRecordsNoWriterMakes(t *testing.T) {
	x := new(big.Float).SetPrec(8).SetFloat64(1.5)
	valid, err := x.GobEncode()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodeBinary(valid, 8); err != nil {
		t.Fatalf("the valid record is refused: %v", err)
	}
	form3 := bytes.Clone(valid)
	form3[1] |= 3 << 1
	zero, _ := new(big.Float).SetPrec(8).GobEncode()
	wide := bytes.Clone(valid)
	wide = append(wide[:10], 0xc0, 0, 0, 0, 0, 0, 0, 1) // 64 significant bits at precision 8
	// Mode 7 and accuracy bits 3 are no big.Float's; GobDecode keeps
	// them, and with mode 7 the number's first inexact operation panics.
	mode7, acc3 := bytes.Clone(valid), bytes.Clone(valid)
	mode7[1] |= 7 << 5
	acc3[1] |= 3 << 3
	for name, rec := range map[string][]byte{
		"form 3":                  form3,
		"bytes after a zero":      append(bytes.Clone(zero), 0),
		"mantissa over precision": wide,
		"rounding mode 7":         mode7,
		"accuracy bits 3":         acc3,
	} {
		_, err := decodeBinary(rec, 8)
		if err == nil {
			t.Errorf("binary %s: read as a number", name)
			continue
		}
		t.Logf("binary %s: %v", name, err)
		// The same bytes inside a gob stream are refused too.
		e, d, err := NewPrimedGob()
		if err != nil {
			t.Fatal(err)
		}
		g, err := e.Append(nil, x)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Decode(g, 8); err != nil {
			t.Fatalf("gob: the valid record is refused: %v", err)
		}
		bad := bytes.Replace(g, valid, rec, 1)
		if len(rec) != len(valid) {
			continue // the gob length prefix would no longer match
		}
		if _, err := d.Decode(bad, 8); err == nil {
			t.Errorf("gob %s: read as a number", name)
		}
	}
	for name, rec := range map[string][]byte{
		"null":                     {0xf6},
		"undefined":                {0xf7},
		"true":                     {0xf5},
		"unassigned simple":        {0xe5},
		"simple exponent":          {0xc5, 0x82, 0xe5, 0x03},
		"null exponent":            {0xc5, 0x82, 0xf6, 0x03},
		"tagged exponent":          {0xc5, 0x82, 0xc1, 0x20, 0x03},
		"null mantissa":            {0xc4, 0x82, 0x01, 0xf6},
		"three items":              {0xc5, 0x83, 0x01, 0x03, 0x03},
		"tag 1 around the content": {0xc5, 0xc1, 0x82, 0x01, 0x03},
	} {
		if v, err := decodeCBOR(rec, 53); err == nil {
			t.Errorf("CBOR %s (% x): read as %v", name, rec, v)
		} else {
			t.Logf("CBOR %s: %v", name, err)
		}
	}
	if v, err := decodeCBOR([]byte{0xc5, 0x82, 0x20, 0x03}, 53); err != nil || v.Cmp(big.NewFloat(1.5)) != 0 {
		t.Errorf("CBOR 3×2^-1 = %v, %v; want 1.5", v, err)
	}
}

// TestTextRoundsExactly: a text record is rounded to nearest even from
// its exact decimal value, also where Float.Parse, which scales by a power
// of ten of precision+64 bits, rounds the other way; and a decimal beyond
// the range of a big.Float is an error, not an infinity or a zero.
func TestTextRoundsExactly(t *testing.T) {
	// The halfway point between two 24-bit numbers near 2^-1176, written
	// out exactly, with its last digit dropped: just below the halfway
	// point, so it rounds down.
	lo := new(big.Float).SetPrec(24).SetMantExp(big.NewFloat(0.5), -1175)
	half := new(big.Float).SetPrec(200).Add(lo, new(big.Float).SetMantExp(big.NewFloat(0.5), -1175-24))
	r, _ := half.Rat(nil)
	exactText := r.FloatString(1200) // exact: the value has fewer than 1200 decimals
	exactText = strings.TrimRight(exactText, "0")
	below := exactText[:len(exactText)-1]
	got, err := decodeText([]byte(below), 24)
	if err != nil {
		t.Fatal(err)
	}
	if got.Cmp(lo) != 0 {
		t.Errorf("a decimal just below the halfway point read as %s, want %s", got.Text('p', 0), lo.Text('p', 0))
	}
	if got, err := decodeText([]byte(exactText), 24); err != nil || got.Cmp(lo) != 0 {
		t.Errorf("the halfway point read as %v (%v), want %s (to even)", got, err, lo.Text('p', 0))
	}
	for _, rec := range []string{"1e700000000", "-1e700000000", "1e-700000000", "-1e-700000000"} {
		if v, err := decodeText([]byte(rec), 53); err == nil {
			t.Errorf("%s read as %s", rec, v.Text('g', 10))
		}
	}
	for rec, want := range map[string]string{"-0": "-0", "0e5": "0", "+Inf": "+Inf", "-Inf": "-Inf", "1.5": "1.5", "-2.5e-3": "-0.0025"} {
		v, err := decodeText([]byte(rec), 53)
		if err != nil || v.Text('g', -1) != want {
			t.Errorf("%s read as %v, %v; want %s", rec, v, err, want)
		}
	}
}
