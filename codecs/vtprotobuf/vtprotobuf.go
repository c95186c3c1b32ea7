// Package vtprotobuf registers github.com/planetscale/vtprotobuf, the
// protoc plugin protoc-gen-go-vtproto that generates unrolled, reflection-
// free marshalling methods for protoc-gen-go's messages, on the messages of
// package internal/gen/pb (schema/*.proto), as five codecs:
//
//   - "vtprotobuf": MarshalVT, which sizes the output with SizeVT and
//     allocates it once, and UnmarshalVT into a new message, as the
//     plugin's README shows. The canonical values are converted to and from
//     the messages at setup, outside the timed calls.
//   - "vtprotobuf+convert": the same, with the conversions timed too.
//   - "vtprotobuf-pooled": Decode takes the message from the plugin's
//     memory pool (PersonFromVTPool, ...) and UnmarshalVT into it, and
//     gives the message it returned the call before back to the pool
//     (ReturnToVTPool), which keeps the arrays of its repeated fields for
//     the next message: the use the README describes for the pool feature.
//     Encoding is that of "vtprotobuf". The message Decode returns, and the
//     canonical value Canonical makes of it, which shares its slices, are
//     valid until the next Decode only: the harness verifies each decoded
//     value before it decodes the next.
//   - "vtprotobuf-pooled+convert": each Decode takes a message from the
//     pool, unmarshals into it, converts it to a canonical value that owns
//     its memory and returns the message to the pool; Encode converts and
//     marshals as "vtprotobuf+convert".
//   - "vtprotobuf-reuse": MarshalToSizedBufferVT into a buffer the instance
//     keeps from one call to the next, grown to SizeVT when too small (the
//     README: "useful e.g. when using memory pooling to re-use
//     serialization buffers"); decoding is that of "vtprotobuf".
//
// The messages are the same as package protobuf's and so is the encoding,
// byte for byte but for the order of map entries, random in both (a test in
// internal/gen/pb checks it). The pools are
// enabled by the plugin's pool option in internal/gen/pb/generate.go.
//
// The typed corpora's schemas make the Go pointers proto3 optional fields
// and the `any` fields, null in every record, bytes holding their JSON text
// (see package protobuf). Every message of the schemas has a pool, the
// corpora's nested messages included.
//
// It binds the person, nested and floats workloads and the typed corpora
// (twitter, citm, canada), and no other.
package vtprotobuf

import (
	"fmt"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/gen/pb"
)

const module = "github.com/planetscale/vtprotobuf"

func init() {
	register := func(name string, flags codec.Flags, notes string, bind func(pb.Binding) codec.Instance) {
		codec.Register(codec.New(codec.Info{
			Name:   name,
			Format: "protobuf",
			Module: module,
			API:    codec.CodeGen,
			Flags:  flags,
			Losses: pb.Losses,
			Notes:  notes,
		}, func(t codec.Target) (codec.Instance, error) {
			b, ok := pb.BindingFor(t.Type)
			if !ok {
				return nil, codec.Unsupportedf("vtprotobuf has messages for workload.Person, workload.TestStruc, []float32, workload.TwitterStatus, workload.CITMPerformance and workload.CanadaFeature only, not %s (workload %q)", t.Type, t.Workload)
			}
			return bind(b), nil
		}))
	}
	register("vtprotobuf", codec.Flags{GeneratedTypes: true},
		"generated MarshalVT / UnmarshalVT into a new message, on the messages of protoc-gen-go (internal/gen/pb), converted from the canonical values at setup; "+
			"the typed corpora's any fields (always nil) are bytes of JSON text",
		plain)
	register("vtprotobuf+convert", codec.Flags{IncludesConversion: true},
		"as vtprotobuf, with the conversion between the canonical values and the generated messages timed",
		func(b pb.Binding) codec.Instance { return codec.WithConversion(plain(b)) })
	register("vtprotobuf-pooled", codec.Flags{BufferReuse: true, GeneratedTypes: true},
		"as vtprotobuf, but Decode takes the message from vtprotobuf's pool (XFromVTPool) and returns the one it decoded the call before "+
			"to the pool (ReturnToVTPool), whose ResetVT keeps the arrays of repeated fields for the next message: "+
			"a decoded message, and its canonical value, are valid until the next Decode",
		func(b pb.Binding) codec.Instance { return &pooled{b: b} })
	register("vtprotobuf-pooled+convert", codec.Flags{BufferReuse: true, IncludesConversion: true},
		"as vtprotobuf+convert, but each Decode takes a message from vtprotobuf's pool, converts it into a canonical value "+
			"that owns its memory (copying the slices the message keeps) and returns it to the pool",
		pooledConvert)
	register("vtprotobuf-reuse", codec.Flags{BufferReuse: true, GeneratedTypes: true},
		"as vtprotobuf, but Encode marshals with MarshalToSizedBufferVT into the instance's buffer, reused from call to call",
		reuse)
}

