// Package codec is the contract between serbench and the serialization
// libraries it measures, in the way database/sql/driver is the contract
// between database/sql and its drivers.
//
// A codec package under codecs/ registers one or more Codec values with
// Register from an init function. serbench binds each Codec to a workload
// (a Target), gets an Instance, verifies it with a full round trip of every
// value of the workload, and only then times Instance.Encode and
// Instance.Decode.
//
// This package uses the standard library only. It deliberately does not
// time, verify, store or print anything: those are the jobs of the harness,
// verify, store and report packages.
//
// What it promises: this is serbench's public surface for libraries and
// users who bring a codec of their own. Codec, Instance, Info (with its
// Flags, Losses and Expect), Target, Register and the loss kinds change
// only compatibly: fields and kinds are added, never renamed or given
// another meaning; a codec written against this package keeps compiling
// and keeps being verified the same way.
package codec

import (
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"
)

// APIKind says how a codec maps Go values to bytes.
type APIKind string

// The API kinds.
const (
	// Reflection codecs inspect Go types at run time.
	Reflection APIKind = "reflection"
	// CodeGen codecs use code generated from a schema or from Go types.
	CodeGen APIKind = "codegen"
	// HandWritten codecs are written by hand for one type.
	HandWritten APIKind = "handwritten"
	// Parse codecs are parsers without binding to Go types: their Decode
	// returns the library's own value tree (a parsed document, as
	// valyala/fastjson's Parser gives), which holds the values but is not
	// the user's Go value, and they have no encoder from Go values (their
	// Encode writes the input with another library, which Info.Notes
	// names). Their Canonical converts the tree to the canonical value,
	// for verification only. They form a category of their own: reports
	// show their decode (parse) and access times in a section apart and
	// never rank them against codecs that build Go values, nor pick them.
	Parse APIKind = "parse"
)

// Flags are the variant flags of a codec. The plain, safe, allocating
// variant that takes and returns the user's own Go values has none of
// BufferReuse, UnsafeStrings and GeneratedTypes set; tables show those by
// default.
type Flags struct {
	// BufferReuse means Encode returns a slice of a buffer the instance
	// reuses on the next call, or Decode reuses a target value.
	BufferReuse bool
	// UnsafeStrings means decoded strings may alias the input bytes.
	UnsafeStrings bool
	// GeneratedTypes means the timed calls stop at the library's own
	// types: Encode starts from, and Decode ends at, a type generated
	// from a schema (or a library's native form, such as goavro's maps),
	// and the conversion from and to the workload's canonical Go value
	// happens at setup, untimed. An application that keeps its data in
	// its own Go types pays that conversion, so such a row does not
	// compare like for like with one that builds the user's value: it is
	// a variant, labelled "gen-types", shown beside the "+convert"
	// variant that includes the conversion.
	GeneratedTypes bool
	// IncludesConversion means the timed calls include the conversion
	// between the workload's canonical value and a generated type. It is
	// not a variant flag: what it times is what a user of the library
	// pays ("your Go value in, your Go value out"), so a codec with only
	// this flag set is plain.
	IncludesConversion bool
}

// Plain reports whether no variant flag is set: the codec neither reuses
// buffers, nor aliases its input, nor stops at generated types.
func (f Flags) Plain() bool { return !f.BufferReuse && !f.UnsafeStrings && !f.GeneratedTypes }

// String lists the set flags, comma-separated, or "-" when none is set.
func (f Flags) String() string {
	var s []string
	if f.BufferReuse {
		s = append(s, "reuse")
	}
	if f.UnsafeStrings {
		s = append(s, "unsafe")
	}
	if f.GeneratedTypes {
		s = append(s, "gen-types")
	}
	if f.IncludesConversion {
		s = append(s, "convert")
	}
	if len(s) == 0 {
		return "-"
	}
	return strings.Join(s, ",")
}

// LossKind names a way in which a codec is known not to preserve a value.
type LossKind string

