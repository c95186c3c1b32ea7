// Package compress measures how well encoded messages compress: each
// message is compressed on its own, as a service compressing its requests
// or stored records one by one does, with
//
//   - zstd: github.com/klauspost/compress/zstd, Encoder.EncodeAll at the
//     default level (SpeedDefault, about zstd level 3), a full frame;
//   - gzip: github.com/klauspost/compress/gzip at gzip.DefaultCompression,
//     a full gzip stream with its header and trailer;
//   - s2: github.com/klauspost/compress/s2, s2.Encode, the block format;
//   - lz4: github.com/pierrec/lz4/v4, the frame format of lz4.Writer with
//     its default options.
//
// Every compressed message is decompressed and compared with the original
// before its size counts.
package compress

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// Algorithms are the algorithms Sizes measures, in the order reports show
// them.
var Algorithms = []string{"zstd", "gzip", "s2", "lz4"}

// Sizes compresses every message with every algorithm, checks that it
// decompresses to the message, and returns the mean compressed size per
// algorithm.
func Sizes(messages [][]byte) (map[string]float64, error) {
	if len(messages) == 0 {
		return nil, nil
	}
	z, err := NewZstd()
	if err != nil {
		return nil, err
	}
	defer z.Close()
	zd, err := zstd.NewReader(nil)
	if err != nil {
		return nil, fmt.Errorf("zstd reader: %w", err)
	}
	defer zd.Close()
	total := map[string]int{}
	var buf, out []byte
	var gz bytes.Buffer
	gw, _ := gzip.NewWriterLevel(&gz, gzip.DefaultCompression)
	var lb bytes.Buffer
	lw := lz4.NewWriter(&lb)
	for i, m := range messages {
		// zstd
		buf = z.Compress(buf[:0], m)
		total["zstd"] += len(buf)
		if out, err = zd.DecodeAll(buf, out[:0]); err != nil || !bytes.Equal(out, m) {
			return nil, fmt.Errorf("message %d: zstd does not round-trip (%v)", i, err)
		}
		// gzip
		n, err := streamRoundTrip(gw, &gz, m, func(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) })
		if err != nil {
			return nil, fmt.Errorf("message %d: gzip: %w", i, err)
		}
		total["gzip"] += n
		// s2
		buf = s2.Encode(buf[:cap(buf)], m)
		total["s2"] += len(buf)
		if out, err = s2.Decode(out[:cap(out)], buf); err != nil || !bytes.Equal(out, m) {
			return nil, fmt.Errorf("message %d: s2 does not round-trip (%v)", i, err)
		}
		// lz4
		n, err = streamRoundTrip(lw, &lb, m, func(r io.Reader) (io.Reader, error) { return lz4.NewReader(r), nil })
		if err != nil {
			return nil, fmt.Errorf("message %d: lz4: %w", i, err)
		}
		total["lz4"] += n
	}
	sizes := make(map[string]float64, len(total))
	for a, n := range total {
		sizes[a] = float64(n) / float64(len(messages))
	}
	return sizes, nil
}

// streamWriter is a compressing writer that can be reused for the next
// stream, as gzip.Writer and lz4.Writer are.
type streamWriter interface {
	io.WriteCloser
	Reset(w io.Writer)
}

// streamRoundTrip compresses m as one whole stream of w into buf,
// decompresses it with a reader from newReader, checks that it gives m
// back, and returns the compressed size.
func streamRoundTrip(w streamWriter, buf *bytes.Buffer, m []byte, newReader func(io.Reader) (io.Reader, error)) (int, error) {
	buf.Reset()
	w.Reset(buf)
	if _, err := w.Write(m); err != nil {
		return 0, err
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	r, err := newReader(bytes.NewReader(buf.Bytes()))
	if err != nil {
		return 0, fmt.Errorf("reader: %w", err)
	}
	if out, err := io.ReadAll(r); err != nil || !bytes.Equal(out, m) {
		return 0, fmt.Errorf("does not round-trip (%v)", err)
	}
	return buf.Len(), nil
}

// Zstd compresses messages one at a time with a reused encoder: the
// operation whose time the "zstd" cells measure.
type Zstd struct{ enc *zstd.Encoder }

// NewZstd returns a zstd compressor at the default level, single-threaded
// (one goroutine per cell lane, as every codec instance).
func NewZstd() (*Zstd, error) {
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1))
	if err != nil {
		return nil, fmt.Errorf("zstd writer: %w", err)
	}
	return &Zstd{enc: enc}, nil
}

// Compress appends the zstd frame of src to dst and returns it.
func (z *Zstd) Compress(dst, src []byte) []byte { return z.enc.EncodeAll(src, dst) }

// Close releases the encoder.
func (z *Zstd) Close() { z.enc.Close() }
