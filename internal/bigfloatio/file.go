package bigfloatio

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"os"

	"github.com/serbench/serbench/internal/atomicfile"
)

// Magic is the first four bytes of a file of encoded numbers.
const Magic = "BFLT"

// Version is the version of the file format that WriteFile writes and
// ReadFile reads.
const Version = 1

// maxNameLen is the longest encoding name a header can hold.
const maxNameLen = 255

// maxValueBytes is the most memory the values of a file may take at its
// precision (count × ⌈prec/64⌉ × 8 bytes, the mantissa words of a value
// of that precision) when that is more than eight times the size of the
// file. A short record can denote a value that takes all its precision:
// the text "0.1" at 2^32-1 bits decodes to half a gigabyte. Readers
// refuse such files, so that a small file cannot make them allocate
// gigabytes, and Marshal refuses to write them. A variable so that tests
// can lower it.
var maxValueBytes = 64 << 20

// checkValueBytes returns an error when count values of precision prec,
// in a file of size bytes, could take more memory than maxValueBytes.
func checkValueBytes(count uint64, prec uint, size int) error {
	need := count * ((uint64(prec) + 63) / 64 * 8)
	if count > 0 && need/count != (uint64(prec)+63)/64*8 {
		need = math.MaxUint64
	}
	if need > uint64(maxValueBytes) && need > 8*uint64(size) {
		return fmt.Errorf("%d values of %d bits can take %d bytes, more than %d and more than 8 times the file's %d bytes", count, prec, need, maxValueBytes, size)
	}
	return nil
}

// Marshal returns the file form of values in the named encoding at
// precision prec (see docs/bigfloat-format.md). Every value must be
// exactly representable with prec bits; it is written at precision prec.
func Marshal(encoding string, values []*big.Float, prec uint) ([]byte, error) {
	enc, err := NewEncoder(encoding)
	if err != nil {
		return nil, err
	}
	if len(encoding) > maxNameLen {
		return nil, fmt.Errorf("encoding name %q is longer than %d bytes", encoding, maxNameLen)
	}
	if prec < 1 || prec > big.MaxPrec {
		return nil, fmt.Errorf("precision %d is outside 1..%d", prec, uint(big.MaxPrec))
	}
	if uint64(len(values)) > 0xffffffff {
		return nil, fmt.Errorf("%d values do not fit the 32-bit count", len(values))
	}
	out := make([]byte, 0, 16+len(values)*8)
	out = append(out, Magic...)
	out = append(out, Version, byte(len(encoding)))
	out = append(out, encoding...)
	out = binary.BigEndian.AppendUint32(out, uint32(prec))
	out = binary.BigEndian.AppendUint32(out, uint32(len(values)))
	var rec []byte
	for i, x := range values {
		if x == nil {
			return nil, fmt.Errorf("value %d is nil", i)
		}
		if x.Prec() != prec {
			z := new(big.Float).SetPrec(prec).SetMode(x.Mode()).Set(x)
			if z.Acc() != big.Exact {
				return nil, fmt.Errorf("value %d (%s) is not exactly representable with %d bits of precision", i, x.Text('g', 10), prec)
			}
			x = z
		}
		if rec, err = enc.Append(rec[:0], x); err != nil {
			return nil, fmt.Errorf("value %d: %v", i, err)
		}
		out = binary.AppendUvarint(out, uint64(len(rec)))
		out = append(out, rec...)
	}
	if err := checkValueBytes(uint64(len(values)), prec, len(out)); err != nil {
		return nil, fmt.Errorf("readers refuse this file: %v", err)
	}
	return out, nil
}

// FormatError is the error Unmarshal returns for a malformed file: the
// byte offset in the file where the problem is, and what it is.
type FormatError struct {
	// Offset is the offset of the problem from the start of the file:
	// the field of the header, the start of the record (its length) for
	// a missing or truncated record, the first byte of the record's
	// content for a record that does not decode, the first byte after
	// the last record for trailing bytes, and the end of the data for a
	// truncated header.
	Offset int
	// Msg says what is wrong.
	Msg string
}

func (e *FormatError) Error() string { return fmt.Sprintf("offset %d: %s", e.Offset, e.Msg) }

