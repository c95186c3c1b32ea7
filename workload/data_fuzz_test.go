package workload

import (
	"runtime"
	"testing"
)

// FuzzDecodeData feeds arbitrary bytes to the reader of the user's data
// files (serbench run --data), detecting the format and forced to each.
// It must not panic, and must not let a
// small file make it allocate without bound (a huge length declared in a
// MessagePack or CBOR header, say): at most 64 MiB plus 1,000 times the
// input.
func FuzzDecodeData(f *testing.F) {
	for _, s := range []string{
		`{"a":1,"b":[true,null,"x"]}`,
		"[1,2.5,\"s\",{\"k\":-3}]",
		"{\"a\":1}\n{\"a\":2}\n",
		"\x82\xa1a\x01\xa1b\x92\xc3\xc0", // msgpack map
		"\x81\xa1a\xcb\x40\x09\x21\xfb\x54\x44\x2d\x18\x01",
		"\xa2\x61a\x01\x61b\x82\xf5\xf6",       // CBOR map
		"\xdf\xff\xff\xff\xff",                 // msgpack map32 of 2^32-1 entries
		"\xdd\xff\xff\xff\xff",                 // msgpack array32
		"\x9b\x00\x00\x00\x01\x00\x00\x00\x00", // CBOR array of 2^32 items
		"\xbb\x7f\xff\xff\xff\xff\xff\xff\xff", // CBOR map of 2^63-1 pairs
		"",
	} {
		f.Add([]byte(s), uint8(0))
	}
	formats := append([]string{""}, DataFormats...)
	f.Fuzz(func(t *testing.T, raw []byte, pick uint8) {
		format := formats[int(pick)%len(formats)]
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		// No values and no error is possible (an empty MessagePack
		// stream): LoadData refuses a file without values.
		_, _ = decodeData(raw, &format)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20+1000*uint64(len(raw)) {
			t.Fatalf("%d input bytes (format %q) allocated %d bytes", len(raw), format, alloc)
		}
	})
}
