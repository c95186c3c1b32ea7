package workload

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
)

// The bsontypes workloads measure one BSON element type at a time, as the
// per-type benchmarks of the seed's BSON library did ("documents with only
// one type"), plus its document of two series of 16 types.
//
// Each type is its own workload, named "bsontypes-<type>", so that encode
// and decode ops/sec are reported per type by the ordinary tables: a
// workload is the unit serbench times. Every value of a per-type workload
// is a BSONTypeDoc: a document whose one field is an array of
// BSONTypeElements elements of that type. The Go types are those the
// official driver (go.mongodb.org/mongo-driver/v2/bson) maps to each BSON
// type, so that the bson codec writes the BSON type named and other codecs
// represent what they can:
//
//	bsontypes-double      float64           BSON double (0x01)
//	bsontypes-string      string            string (0x02)
//	bsontypes-embedded    BSONEmbedded      embedded document (0x03)
//	bsontypes-array       []int32           array (0x04)
//	bsontypes-binary      []byte            binary, subtype 0 (0x05)
//	bsontypes-objectid    bson.ObjectID     ObjectId (0x07)
//	bsontypes-bool        bool              boolean (0x08)
//	bsontypes-datetime    time.Time         UTC datetime (0x09): whole milliseconds, in UTC
//	bsontypes-null        any (always nil)  null (0x0A)
//	bsontypes-regex       bson.Regex        regular expression (0x0B)
//	bsontypes-int32       int32             int32 (0x10)
//	bsontypes-timestamp   bson.Timestamp    timestamp (0x11)
//	bsontypes-int64       int64             int64 (0x12)
//	bsontypes-decimal128  BSONDecimal128    decimal128 (0x13)
//	bsontypes-minkey      bson.MinKey       min key (0xFF)
//	bsontypes-maxkey      bson.MaxKey       max key (0x7F)
//	bsontypes-document    BSONTypesDocument the seed's document: two series of the 16 types
//
// Datetimes are generated in whole milliseconds and in UTC, the values a
// BSON datetime holds, so that the bson codec's declared time losses are
// not what this workload measures; codecs that lose more (whole seconds,
// a local zone) show their declared losses.
//
// Values are generated from BSONTypesSeed (or Options.Seed) with a PCG
// generator (math/rand/v2, seeded with seed and seed^0x9e3779b97f4a7c15);
// Options.Count is the number of distinct documents (default
// BSONTypesCount).

// BSONTypesSeed is the documented default seed of the bsontypes workloads.
const BSONTypesSeed = 0xb5047e5

// BSONTypesCount is the default number of distinct documents.
const BSONTypesCount = 100

// BSONTypeElements is the number of elements of each per-type document.
const BSONTypeElements = 32

// BSONTypeDoc is a document of BSONTypeElements elements of one BSON type:
// the value of a per-type bsontypes workload.
type BSONTypeDoc[T any] struct {
	Values []T
}

// BSONEmbedded is the embedded document of the bsontypes workloads.
type BSONEmbedded struct {
	Name  string
	Count int32
	Ratio float64
}

// BSONDecimal128 is a BSON decimal128 (IEEE 754-2008 128-bit decimal, BID
// encoding) as its two 64-bit halves. It stands for bson.Decimal128, whose
// fields are unexported, so that other codecs can represent it and values
// can be compared field by field; it implements bson.ValueMarshaler and
// bson.ValueUnmarshaler, so the bson codec writes and reads a real BSON
// decimal128 (type 0x13).
type BSONDecimal128 struct {
	High, Low uint64
}

// MarshalBSONValue encodes d as a BSON decimal128: the low half, then the
// high half, little-endian.
func (d BSONDecimal128) MarshalBSONValue() (byte, []byte, error) {
	b := make([]byte, 16)
	binary.LittleEndian.PutUint64(b, d.Low)
	binary.LittleEndian.PutUint64(b[8:], d.High)
	return byte(bson.TypeDecimal128), b, nil
}

// UnmarshalBSONValue decodes a BSON decimal128 into d.
func (d *BSONDecimal128) UnmarshalBSONValue(typ byte, data []byte) error {
	if bson.Type(typ) != bson.TypeDecimal128 || len(data) != 16 {
		return fmt.Errorf("BSONDecimal128: want a decimal128 (16 bytes), got BSON type %#x with %d bytes", typ, len(data))
	}
	d.Low = binary.LittleEndian.Uint64(data)
	d.High = binary.LittleEndian.Uint64(data[8:])
	return nil
}