// Unmarshal decodes the file form made by Marshal and returns the encoding
// name and the values, each of the header's precision. The error of a
// malformed file is a *FormatError, which names the offset of the problem.
func Unmarshal(data []byte) (encoding string, values []*big.Float, err error) {
	fail := func(off int, format string, args ...any) (string, []*big.Float, error) {
		return "", nil, &FormatError{Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	if len(data) < len(Magic) || string(data[:len(Magic)]) != Magic {
		return fail(0, "not a big.Float stream: the file does not start with the magic %q", Magic)
	}
	p := data[len(Magic):]
	if len(p) < 2 {
		return fail(len(data), "truncated header: no version and encoding name length")
	}
	if p[0] != Version {
		return fail(4, "format version %d, this reader knows version %d", p[0], Version)
	}
	n := int(p[1])
	p = p[2:]
	if n == 0 {
		return fail(5, "empty encoding name in header")
	}
	if len(p) < n+8 {
		return fail(len(data), "truncated header: want %d bytes of encoding name, precision and count after offset 6, have %d", n+8, len(p))
	}
	encoding = string(p[:n])
	p = p[n:]
	dec, err := NewDecoder(encoding)
	if err != nil {
		return fail(6, "header: %v", err)
	}
	prec := uint(binary.BigEndian.Uint32(p))
	count := binary.BigEndian.Uint32(p[4:])
	p = p[8:]
	if prec < 1 || prec > big.MaxPrec {
		return fail(6+n, "header: precision %d is outside 1..%d", prec, uint(big.MaxPrec))
	}
	// Every record takes at least two bytes (length and one byte), so a
	// count beyond that is a lie: refuse it before allocating.
	if uint64(count) > uint64(len(p))/2 {
		return fail(10+n, "header declares %d records but only %d bytes follow: truncated or corrupt", count, len(p))
	}
	if err := checkValueBytes(uint64(count), prec, len(data)); err != nil {
		return fail(10+n, "header: %v", err)
	}
	// off is the offset of p in data.
	off := func() int { return len(data) - len(p) }
	values = make([]*big.Float, count)
	for i := range values {
		start := off()
		l, k := binary.Uvarint(p)
		switch {
		case k == 0:
			return fail(start, "truncated at record %d of %d: no length", i, count)
		case k < 0:
			return fail(start, "record %d of %d: malformed length", i, count)
		}
		p = p[k:]
		if l > uint64(len(p)) {
			return fail(start, "truncated at record %d of %d: length %d, only %d bytes left", i, count, l, len(p))
		}
		if values[i], err = dec.Decode(p[:l], prec); err != nil {
			return fail(off(), "record %d of %d (starting at offset %d): %v", i, count, start, err)
		}
		p = p[l:]
	}
	if len(p) != 0 {
		return fail(off(), "%d bytes of garbage after the %d records", len(p), count)
	}
	return encoding, values, nil
}

// WriteFile writes values to the file path in the named encoding at
// precision prec (see Marshal and docs/bigfloat-format.md), as WriteData
// does: a write that fails leaves no file, or the file that was there.
func WriteFile(path, encoding string, values []*big.Float, prec uint) error {
	data, err := Marshal(encoding, values, prec)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return WriteData(path, data)
}

// WriteData writes data, a file form made by Marshal, to the file path
// with atomicfile.WriteFile: into a new temporary file in path's
// directory, renamed to path once it is complete. A write that fails (a
// full disk) removes the temporary file and leaves path as it was,
// instead of a truncated file that replaced it; its error names path
// ("write PATH: cause").
func WriteData(path string, data []byte) error {
	return atomicfile.WriteFile(path, data)
}

// ReadFile reads a file written by WriteFile (or by another implementation
// of docs/bigfloat-format.md) and returns its encoding name and values.
// Errors name the file and say what is wrong with it.
func ReadFile(path string) (encoding string, values []*big.Float, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", nil, err
	}
	encoding, values, err = Unmarshal(data)
	if err != nil {
		return "", nil, fmt.Errorf("read %s: %w", path, err)
	}
	return encoding, values, nil
}

// RecordSize returns the total size in bytes of the records of values in
// the named encoding (without the file header and length prefixes).
func RecordSize(encoding string, values []*big.Float) (int, error) {
	enc, err := NewEncoder(encoding)
	if err != nil {
		return 0, err
	}
	var rec []byte
	total := 0
	for i, x := range values {
		if rec, err = enc.Append(rec[:0], x); err != nil {
			return 0, fmt.Errorf("value %d: %v", i, err)
		}
		total += len(rec)
	}
	return total, nil
}
