package robust

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/serbench/serbench/result"
)

// The mutation classes, the columns of the matrix.
const (
	Truncate = "truncate"
	BitFlip  = "bitflip"
	Bomb     = "bomb"
	Random   = "random"
	Deep     = "deep"
)

// Classes returns the columns of the matrix, in order.
func Classes() []result.RobustClass {
	return []result.RobustClass{
		{Name: Truncate, Finding: true, Doc: "every prefix of each valid message, from the empty input to all bytes but the last (sampled down to the budget)"},
		{Name: BitFlip, Doc: "each valid message with one bit flipped (sampled from every bit of every message)"},
		{Name: Bomb, Doc: "each valid message with a huge declared length written over the bytes at an offset: the length headers of the format's family (varints, 32-bit integers, MessagePack and CBOR array, map, string and binary headers; see Patterns), at every offset (sampled)"},
		{Name: Random, Finding: true, Doc: "random bytes, as long as 1 to twice the longest valid message"},
		{Name: Deep, Doc: "an unknown field holding a value nested 1,000, 100,000 and 1,000,000 deep (arrays, maps, documents, groups or structs, as the format nests), for the formats whose nesting serbench can write"},
	}
}

// Input is one input of the matrix.
type Input struct {
	// Class is the input's mutation class.
	Class string
	// Desc says how it was made.
	Desc string
	// Data is the input.
	Data []byte
}

// Pattern is a huge declared length as a format writes it in a header.
type Pattern struct {
	// Name says what the bytes declare.
	Name string
	// Bytes are written over a message at each offset.
	Bytes []byte
}

// ffs returns n bytes 0xff.
func ffs(n int) []byte { return []byte(strings.Repeat("\xff", n)) }

func cat(parts ...[]byte) []byte { return slices.Concat(parts...) }

// binaryPatterns are the length headers of every binary format: the
// lengths and counts that varint and fixed-width formats declare.
var binaryPatterns = []Pattern{
	{"varint 2^32-1", []byte{0xff, 0xff, 0xff, 0xff, 0x0f}},
	{"varint 2^63-1", cat(ffs(8), []byte{0x7f})},
	{"zigzag varint 2^31-1", []byte{0xfe, 0xff, 0xff, 0xff, 0x0f}},
	{"uint32 LE 2^31-1", []byte{0xff, 0xff, 0xff, 0x7f}},
	{"uint32 LE 2^32-1", ffs(4)},
	{"uint32 BE 2^31-1", []byte{0x7f, 0xff, 0xff, 0xff}},
}

// familyPatterns are the headers of one format family beyond
// binaryPatterns.
var familyPatterns = map[string][]Pattern{
	"msgpack": {
		{"msgpack array32 2^32-1", cat([]byte{0xdd}, ffs(4))},
		{"msgpack map32 2^32-1", cat([]byte{0xdf}, ffs(4))},
		{"msgpack str32 2^32-1", cat([]byte{0xdb}, ffs(4))},
		{"msgpack bin32 2^32-1", cat([]byte{0xc6}, ffs(4))},
		{"msgpack array16 65535", cat([]byte{0xdc}, ffs(2))},
		{"msgpack map16 65535", cat([]byte{0xde}, ffs(2))},
	},
	"cbor": {
		{"cbor array 2^32-1", cat([]byte{0x9a}, ffs(4))},
		{"cbor map 2^32-1", cat([]byte{0xba}, ffs(4))},
		{"cbor text 2^32-1", cat([]byte{0x7a}, ffs(4))},
		{"cbor bytes 2^32-1", cat([]byte{0x5a}, ffs(4))},
		{"cbor array 2^63-1", cat([]byte{0x9b, 0x7f}, ffs(7))},
	},
	"gob": {
		{"gob uint 2^32-1", cat([]byte{0xfc}, ffs(4))},
		{"gob uint 2^63-1", cat([]byte{0xf8, 0x7f}, ffs(7))},
	},
	"thrift-binary": {
		{"thrift list of strings 2^31-1", []byte{0x0b, 0x7f, 0xff, 0xff, 0xff}},
		{"thrift map 2^31-1", []byte{0x0b, 0x0b, 0x7f, 0xff, 0xff, 0xff}},
	},
	"thrift-compact": {
		{"thrift-compact list 2^31-1", []byte{0xf8, 0xff, 0xff, 0xff, 0xff, 0x07}},
		{"thrift-compact map 2^31-1", []byte{0xff, 0xff, 0xff, 0xff, 0x07, 0x88}},
	},
}

