package bigfloatio

import (
	"bytes"
	"encoding/binary"
	"fmt"
)

// malformedFile is a file of encoded numbers made malformed in one way.
type malformedFile struct {
	name   string
	data   []byte
	offset int    // the offset of the problem, which errors must name, or -1 for any
	want   string // a piece of the message
}

// malformedFiles returns good, the file of count binary-varint values
// at 64 bits that Marshal makes, made malformed in each way that Go's
// reader (TestMalformedFileOffsets) and the JavaScript one
// (TestJSCorruptFiles) must refuse with the same offset.
func malformedFiles(good []byte, count int) []malformedFile {
	nameEnd := 6 + len(BinaryVarint)
	set := func(i int, b byte) []byte { c := bytes.Clone(good); c[i] = b; return c }
	// The start of the last record: where its truncation is.
	last := nameEnd + 8
	for i := 0; i < count-1; i++ {
		l, k := binary.Uvarint(good[last:])
		last += k + int(l)
	}
	lastRecord := fmt.Sprintf("truncated at record %d of %d", count-1, count)
	return []malformedFile{
		{"empty", nil, 0, "magic"},
		{"magic", []byte("BFLX\x01"), 0, "magic"},
		{"no version", []byte("BFLT\x01"), 5, "truncated header"},
		{"version", set(4, 2), 4, "version 2"},
		{"no name", set(5, 0), 5, "empty encoding name"},
		{"unknown name", set(6, 'X'), 6, "unknown big.Float encoding"},
		{"truncated header", good[:nameEnd+3], nameEnd + 3, "truncated header"},
		{"precision 0", func() []byte { c := bytes.Clone(good); copy(c[nameEnd:], []byte{0, 0, 0, 0}); return c }(), nameEnd, "precision 0"},
		{"count", set(nameEnd+4, 0xff), nameEnd + 4, "header declares"},
		{"truncated in a record", good[:len(good)-1], last, lastRecord},
		{"no length", good[:last], last, lastRecord + ": no length"},
		{"garbage", append(bytes.Clone(good), 0), len(good), "garbage"},
		{"bad tag", set(nameEnd+9, 0x07), nameEnd + 9, fmt.Sprintf("record 0 of %d (starting at offset %d): unknown record tag 0x07", count, nameEnd+8)},
	}
}
