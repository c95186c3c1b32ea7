package workload

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/fxamacker/cbor/v2"
	"github.com/vmihailenco/msgpack/v5"
)

// The user's data: serbench run --data FILE makes a workload of the values
// in a file, read by LoadData.
//
// Formats, and how LoadData tells them apart when none is forced:
//
//   - json: one JSON document. A top-level array's elements are the
//     values; any other document is the one value.
//   - ndjson: one JSON value per line (blank lines are skipped).
//   - msgpack: a MessagePack stream, values one after the other.
//   - cbor: a CBOR sequence (RFC 8742), values one after the other.
//
// Detection: when the first byte that is not JSON white space (after a
// UTF-8 byte order mark) can start a JSON document ({ [ " - 0-9 t f n),
// the file is read as JSON values: one value is json, more than one is
// ndjson (each must then be on a line of its own). Otherwise, or when that
// first byte is not { or [ and the JSON reading fails, the whole file is
// decoded as a MessagePack stream, then as a CBOR sequence, and the first
// that decodes it to its last byte wins. A file of printable text that is
// not JSON is an error, not a binary stream (every ASCII byte is a
// MessagePack integer, and many are CBOR heads). A file that none decodes
// is an error that says what each decoder found, and where. --data-format
// forces a format.
//
// Values are generic, as a decoder gives them for an interface{}:
// map[string]any, []any, string, bool, nil, int64 (an integer that fits;
// uint64 for one above math.MaxInt64 that fits it; JSON numbers are read
// with UseNumber so that no integer goes through a float64), float64, and
// from MessagePack and CBOR also []byte and time.Time. Map keys must be
// strings; other MessagePack extensions and CBOR tags are refused.
const (
	// DataPrefix starts the name of every data workload: data:NAME,
	// where NAME is the file's base name without its extension, every
	// character other than a letter, a digit, '.', '-' or '_' replaced
	// by '_' ("data:twitter" for ./twitter.ndjson).
	DataPrefix = "data:"
	// DefaultDataLimit is the largest file LoadData reads unless a
	// larger limit is given (serbench run --data-limit).
	DefaultDataLimit = 64 << 20
)

// The data formats.
const (
	DataJSON    = "json"
	DataNDJSON  = "ndjson"
	DataMsgpack = "msgpack"
	DataCBOR    = "cbor"
)

// DataFormats lists the formats LoadData reads, for usage messages.
var DataFormats = []string{DataJSON, DataNDJSON, DataMsgpack, DataCBOR}

// The Options.Params that carry a data workload's source to the worker
// processes, which load the same file again (and check its digest).
const (
	ParamData       = "data"
	ParamDataFormat = "data-format"
	ParamDataLimit  = "data-limit"
	ParamDataSHA256 = "data-sha256"
)

// DataSource is a file of the user's values.
type DataSource struct {
	// Path is the file.
	Path string
	// Format is one of DataFormats, or "" to detect it.
	Format string
	// Limit is the largest size, in bytes, that is read; 0 means
	// DefaultDataLimit.
	Limit int64
}

// DataError is a file that LoadData cannot read or decode: the file, and
// what is wrong with it, with its line (text formats) or byte offset.
type DataError struct {
	Path string
	Err  error
}

func (e *DataError) Error() string { return "--data " + e.Path + ": " + e.Err.Error() }
func (e *DataError) Unwrap() error { return e.Err }

// Data is what LoadData read of a file, beside its workload.
type Data struct {
	// Source is the file as given, with the detected format.
	Source DataSource
	// Size is the file's size in bytes and SHA256 its digest, in hex.
	Size   int64
	SHA256 string
	// Values is the number of values.
	Values int
}

// dataType is the type of every data workload's values.
var dataType = reflect.TypeFor[any]()