// family returns the pattern family of a format: its own name for the
// families of familyPatterns, "text" for JSON, "binary" for the rest.
func family(format string) string {
	switch {
	case format == "json" || strings.HasPrefix(format, "bigfloat-text"):
		return "text"
	case familyPatterns[format] != nil:
		return format
	}
	return "binary"
}

// Patterns returns the length headers written over messages of format
// (codec.Info.Format) in the bomb class: none for text formats, which
// declare no lengths.
func Patterns(format string) []Pattern {
	f := family(format)
	if f == "text" {
		return nil
	}
	return slices.Concat(familyPatterns[f], binaryPatterns)
}

// Depths are the nesting depths of the deep class.
var Depths = []int{1_000, 100_000, 1_000_000}

// nesters write a value nested depth deep in an unknown field, per
// format: a valid message as far as nesting goes, which a decoder must
// skip or refuse.
var nesters = map[string]struct {
	what string
	nest func(depth int) []byte
}{
	"json": {"arrays", func(d int) []byte {
		return cat([]byte(`{"serbench_deep":`), []byte(strings.Repeat("[", d)), []byte(strings.Repeat("]", d)), []byte("}"))
	}},
	"msgpack": {"arrays", func(d int) []byte {
		return cat([]byte{0x81, 0xa1, 'k'}, []byte(strings.Repeat("\x91", d)), []byte{0xc0})
	}},
	"cbor": {"arrays", func(d int) []byte {
		return cat([]byte{0xa1, 0x61, 'k'}, []byte(strings.Repeat("\x81", d)), []byte{0xf6})
	}},
	"bson": {"documents", bsonNest},
	"protobuf": {"groups (field 1000)", func(d int) []byte {
		// Start group and end group of field 1000: tags 8003 and 8004.
		return cat([]byte(strings.Repeat("\xc3\x3e", d)), []byte(strings.Repeat("\xc4\x3e", d)))
	}},
	"thrift-binary": {"structs (field 1000)", func(d int) []byte {
		return cat([]byte(strings.Repeat("\x0c\x03\xe8", d)), make([]byte, d+1))
	}},
	"thrift-compact": {"structs (field 1000)", func(d int) []byte {
		// A struct field in the long form: type 12, then the field ID
		// 1000 as a zigzag varint (2000).
		return cat([]byte(strings.Repeat("\x0c\xd0\x0f", d)), make([]byte, d+1))
	}},
}

// bsonNest returns a BSON document whose field "k" holds a document
// nested d deep: level i from the outside is 5+8*(d-i) bytes long (int32
// length, type 0x03, "k\x00", the child, 0x00).
func bsonNest(d int) []byte {
	out := make([]byte, 0, 5+8*d)
	for i := range d {
		out = binary.LittleEndian.AppendUint32(out, uint32(5+8*(d-i)))
		out = append(out, 0x03, 'k', 0)
	}
	out = append(out, 5, 0, 0, 0, 0) // the innermost, empty document
	return append(out, make([]byte, d)...)
}

