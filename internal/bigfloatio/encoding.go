// Package bigfloatio encodes math/big.Float numbers in the encodings the
// bigfloat workload measures, and reads and writes files of them, so that
// other implementations (a JavaScript one, for instance) can exchange
// streams of numbers with serbench. The file format is described in
// docs/bigfloat-format.md.
//
// An encoding turns one *big.Float into one record. A record does not carry
// the precision unless the encoding says so: the precision is known to both
// sides (the file header holds it), and the decoder produces numbers of that
// precision. Every encoding is exact: decoding the record of x at x's
// precision gives a number equal to x, with the same sign (including the
// sign of zero) and precision. Decoders never round silently: a record that
// does not denote a number exactly representable at the precision is an
// error, except for the text encoding, whose shortest decimal form is by
// design the decimal that rounds to x at x's precision.
//
// The rounding mode (Float.Mode) is not part of that promise: "binary"
// and "gob" carry it (GobEncode holds it), as do "binary-int" and
// "binary-varint" for the numbers they write in the binary form; "text",
// the CBOR encodings, and the int64 and varint forms of integers do not,
// and their numbers decode with the default mode, ToNearestEven.
// Verification compares the mode (see internal/verify); the bigfloat
// workload's numbers all have the default mode.
//
// The encodings:
//
//   - "text": x.Text('g', -1), the shortest decimal that parses back to x
//     at x's precision ("1e+06", "0.1", "-0", "+Inf"), or a longer
//     x.Text('g', n) for the powers of two whose shortest form math/big
//     gets wrong (see appendText); decoded to the nearest number (ties to
//     even) at the precision, from the exact rational value of the
//     decimal when its exponent has at most 6 digits (Float.Parse alone
//     can round the wrong way near a halfway point), with Float.Parse
//     beyond.
//   - "binary": big.Float's own binary form, Float.GobEncode and
//     Float.GobDecode (6 bytes of header, which include the precision,
//     then for finite non-zero numbers a 4-byte exponent and the mantissa
//     words).
//   - "binary-int": integers that fit an int64 as the tag byte 0x01 and
//     8 bytes of big-endian two's complement; every other number as the
//     tag byte 0x00 and the "binary" form.
//   - "binary-varint": as "binary-int", and integers whose zig-zag varint
//     (encoding/binary.AppendVarint) is at most 8 bytes long, that is
//     -2^55 <= n < 2^55, as the tag byte 0x02 and that varint.
//   - "gob": an encoding/gob stream of *big.Float values: record i is what
//     one gob.Encoder writes for value i, so the first record also holds
//     the type definition and records must be decoded in order by one
//     decoder.
//   - "cbor-bigfloat": RFC 8949 tag 5, a bigfloat [exponent, mantissa]
//     whose value is mantissa × 2^exponent, the mantissa an integer or a
//     bignum (tags 2 and 3) with its trailing zero bits moved into the
//     exponent.
//   - "cbor-decimal": RFC 8949 tag 4, a decimal fraction [exponent,
//     mantissa] whose value is mantissa × 10^exponent. Every finite binary
//     number has a finite decimal expansion (2^-k = 5^k × 10^-k), so the
//     exact value is always written, never a rounded decimal; the mantissa
//     can be long (a 64-bit number near 1e-30 needs about 130 digits).
//     Numbers whose decimal exponent would exceed MaxDecimalExponent in
//     magnitude are refused with an error instead.
//
// Both CBOR encodings write the three numbers CBOR fractions cannot hold,
// -0, +Inf and -Inf, as half-precision CBOR floats (0xf98000, 0xf97c00,
// 0xf9fc00), which are exact. Their decoder is shared: it accepts tag 4,
// tag 5, CBOR integers, bignums and floats, and refuses anything that is
// not exactly representable at the precision.
package bigfloatio

import (
	"bytes"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"sort"
	"strings"

	"github.com/fxamacker/cbor/v2"
)