// LoadData reads the values of the file src and returns their workload
// (see DataPrefix for its name): Type is interface{}, the values (pointers
// to interface{}) come in file order, its Count is the number of values
// (Options.Count keeps the first ones), and its Description names the
// file, its format, size and SHA-256 digest. Errors are *DataError.
func LoadData(src DataSource) (*Workload, *Data, error) {
	fail := func(format string, args ...any) (*Workload, *Data, error) {
		return nil, nil, &DataError{Path: src.Path, Err: fmt.Errorf(format, args...)}
	}
	limit := src.Limit
	if limit == 0 {
		limit = DefaultDataLimit
	}
	if limit < 0 {
		return fail("data limit %d: want a positive size", limit)
	}
	switch src.Format {
	case "", DataJSON, DataNDJSON, DataMsgpack, DataCBOR:
	default:
		return fail("format %q: want %s", src.Format, strings.Join(DataFormats, ", "))
	}
	f, err := os.Open(src.Path)
	if err != nil {
		return nil, nil, &DataError{Path: src.Path, Err: unwrapPath(err)}
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, nil, &DataError{Path: src.Path, Err: unwrapPath(err)}
	}
	if st.IsDir() {
		return fail("is a directory, want a file")
	}
	if st.Size() > limit {
		return fail("%d bytes, larger than the limit of %s: --data-limit raises it", st.Size(), sizeText(limit))
	}
	raw, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, nil, &DataError{Path: src.Path, Err: unwrapPath(err)}
	}
	if int64(len(raw)) > limit {
		return fail("more than the limit of %s: --data-limit raises it", sizeText(limit))
	}
	format := src.Format
	values, err := decodeData(raw, &format)
	if err != nil {
		return nil, nil, &DataError{Path: src.Path, Err: err}
	}
	if len(values) == 0 {
		return fail("no values in the file (%s)", format)
	}
	sum := sha256.Sum256(raw)
	d := &Data{Source: src, Size: int64(len(raw)), SHA256: hex.EncodeToString(sum[:]), Values: len(values)}
	d.Source.Format = format
	n := len(values)
	w := &Workload{
		Name: DataName(src.Path),
		Description: fmt.Sprintf("data file %s: %s, %s, %d bytes (%s), sha256 %s",
			filepath.Base(src.Path), format, plural(n, "value"), d.Size, sizeText(d.Size), d.SHA256),
		Count: n,
		Type:  dataType,
		generate: func(opts Options) []any {
			// Decoded again for each call: every set of values is
			// the codec's own, or a pristine copy.
			vs, err := decodeData(raw, &format)
			if err != nil {
				panic(fmt.Sprintf("workload %s: %v", DataName(src.Path), err))
			}
			if opts.Count < len(vs) {
				vs = vs[:opts.Count]
			}
			out := make([]any, len(vs))
			for i := range vs {
				out[i] = &vs[i]
			}
			return out
		},
		// Generic values take several times their encoded size: maps,
		// interfaces and strings of their own.
		footprint: func(opts Options) float64 { return 8 * float64(len(raw)) * float64(min(opts.Count, n)) / float64(n) },
		data:      d,
	}
	return w, d, nil
}

// unwrapPath drops the path from an *os.PathError: DataError names it.
func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}

// DataName returns the name of the workload of the data file path:
// DataPrefix and the base name without its extension, sanitized.
func DataName(path string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	var b strings.Builder
	for _, r := range base {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-', r == '_':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 || base == "." || base == string(filepath.Separator) {
		return DataPrefix + "data"
	}
	return DataPrefix + b.String()
}

// Params returns the Options.Params that carry d to worker processes
// (see LoadDataParams): the file's absolute path, its format, limit and
// digest.
func (d *Data) Params() map[string]string {
	p := map[string]string{
		ParamData:       d.Source.Path,
		ParamDataFormat: d.Source.Format,
		ParamDataSHA256: d.SHA256,
	}
	if abs, err := filepath.Abs(d.Source.Path); err == nil {
		p[ParamData] = abs
	}
	if d.Source.Limit != 0 {
		p[ParamDataLimit] = strconv.FormatInt(d.Source.Limit, 10)
	}
	return p
}

// LoadDataParams loads the data workload that opts.Params carry (Params)
// and checks that the file still has the digest they give.
func LoadDataParams(opts Options) (*Workload, error) {
	path, ok := opts.Params[ParamData]
	if !ok {
		return nil, errors.New("no data file in the options")
	}
	src := DataSource{Path: path, Format: opts.Params[ParamDataFormat]}
	if s, ok := opts.Params[ParamDataLimit]; ok {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("data limit %q: %w", s, err)
		}
		src.Limit = n
	}
	w, d, err := LoadData(src)
	if err != nil {
		return nil, err
	}
	if want := opts.Params[ParamDataSHA256]; want != "" && d.SHA256 != want {
		return nil, &DataError{Path: path, Err: fmt.Errorf("the file changed since the run started: its SHA-256 is %s, the run's %s", d.SHA256, want)}
	}
	return w, nil
}