func message(v any) (pb.Message, error) {
	m, ok := v.(pb.Message)
	if !ok || m == nil {
		return nil, fmt.Errorf("vtprotobuf: %T is not a message of internal/gen/pb", v)
	}
	return m, nil
}

func encode(v any) ([]byte, error) {
	m, err := message(v)
	if err != nil {
		return nil, err
	}
	return m.MarshalVT()
}

func plain(b pb.Binding) codec.Instance {
	return codec.Funcs{
		PrepareFunc: func(v any) (any, error) { return b.Of(v) },
		EncodeFunc:  encode,
		DecodeFunc: func(data []byte) (any, error) {
			m := b.New()
			err := m.UnmarshalVT(data)
			return m, err
		},
		CanonicalFunc: func(v any) (any, error) {
			m, err := message(v)
			if err != nil {
				return nil, err
			}
			return b.Canonical(m, false)
		},
	}
}

// pooled is the instance of "vtprotobuf-pooled".
type pooled struct {
	b pb.Binding
	// prev is the message returned by the last Decode, which the next one
	// returns to the pool.
	prev pb.Message
}

func (p *pooled) Prepare(v any) (any, error) { return p.b.Of(v) }

func (p *pooled) Encode(v any) ([]byte, error) { return encode(v) }

func (p *pooled) Decode(data []byte) (any, error) {
	if p.prev != nil {
		p.prev.ReturnToVTPool()
		p.prev = nil
	}
	m := p.b.FromVTPool()
	if err := m.UnmarshalVT(data); err != nil {
		m.ReturnToVTPool()
		return nil, err
	}
	p.prev = m
	return m, nil
}

// Canonical converts the message returned by the last Decode. The result
// shares the message's slices, as the conversions of "vtprotobuf" do, and
// so is valid until the next Decode, which returns the message to the pool
// and reuses them.
func (p *pooled) Canonical(v any) (any, error) {
	m, err := message(v)
	if err != nil {
		return nil, err
	}
	return p.b.Canonical(m, false)
}

func pooledConvert(b pb.Binding) codec.Instance {
	return codec.Funcs{
		EncodeFunc: func(v any) ([]byte, error) {
			m, err := b.Of(v)
			if err != nil {
				return nil, err
			}
			return m.MarshalVT()
		},
		DecodeFunc: func(data []byte) (any, error) {
			m := b.FromVTPool()
			defer m.ReturnToVTPool()
			if err := m.UnmarshalVT(data); err != nil {
				return nil, err
			}
			return b.Canonical(m, true)
		},
	}
}

func reuse(b pb.Binding) codec.Instance {
	var buf []byte
	inst := plain(b).(codec.Funcs)
	inst.EncodeFunc = func(v any) ([]byte, error) {
		m, err := message(v)
		if err != nil {
			return nil, err
		}
		n := m.SizeVT()
		if cap(buf) < n {
			buf = make([]byte, n)
		}
		k, err := m.MarshalToSizedBufferVT(buf[:n])
		if err != nil {
			return nil, err
		}
		return buf[n-k : n], nil
	}
	return inst
}