// classRand returns the random source of one class: a function of the seed
// and the class's name alone, so that one class's inputs do not depend on
// another's.
func classRand(seed uint64, class string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(class))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// sample returns budget indices of [0, n) in increasing order, chosen by
// r, or all of them when n <= budget.
func sample(r *rand.Rand, n, budget int) []int {
	if n <= budget {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	seen := make(map[int]bool, budget)
	out := make([]int, 0, budget)
	for len(out) < budget {
		i := r.IntN(n)
		if !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// sampleOf samples, as sample does, the numbers of the candidates of a
// class, counts[i] of them in message i.
func sampleOf(r *rand.Rand, counts []int, budget int) []int {
	n := 0
	for _, c := range counts {
		n += c
	}
	return sample(r, n, budget)
}

// locate returns the message i of candidate k, counts[i] of them in
// message i, numbered message by message, and its number j within it.
func locate(counts []int, k int) (i, j int) {
	for i, c := range counts {
		if k < c {
			return i, k
		}
		k -= c
	}
	panic(fmt.Sprintf("robust: candidate %d of %v", k, counts))
}

// Inputs returns the inputs of a row: the mutations of msgs, the valid
// messages of a codec of format, in class order (the order of Classes).
// Each class but deep has at most budget inputs. The same seed, format,
// messages and budget give the same inputs.
func Inputs(format string, msgs [][]byte, seed uint64, budget int) []Input {
	var out []Input
	desc := func(i int) string { return fmt.Sprintf("value %d (%d bytes)", i, len(msgs[i])) }

	// The candidates of a class are numbered message by message, and
	// found from their number (locate): a list of them would take
	// several times the messages' size in bits.

	// Truncate: every prefix of every message (the empty one once).
	counts := make([]int, len(msgs))
	for i, m := range msgs {
		counts[i] = max(len(m)-1, 0) // the prefixes of 1 to len-1 bytes
		if i == 0 {
			counts[i] = len(m) // and the empty one
		}
	}
	for _, k := range sampleOf(classRand(seed, Truncate), counts, budget) {
		i, n := locate(counts, k)
		if i > 0 {
			n++
		}
		out = append(out, Input{Truncate, fmt.Sprintf("%s, its first %d bytes", desc(i), n), slices.Clone(msgs[i][:n])})
	}

	// Bit flips: every bit of every message.
	for i, m := range msgs {
		counts[i] = 8 * len(m)
	}
	for _, k := range sampleOf(classRand(seed, BitFlip), counts, budget) {
		i, b := locate(counts, k)
		d := slices.Clone(msgs[i])
		d[b/8] ^= 1 << (b % 8)
		out = append(out, Input{BitFlip, fmt.Sprintf("%s, bit %d of byte %d flipped", desc(i), b%8, b/8), d})
	}

	// Bombs: every pattern at every offset of every message.
	pats := Patterns(format)
	for i, m := range msgs {
		counts[i] = len(m) * len(pats)
	}
	for _, k := range sampleOf(classRand(seed, Bomb), counts, budget) {
		i, j := locate(counts, k)
		off, p := j/len(pats), pats[j%len(pats)]
		d := slices.Clone(msgs[i])
		if end := off + len(p.Bytes); end > len(d) {
			d = append(d, make([]byte, end-len(d))...)
		}
		copy(d[off:], p.Bytes)
		out = append(out, Input{Bomb, fmt.Sprintf("%s, %s (% x) written at byte %d", desc(i), p.Name, p.Bytes, off), d})
	}

	// Random bytes.
	longest := 1
	for _, m := range msgs {
		longest = max(longest, len(m))
	}
	r := classRand(seed, Random)
	for range budget {
		d := make([]byte, 1+r.IntN(2*longest))
		for j := range d {
			d[j] = byte(r.Uint32())
		}
		out = append(out, Input{Random, fmt.Sprintf("%d random bytes", len(d)), d})
	}

	// Deep nesting.
	if n, ok := nesters[format]; ok {
		for _, depth := range Depths {
			out = append(out, Input{Deep, fmt.Sprintf("%s nested %d deep in an unknown field", n.what, depth), n.nest(depth)})
		}
	}
	return out
}