// Data returns what w was loaded from, or nil for a workload that is not
// the user's data.
func (w *Workload) Data() *Data { return w.data }

// RegisterData makes the data workload w (from LoadData) known to Lookup,
// replacing any data workload of its name. All and Names do not list it:
// it is selected by the command that loaded it.
func RegisterData(w *Workload) {
	if w.data == nil || !strings.HasPrefix(w.Name, DataPrefix) {
		panic("workload: RegisterData of a workload that LoadData did not make: " + w.Name)
	}
	mu.Lock()
	defer mu.Unlock()
	dataRegistry[w.Name] = w
}

// Resolve returns the workload name for opts: a registered workload, or
// the data workload that opts.Params carry (loaded, checked against its
// digest and registered, once per process): how a worker process finds
// the user's data.
func Resolve(name string, opts Options) (*Workload, error) {
	if !strings.HasPrefix(name, DataPrefix) {
		return Lookup(name)
	}
	mu.Lock()
	w, ok := dataRegistry[name]
	mu.Unlock()
	if ok && w.data.SHA256 == opts.Params[ParamDataSHA256] {
		return w, nil
	}
	w, err := LoadDataParams(opts)
	if err != nil {
		return nil, err
	}
	if w.Name != name {
		return nil, fmt.Errorf("the data file %s makes workload %s, not %s", opts.Params[ParamData], w.Name, name)
	}
	RegisterData(w)
	return w, nil
}