// String returns the decimal form of d.
func (d BSONDecimal128) String() string { return bson.NewDecimal128(d.High, d.Low).String() }

// BSONSeries holds one element of each of the 16 BSON types of the seed's
// document benchmark.
type BSONSeries struct {
	Double     float64
	String     string
	Embedded   BSONEmbedded
	Array      []int32
	Binary     []byte
	ObjectID   bson.ObjectID
	Bool       bool
	DateTime   time.Time
	Null       any
	Regex      bson.Regex
	Int32      int32
	Timestamp  bson.Timestamp
	Int64      int64
	Decimal128 BSONDecimal128
	MinKey     bson.MinKey
	MaxKey     bson.MaxKey
}

// BSONTypesDocument is the value of bsontypes-document: the seed's
// document of "two series of 16 types".
type BSONTypesDocument struct {
	First, Second BSONSeries
}

func init() {
	registerBSONType("double", "BSON doubles: full-mantissa float64, magnitudes 1e-10..1e10, some negative", bsonDouble)
	registerBSONType("string", "BSON strings: 0 to 40 characters, ASCII and other scripts", bsonString)
	registerBSONType("embedded", "BSON embedded documents {Name, Count, Ratio}", bsonEmbedded)
	registerBSONType("array", "BSON arrays of 1 to 8 int32", bsonArray)
	registerBSONType("binary", "BSON binary (subtype 0) of 1 to 64 bytes", bsonBinary)
	registerBSONType("objectid", "BSON ObjectIds (12 bytes, timestamp first)", bsonObjectID)
	registerBSONType("bool", "BSON booleans", bsonBool)
	registerBSONType("datetime", "BSON UTC datetimes: whole milliseconds, UTC, 1970..2100", bsonDateTime)
	registerBSONType("null", "BSON nulls (nil interface values)", func(*rand.Rand) any { return nil })
	registerBSONType("regex", "BSON regular expressions with sorted options", bsonRegex)
	registerBSONType("int32", "BSON int32, full range", bsonInt32)
	registerBSONType("timestamp", "BSON timestamps {T seconds, I increment}", bsonTimestamp)
	registerBSONType("int64", "BSON int64, full range", bsonInt64)
	registerBSONType("decimal128", "BSON decimal128: up to 34 digits, exponents -30..30", bsonDecimal128)
	registerBSONType("minkey", "BSON min keys", func(*rand.Rand) bson.MinKey { return bson.MinKey{} })
	registerBSONType("maxkey", "BSON max keys", func(*rand.Rand) bson.MaxKey { return bson.MaxKey{} })

	name := "bsontypes-document"
	register(&Workload{
		Name:        name,
		Description: "the BSON seed's document: two series of 16 BSON types (double ... max key)",
		Seed:        BSONTypesSeed,
		Count:       BSONTypesCount,
		Type:        reflect.TypeFor[BSONTypesDocument](),
		Default:     BSONTypesDefault,
		footprint:   perValue(800), // 704 bytes measured
		generate: func(opts Options) []any {
			r := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
			out := make([]any, opts.Count)
			for i := range out {
				out[i] = &BSONTypesDocument{First: bsonSeries(r), Second: bsonSeries(r)}
			}
			return out
		},
	})
}

// BSONTypesDefault selects the codecs the default suite times on the
// bsontypes workloads: the BSON library, whose per-type speed across
// versions is the BSON seed's question. --suite full times every codec
// that can represent the documents.
const BSONTypesDefault = "^bson$"

func registerBSONType[T any](typ, desc string, gen func(r *rand.Rand) T) {
	name := "bsontypes-" + typ
	register(&Workload{
		Name:        name,
		Description: fmt.Sprintf("documents of %d elements of one BSON type: %s", BSONTypeElements, desc),
		Seed:        BSONTypesSeed,
		Count:       BSONTypesCount,
		Type:        reflect.TypeFor[BSONTypeDoc[T]](),
		Default:     BSONTypesDefault,
		// Up to 2,137 bytes measured (binary; 41 for maxkey).
		footprint: perValue(2200),
		generate: func(opts Options) []any {
			r := rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))
			out := make([]any, opts.Count)
			for i := range out {
				d := &BSONTypeDoc[T]{Values: make([]T, BSONTypeElements)}
				for j := range d.Values {
					d.Values[j] = gen(r)
				}
				out[i] = d
			}
			return out
		},
	})
}

