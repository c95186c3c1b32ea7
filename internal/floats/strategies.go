package floats

import (
	"bufio"
	"compress/flate"
	"encoding/binary"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"unsafe"
)

// Strategy is one way of storing the values in a file and reading them
// back.
type Strategy struct {
	// Name names the strategy in cells and tables (Cell.Codec): the
	// seed's two-letter names, or a codec's name.
	Name string
	// Description says what Write and Read do, in one line.
	Description string
	// LittleEndianOnly means Read reinterprets the file's little-endian
	// bytes as []float32 in place. Build refuses such a strategy on a
	// big-endian host: its verification is unsupported.
	LittleEndianOnly bool
	// Losses are the float-precision losses a codec strategy declares
	// (codec.Loss strings). They are not accepted: the check is exact.
	// They are quoted in the diffs when its values do not come back
	// exactly.
	Losses []string
	// Write stores values in a new file at path. It runs once, at setup,
	// untimed, on a copy of the values that the check does not use. An error wrapping codec.ErrUnsupported marks the strategy
	// unsupported rather than failed.
	Write func(path string, values []float32) error
	// Read is the timed operation: it reads the file at path, decodes it
	// into a []float32 and calls use with it, once. The slice is valid
	// only during the call (fm unmaps it afterwards). Read is called only
	// after Write succeeded, from one goroutine at a time.
	Read func(path string, use func([]float32)) error
}

// Builtin returns the seed's strategies, in the seed's order, plus
// sl-multi: bi, js, jd, gb, bc, ba, fm, sl, sl-multi, by. The seed's bx (a
// copy of encoding/binary's code) is left out: it measured the same thing
// as bi.
func Builtin() []Strategy {
	return []Strategy{
		{
			Name:        "bi",
			Description: "raw little-endian file; os.Open + binary.Read(f, binary.LittleEndian, []float32 sized from Stat)",
			Write:       writeRaw,
			Read:        readBinary,
		},
		{
			Name:        "js",
			Description: "encoding/json array; os.Open + json.NewDecoder(f).Decode(&[]float32)",
			Write:       writeJSON,
			Read:        readJSON,
		},
		{
			Name:        "jd",
			Description: "encoding/json array deflated with compress/flate (default level); flate.NewReader + json.Decoder",
			Write:       writeJSONDeflate,
			Read:        readJSONDeflate,
		},
		{
			Name:        "gb",
			Description: "encoding/gob stream of one []float32; os.Open + gob.NewDecoder(f).Decode",
			Write:       writeGob,
			Read:        readGob,
		},
		{
			Name:             "bc",
			Description:      "raw little-endian file; os.Open + io.ReadAll, bytes reinterpreted as []float32 (unsafe.Slice)",
			LittleEndianOnly: true,
			Write:            writeRaw,
			Read:             readAllCast,
		},
		{
			Name:             "ba",
			Description:      "raw little-endian file; one buffer sized from Stat, filled by one f.ReadAt, reinterpreted as []float32",
			LittleEndianOnly: true,
			Write:            writeRaw,
			Read:             readAtCast,
		},
		{
			Name:             "fm",
			Description:      "raw little-endian file; mmap (golang.org/x/sys/unix, PROT_READ, MAP_SHARED) reinterpreted as []float32, munmap after the sum",
			LittleEndianOnly: true,
			Write:            writeRaw,
			Read:             readMmap,
		},
		sqliteRows(),
		sqliteMulti(),
		{
			Name:        "by",
			Description: "raw little-endian file; os.ReadFile + hand-written loop of binary.LittleEndian.Uint32 and math.Float32frombits",
			Write:       writeRaw,
			Read:        readLoop,
		},
	}
}

// writeFile creates path and calls fill with a buffered writer on it.
func writeFile(path string, fill func(w io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	err = fill(bw)
	if err == nil {
		err = bw.Flush()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

func writeRaw(path string, values []float32) error {
	return os.WriteFile(path, LittleEndianBytes(values), 0o644)
}

// readOpen opens path, finds its size and calls read with both: the shape
// shared by the strategies that size their result from the file.
func readOpen(path string, read func(f *os.File, size int64) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	return read(f, fi.Size())
}

func readBinary(path string, use func([]float32)) error {
	return readOpen(path, func(f *os.File, size int64) error {
		out := make([]float32, size/4)
		if err := binary.Read(f, binary.LittleEndian, out); err != nil {
			return err
		}
		use(out)
		return nil
	})
}

func writeJSON(path string, values []float32) error {
	return writeFile(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(values) })
}

func readJSON(path string, use func([]float32)) error {
	return readStream(path, use, func(r io.Reader, out *[]float32) error { return json.NewDecoder(r).Decode(out) })
}

// readStream opens path and decodes it with decode into a new []float32
// for use: the shape shared by the streaming strategies.
func readStream(path string, use func([]float32), decode func(r io.Reader, out *[]float32) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	var out []float32
	if err := decode(f, &out); err != nil {
		return err
	}
	use(out)
	return nil
}

func writeJSONDeflate(path string, values []float32) error {
	return writeFile(path, func(w io.Writer) error {
		zw, err := flate.NewWriter(w, flate.DefaultCompression)
		if err != nil {
			return err
		}
		if err := json.NewEncoder(zw).Encode(values); err != nil {
			return err
		}
		return zw.Close()
	})
}

func readJSONDeflate(path string, use func([]float32)) error {
	return readStream(path, use, func(r io.Reader, out *[]float32) error {
		zr := flate.NewReader(r)
		defer zr.Close()
		return json.NewDecoder(zr).Decode(out)
	})
}

func writeGob(path string, values []float32) error {
	return writeFile(path, func(w io.Writer) error { return gob.NewEncoder(w).Encode(values) })
}

func readGob(path string, use func([]float32)) error {
	return readStream(path, use, func(r io.Reader, out *[]float32) error { return gob.NewDecoder(r).Decode(out) })
}

// asFloat32s reinterprets b, little-endian float32 values, as a []float32
// sharing its memory. The caller has checked that the host is
// little-endian.
func asFloat32s(b []byte) ([]float32, error) {
	if len(b)%4 != 0 {
		return nil, fmt.Errorf("file length %d is not a multiple of 4", len(b))
	}
	if len(b) == 0 {
		return nil, nil
	}
	p := unsafe.Pointer(unsafe.SliceData(b))
	if uintptr(p)%unsafe.Alignof(float32(0)) != 0 {
		return nil, errors.New("buffer is not aligned for float32")
	}
	return unsafe.Slice((*float32)(p), len(b)/4), nil
}

func readAllCast(path string, use func([]float32)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	b, err := io.ReadAll(f)
	if err != nil {
		return err
	}
	xs, err := asFloat32s(b)
	if err != nil {
		return err
	}
	use(xs)
	return nil
}

func readAtCast(path string, use func([]float32)) error {
	return readOpen(path, func(f *os.File, size int64) error {
		if size%4 != 0 {
			return fmt.Errorf("file length %d is not a multiple of 4", size)
		}
		// Allocated as []float32, so it is aligned; read as bytes.
		xs := make([]float32, size/4)
		if len(xs) > 0 {
			buf := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(xs))), 4*len(xs))
			if _, err := f.ReadAt(buf, 0); err != nil && err != io.EOF {
				return err
			}
		}
		use(xs)
		return nil
	})
}

func readLoop(path string, use func([]float32)) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	use(decodeLE(make([]float32, 0, len(b)/4), b))
	return nil
}
