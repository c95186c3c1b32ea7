package workload

import (
	"encoding/binary"
	"fmt"
)

// maxDataDepth is the deepest nesting of arrays and maps a MessagePack
// data file may have, as encoding/json allows JSON.
const maxDataDepth = 10000

// checkMsgpack walks the MessagePack stream raw without building values
// and returns an error, with the byte offset, for a header that declares
// more elements or bytes than the rest of the file can hold, nesting
// deeper than maxDataDepth, or a byte that starts no value. The decoder
// trusts declared lengths (a 5-byte map32 header of 2^32-1 entries made
// it allocate until the process was killed), so files pass here first.
func checkMsgpack(raw []byte) error {
	pos := 0
	// pending[i] is how many values the i-th open container still holds.
	var pending []uint64
	// value and start are the top-level value being read (from 1) and
	// where it starts, for the messages, as decodeMsgpack numbers them.
	value, start := 0, 0
	fail := func(format string, a ...any) error {
		return fmt.Errorf("msgpack: value %d at byte offset %d: %s", value, start, fmt.Sprintf(format, a...))
	}
	const cut = "the file ends inside the value"
	size := func(width int) (uint64, error) {
		if len(raw)-pos < width {
			return 0, fail(cut)
		}
		var n uint64
		switch width {
		case 1:
			n = uint64(raw[pos])
		case 2:
			n = uint64(binary.BigEndian.Uint16(raw[pos:]))
		case 4:
			n = uint64(binary.BigEndian.Uint32(raw[pos:]))
		}
		pos += width
		return n, nil
	}
	for pos < len(raw) || len(pending) > 0 {
		if pos >= len(raw) {
			return fail(cut)
		}
		if len(pending) == 0 {
			value, start = value+1, pos
		}
		at := pos
		b := raw[pos]
		pos++
		var skip, items uint64 // bytes of data after the header; values it contains
		var err error
		switch {
		case b <= 0x7f || b >= 0xe0 || b == 0xc0 || b == 0xc2 || b == 0xc3:
		case b >= 0x80 && b <= 0x8f:
			items = 2 * uint64(b&0x0f)
		case b >= 0x90 && b <= 0x9f:
			items = uint64(b & 0x0f)
		case b >= 0xa0 && b <= 0xbf:
			skip = uint64(b & 0x1f)
		case b == 0xc4 || b == 0xd9:
			skip, err = size(1)
		case b == 0xc5 || b == 0xda:
			skip, err = size(2)
		case b == 0xc6 || b == 0xdb:
			skip, err = size(4)
		case b == 0xc7 || b == 0xc8 || b == 0xc9:
			skip, err = size(1 << (b - 0xc7))
			skip++ // the extension type
		case b == 0xca:
			skip = 4
		case b == 0xcb:
			skip = 8
		case b >= 0xcc && b <= 0xcf:
			skip = 1 << (b - 0xcc)
		case b >= 0xd0 && b <= 0xd3:
			skip = 1 << (b - 0xd0)
		case b >= 0xd4 && b <= 0xd8:
			skip = 1 + 1<<(b-0xd4)
		case b == 0xdc:
			items, err = size(2)
		case b == 0xdd:
			items, err = size(4)
		case b == 0xde:
			items, err = size(2)
			items *= 2
		case b == 0xdf:
			items, err = size(4)
			items *= 2
		default: // 0xc1
			return fail("unknown code %x at byte offset %d", b, at)
		}
		if err != nil {
			return err
		}
		if skip > uint64(len(raw)-pos) {
			return fail(cut)
		}
		pos += int(skip)
		// This value is one of its container's.
		if len(pending) > 0 {
			pending[len(pending)-1]--
		}
		if items > 0 {
			// Every value takes at least one byte.
			if items > uint64(len(raw)-pos) {
				return fail("the array or map at byte offset %d declares %d elements, more than the %d bytes that follow", at, items, len(raw)-pos)
			}
			if len(pending) == maxDataDepth {
				return fail("arrays and maps nested deeper than %d at byte offset %d", maxDataDepth, at)
			}
			pending = append(pending, items)
			continue
		}
		// A whole value: close the containers it completes.
		for len(pending) > 0 && pending[len(pending)-1] == 0 {
			pending = pending[:len(pending)-1]
		}
	}
	return nil
}