// The names of the encodings.
const (
	Text         = "text"
	Binary       = "binary"
	BinaryInt    = "binary-int"
	BinaryVarint = "binary-varint"
	Gob          = "gob"
	CBORBigfloat = "cbor-bigfloat"
	CBORDecimal  = "cbor-decimal"
)

// MaxDecimalExponent bounds the magnitude of the decimal exponent the
// cbor-decimal encoding writes and reads (and so the length of its
// mantissa), so that a record cannot make a decoder compute a huge power
// of ten.
const MaxDecimalExponent = 100000

// Tag bytes of the binary-int and binary-varint encodings.
const (
	tagGob    = 0x00
	tagInt64  = 0x01
	tagVarint = 0x02
)

// Encoder appends the records of one stream of numbers. The records of
// stateful encodings (gob) depend on the records written before them.
type Encoder interface {
	// Append appends the record of x to dst. x must not be nil.
	Append(dst []byte, x *big.Float) ([]byte, error)
}

// Decoder decodes the records of one stream of numbers, in order.
type Decoder interface {
	// Decode decodes one record into a new number of precision prec. It
	// returns an error if the record is malformed or does not denote a
	// number exactly representable at prec (text records excepted, see
	// the package documentation). prec 0 is allowed and gives ±0 or ±Inf,
	// the only values a big.Float of precision 0 can hold.
	Decode(rec []byte, prec uint) (*big.Float, error)
}

type encoding struct {
	newEncoder func() Encoder
	newDecoder func() Decoder
}

var encodings = map[string]encoding{
	Text:         stateless(appendText, decodeText),
	Binary:       stateless(appendBinary, decodeBinary),
	BinaryInt:    stateless(appendBinaryInt, decodeTagged),
	BinaryVarint: stateless(appendBinaryVarint, decodeTagged),
	Gob: {
		newEncoder: func() Encoder { return newGobEncoder() },
		newDecoder: func() Decoder { return newGobDecoder() },
	},
	CBORBigfloat: stateless(appendCBORBigfloat, decodeCBOR),
	CBORDecimal:  stateless(appendCBORDecimal, decodeCBOR),
}

