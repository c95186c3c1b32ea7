package codec

import "fmt"

// New returns a Codec with the given info whose Bind calls bind. Most codec
// packages register codecs made with New.
func New(info Info, bind func(t Target) (Instance, error)) Codec {
	return funcCodec{info: info, bind: bind}
}

type funcCodec struct {
	info Info
	bind func(t Target) (Instance, error)
}

func (c funcCodec) Info() Info                      { return c.info }
func (c funcCodec) Bind(t Target) (Instance, error) { return c.bind(t) }

// NewReflect returns a Codec with the given info for a reflection-based
// library that encodes any Go value with marshal and unmarshal: every
// target binds to Reflect(t, marshal, unmarshal).
func NewReflect(info Info, marshal func(v any) ([]byte, error), unmarshal func(data []byte, v any) error) Codec {
	return New(info, func(t Target) (Instance, error) { return Reflect(t, marshal, unmarshal), nil })
}

// Reflect returns an Instance for a reflection-based library that encodes
// any Go value: Encode calls marshal with the canonical pointer and Decode
// calls unmarshal with a pointer to a new zero value from t.New, the way
// such libraries document their use (json.Marshal(&v), json.Unmarshal(b, &v)).
func Reflect(t Target, marshal func(v any) ([]byte, error), unmarshal func(data []byte, v any) error) Instance {
	return reflectInstance{newValue: t.New, marshal: marshal, unmarshal: unmarshal}
}

type reflectInstance struct {
	newValue  func() any
	marshal   func(v any) ([]byte, error)
	unmarshal func(data []byte, v any) error
}

func (r reflectInstance) Prepare(canonical any) (any, error) { return canonical, nil }
func (r reflectInstance) Encode(v any) ([]byte, error)       { return r.marshal(v) }
func (r reflectInstance) Decode(data []byte) (any, error) {
	v := r.newValue()
	err := r.unmarshal(data, v)
	return v, err
}
func (r reflectInstance) Canonical(decoded any) (any, error) { return decoded, nil }

// Funcs is an Instance made of functions, for codecs whose calls do not fit
// Reflect. A nil Prepare or Canonical returns its argument unchanged.
type Funcs struct {
	PrepareFunc   func(canonical any) (any, error)
	EncodeFunc    func(prepared any) ([]byte, error)
	DecodeFunc    func(data []byte) (any, error)
	CanonicalFunc func(decoded any) (any, error)
}

// Prepare calls PrepareFunc, or returns canonical when it is nil.
func (f Funcs) Prepare(canonical any) (any, error) {
	if f.PrepareFunc == nil {
		return canonical, nil
	}
	return f.PrepareFunc(canonical)
}

// Encode calls EncodeFunc.
func (f Funcs) Encode(prepared any) ([]byte, error) { return f.EncodeFunc(prepared) }

// Decode calls DecodeFunc.
func (f Funcs) Decode(data []byte) (any, error) { return f.DecodeFunc(data) }

// Canonical calls CanonicalFunc, or returns decoded when it is nil.
func (f Funcs) Canonical(decoded any) (any, error) {
	if f.CanonicalFunc == nil {
		return decoded, nil
	}
	return f.CanonicalFunc(decoded)
}

// PanicError is returned when a codec call panics.
type PanicError struct {
	// Op is the call that panicked: "prepare", "encode", "decode" or
	// "canonical".
	Op    string
	Value any
}

func (e *PanicError) Error() string { return fmt.Sprintf("%s panicked: %v", e.Op, e.Value) }

// Call runs f and turns a panic into a *PanicError for op.
func Call(op string, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{Op: op, Value: v}
		}
	}()
	return f()
}

// RoundTrip prepares, encodes and decodes one canonical value with inst
// and returns the decoded value in canonical form, and a copy of the
// encoding. A panic in any step is returned as a *PanicError; every error
// names the step that failed.
func RoundTrip(inst Instance, canonical any) (decoded any, encoded []byte, err error) {
	var prepared, native any
	if err = Call("prepare", func() (e error) { prepared, e = inst.Prepare(canonical); return }); err != nil {
		return nil, nil, fmt.Errorf("prepare: %w", err)
	}
	if err = Call("encode", func() (e error) { encoded, e = inst.Encode(prepared); return }); err != nil {
		return nil, nil, fmt.Errorf("encode: %w", err)
	}
	encoded = append([]byte(nil), encoded...)
	if err = Call("decode", func() (e error) { native, e = inst.Decode(encoded); return }); err != nil {
		return nil, encoded, fmt.Errorf("decode: %w", err)
	}
	if err = Call("canonical", func() (e error) { decoded, e = inst.Canonical(native); return }); err != nil {
		return nil, encoded, fmt.Errorf("canonical: %w", err)
	}
	return decoded, encoded, nil
}

