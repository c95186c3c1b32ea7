// Package gob registers the standard library's encoding/gob as two codecs,
// which differ in how the gob stream is used:
//
//   - "gob-stream" uses gob as it is meant to be used: one long-lived
//     gob.Encoder and one gob.Decoder per instance, for the whole stream
//     of values. At Bind the encoder, which writes into a bytes.Buffer, is
//     primed by encoding a zero value, so the type definition is sent once,
//     in that priming message. Each Encode then returns (a copy of) only the
//     bytes the encoder wrote for that value: a value message that holds a
//     type id and the value, but no type definition. The decoder is primed
//     with the priming message, which teaches it the type definition, and
//     then reads each message from a bytes.Reader that Decode resets to the
//     caller's data.
//
//     Decoding value messages one at a time, in any order, works only
//     because every one of them comes after the type definition in the
//     stream and is otherwise self-contained: a gob value message refers to
//     its type by id, and the ids are those the priming message defined.
//     The ids are assigned per process, per type, so any gob-stream instance
//     of the same process, once primed, decodes the messages of any other.
//     A message taken out of its stream could not be decoded by a decoder
//     that has not seen the type definition.
//
//   - "gob-message" makes a new gob.Encoder and gob.Decoder for every
//     message, so every message carries the type definition too, as
//     go_serialization_benchmarks measured gob. It shows the cost of using
//     gob for independent messages, which it was not designed for.
//
// gob does not send zero-length slices (it omits zero fields), so empty
// slices decode as nil: both codecs declare that loss. Maps keep nil apart
// from empty, since gob sends non-nil maps even when they are empty.
package gob

import (
	"bytes"
	"encoding/gob"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/expect"
)

var nilEmpty = codec.Loss{
	Kind:   codec.NilEmpty,
	Detail: "empty slices are not transmitted (gob omits zero-length slices) and decode as nil; empty and nil maps stay apart",
}

// onCorpora is what the conformance test shows gob does on the corpora.
var onCorpora = corporaExpect()

// corporaExpect returns gob's expectations on the corpora workloads: it
// cannot encode their generic forms, and it loses twitter's false
// possibly_sensitive.
func corporaExpect() []codec.Expectation {
	return append([]codec.Expectation{{Workload: "twitter", Kind: codec.ExpectMismatch,
		Why: "gob transmits no zero value, not even through a pointer: a *bool pointing to false (possibly_sensitive: false) decodes as a nil pointer, as if the field were missing"}},
		expect.GenericCorpora(codec.ExpectUnsupported,
			"gob encodes a value in an interface{} only when its dynamic type is registered with gob.Register, and the arrays and objects "+
				"nested in the document ([]interface{}, map[string]interface{}) are not (encode fails: type not registered for interface); "+
				"the adapter registers no type, which would change gob for the whole process")...)
}

func init() {
	codec.Register(codec.New(codec.Info{
		Name:   "gob-stream",
		Format: "gob",
		Module: "std",
		API:    codec.Reflection,
		Losses: []codec.Loss{nilEmpty},
		Expect: onCorpora,
		Notes:  "one gob.Encoder and gob.Decoder per instance for the whole stream, primed with a zero value at Bind so the type definition is sent once; each message holds one value",
	}, bindStream))

	codec.Register(codec.New(codec.Info{
		Name:   "gob-message",
		Format: "gob",
		Module: "std",
		API:    codec.Reflection,
		Losses: []codec.Loss{nilEmpty},
		Expect: onCorpora,
		Notes:  "a new gob.Encoder and gob.Decoder per message: every message carries the type definition, as go_serialization_benchmarks measured gob",
	}, func(t codec.Target) (codec.Instance, error) {
		if _, err := primingMessage(t); err != nil {
			return nil, err
		}
		return codec.Reflect(t, encodeMessage, decodeMessage), nil
	}))
}

// encodeMessage encodes v with a new encoder: type definition and value.
func encodeMessage(v any) ([]byte, error) {
	var buf bytes.Buffer
	err := gob.NewEncoder(&buf).Encode(v)
	return buf.Bytes(), err
}

// decodeMessage decodes a message made by encodeMessage with a new decoder.
func decodeMessage(data []byte, v any) error {
	return gob.NewDecoder(bytes.NewReader(data)).Decode(v)
}

// primingMessage returns the stream a new encoder writes for a zero value
// of t's type: the type definition followed by the zero value. An error
// means gob cannot represent the type.
func primingMessage(t codec.Target) ([]byte, error) {
	b, err := encodeMessage(t.New())
	if err != nil {
		return nil, codec.Unsupportedf("gob cannot encode %s: %v", t.Type, err)
	}
	return b, nil
}

// stream is a gob-stream instance: an encoder and a decoder kept for the
// whole stream.
type stream struct {
	t   codec.Target
	buf bytes.Buffer // the encoder's output; holds one message at a time
	enc *gob.Encoder // writes into buf
	r   bytes.Reader // the decoder's input, reset to each message
	dec *gob.Decoder // reads from r
}

func bindStream(t codec.Target) (codec.Instance, error) {
	s := &stream{t: t}
	s.enc = gob.NewEncoder(&s.buf)
	// Priming: the first Encode of a type sends its definition.
	if err := s.enc.Encode(t.New()); err != nil {
		return nil, codec.Unsupportedf("gob cannot encode %s: %v", t.Type, err)
	}
	priming := bytes.Clone(s.buf.Bytes())
	s.buf.Reset()
	// bytes.Reader is an io.ByteReader, so the decoder reads from it
	// directly, without a bufio.Reader that could read ahead past a
	// message.
	s.dec = gob.NewDecoder(&s.r)
	s.r.Reset(priming)
	if err := s.dec.Decode(t.New()); err != nil {
		return nil, err
	}
	if s.r.Len() != 0 {
		return nil, codec.Unsupportedf("gob priming message for %s not fully read", t.Type)
	}
	return codec.Funcs{EncodeFunc: s.encode, DecodeFunc: s.decode}, nil
}

// encode returns a copy of the message the stream encoder writes for v.
func (s *stream) encode(v any) ([]byte, error) {
	s.buf.Reset()
	if err := s.enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.Clone(s.buf.Bytes()), nil
}

// decode reads one message of the stream from data into a new value.
func (s *stream) decode(data []byte) (any, error) {
	s.r.Reset(data)
	v := s.t.New()
	err := s.dec.Decode(v)
	return v, err
}