func bsonSeries(r *rand.Rand) BSONSeries {
	return BSONSeries{
		Double:     bsonDouble(r),
		String:     bsonString(r),
		Embedded:   bsonEmbedded(r),
		Array:      bsonArray(r),
		Binary:     bsonBinary(r),
		ObjectID:   bsonObjectID(r),
		Bool:       bsonBool(r),
		DateTime:   bsonDateTime(r),
		Regex:      bsonRegex(r),
		Int32:      bsonInt32(r),
		Timestamp:  bsonTimestamp(r),
		Int64:      bsonInt64(r),
		Decimal128: bsonDecimal128(r),
	}
}

func bsonDouble(r *rand.Rand) float64 {
	f := r.Float64() * math.Pow(10, float64(r.IntN(21)-10))
	if r.IntN(4) == 0 {
		f = -f
	}
	return f
}

var bsonWords = []string{"", "a", "id", "naïve", "Zoë", "São Paulo", "東京", "Сергей", "🙂", "x=1&y=2", "tab\tsep", "quote\"d", "line\nbreak", "lorem", "ipsum"}

func bsonString(r *rand.Rand) string {
	var b strings.Builder
	for b.Len() < 40 && r.IntN(4) != 0 {
		b.WriteString(bsonWords[r.IntN(len(bsonWords))])
	}
	return b.String()
}

func bsonEmbedded(r *rand.Rand) BSONEmbedded {
	return BSONEmbedded{Name: bsonString(r), Count: bsonInt32(r), Ratio: bsonDouble(r)}
}

func bsonArray(r *rand.Rand) []int32 {
	a := make([]int32, 1+r.IntN(8))
	for i := range a {
		a[i] = bsonInt32(r)
	}
	return a
}

func bsonBinary(r *rand.Rand) []byte {
	b := make([]byte, 1+r.IntN(64))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func bsonObjectID(r *rand.Rand) bson.ObjectID {
	var id bson.ObjectID
	// A timestamp between 2009 and 2038, then 8 random bytes.
	binary.BigEndian.PutUint32(id[:4], 1230768000+uint32(r.IntN(1<<30)))
	binary.BigEndian.PutUint64(id[4:], r.Uint64())
	return id
}

func bsonBool(r *rand.Rand) bool { return r.IntN(2) == 1 }

func bsonDateTime(r *rand.Rand) time.Time {
	// 1970..2100 in whole milliseconds.
	return time.UnixMilli(r.Int64N(4102444800000)).UTC()
}

var (
	bsonPatterns = []string{"^a", "b+$", `\d{3}-\d{4}`, "(?:foo|bar)baz", "[A-Z][a-z]*", `^\s*$`, "é+", ".*"}
	bsonOptions  = []string{"", "i", "im", "imsx", "s", "u", "x", "imsux"}
)

func bsonRegex(r *rand.Rand) bson.Regex {
	return bson.Regex{Pattern: bsonPatterns[r.IntN(len(bsonPatterns))], Options: bsonOptions[r.IntN(len(bsonOptions))]}
}

func bsonInt32(r *rand.Rand) int32 { return int32(r.Uint32()) }

func bsonInt64(r *rand.Rand) int64 { return int64(r.Uint64()) }

func bsonTimestamp(r *rand.Rand) bson.Timestamp {
	return bson.Timestamp{T: r.Uint32(), I: r.Uint32()}
}

func bsonDecimal128(r *rand.Rand) BSONDecimal128 {
	var b strings.Builder
	if r.IntN(4) == 0 {
		b.WriteByte('-')
	}
	b.WriteByte(byte('1' + r.IntN(9)))
	for n := r.IntN(34); n > 0; n-- {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
	fmt.Fprintf(&b, "E%d", r.IntN(61)-30)
	d, err := bson.ParseDecimal128(b.String())
	if err != nil {
		panic("workload bsontypes: " + err.Error())
	}
	h, l := d.GetBytes()
	return BSONDecimal128{High: h, Low: l}
}