// The kinds of declared loss. Each becomes a comparison option when
// decoded values are checked against the originals.
const (
	// TimePrecision: decoded times are within Loss.Precision of the
	// original instant (for example milliseconds in BSON).
	TimePrecision LossKind = "time-precision"
	// TimeZone: decoded times keep the instant but not the UTC offset
	// (for example decoded in UTC or in the local zone).
	TimeZone LossKind = "time-zone"
	// NilEmpty: nil and empty maps or slices are not told apart.
	NilEmpty LossKind = "nil-empty"
	// FloatPrecision: floating-point values come back within Loss.Margin
	// (absolute) or Loss.Epsilon (relative to the smaller magnitude) of
	// the original, as cmpopts.EquateApprox compares them.
	FloatPrecision LossKind = "float-precision"
	// InterfaceTypes: numbers held in interface{} values (for example in
	// a []interface{} or a map[string]interface{}) come back as the same
	// number with another dynamic type, as when JSON decodes every number
	// into an interface{} as float64 or BSON decodes uint16 as int32. A
	// different number is never accepted; a float32 is accepted back as a
	// number that rounds to it, as text formats write it with the fewest
	// digits that identify a float32.
	InterfaceTypes LossKind = "interface-types"
	// SkippedField: a struct field that the Go type's own tag tells a
	// library to skip (the value of one of the tag's keys is exactly
	// "-", as in `json:"-"`) comes back as the zero value of its type.
	// Only such a field, and only as its zero value: a field without a
	// "-" tag, or one that comes back as another value, is still a
	// difference. No codec declares it for serbench's workloads (none of
	// their fields is tagged "-"): package bench declares it for a user's
	// type with such fields, whose author decided they are not carried.
	SkippedField LossKind = "skipped-field"
	// BigFloatMode: *big.Float values come back with another rounding
	// mode (Float.Mode) than their own, as the number, its sign and its
	// precision are carried but the mode is not: a number parsed from
	// big.Float's text form (MarshalText, Text) or from a CBOR fraction
	// is ToNearestEven, whatever the original's mode (GobEncode carries
	// it). Declare it only when a workload's values show it: those of
	// serbench's bigfloat workload all have the default mode.
	BigFloatMode LossKind = "bigfloat-mode"
	// Unsupported is never declared by a codec; verification uses it for
	// values a codec refuses to represent.
	Unsupported LossKind = "unsupported"
)

// Loss is one declared way in which a codec does not preserve values.
// Declared losses are accepted by verification and shown in every output;
// any other difference marks the codec as failing verification.
type Loss struct {
	Kind LossKind
	// Precision bounds the error of TimePrecision losses.
	Precision time.Duration
	// Epsilon bounds the relative error of FloatPrecision losses.
	Epsilon float64
	// Margin bounds the absolute error of FloatPrecision losses.
	Margin float64
	// Detail says what is lost, in words, for example
	// "times truncated to milliseconds".
	Detail string
}

// String returns the kind and detail of l.
func (l Loss) String() string {
	if l.Detail == "" {
		return string(l.Kind)
	}
	return string(l.Kind) + ": " + l.Detail
}

// Info describes a codec. Name must be unique across all registered codecs.
type Info struct {
	// Name is the codec's unique name: lower case, made of letters,
	// digits and the characters "-", "+", "." and "_"; variants add a
	// suffix ("fxcbor", "fxcbor-rfc3339nano").
	Name string
	// Format is the data format: "json", "msgpack", "cbor", "bson", ...
	Format string
	// Module is the Go module path of the library ("std" for the
	// standard library, "serbench" for code of this project). Its version
	// is read from the build information at run time.
	Module string
	// Package is the import path of the package whose API is called,
	// when it is not the module root (for example
	// "github.com/ugorji/go/codec").
	Package string
	// API is how the codec maps Go values to bytes.
	API APIKind
	// Flags are the variant flags.
	Flags Flags
	// Losses are the declared, accepted losses.
	Losses []Loss
	// Notes are shown with the codec in listings.
	Notes string
	// Reference, when set, marks a reference measurement rather than a
	// library, and names its role ("floor": the harness's per-operation
	// overhead). Its round trip is not verified (it carries no data), its
	// cells are marked with the role, and tables never rank it.
	Reference string
	// Expect lists what is known of the codec on particular workloads:
	// those it cannot represent although Bind accepts them, and those
	// whose values it is known to corrupt. Declare an expectation only
	// after seeing the failure; the conformance test (codec/codectest)
	// checks each against the codec.
	Expect []Expectation
}

// Expected returns the reason of the expectation of the given kind that
// Info declares for the named workload, or "" when it declares none.
func (i Info) Expected(workload string, kind ExpectKind) string {
	for _, e := range i.Expect {
		if e.Workload == workload && e.Kind == kind {
			return e.Why
		}
	}
	return ""
}

// ExpectKind is the kind of an Expectation.
type ExpectKind string

// The kinds of expectation.
const (
	// ExpectUnsupported: the codec cannot represent the workload's values
	// (for example its decoder fails on every one of them), in a way its
	// Bind does not detect. The codec is listed as unsupported on that
	// workload, with Why as the reason, and never bound to it. Where Bind
	// can tell, it returns Unsupportedf instead.
	ExpectUnsupported ExpectKind = "unsupported"
	// ExpectMismatch: the codec is known to corrupt the workload's values,
	// silently, and Why says what it corrupts. It is still verified, timed
	// and marked FAIL in every output, like any codec with an undeclared
	// loss; the conformance test expects the corruption to show, and fails
	// once it no longer does, so that the expectation is removed when the
	// library is fixed.
	ExpectMismatch ExpectKind = "known-mismatch"
)