// plural returns "1 value" or "n values".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// sizeText writes n bytes in the largest binary unit that keeps a whole
// number before the point, with the bytes when it is not bytes.
func sizeText(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// decodeData decodes raw in *format, detecting it (and setting *format)
// when it is "".
func decodeData(raw []byte, format *string) ([]any, error) {
	switch *format {
	case DataJSON:
		return decodeJSON(raw)
	case DataNDJSON:
		return decodeNDJSON(raw)
	case DataMsgpack:
		return decodeMsgpack(raw)
	case DataCBOR:
		return decodeCBOR(raw)
	}
	text := bytes.TrimLeft(bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf")), " \t\r\n")
	if len(text) == 0 {
		return nil, errors.New("empty file: no values")
	}
	var jsonErr error
	if strings.IndexByte(`{["-0123456789tfn`, text[0]) >= 0 {
		n, err := countJSON(raw)
		switch {
		case err == nil && n == 1:
			*format = DataJSON
			return decodeJSON(raw)
		case err == nil:
			*format = DataNDJSON
			return decodeNDJSON(raw)
		case text[0] == '{' || text[0] == '[':
			// Meant as JSON: its error says what is wrong, by line
			// for NDJSON (values before the bad one).
			*format = DataJSON
			if n > 0 {
				*format = DataNDJSON
				if _, nerr := decodeNDJSON(raw); nerr != nil {
					return nil, nerr
				}
			}
			return nil, fmt.Errorf("%s: %w", *format, err)
		}
		jsonErr = err
	}
	if isText(raw) {
		// Every byte below 0x80 is a MessagePack integer, and many are
		// CBOR heads: text that is not JSON would decode as a stream of
		// small numbers. It is refused instead.
		if jsonErr == nil {
			_, jsonErr = countJSON(raw)
		}
		return nil, fmt.Errorf("text that is not JSON or NDJSON (as JSON: %v); MessagePack and CBOR are read from a text file only with --data-format", jsonErr)
	}
	vs, mErr := decodeMsgpack(raw)
	if mErr == nil {
		*format = DataMsgpack
		return vs, nil
	}
	vs, cErr := decodeCBOR(raw)
	if cErr == nil {
		*format = DataCBOR
		return vs, nil
	}
	msg := "not JSON, NDJSON, a MessagePack stream or a CBOR sequence"
	if jsonErr != nil {
		msg += "; as JSON: " + jsonErr.Error()
	}
	return nil, fmt.Errorf("%s; as MessagePack: %v; as CBOR: %v (--data-format forces a format)", msg, mErr, cErr)
}

// isText reports whether raw is UTF-8 text of printable characters, tabs
// and line breaks only (after an optional byte order mark).
func isText(raw []byte) bool {
	raw = bytes.TrimPrefix(raw, []byte("\xef\xbb\xbf"))
	if !utf8.Valid(raw) {
		return false
	}
	for _, r := range string(raw) {
		if !unicode.IsPrint(r) && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

// countJSON returns the number of top-level JSON values in raw.
func countJSON(raw []byte) (int, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	n := 0
	for {
		var v json.RawMessage
		err := dec.Decode(&v)
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, jsonError(raw, 0, err)
		}
		n++
	}
}

// lineCol returns the line and column (from 1) of byte offset off in raw.
func lineCol(raw []byte, off int) (line, col int) {
	off = min(max(off, 0), len(raw))
	line = 1 + bytes.Count(raw[:off], []byte("\n"))
	col = off - bytes.LastIndexByte(raw[:off], '\n')
	return line, col
}

// jsonError places a JSON decoding error of raw, whose text starts at
// byte base of the file, at its line and column.
func jsonError(raw []byte, base int, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	// The errors' offsets are just past the byte they stopped at.
	pos := -1
	switch {
	case errors.As(err, &se):
		pos = base + max(int(se.Offset)-1, 0)
	case errors.As(err, &te):
		pos = base + max(int(te.Offset)-1, 0)
	case errors.Is(err, io.ErrUnexpectedEOF):
		pos = len(raw)
		err = errors.New("unexpected end of the file")
	}
	if pos < 0 {
		return err
	}
	line, col := lineCol(raw, pos)
	return fmt.Errorf("line %d, column %d (byte offset %d): %w", line, col, pos, err)
}

// decodeJSON decodes one JSON document: an array's elements, or the
// document.
func decodeJSON(raw []byte) ([]any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, errors.New("json: empty file: no values")
		}
		return nil, fmt.Errorf("json: %w", jsonError(raw, 0, err))
	}
	var extra json.RawMessage
	if err := dec.Decode(&extra); err != io.EOF {
		off := int(dec.InputOffset())
		if err != nil {
			return nil, fmt.Errorf("json: %w", jsonError(raw, 0, err))
		}
		line, col := lineCol(raw, off-len(extra))
		return nil, fmt.Errorf("json: line %d, column %d (byte offset %d): a second JSON value after the document (NDJSON? --data-format ndjson)", line, col, off-len(extra))
	}
	doc, err := jsonValue(doc)
	if err != nil {
		return nil, fmt.Errorf("json: %w", err)
	}
	if a, ok := doc.([]any); ok {
		return a, nil
	}
	return []any{doc}, nil
}

// decodeNDJSON decodes one JSON value per line, skipping blank lines.
func decodeNDJSON(raw []byte) ([]any, error) {
	var out []any
	off := 0
	for lineNo := 1; off < len(raw); lineNo++ {
		end := bytes.IndexByte(raw[off:], '\n')
		if end < 0 {
			end = len(raw) - off
		}
		line := raw[off : off+end]
		base := off
		off += end + 1
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			if errors.Is(err, io.ErrUnexpectedEOF) {
				return nil, fmt.Errorf("ndjson: line %d: the value does not end on its line (unexpected end of the line)", lineNo)
			}
			return nil, fmt.Errorf("ndjson: %w", jsonError(raw, base, err))
		}
		if rest := bytes.TrimSpace(line[dec.InputOffset():]); len(rest) > 0 {
			col := int(dec.InputOffset()) + bytes.Index(line[dec.InputOffset():], rest[:1]) + 1
			return nil, fmt.Errorf("ndjson: line %d, column %d: a second value on the line (want one value per line)", lineNo, col)
		}
		v, err := jsonValue(v)
		if err != nil {
			return nil, fmt.Errorf("ndjson: line %d: %w", lineNo, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// jsonValue converts json.Numbers in v: an integer to int64 (uint64 above
// math.MaxInt64), any other number to float64.
func jsonValue(v any) (any, error) {
	switch x := v.(type) {
	case json.Number:
		s := string(x)
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			return i, nil
		}
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return u, nil
		}
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("number %s: out of the range of a float64", s)
		}
		return f, nil
	case map[string]any:
		for k, e := range x {
			c, err := jsonValue(e)
			if err != nil {
				return nil, err
			}
			x[k] = c
		}
	case []any:
		for i, e := range x {
			c, err := jsonValue(e)
			if err != nil {
				return nil, err
			}
			x[i] = c
		}
	}
	return v, nil
}

// decodeMsgpack decodes a MessagePack stream.
func decodeMsgpack(raw []byte) ([]any, error) {
	if err := checkMsgpack(raw); err != nil {
		return nil, err
	}
	r := bytes.NewReader(raw)
	dec := msgpack.NewDecoder(r)
	dec.UseLooseInterfaceDecoding(true)
	return decodeSequence("msgpack", raw, func([]byte) (any, []byte, error) {
		v, err := dec.DecodeInterface()
		return v, raw[len(raw)-r.Len():], err
	})
}

// cborDecMode decodes CBOR sequences into generic values: maps with string
// keys, integers as int64 when they fit.
var cborDecMode = func() cbor.DecMode {
	dm, err := cbor.DecOptions{
		DefaultMapType: reflect.TypeFor[map[string]any](),
		IntDec:         cbor.IntDecConvertNone,
		DupMapKey:      cbor.DupMapKeyEnforcedAPF,
	}.DecMode()
	if err != nil {
		panic(err)
	}
	return dm
}()

// decodeCBOR decodes a CBOR sequence.
func decodeCBOR(raw []byte) ([]any, error) {
	return decodeSequence("cbor", raw, func(rest []byte) (any, []byte, error) {
		var v any
		r, err := cborDecMode.UnmarshalFirst(rest, &v)
		return v, r, err
	})
}

// decodeSequence decodes the values of raw, a MessagePack or CBOR
// sequence, one after another, as binaryValue converts them: next decodes
// the value at the start of rest and returns what follows it. format
// names the encoding in the error, which gives the value's position and
// byte offset.
func decodeSequence(format string, raw []byte, next func(rest []byte) (any, []byte, error)) ([]any, error) {
	var out []any
	for rest := raw; len(rest) > 0; {
		off := len(raw) - len(rest)
		v, r, err := next(rest)
		if err == nil {
			v, err = binaryValue(v)
		}
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = errors.New("the file ends inside the value")
			}
			return nil, fmt.Errorf("%s: value %d at byte offset %d: %w", format, len(out)+1, off, err)
		}
		out = append(out, v)
		rest = r
	}
	return out, nil
}