// Encodings returns the names of the encodings, sorted.
func Encodings() []string {
	out := make([]string, 0, len(encodings))
	for n := range encodings {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// lookup returns the named encoding, or an error that lists the valid
// names.
func lookup(name string) (encoding, error) {
	e, ok := encodings[name]
	if !ok {
		return encoding{}, fmt.Errorf("unknown big.Float encoding %q (valid: %v)", name, Encodings())
	}
	return e, nil
}

// NewEncoder returns an encoder for the named encoding.
func NewEncoder(name string) (Encoder, error) {
	e, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return e.newEncoder(), nil
}

// NewDecoder returns a decoder for the named encoding.
func NewDecoder(name string) (Decoder, error) {
	e, err := lookup(name)
	if err != nil {
		return nil, err
	}
	return e.newDecoder(), nil
}

type encodeFunc func(dst []byte, x *big.Float) ([]byte, error)
type decodeFunc func(rec []byte, prec uint) (*big.Float, error)

func (f encodeFunc) Append(dst []byte, x *big.Float) ([]byte, error)  { return f(dst, x) }
func (f decodeFunc) Decode(rec []byte, prec uint) (*big.Float, error) { return f(rec, prec) }

func stateless(e encodeFunc, d decodeFunc) encoding {
	return encoding{
		newEncoder: func() Encoder { return e },
		newDecoder: func() Decoder { return d },
	}
}

// working returns a new number to decode into at precision prec, or at
// 64 bits for prec 0, whose values (±0, ±Inf) finish then checks.
func working(prec uint) *big.Float {
	if prec == 0 {
		prec = 64
	}
	return new(big.Float).SetPrec(prec)
}

// finish returns z at precision prec. For prec 0 it accepts only the
// values a precision-0 big.Float can hold.
func finish(z *big.Float, prec uint) (*big.Float, error) {
	if prec != 0 {
		return z, nil
	}
	if !z.IsInf() && z.Sign() != 0 {
		return nil, fmt.Errorf("record denotes %s, which a precision-0 big.Float cannot hold", z.Text('g', -1))
	}
	return z.SetPrec(0), nil
}

// exact returns z, or an error if z was rounded.
func exact(z *big.Float, prec uint) (*big.Float, error) {
	if z.Acc() != big.Exact {
		return nil, fmt.Errorf("value is not exactly representable with %d bits of precision", prec)
	}
	return finish(z, prec)
}

// --- text ---

// appendText appends x.Text('g', -1), or, when that does not parse back
// to x, the shortest x.Text('g', n) that does. math/big's shortest form
// takes the numbers that round to a power of two to lie as far below it as
// above, but those below are twice as close: for about one power of two in
// eight (2^-296 at 53 bits is "3.927274772238181e-90", which parses as the
// number below it) the shortest form is a digit short.
func appendText(dst []byte, x *big.Float) ([]byte, error) {
	start := len(dst)
	dst = x.Append(dst, 'g', -1)
	if x.IsInf() || x.Sign() == 0 || x.MinPrec() != 1 {
		return dst, nil // not a power of two: the interval is symmetric
	}
	// The significant digits of the shortest form: those of its
	// mantissa, without the point and the zeros at either end.
	mant, _, _ := strings.Cut(strings.TrimLeft(string(dst[start:]), "+-"), "e")
	digits := len(strings.Trim(strings.Replace(mant, ".", "", 1), "0"))
	z := new(big.Float).SetPrec(x.Prec())
	for {
		if _, _, err := z.Parse(string(dst[start:]), 10); err == nil && z.Cmp(x) == 0 {
			return dst, nil
		}
		// A decimal of prec×log10(2)+2 correct digits is within a
		// quarter of the spacing below x: that many always do.
		if digits++; digits > int(x.Prec()/3)+10 {
			return nil, fmt.Errorf("no decimal of %s parses back to it at %d bits", x.Text('p', 0), x.Prec())
		}
		dst = x.Append(dst[:start], 'g', digits)
	}
}

func decodeText(rec []byte, prec uint) (*big.Float, error) {
	if len(rec) == 0 {
		return nil, errors.New("empty text record")
	}
	z := working(prec)
	if _, _, err := z.Parse(string(rec), 10); err != nil {
		return nil, fmt.Errorf("text record %q: %v", truncate(rec), err)
	}
	// Float.Parse scales by a power of ten computed with precision+64
	// bits only, so a decimal that lies very close to a halfway point can
	// round the wrong way. Where the power of ten is affordable, round
	// the exact rational value instead (Float.SetRat rounds correctly, to
	// nearest even).
	if !z.IsInf() {
		if m := decimalSyntax.FindSubmatch(rec); m != nil && len(m[1]) <= 6 {
			r, ok := new(big.Rat).SetString(string(rec))
			if !ok {
				return nil, fmt.Errorf("text record %q: not a decimal", truncate(rec))
			}
			neg := z.Signbit()
			z.SetRat(r)
			if r.Sign() == 0 && neg {
				z.Neg(z) // -0: a big.Rat has no sign of zero
			}
		}
	}
	if z.IsInf() && !bytes.Contains(rec, []byte("Inf")) {
		return nil, fmt.Errorf("text record %q: the decimal is too large for a big.Float", truncate(rec))
	}
	if mant, _, _ := bytes.Cut(bytes.ToLower(rec), []byte("e")); z.Sign() == 0 && bytes.ContainsAny(mant, "123456789") {
		return nil, fmt.Errorf("text record %q: the decimal is too small for a big.Float", truncate(rec))
	}
	return finish(z, prec)
}

// decimalSyntax matches the decimals that Float.Parse accepted in base 10
// and big.Rat reads exactly; its group is the exponent's digits.
var decimalSyntax = regexp.MustCompile(`^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?([0-9]+))?$`)

func truncate(b []byte) []byte {
	if len(b) > 40 {
		return append(b[:37:37], "..."...)
	}
	return b
}

// --- binary ---

func appendBinary(dst []byte, x *big.Float) ([]byte, error) {
	b, err := x.GobEncode()
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

func decodeBinary(rec []byte, prec uint) (*big.Float, error) {
	if len(rec) == 0 {
		return nil, errors.New("empty binary record")
	}
	z := new(big.Float)
	if err := z.GobDecode(rec); err != nil {
		return nil, fmt.Errorf("binary record: %v", err)
	}
	if z.Prec() != prec {
		return nil, fmt.Errorf("binary record has precision %d, want %d", z.Prec(), prec)
	}
	// GobDecode accepts records that no writer makes and that hold no
	// number of the precision; refuse them rather than read them as one.
	switch form := (rec[1] >> 1) & 3; {
	case form == 3:
		return nil, errors.New("binary record has form 3, which is not zero, finite or infinite")
	case form != 1 && len(rec) != 6:
		return nil, fmt.Errorf("binary record of a zero or an infinity has %d bytes after its 6-byte header", len(rec)-6)
	case z.Mode() > big.ToPositiveInf:
		// GobDecode keeps it, and the number's first inexact
		// arithmetic panics ("unreachable").
		return nil, fmt.Errorf("binary record has rounding mode %d, which is none of big.Float's 0..%d", int(z.Mode()), int(big.ToPositiveInf))
	case z.Acc() > big.Above:
		return nil, errors.New("binary record has accuracy bits 3, which is none of Below, Exact and Above")
	}
	if z.MinPrec() > prec {
		return nil, fmt.Errorf("binary record's mantissa has %d significant bits, more than the precision %d", z.MinPrec(), prec)
	}
	return z, nil
}

// --- binary-int and binary-varint ---

// asInt64 returns x as an int64 when x is an integer that fits one;
// -0 is not, since an int64 has no sign of zero.
func asInt64(x *big.Float) (int64, bool) {
	if x.IsInf() || !x.IsInt() || (x.Sign() == 0 && x.Signbit()) {
		return 0, false
	}
	n, acc := x.Int64()
	return n, acc == big.Exact
}

func appendBinaryInt(dst []byte, x *big.Float) ([]byte, error) {
	if n, ok := asInt64(x); ok {
		dst = append(dst, tagInt64)
		return binary.BigEndian.AppendUint64(dst, uint64(n)), nil
	}
	dst = append(dst, tagGob)
	return appendBinary(dst, x)
}

func appendBinaryVarint(dst []byte, x *big.Float) ([]byte, error) {
	if n, ok := asInt64(x); ok && n >= -1<<55 && n < 1<<55 {
		dst = append(dst, tagVarint)
		return binary.AppendVarint(dst, n), nil
	}
	return appendBinaryInt(dst, x)
}

// decodeTagged decodes binary-int and binary-varint records. A binary-int
// decoder seeing tag 0x02 accepts it too: the varint form is a superset.
func decodeTagged(rec []byte, prec uint) (*big.Float, error) {
	if len(rec) == 0 {
		return nil, errors.New("empty record")
	}
	switch rec[0] {
	case tagGob:
		return decodeBinary(rec[1:], prec)
	case tagInt64:
		if len(rec) != 9 {
			return nil, fmt.Errorf("int64 record has %d bytes, want 9", len(rec))
		}
		n := int64(binary.BigEndian.Uint64(rec[1:]))
		return exact(working(prec).SetInt64(n), prec)
	case tagVarint:
		n, k := binary.Varint(rec[1:])
		if k <= 0 || 1+k != len(rec) {
			return nil, errors.New("malformed varint record")
		}
		return exact(working(prec).SetInt64(n), prec)
	}
	return nil, fmt.Errorf("unknown record tag 0x%02x", rec[0])
}

// --- gob ---

// gobEncoder writes one gob stream of *big.Float values.
type gobEncoder struct {
	buf bytes.Buffer
	enc *gob.Encoder
}

func newGobEncoder() *gobEncoder {
	e := &gobEncoder{}
	e.enc = gob.NewEncoder(&e.buf)
	return e
}

func (e *gobEncoder) Append(dst []byte, x *big.Float) ([]byte, error) {
	e.buf.Reset()
	if err := e.enc.Encode(x); err != nil {
		return nil, err
	}
	return append(dst, e.buf.Bytes()...), nil
}

// gobDecoder reads one gob stream of *big.Float values, one record at a
// time. bytes.Reader is an io.ByteReader, so the gob.Decoder reads from it
// without buffering ahead.
type gobDecoder struct {
	r   bytes.Reader
	dec *gob.Decoder
}

func newGobDecoder() *gobDecoder {
	d := &gobDecoder{}
	d.dec = gob.NewDecoder(&d.r)
	return d
}

func (d *gobDecoder) Decode(rec []byte, prec uint) (*big.Float, error) {
	if len(rec) == 0 {
		return nil, errors.New("empty gob record")
	}
	d.r.Reset(rec)
	var inner gobBytes
	if err := d.dec.Decode(&inner); err != nil {
		return nil, fmt.Errorf("gob record: %v", err)
	}
	if d.r.Len() != 0 {
		return nil, fmt.Errorf("gob record has %d trailing bytes", d.r.Len())
	}
	z, err := decodeBinary(inner, prec)
	if err != nil {
		return nil, fmt.Errorf("gob record: %v", err)
	}
	return z, nil
}

// gobBytes receives the bytes that a *big.Float's GobEncode wrote into a
// gob stream (gob passes a GobEncoder's bytes to the receiving
// GobDecoder, whatever its type), so that they are checked as a binary
// record is, which Float.GobDecode alone does not do.
type gobBytes []byte

// GobDecode keeps a copy of b.
func (g *gobBytes) GobDecode(b []byte) error {
	*g = append((*g)[:0], b...)
	return nil
}

// NewPrimedGob returns a gob encoder and decoder pair for messages that are
// decoded independently of one another: both have already written or read
// the type definition (by encoding and decoding a zero *big.Float), so every
// record the encoder then writes holds a type id and a value only, and any
// primed decoder of the same process decodes it.
func NewPrimedGob() (Encoder, Decoder, error) {
	e, d := newGobEncoder(), newGobDecoder()
	priming, err := e.Append(nil, new(big.Float))
	if err != nil {
		return nil, nil, err
	}
	if _, err := d.Decode(priming, 0); err != nil {
		return nil, nil, err
	}
	return e, d, nil
}

// --- CBOR ---

var (
	cborEnc cbor.EncMode
	cborDec cbor.DecMode
)

func init() {
	var err error
	if cborEnc, err = (cbor.EncOptions{BigIntConvert: cbor.BigIntConvertShortest}).EncMode(); err != nil {
		panic("bigfloatio: " + err.Error())
	}
	if cborDec, err = (cbor.DecOptions{}).DecMode(); err != nil {
		panic("bigfloatio: " + err.Error())
	}
}

// CBOR half-precision floats for the values fractions cannot hold.
var (
	cborNegZero = []byte{0xf9, 0x80, 0x00}
	cborPosInf  = []byte{0xf9, 0x7c, 0x00}
	cborNegInf  = []byte{0xf9, 0xfc, 0x00}
)

// cborSpecial appends the CBOR float of -0 and ±Inf and reports whether x
// was one of them.
func cborSpecial(dst []byte, x *big.Float) ([]byte, bool) {
	switch {
	case x.IsInf() && x.Signbit():
		return append(dst, cborNegInf...), true
	case x.IsInf():
		return append(dst, cborPosInf...), true
	case x.Sign() == 0 && x.Signbit():
		return append(dst, cborNegZero...), true
	}
	return dst, false
}

// binaryParts returns m and e with x = m × 2^e, m an integer with no
// trailing zero bits (m = 0, e = 0 for zero). x must be finite.
func binaryParts(x *big.Float) (*big.Int, int64) {
	if x.Sign() == 0 {
		return new(big.Int), 0
	}
	exp := x.MantExp(nil) // x = mant × 2^exp, 0.5 <= |mant| < 1
	prec := int(x.Prec())
	m, _ := new(big.Float).SetMantExp(x, prec-exp).Int(nil) // exact: x has prec bits
	e := int64(exp) - int64(prec)
	if tz := m.TrailingZeroBits(); tz > 0 {
		m.Rsh(m, tz)
		e += int64(tz)
	}
	return m, e
}

type cborFraction struct {
	_        struct{} `cbor:",toarray"`
	Exponent int64
	Mantissa *big.Int
}

// appendCBORFraction appends x as a CBOR fraction with tag (4: decimal
// fraction, 5: bigfloat), its mantissa and exponent computed by parts;
// -0 and ±Inf, which no fraction holds, as CBOR floats.
func appendCBORFraction(dst []byte, x *big.Float, tag uint64, parts func(*big.Float) (*big.Int, int64, error)) ([]byte, error) {
	if out, ok := cborSpecial(dst, x); ok {
		return out, nil
	}
	m, e, err := parts(x)
	if err != nil {
		return nil, err
	}
	b, err := cborEnc.Marshal(cbor.Tag{Number: tag, Content: cborFraction{Exponent: e, Mantissa: m}})
	if err != nil {
		return nil, err
	}
	return append(dst, b...), nil
}

func appendCBORBigfloat(dst []byte, x *big.Float) ([]byte, error) {
	return appendCBORFraction(dst, x, 5, func(x *big.Float) (*big.Int, int64, error) {
		m, e := binaryParts(x)
		return m, e, nil
	})
}

var (
	big5  = big.NewInt(5)
	big10 = big.NewInt(10)
)

// decimalParts returns m and e with x = m × 10^e exactly, m without
// trailing decimal zeros. x must be finite.
func decimalParts(x *big.Float) (*big.Int, int64, error) {
	m, e := binaryParts(x)
	if m.Sign() == 0 {
		return m, 0, nil
	}
	if e < 0 {
		// m × 2^e = m × 5^-e × 10^e; m is odd, so no trailing zeros.
		if -e > MaxDecimalExponent {
			return nil, 0, fmt.Errorf("cbor-decimal: the exact decimal form of %s has exponent -%d, beyond ±%d", x.Text('g', 10), -e, MaxDecimalExponent)
		}
		m.Mul(m, new(big.Int).Exp(big5, big.NewInt(-e), nil))
		return m, e, nil
	}
	m.Lsh(m, uint(e))
	var d int64
	q, r := new(big.Int), new(big.Int)
	for {
		q.QuoRem(m, big10, r)
		if r.Sign() != 0 {
			break
		}
		m, q = q, m
		d++
	}
	return m, d, nil
}

func appendCBORDecimal(dst []byte, x *big.Float) ([]byte, error) {
	return appendCBORFraction(dst, x, 4, decimalParts)
}

// decodeCBOR decodes one CBOR data item: a tag 4 or tag 5 fraction, an
// integer, a bignum or a float.
func decodeCBOR(rec []byte, prec uint) (*big.Float, error) {
	if len(rec) == 0 {
		return nil, errors.New("empty CBOR record")
	}
	z := working(prec)
	switch major := rec[0] >> 5; {
	case major == 7: // float or simple value
		if rec[0] < 0xf9 || rec[0] > 0xfb {
			return nil, fmt.Errorf("CBOR record starts with 0x%02x: a simple value (false, true, null, undefined or unassigned), not a number", rec[0])
		}
		var f float64
		if err := cborDec.Unmarshal(rec, &f); err != nil {
			return nil, fmt.Errorf("CBOR record: %v", err)
		}
		if math.IsNaN(f) {
			return nil, errors.New("CBOR record is NaN, which a big.Float cannot hold")
		}
		return exact(z.SetFloat64(f), prec)
	case major == 0 || major == 1 || rec[0] == 0xc2 || rec[0] == 0xc3: // integer or bignum
		var n big.Int
		if err := cborDec.Unmarshal(rec, &n); err != nil {
			return nil, fmt.Errorf("CBOR record: %v", err)
		}
		return exact(z.SetInt(&n), prec)
	case major == 6:
		var t cbor.RawTag
		if err := cborDec.Unmarshal(rec, &t); err != nil {
			return nil, fmt.Errorf("CBOR record: %v", err)
		}
		if t.Number != 4 && t.Number != 5 {
			return nil, fmt.Errorf("CBOR record has tag %d, want 4 (decimal fraction) or 5 (bigfloat)", t.Number)
		}
		if err := checkFraction(t.Content); err != nil {
			return nil, fmt.Errorf("CBOR tag %d content: %v", t.Number, err)
		}
		var f cborFraction
		if err := cborDec.Unmarshal(t.Content, &f); err != nil {
			return nil, fmt.Errorf("CBOR tag %d content: %v", t.Number, err)
		}
		if f.Mantissa == nil {
			return nil, fmt.Errorf("CBOR tag %d has no mantissa", t.Number)
		}
		if t.Number == 5 {
			return bigfloatValue(z, f, prec)
		}
		return decimalValue(z, f, prec)
	}
	return nil, fmt.Errorf("CBOR record starts with 0x%02x: not a number", rec[0])
}

// checkFraction checks the items of a decimal fraction's or bigfloat's
// content, which the decoder would otherwise convert: an array of two
// items, an integer exponent and an integer or bignum mantissa, with no
// other tag and no null or undefined in their place.
func checkFraction(content []byte) error {
	var items []cbor.RawMessage
	if err := cborDec.Unmarshal(content, &items); err != nil {
		return err
	}
	if len(items) != 2 {
		return fmt.Errorf("an array of %d items, want 2 (exponent, mantissa)", len(items))
	}
	if m := items[0][0] >> 5; m != 0 && m != 1 {
		return fmt.Errorf("the exponent starts with 0x%02x: not an integer", items[0][0])
	}
	if b := items[1][0]; b>>5 != 0 && b>>5 != 1 && b != 0xc2 && b != 0xc3 {
		return fmt.Errorf("the mantissa starts with 0x%02x: not an integer or a bignum", b)
	}
	return nil
}

func bigfloatValue(z *big.Float, f cborFraction, prec uint) (*big.Float, error) {
	if _, err := exact(z.SetInt(f.Mantissa), prec); err != nil {
		return nil, err
	}
	if z.Sign() == 0 {
		return finish(z, prec)
	}
	// The result's exponent (as MantExp reports it) must fit a big.Float.
	e := int64(z.MantExp(nil)) + f.Exponent
	if e < big.MinExp || e > big.MaxExp {
		return nil, fmt.Errorf("CBOR bigfloat exponent %d is out of the range of big.Float", f.Exponent)
	}
	return finish(z.SetMantExp(z, int(f.Exponent)), prec)
}

func decimalValue(z *big.Float, f cborFraction, prec uint) (*big.Float, error) {
	if f.Exponent > MaxDecimalExponent || f.Exponent < -MaxDecimalExponent {
		return nil, fmt.Errorf("CBOR decimal fraction exponent %d is beyond ±%d", f.Exponent, MaxDecimalExponent)
	}
	if f.Exponent >= 0 {
		n := new(big.Int).Exp(big10, big.NewInt(f.Exponent), nil)
		return exact(z.SetInt(n.Mul(n, f.Mantissa)), prec)
	}
	d := new(big.Int).Exp(big10, big.NewInt(-f.Exponent), nil)
	return exact(z.SetRat(new(big.Rat).SetFrac(f.Mantissa, d)), prec)
}