// Accessor is implemented by instances of zero-copy formats (FlatBuffers,
// Cap'n Proto) that can read a few fields straight from encoded bytes
// without decoding the rest: the "access" operation, as in the Access table
// of rust_serialization_benchmark.
//
// Access reads the workload's access fields (workload.Workload.Access says
// which, for example workload.PersonFields) from data, the output of
// Encode, and returns them as that value. Like Decode it must not modify
// data. The harness verifies Access against the original values before it
// times it.
type Accessor interface {
	Access(data []byte) (any, error)
}

// WithAccess returns inst with an Access method that calls access, so that
// it implements Accessor.
func WithAccess(inst Instance, access func(data []byte) (any, error)) Instance {
	return accessInstance{Instance: inst, access: access}
}

type accessInstance struct {
	Instance
	access func(data []byte) (any, error)
}

func (a accessInstance) Access(data []byte) (any, error) { return a.access(data) }

// WithConversion returns the "+convert" variant of a code-generated codec's
// instance: its Prepare and Canonical return their argument, its Encode
// calls inst.Prepare (the conversion of the canonical value into the
// generated type) and then inst.Encode, and its Decode calls inst.Decode
// and then inst.Canonical. The conversion is so timed with the encoding, as
// an application that keeps its data in its own Go types pays it. Register
// it with Flags.IncludesConversion set and the name suffix "+convert".
//
// An Accessor keeps its Access method.
func WithConversion(inst Instance) Instance {
	c := convertInstance{inner: inst}
	if a, ok := inst.(Accessor); ok {
		return WithAccess(c, a.Access)
	}
	return c
}

type convertInstance struct{ inner Instance }

func (c convertInstance) Prepare(canonical any) (any, error) { return canonical, nil }
func (c convertInstance) Encode(canonical any) ([]byte, error) {
	p, err := c.inner.Prepare(canonical)
	if err != nil {
		return nil, err
	}
	return c.inner.Encode(p)
}
func (c convertInstance) Decode(data []byte) (any, error) {
	v, err := c.inner.Decode(data)
	if err != nil {
		return nil, err
	}
	return c.inner.Canonical(v)
}
func (c convertInstance) Canonical(decoded any) (any, error) { return decoded, nil }

// ConvertVariant returns the "+convert" variant of a code-generated codec:
// named c's name plus "+convert", with Flags.IncludesConversion set, and
// binding instances of c wrapped by WithConversion, so that the timed calls
// include the conversion between the canonical value and the generated type.
func ConvertVariant(c Codec) Codec {
	info := c.Info()
	base := info.Name
	info.Name += "+convert"
	info.Flags.IncludesConversion = true
	info.Flags.GeneratedTypes = false
	info.Notes = "as " + base + ", with the conversion between the canonical values and the generated types timed"
	return New(info, func(t Target) (Instance, error) {
		inst, err := c.Bind(t)
		if err != nil {
			return nil, err
		}
		return WithConversion(inst), nil
	})
}

// RegisterWithConversion registers c, a code-generated codec whose timed
// calls stop at its generated types, with Flags.GeneratedTypes set, and
// its ConvertVariant, which includes the conversion and is the plain row
// of the library (unless c has other variant flags).
func RegisterWithConversion(c Codec) {
	gen := GeneratedTypesVariant(c)
	Register(gen)
	Register(ConvertVariant(gen))
}

// GeneratedTypesVariant returns c with Flags.GeneratedTypes set, for a
// code-generated codec whose Prepare converts the canonical value into its
// generated type and whose Decode returns that type.
func GeneratedTypesVariant(c Codec) Codec {
	info := c.Info()
	if info.Flags.GeneratedTypes {
		return c
	}
	info.Flags.GeneratedTypes = true
	return New(info, c.Bind)
}