// binaryValue converts a value decoded from MessagePack or CBOR to the
// generic values of data workloads: integers to int64 (uint64 above
// math.MaxInt64), floats to float64; maps must have string keys.
func binaryValue(v any) (any, error) {
	switch x := v.(type) {
	case nil, bool, string, int64, float64, []byte, time.Time:
		return v, nil
	case uint64:
		if x <= math.MaxInt64 {
			return int64(x), nil
		}
		return x, nil
	case uint:
		return binaryValue(uint64(x))
	case int8, int16, int32, int, uint8, uint16, uint32:
		return reflect.ValueOf(x).Convert(reflect.TypeFor[int64]()).Interface(), nil
	case float32:
		return float64(x), nil
	case map[string]any:
		for k, e := range x {
			c, err := binaryValue(e)
			if err != nil {
				return nil, fmt.Errorf("in %q: %w", k, err)
			}
			x[k] = c
		}
		return x, nil
	case []any:
		for i, e := range x {
			c, err := binaryValue(e)
			if err != nil {
				return nil, fmt.Errorf("at index %d: %w", i, err)
			}
			x[i] = c
		}
		return x, nil
	case map[any]any:
		return nil, errors.New("a map with keys that are not all strings (data workloads take string keys only)")
	}
	return nil, fmt.Errorf("a value of Go type %T, which data workloads do not take (want maps with string keys, arrays, strings, numbers, booleans, nil, bytes or times)", v)
}
