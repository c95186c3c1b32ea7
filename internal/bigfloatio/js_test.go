package bigfloatio

// Tests of the JavaScript implementation of the file format,
// peers/js/bigfloat.mjs, through its CLI peers/js/bigfloat-peer.mjs: Go
// writes files, node copies them to the same and to every other encoding,
// Go reads what node wrote. Values come from math/rand/v2's PCG seeded with
// jsSeed, so a failure names a reproducible value.
//
// The tests need node (Node.js 20 or later). Without it they skip, except
// under CI=true, where they fail.

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// jsSeed seeds the random values of the JS tests (PCG(jsSeed, jsSeed+1)
// for precision 1000, and jsSeed+prec for other precisions).
const jsSeed = 20261124

// jsPrecisions are the precisions the exchange test covers.
var jsPrecisions = []uint{1, 24, 53, 64, 77, 113, 256, 1000}

// jsExtremePrecisions are those at which values with exponents at the ends
// of big.Float's range are exchanged too (in the encodings that can hold
// them: not text, whose decimals would have hundreds of millions of digits,
// nor cbor-decimal, whose exponents are limited to ±100000).
var jsExtremePrecisions = []uint{1, 53, 1000}

// jsNode returns the path of node and of bigfloat-peer.mjs, or skips (fails
// under CI=true) if node is missing.
func jsNode(t *testing.T) (node, peer string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node (Node.js 20 or later) is not on PATH: the JavaScript big.Float peer cannot be tested (CI=true, so this fails instead of skipping): %v", err)
		}
		t.Skipf("node not found, skipping the JavaScript peer tests: %v", err)
	}
	peer, err = filepath.Abs(filepath.Join("..", "..", "peers", "js", "bigfloat-peer.mjs"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(peer); err != nil {
		t.Fatal(err)
	}
	return node, peer
}

// jsRun runs node peer args with stdin as its standard input and returns its stdout, stderr and error.
func jsRun(t *testing.T, node, peer, stdin string, args ...string) (string, string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, append([]string{peer}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdin = strings.NewReader(stdin)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	return stdout.String(), stderr.String(), err
}

// jsCopy has node copy the file in to out, in format, and returns the
// values Go reads from out; it fails t when either fails.
func jsCopy(t *testing.T, node, peer, in, out, format string) []*big.Float {
	t.Helper()
	if _, stderr, err := jsRun(t, node, peer, "", "copy", in, out, format); err != nil {
		t.Fatalf("node copy %s to %s: %v\n%s", in, format, err, stderr)
	}
	_, got, err := ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// jsFloat returns (-1)^neg × m × 2^e at precision prec, or nil if that is
// not exactly representable.
func jsFloat(prec uint, neg bool, m *big.Int, e int) *big.Float {
	x := new(big.Float).SetPrec(prec).SetInt(m)
	if x.Acc() != big.Exact {
		return nil
	}
	if x.Sign() != 0 {
		exp := int64(x.MantExp(nil)) + int64(e)
		if exp < big.MinExp || exp > big.MaxExp {
			return nil
		}
		x.SetMantExp(x, e)
	}
	if neg {
		x.Neg(x)
	}
	return x
}

// jsMant returns a random mantissa of exactly bits significant bits (top and
// bottom bit set) when full, or bits long with random lower bits.
func jsMant(r *rand.Rand, bits uint, full bool) *big.Int {
	m := new(big.Int)
	for i := uint(0); i < bits; i += 32 {
		m.Lsh(m, 32).Or(m, big.NewInt(int64(r.Uint32())))
	}
	if m.BitLen() > int(bits) {
		m.Rsh(m, uint(m.BitLen()-int(bits)))
	}
	m.SetBit(m, int(bits)-1, 1)
	if full {
		m.SetBit(m, 0, 1)
	}
	return m
}

// jsValues returns the values exchanged at precision prec: zeros, -0,
// ±Inf, integers around the binary-int and binary-varint limits and the
// CBOR bignum limit, powers of two (whose text form is the special case of
// the spec), values with all prec bits of mantissa, and random values with
// binary exponents up to ±20000.
func jsValues(prec uint) []*big.Float {
	r := rand.New(rand.NewPCG(jsSeed, jsSeed+uint64(prec)))
	var out []*big.Float
	add := func(x *big.Float) {
		if x != nil {
			out = append(out, x)
		}
	}
	pow := func(k uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), k) }
	add(new(big.Float).SetPrec(prec))
	add(new(big.Float).SetPrec(prec).Neg(new(big.Float).SetPrec(prec)))
	add(new(big.Float).SetPrec(prec).SetInf(false))
	add(new(big.Float).SetPrec(prec).SetInf(true))
	ints := []*big.Int{
		big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(7), big.NewInt(12345), big.NewInt(1000000),
		pow(54), new(big.Int).Sub(pow(55), big.NewInt(1)), pow(55), new(big.Int).Add(pow(55), big.NewInt(1)),
		big.NewInt(math.MaxInt64), pow(63), new(big.Int).Add(pow(63), big.NewInt(1)), big.NewInt(1e18), new(big.Int).Mul(big.NewInt(1e18), big.NewInt(10)),
		new(big.Int).Sub(pow(64), big.NewInt(1)), pow(64), new(big.Int).Add(pow(64), big.NewInt(1)), new(big.Int).Add(pow(64), big.NewInt(2)),
		new(big.Int).Add(pow(200), big.NewInt(1)),
	}
	for _, n := range ints {
		add(jsFloat(prec, false, n, 0))
		add(jsFloat(prec, true, n, 0))
	}
	// Powers of two, the text encoding's special case.
	for k := -400; k <= 400; k += 13 {
		add(jsFloat(prec, k%2 != 0, big.NewInt(1), k))
	}
	add(jsFloat(prec, false, big.NewInt(1), -296))
	// float64 values that are exact at prec.
	for _, f := range []float64{0.5, 0.1, -1e-30, 1e30, 1.5, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		x := new(big.Float).SetPrec(prec).SetFloat64(f)
		if x.Acc() == big.Exact {
			out = append(out, x)
		}
	}
	// All ones, and a full mantissa, at the precision.
	ones := new(big.Int).Sub(pow(prec), big.NewInt(1))
	add(jsFloat(prec, false, ones, 0))
	add(jsFloat(prec, true, ones, -int(prec)))
	add(jsFloat(prec, false, ones, 1000))
	// Random values: full mantissas, short ones, integers, tiny and huge.
	for i := 0; i < 48; i++ {
		neg := r.IntN(2) == 0
		var m *big.Int
		var e int
		switch i % 6 {
		case 0, 1: // exactly prec bits, moderate exponents
			m = jsMant(r, prec, true)
			e = r.IntN(400) - 200 - int(prec)
		case 2: // fewer bits
			m = jsMant(r, uint(r.IntN(int(prec)))+1, false)
			e = r.IntN(200) - 100
		case 3: // integers that may fit an int64 or a varint
			m = jsMant(r, uint(r.IntN(int(min(prec, 64))))+1, false)
			e = 0
		case 4: // tiny
			m = jsMant(r, prec, r.IntN(2) == 0)
			e = -r.IntN(20000) - 1000
		case 5: // huge
			m = jsMant(r, prec, r.IntN(2) == 0)
			e = r.IntN(20000) + 1000
		}
		add(jsFloat(prec, neg, m, e))
	}
	return out
}

// jsExtremeValues returns values with exponents at the ends of big.Float's
// range (x = 0.mantissa × 2^exp, exp from big.MinExp to big.MaxExp).
func jsExtremeValues(prec uint) []*big.Float {
	r := rand.New(rand.NewPCG(jsSeed, jsSeed+1+uint64(prec)))
	var out []*big.Float
	for _, exp := range []int{big.MaxExp, big.MaxExp - 1, big.MaxExp - 12345, big.MinExp, big.MinExp + 1, big.MinExp + 12345, 1 << 30, -(1 << 30)} {
		for _, full := range []bool{true, false} {
			m := jsMant(r, prec, full)
			x := jsFloat(prec, r.IntN(2) == 0, m, exp-int(prec))
			if x == nil {
				panic(fmt.Sprintf("exponent %d not representable", exp))
			}
			out = append(out, x)
		}
	}
	return out
}

// jsEqual reports whether a and b are the same number (value, sign of zero,
// infinity) of the same precision.
func jsEqual(a, b *big.Float) bool {
	return a.Cmp(b) == 0 && a.Signbit() == b.Signbit() && a.Prec() == b.Prec() && a.IsInf() == b.IsInf()
}

// jsExchange writes values with WriteFile in each of srcs, has node copy
// each file to each of dsts, and checks that ReadFile gives the values back
// exactly. With single, every copy is one run of "node bigfloat-peer.mjs
// copy IN OUT [ENCODING]" (ENCODING left out every other time it is the
// input's); otherwise one run of "copy-many" does them all.
//
// node's file must also be byte for byte what Go writes for the same
// values, except for binary records (binary, binary-int, binary-varint,
// gob) of values that came through another encoding: Go's GobEncode writes
// as many mantissa words as the big.Float holds, trailing zero words
// included (SetInt of 2^64 holds two), and its rounding mode and accuracy,
// while node drops trailing zero words and writes ToNearestEven and Exact
// unless it read the value from a binary record.
func jsExchange(t *testing.T, node, peer string, prec uint, values []*big.Float, srcs, dsts []string, single bool) {
	dir := t.TempDir()
	goFiles := map[string][]byte{}
	for _, enc := range union(srcs, dsts) {
		path := filepath.Join(dir, "go."+enc)
		if err := WriteFile(path, enc, values, prec); err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		goFiles[enc] = b
	}
	type job struct{ src, dst, in, out string }
	var jobs []job
	var lines strings.Builder
	for _, src := range srcs {
		for _, dst := range dsts {
			j := job{src, dst, filepath.Join(dir, "go."+src), filepath.Join(dir, "js."+src+"."+dst)}
			jobs = append(jobs, j)
			enc := dst
			if dst == src && len(jobs)%2 == 0 {
				enc = "" // defaults to the input's
			}
			if single {
				args := []string{"copy", j.in, j.out}
				if enc != "" {
					args = append(args, enc)
				}
				if _, stderr, err := jsRun(t, node, peer, "", args...); err != nil {
					t.Errorf("node %s: %v\n%s", strings.Join(args, " "), err, stderr)
				}
			} else {
				fmt.Fprintf(&lines, "%s\t%s\t%s\n", j.in, j.out, enc)
			}
		}
	}
	if !single {
		if _, stderr, err := jsRun(t, node, peer, lines.String(), "copy-many"); err != nil {
			t.Errorf("node copy-many: %v\n%s", err, stderr)
		}
	}
	t.Logf("%d values at %d bits: %d files written by Go, %d copies by node", len(values), prec, len(goFiles), len(jobs))
	binaryRecords := map[string]bool{Binary: true, BinaryInt: true, BinaryVarint: true, Gob: true}
	for _, j := range jobs {
		enc, got, err := ReadFile(j.out)
		if err != nil {
			t.Errorf("%d bits, %s copied by node to %s: Go cannot read it: %v", prec, j.src, j.dst, err)
			continue
		}
		if enc != j.dst || len(got) != len(values) {
			t.Errorf("%d bits, %s copied by node to %s: read %s with %d values, want %d", prec, j.src, j.dst, enc, len(got), len(values))
			continue
		}
		for i, x := range values {
			if !jsEqual(x, got[i]) {
				t.Errorf("%d bits, %s copied by node to %s: value %d is %s (%s, prec %d), want %s (%s, prec %d)",
					prec, j.src, j.dst, i, got[i].Text('p', 0), got[i].Text('g', -1), got[i].Prec(), x.Text('p', 0), x.Text('g', -1), x.Prec())
				break
			}
		}
		if binaryRecords[j.dst] && !binaryRecords[j.src] {
			continue
		}
		if b, _ := os.ReadFile(j.out); !bytes.Equal(b, goFiles[j.dst]) {
			t.Errorf("%d bits, %s copied by node to %s: the %d bytes differ from Go's %d-byte file of the same values", prec, j.src, j.dst, len(b), len(goFiles[j.dst]))
		}
	}
}

func union(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range append(append([]string{}, a...), b...) {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// TestJSExchange: for every precision of jsPrecisions and every pair of
// encodings, Go writes, node copies, Go reads, and the values must be
// equal; node's file must also be byte for byte what Go writes for the
// same values in the target encoding.
func TestJSExchange(t *testing.T) {
	node, peer := jsNode(t)
	for _, prec := range jsPrecisions {
		t.Run(fmt.Sprintf("prec%d", prec), func(t *testing.T) {
			t.Parallel()
			values := jsValues(prec)
			// At 53 bits every copy is a run of the copy command, as a
			// user would type it; elsewhere one copy-many run does them.
			jsExchange(t, node, peer, prec, values, Encodings(), Encodings(), prec == 53)
		})
	}
	binaryish := []string{Binary, BinaryInt, BinaryVarint, CBORBigfloat, Gob}
	for _, prec := range jsExtremePrecisions {
		t.Run(fmt.Sprintf("extreme%d", prec), func(t *testing.T) {
			t.Parallel()
			values := jsExtremeValues(prec)
			jsExchange(t, node, peer, prec, values, binaryish, binaryish, false)
			// The encodings that cannot hold them: node refuses, naming
			// the value.
			dir := t.TempDir()
			in := filepath.Join(dir, "in.bin")
			if err := WriteFile(in, Binary, values, prec); err != nil {
				t.Fatal(err)
			}
			for _, dst := range []string{Text, CBORDecimal} {
				out := filepath.Join(dir, "out."+dst)
				_, stderr, err := jsRun(t, node, peer, "", "copy", in, out, dst)
				if err == nil || !strings.Contains(stderr, "value 0:") || !strings.Contains(stderr, "beyond") {
					t.Errorf("node copy of exponents at big.Float's limits to %s: %v, stderr %q; want an error naming value 0", dst, err, stderr)
				}
			}
		})
	}
}

// TestJSTextRounding gives node text files of decimals that are not exact
// at the precision (random digit strings, ties, forms Float.Parse
// accepts), has it copy them to binary, and requires each value to be
// what Go's Float.Parse gives: rounded to nearest-even at the precision.
func TestJSTextRounding(t *testing.T) {
	node, peer := jsNode(t)
	fixed := []string{
		"0.1", "-0.1", "1e-400", "123456789012345678901234567890", "1.000000059604644775390625", "1.000000178813934326171875",
		"-0.0", "-0", ".5", "5.", "1E+2", "1e2", "Inf", "-inf", "+Inf", "2.5p-3", "0.000", "9007199254740993", "9007199254740995",
		"3.927274772238181e-90", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
		"4.9406564584124654e-324", "2.4703282292062328e-324", "1e1000", "-7.7e-1000", "0e999999999999", "-0.000e-5", "1e00000000000000000003",
	}
	dir := t.TempDir()
	for _, prec := range []uint{1, 24, 53, 64, 113, 256} {
		r := rand.New(rand.NewPCG(jsSeed, jsSeed+2+uint64(prec)))
		texts := append([]string{}, fixed...)
		for i := 0; i < 300; i++ {
			var sb strings.Builder
			if r.IntN(2) == 0 {
				sb.WriteByte('-')
			}
			n := r.IntN(60) + 1
			for j := 0; j < n; j++ {
				sb.WriteByte(byte('0' + r.IntN(10)))
				if j == 0 && r.IntN(2) == 0 {
					sb.WriteByte('.')
				}
			}
			fmt.Fprintf(&sb, "e%d", r.IntN(700)-350)
			texts = append(texts, sb.String())
		}
		// A text file of these records, as another implementation might
		// write it.
		var file []byte
		file = append(file, Magic...)
		file = append(file, Version, byte(len(Text)))
		file = append(file, Text...)
		file = append(file, byte(prec>>24), byte(prec>>16), byte(prec>>8), byte(prec))
		n := len(texts)
		file = append(file, byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
		for _, s := range texts {
			file = binary.AppendUvarint(file, uint64(len(s)))
			file = append(file, s...)
		}
		in := filepath.Join(dir, fmt.Sprintf("decimals%d.text", prec))
		out := filepath.Join(dir, fmt.Sprintf("decimals%d.binary", prec))
		if err := os.WriteFile(in, file, 0o644); err != nil {
			t.Fatal(err)
		}
		got := jsCopy(t, node, peer, in, out, Binary)
		for i, s := range texts {
			want, _, err := new(big.Float).SetPrec(prec).Parse(s, 10)
			if err != nil {
				t.Fatalf("Go cannot parse %q: %v", s, err)
			}
			if !jsEqual(want, got[i]) {
				t.Errorf("%d bits: node read %q as %s, Go's Parse gives %s", prec, s, got[i].Text('p', 0), want.Text('p', 0))
			}
		}
	}
}

// TestJSCorruptFiles gives node truncated and corrupted files (those of
// malformedFiles, on which Go's reader is tested too, and more): it must
// exit non-zero with a message naming the offset of the problem.
func TestJSCorruptFiles(t *testing.T) {
	node, peer := jsNode(t)
	dir := t.TempDir()
	values := jsValues(64)[:30]
	good, err := Marshal(BinaryVarint, values, 64)
	if err != nil {
		t.Fatal(err)
	}
	nameEnd := 6 + len(BinaryVarint)
	text := func(prec uint32, recs ...string) []byte {
		b := append([]byte(Magic), Version, byte(len(Text)))
		b = append(b, Text...)
		b = append(b, byte(prec>>24), byte(prec>>16), byte(prec>>8), byte(prec), 0, 0, 0, byte(len(recs)))
		for _, r := range recs {
			b = append(b, byte(len(r)))
			b = append(b, r...)
		}
		return b
	}
	gob, _ := Marshal(Gob, values[:3], 64)
	cborDec, _ := Marshal(CBORDecimal, values[:3], 64)
	cases := append(malformedFiles(good, len(values)), []malformedFile{
		{"truncated mid-file", good[:len(good)/2], -1, "truncated at record"},
		{"bad text", text(64, "1", "0.5x"), nameEnd - len(BinaryVarint) + len(Text) + 8 + 2 + 1, "record 1 of 2"},
		{"gob corrupt", func() []byte { c := bytes.Clone(gob); c[len(Magic)+2+len(Gob)+8+2] = 0x7e; return c }(), -1, "record 0 of 3"},
		{"cbor-decimal 273.15", func() []byte {
			c := text(64, "\xc4\x82\x21\x19\x6a\xb3")
			return bytes.Replace(c, []byte("\x04text"), []byte("\x0ccbor-decimal"), 1)
		}(), -1, "not exactly representable"},
		{"cbor-decimal truncated", cborDec[:len(cborDec)-2], -1, "truncated"},
	}...)
	re := regexp.MustCompile(`offset (\d+)`)
	for _, c := range cases {
		path := filepath.Join(dir, strings.ReplaceAll(c.name, " ", "-")+".bf")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		if _, _, err := ReadFile(path); err == nil {
			t.Errorf("%s: Go reads the corrupt file without error", c.name)
		}
		_, stderr, err := jsRun(t, node, peer, "", "copy", path, filepath.Join(dir, "out"))
		if err == nil {
			t.Errorf("%s: node copied a corrupt file without error", c.name)
			continue
		}
		m := re.FindStringSubmatch(stderr)
		if m == nil || !strings.Contains(stderr, c.want) || !strings.Contains(stderr, path) {
			t.Errorf("%s: node's message %q does not name the file, an offset and %q", c.name, stderr, c.want)
			continue
		}
		if c.offset >= 0 && m[1] != fmt.Sprint(c.offset) {
			t.Errorf("%s: node's message %q names offset %s, want %d", c.name, stderr, m[1], c.offset)
		}
		t.Logf("%s: %s", c.name, strings.TrimSpace(stderr))
	}
	// Every truncation of a small file is an error naming an offset.
	small, _ := Marshal(CBORBigfloat, values[:4], 64)
	for n := 0; n < len(small); n += 3 {
		path := filepath.Join(dir, fmt.Sprintf("trunc%d.bf", n))
		os.WriteFile(path, small[:n], 0o644)
		_, stderr, err := jsRun(t, node, peer, "", "dump", path)
		if err == nil || !re.MatchString(stderr) {
			t.Errorf("truncated to %d of %d bytes: node: %v, %q", n, len(small), err, stderr)
		}
	}
}

// TestJSGobTypeID: a Go process that sent other gob types first gives
// *big.Float another type id than the 64 of a fresh process; node must
// read such a stream (Go's reader does) and write it back as Go would.
func TestJSGobTypeID(t *testing.T) {
	node, peer := jsNode(t)
	values := jsValues(64)[:12]
	// The stream as a process whose big.Float type id is 70 writes it.
	var file []byte
	file = append(file, Magic...)
	file = append(file, Version, byte(len(Gob)))
	file = append(file, Gob...)
	file = binary.BigEndian.AppendUint32(file, 64)
	file = binary.BigEndian.AppendUint32(file, uint32(len(values)))
	for i, x := range values {
		g, err := x.GobEncode()
		if err != nil {
			t.Fatal(err)
		}
		var rec []byte
		if i == 0 {
			// Type definition: int -70 (0xff 0x8b), wireType field 4
			// (GobEncoderT), its CommonType's Id.
			def := []byte{0xff, 0x8b, 0x05, 0x01, 0x02, 0xff, 0x8e, 0x00, 0x00, 0x00}
			rec = append(append(rec, byte(len(def))), def...)
		}
		msg := append([]byte{0xff, 0x8c, 0x00, byte(len(g))}, g...) // int 70, singleton, GobEncode bytes
		rec = append(append(rec, byte(len(msg))), msg...)
		file = binary.AppendUvarint(file, uint64(len(rec)))
		file = append(file, rec...)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "id70.gob")
	if err := os.WriteFile(in, file, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, got, err := ReadFile(in); err != nil || len(got) != len(values) {
		t.Fatalf("Go cannot read the hand-made gob stream: %v", err)
	}
	for _, dst := range []string{Gob, Binary} {
		out := filepath.Join(dir, "out."+dst)
		got := jsCopy(t, node, peer, in, out, dst)
		for i, x := range values {
			if !jsEqual(x, got[i]) {
				t.Errorf("%s: value %d is %s, want %s", dst, i, got[i].Text('p', 0), x.Text('p', 0))
			}
		}
		want, _ := Marshal(dst, values, 64)
		if b, _ := os.ReadFile(out); !bytes.Equal(b, want) {
			t.Errorf("node's %s file differs from Go's", dst)
		}
	}
}

// TestJSMutatedFiles corrupts files Go wrote (random bit flips, byte
// changes, truncations; seed PCG(jsSeed, 3)) and gives them to both
// readers: node must refuse every file Go refuses, and read every file both
// accept to the same values. Go accepts some records node refuses (see the
// JavaScript section of docs/bigfloat-format.md); those are only counted.
func TestJSMutatedFiles(t *testing.T) {
	node, peer := jsNode(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(jsSeed, 3))
	var seeds [][]byte
	for _, prec := range []uint{1, 24, 64, 130} {
		vals := jsValues(prec)[:20]
		for _, e := range Encodings() {
			b, err := Marshal(e, vals, prec)
			if err != nil {
				t.Fatal(err)
			}
			seeds = append(seeds, b)
		}
	}
	const n = 1500
	files := make([][]byte, n)
	var lines strings.Builder
	for i := range files {
		b := bytes.Clone(seeds[r.IntN(len(seeds))])
		for k := r.IntN(3) + 1; k > 0 && len(b) > 1; k-- {
			switch r.IntN(4) {
			case 0:
				b[r.IntN(len(b))] ^= byte(1 << r.IntN(8))
			case 1:
				b[r.IntN(len(b))] = byte(r.IntN(256))
			case 2:
				b = b[:r.IntN(len(b))]
			case 3: // in the records
				if j := 14 + r.IntN(len(b)); j < len(b) {
					b[j] = byte(r.IntN(256))
				}
			}
		}
		files[i] = b
		in := filepath.Join(dir, fmt.Sprintf("m%d.bf", i))
		if err := os.WriteFile(in, b, 0o644); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&lines, "%s\t%s\tbinary\n", in, filepath.Join(dir, fmt.Sprintf("o%d.bf", i)))
	}
	_, stderr, _ := jsRun(t, node, peer, lines.String(), "copy-many")
	jsErr := map[int]string{}
	re := regexp.MustCompile(`^bigfloat-peer: line (\d+): (.*)$`)
	for _, l := range strings.Split(stderr, "\n") {
		if m := re.FindStringSubmatch(l); m != nil {
			var k int
			fmt.Sscan(m[1], &k)
			jsErr[k-1] = m[2]
		} else if l != "" {
			t.Errorf("node: %s", l)
		}
	}
	var both, neither, goOnly int
	for i, b := range files {
		_, want, goErr := Unmarshal(b)
		msg, jsFailed := jsErr[i]
		switch {
		case goErr != nil && !jsFailed:
			t.Errorf("file %d: node reads it, Go refuses it: %v", i, goErr)
		case goErr != nil:
			neither++
			if !regexp.MustCompile(`offset \d+`).MatchString(msg) {
				t.Errorf("file %d: node's message names no offset: %s", i, msg)
			}
		case jsFailed:
			goOnly++
			t.Errorf("file %d: Go reads it, node refuses it: %s", i, msg)
		default:
			both++
			_, got, err := ReadFile(filepath.Join(dir, fmt.Sprintf("o%d.bf", i)))
			if err != nil {
				t.Errorf("file %d: %v", i, err)
				continue
			}
			for k := range want {
				if !jsEqual(want[k], got[k]) {
					t.Errorf("file %d value %d: Go reads %s, node %s", i, k, want[k].Text('p', 0), got[k].Text('p', 0))
				}
			}
		}
	}
	t.Logf("%d corrupted files: both read %d (same values), both refuse %d, only Go reads %d", n, both, neither, goOnly)
}
