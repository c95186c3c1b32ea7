// Package bigfloat registers the encodings of math/big.Float numbers of
// package bigfloatio as codecs of the bigfloat workload
// (workload.BigFloat) only:
//
//	bigfloat-text           decimal text, Text('g', -1), parsed at the precision
//	bigfloat-binary         big.Float's GobEncode/GobDecode form
//	bigfloat-binary-int     integers that fit an int64 as a tag byte and 8 bytes, else binary
//	bigfloat-binary-varint  integers below 2^55 in magnitude as a tag byte and a varint, else binary-int
//	bigfloat-gob            an encoding/gob stream of *big.Float (one primed encoder and decoder per instance)
//	bigfloat-cbor-bigfloat  CBOR tag 5 [exponent, mantissa] (fxamacker/cbor)
//	bigfloat-cbor-decimal   CBOR tag 4 [exponent, mantissa], the exact decimal value (fxamacker/cbor)
//
// The records of most encodings do not carry the precision (in a file of
// them the header holds it), but a message must decode on its own to a
// number of the right precision. So a message is the precision as an
// unsigned LEB128 varint (one byte below 128 bits, two below 16384),
// followed by the record exactly as bigfloatio writes it in a file. The
// empty message is a nil *big.Float (the workload's zero value). Record
// sizes without that prefix, for the seed's ranges, are in
// sizes_test.go.
package bigfloat

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"reflect"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/bigfloatio"
	"github.com/serbench/serbench/workload"
)

var bigFloatType = reflect.TypeFor[workload.BigFloat]()

const cborModule = "github.com/fxamacker/cbor/v2"

func init() {
	register("bigfloat-text", "bigfloat-text", "std", bigfloatio.Text,
		"x.Text('g', -1), the shortest decimal that rounds back to x, parsed with Float.Parse at the precision; a varint precision prefix")
	register("bigfloat-binary", "bigfloat-binary", "std", bigfloatio.Binary,
		"Float.GobEncode/GobDecode (the precision is inside it too); a varint precision prefix")
	register("bigfloat-binary-int", "bigfloat-binary-int", "std", bigfloatio.BinaryInt,
		"integers that fit an int64: tag 0x01 and 8 big-endian bytes; else tag 0x00 and GobEncode; a varint precision prefix")
	register("bigfloat-binary-varint", "bigfloat-binary-varint", "std", bigfloatio.BinaryVarint,
		"integers in -2^55..2^55: tag 0x02 and a zig-zag varint; else as binary-int; a varint precision prefix")
	register("bigfloat-gob", "gob", "std", bigfloatio.Gob,
		"encoding/gob of *big.Float on one encoder and decoder per instance, primed at Bind so messages hold no type definition; a varint precision prefix")
	register("bigfloat-cbor-bigfloat", "cbor", cborModule, bigfloatio.CBORBigfloat,
		"RFC 8949 tag 5 [exponent, mantissa] via cbor.Tag/RawTag, mantissa a CBOR int or bignum; -0 and ±Inf as float16; a varint precision prefix")
	register("bigfloat-cbor-decimal", "cbor", cborModule, bigfloatio.CBORDecimal,
		"RFC 8949 tag 4 [exponent, mantissa] via cbor.Tag/RawTag, the exact decimal value (never rounded); -0 and ±Inf as float16; a varint precision prefix")
}

func register(name, format, module, encoding, notes string) {
	codec.Register(codec.New(codec.Info{
		Name:   name,
		Format: format,
		Module: module,
		API:    codec.HandWritten,
		Notes:  notes,
	}, func(t codec.Target) (codec.Instance, error) {
		if t.Type != bigFloatType {
			return nil, codec.Unsupportedf("%s encodes the bigfloat workload (workload.BigFloat) only, not %s (workload %q)", name, t.Type, t.Workload)
		}
		return bind(encoding)
	}))
}

// instance encodes and decodes messages with one encoder and decoder of an
// encoding.
type instance struct {
	enc bigfloatio.Encoder
	dec bigfloatio.Decoder
}

func bind(encoding string) (codec.Instance, error) {
	var in instance
	var err error
	if encoding == bigfloatio.Gob {
		in.enc, in.dec, err = bigfloatio.NewPrimedGob()
	} else {
		if in.enc, err = bigfloatio.NewEncoder(encoding); err == nil {
			in.dec, err = bigfloatio.NewDecoder(encoding)
		}
	}
	if err != nil {
		return nil, err
	}
	return codec.Funcs{EncodeFunc: in.encode, DecodeFunc: in.decode}, nil
}

func (in instance) encode(v any) ([]byte, error) {
	p, ok := v.(*workload.BigFloat)
	if !ok {
		return nil, fmt.Errorf("bigfloat: encode %T, want *workload.BigFloat", v)
	}
	if p.Value == nil {
		return []byte{}, nil
	}
	b := binary.AppendUvarint(make([]byte, 0, 24), uint64(p.Value.Prec()))
	return in.enc.Append(b, p.Value)
}

func (in instance) decode(data []byte) (any, error) {
	if len(data) == 0 {
		return &workload.BigFloat{}, nil
	}
	prec, k := binary.Uvarint(data)
	if k <= 0 {
		return nil, errors.New("bigfloat: malformed precision prefix")
	}
	if prec > big.MaxPrec {
		return nil, fmt.Errorf("bigfloat: precision %d is above big.MaxPrec", prec)
	}
	x, err := in.dec.Decode(data[k:], uint(prec))
	if err != nil {
		return nil, fmt.Errorf("bigfloat: %w", err)
	}
	return &workload.BigFloat{Value: x}, nil
}