// Expectation is one fact about a codec on one workload, declared in its
// Info.Expect.
type Expectation struct {
	// Workload is the workload's name, for example "bigfloat".
	Workload string
	// Kind says whether the codec cannot represent the workload or is
	// known to corrupt its values.
	Kind ExpectKind
	// Why says, in words, what fails: the reason shown for an unsupported
	// codec, or what a known mismatch corrupts.
	Why string
}

// Target is a workload as a codec sees it: a name and a canonical Go type.
type Target struct {
	// Workload is the workload's name, for example "person".
	Workload string
	// Type is the canonical, non-pointer Go type of the workload's values.
	// Values are passed to codecs as pointers to this type.
	Type reflect.Type
	// New returns a pointer to a new zero value of Type.
	New func() any
}

// Instance is a codec bound to one workload. An instance is used by one
// goroutine at a time; the harness binds one instance per goroutine.
type Instance interface {
	// Prepare converts a canonical value (a pointer to Target.Type) into
	// the form Encode takes. Reflection codecs return it unchanged; code-
	// generated codecs convert it to their generated type. Prepare is
	// called at setup, outside the timed loop.
	Prepare(canonical any) (any, error)
	// Encode returns the encoding of a prepared value. Unless the
	// codec's BufferReuse flag is set, the returned slice belongs to the
	// caller and is not retained by the instance.
	Encode(prepared any) ([]byte, error)
	// Decode decodes data into a new value of the codec's native type and
	// returns it. It must not modify data, and unless the UnsafeStrings
	// flag is set the result must not alias data.
	Decode(data []byte) (any, error)
	// Canonical converts a value returned by Decode into a pointer to a
	// canonical value, for verification, outside the timed loop.
	Canonical(decoded any) (any, error)
}

// Codec is a registered codec implementation.
type Codec interface {
	// Info describes the codec.
	Info() Info
	// Bind returns an instance for the target's workload, or an error
	// wrapping ErrUnsupported that says why the codec cannot represent it.
	Bind(t Target) (Instance, error)
}

// ErrUnsupported is wrapped by Bind errors of codecs that cannot represent
// a workload's types.
var ErrUnsupported = errors.New("unsupported")

// Unsupportedf returns an error wrapping ErrUnsupported with a reason.
func Unsupportedf(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrUnsupported, fmt.Sprintf(format, args...))
}

var (
	mu       sync.Mutex
	registry = map[string]Codec{}
)

// Register makes a codec available. It panics if the name is empty, is
// not a valid name, or is registered twice, as database/sql.Register does.
func Register(c Codec) {
	info := c.Info()
	if err := validName(info.Name); err != nil {
		panic("codec: Register: " + err.Error())
	}
	if err := validExpect(info.Expect); err != nil {
		panic("codec: Register " + info.Name + ": " + err.Error())
	}
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[info.Name]; dup {
		panic("codec: Register called twice for " + info.Name)
	}
	registry[info.Name] = c
}

func validName(name string) error {
	if name == "" {
		return errors.New("empty codec name")
	}
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', strings.ContainsRune("-+._", r):
		default:
			return fmt.Errorf("codec name %q has character %q (want a-z, 0-9, - + . _)", name, r)
		}
	}
	return nil
}

func validExpect(expect []Expectation) error {
	seen := map[string]bool{}
	for _, e := range expect {
		switch {
		case e.Kind != ExpectUnsupported && e.Kind != ExpectMismatch:
			return fmt.Errorf("expectation for workload %q has kind %q (want %q or %q)", e.Workload, e.Kind, ExpectUnsupported, ExpectMismatch)
		case e.Workload == "" || e.Why == "":
			return fmt.Errorf("%s expectation without a workload or a reason: %+v", e.Kind, e)
		}
		if seen[e.Workload] {
			return fmt.Errorf("two expectations for workload %q", e.Workload)
		}
		seen[e.Workload] = true
	}
	return nil
}

// All returns the registered codecs sorted by name.
func All() []Codec {
	mu.Lock()
	defer mu.Unlock()
	out := make([]Codec, 0, len(registry))
	for _, c := range registry {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().Name < out[j].Info().Name })
	return out
}

// Lookup returns the codec registered under name.
func Lookup(name string) (Codec, bool) {
	mu.Lock()
	defer mu.Unlock()
	c, ok := registry[name]
	return c, ok
}
