package ditp

import (
	"fmt"

	"github.com/chmike/ditp/idr/low"

	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The encoding of a workload.TestStruc: its fields in order, numbers with
// the fixed-size Put functions of their own width (int and uint in 8
// bytes), strings with PutString, []byte with PutBlob, the time with
// PutTime, slices and maps as a size and their elements or entries, an
// interface{} value as a kind byte (schema.Kind*, the Value union of
// schema/README.md) and the value, and a pointer (Nint64, Nteststruc, the
// values of Mtsptr) as a bool, present or not, and the value.

// putSlice appends the size of s and each element with put.
func putSlice[T any](e low.Encoder, s []T, put func(low.Encoder, T) low.Encoder) low.Encoder {
	e = low.PutSize(e, uint64(len(s)))
	for _, x := range s {
		e = put(e, x)
	}
	return e
}

// getSlice reads what putSlice wrote, each element with get: nil for size
// 0.
func getSlice[T any](d low.Decoder, get func(low.Decoder) (low.Decoder, T)) (low.Decoder, []T) {
	d, n := getSize(d)
	if n == 0 {
		return d, nil
	}
	s := make([]T, n)
	for i := range s {
		d, s[i] = get(d)
	}
	return d, s
}

// putMap appends the size of m and each entry, its key with PutString and
// its value with put.
func putMap[V any](e low.Encoder, m map[string]V, put func(low.Encoder, V) (low.Encoder, error)) (low.Encoder, error) {
	e = low.PutSize(e, uint64(len(m)))
	for k, v := range m {
		e = low.PutString(e, k)
		var err error
		if e, err = put(e, v); err != nil {
			return nil, fmt.Errorf("[%q]: %w", k, err)
		}
	}
	return e, nil
}

// getMap reads what putMap wrote, each value with get: nil for size 0.
func getMap[V any](d low.Decoder, get func(low.Decoder) (low.Decoder, V)) (low.Decoder, map[string]V) {
	d, n := getSize(d)
	if n == 0 {
		return d, nil
	}
	m := make(map[string]V, n)
	for range n {
		var (
			k string
			v V
		)
		d, k = getString(d)
		d, v = get(d)
		m[k] = v
	}
	return d, m
}

// noErr makes a put function that cannot fail one that returns an error.
func noErr[V any](put func(low.Encoder, V) low.Encoder) func(low.Encoder, V) (low.Encoder, error) {
	return func(e low.Encoder, v V) (low.Encoder, error) { return put(e, v), nil }
}

// getBlob returns the []byte in front of d as low.Blob returns it, a
// slice of the input ("without making a copy", its doc comment): nil for
// size 0.
func getBlob(d low.Decoder) (low.Decoder, []byte) {
	d, b := low.Blob(d, uint64(len(d)))
	if len(b) == 0 {
		return d, nil
	}
	return d, b
}

func putValue(e low.Encoder, v any) (low.Encoder, error) {
	u, ok := schema.UnionOf[uint8](v)
	if !ok {
		return nil, fmt.Errorf("ditp: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", v)
	}
	e = low.PutUint8(e, u.Kind)
	switch u.Kind {
	case schema.KindString:
		e = low.PutString(e, u.S)
	case schema.KindBool:
		e = low.PutBool(e, u.B)
	case schema.KindInt:
		e = low.PutInt64(e, u.I)
	case schema.KindUint:
		e = low.PutUint64(e, u.U)
	case schema.KindFloat32:
		e = low.PutFloat32(e, u.F32)
	case schema.KindFloat64:
		e = low.PutFloat64(e, u.F64)
	}
	return e, nil
}

func getValue(d low.Decoder) (low.Decoder, any) {
	d, kind := low.Uint8(d)
	switch kind {
	case schema.KindNil:
		return d, nil
	case schema.KindString:
		return getString(d)
	case schema.KindBool:
		return low.Bool(d)
	case schema.KindInt:
		return low.Int64(d)
	case schema.KindUint:
		return low.Uint64(d)
	case schema.KindFloat32:
		return low.Float32(d)
	case schema.KindFloat64:
		return low.Float64(d)
	}
	panic(fmt.Sprintf("unknown Value kind %d", kind))
}

func putInt(e low.Encoder, v int) low.Encoder   { return low.PutInt64(e, int64(v)) }
func putUint(e low.Encoder, v uint) low.Encoder { return low.PutUint64(e, uint64(v)) }

func getInt(d low.Decoder) (low.Decoder, int) {
	d, v := low.Int64(d)
	return d, int(v)
}

func getUint(d low.Decoder) (low.Decoder, uint) {
	d, v := low.Uint64(d)
	return d, uint(v)
}

func putInt64Ptr(e low.Encoder, p *int64) (low.Encoder, error) {
	if p == nil {
		return nil, fmt.Errorf("ditp: nil *int64 element, which the encoding has no place for")
	}
	return low.PutInt64(e, *p), nil
}

func getInt64Ptr(d low.Decoder) (low.Decoder, *int64) {
	d, v := low.Int64(d)
	return d, &v
}

// putTestStrucPtr appends a pointer: present or not, and the value.
func putTestStrucPtr(e low.Encoder, p *workload.TestStruc) (low.Encoder, error) {
	e = low.PutBool(e, p != nil)
	if p == nil {
		return e, nil
	}
	return putTestStruc(e, p)
}

func getTestStrucPtr(d low.Decoder) (low.Decoder, *workload.TestStruc) {
	d, present := low.Bool(d)
	if !present {
		return d, nil
	}
	p := new(workload.TestStruc)
	return getTestStruc(d, p), p
}

// putErrSlice appends the size of s and its elements with put, failing at
// the first error.
func putErrSlice[T any](e low.Encoder, s []T, put func(low.Encoder, T) (low.Encoder, error)) (low.Encoder, error) {
	e = low.PutSize(e, uint64(len(s)))
	for i, x := range s {
		var err error
		if e, err = put(e, x); err != nil {
			return nil, fmt.Errorf("[%d]: %w", i, err)
		}
	}
	return e, nil
}

func putTestStruc(e low.Encoder, v *workload.TestStruc) (low.Encoder, error) {
	e = low.PutString(e, v.S)
	e = low.PutInt64(e, int64(v.I))
	e = low.PutInt8(e, v.I8)
	e = low.PutInt16(e, v.I16)
	e = low.PutInt32(e, v.I32)
	e = low.PutInt64(e, v.I64)
	e = low.PutUint64(e, uint64(v.Ui))
	e = low.PutUint8(e, v.Ui8)
	e = low.PutUint16(e, v.Ui16)
	e = low.PutUint32(e, v.Ui32)
	e = low.PutUint64(e, v.Ui64)
	e = low.PutFloat32(e, v.F32)
	e = low.PutFloat64(e, v.F64)
	e = low.PutBool(e, v.B)
	e = low.PutByte(e, v.By)

	e = putSlice(e, v.Sslice, low.PutString)
	e = putSlice(e, v.Intslice, putInt)
	e = putSlice(e, v.I8slice, low.PutInt8)
	e = putSlice(e, v.I16slice, low.PutInt16)
	e = putSlice(e, v.I32slice, low.PutInt32)
	e = putSlice(e, v.I64slice, low.PutInt64)
	e = putSlice(e, v.Uintslice, putUint)
	e = low.PutBlob(e, v.Ui8slice)
	e = putSlice(e, v.Ui16slice, low.PutUint16)
	e = putSlice(e, v.Ui32slice, low.PutUint32)
	e = putSlice(e, v.Ui64slice, low.PutUint64)
	e = putSlice(e, v.F32slice, low.PutFloat32)
	e = putSlice(e, v.F64slice, low.PutFloat64)
	e = putSlice(e, v.Bslice, low.PutBool)
	e = low.PutBlob(e, v.Byslice)
	var err error
	if e, err = putErrSlice(e, v.Islice, putValue); err != nil {
		return nil, fmt.Errorf("Islice%w", err)
	}
	if e, err = putErrSlice(e, v.Iptrslice, putInt64Ptr); err != nil {
		return nil, fmt.Errorf("Iptrslice%w", err)
	}

	e = low.PutString(e, v.AS)
	e = low.PutInt64(e, v.AI64)
	e = low.PutInt16(e, v.AI16)
	e = low.PutUint64(e, v.AUi64)
	e = putSlice(e, v.ASslice, low.PutString)
	e = putSlice(e, v.AI64slice, low.PutInt64)

	if e, err = putMap(e, v.Ms, putValue); err != nil {
		return nil, fmt.Errorf("Ms%w", err)
	}
	e, _ = putMap(e, v.Msi64, noErr(low.PutInt64))
	if e, err = putValue(e, v.Nintf); err != nil {
		return nil, fmt.Errorf("Nintf: %w", err)
	}
	e = low.PutTime(e, v.T)
	e, _ = putMap(e, v.Nmap, noErr(low.PutBool))
	e = low.PutBlob(e, v.Nslice)
	e = low.PutBool(e, v.Nint64 != nil)
	if v.Nint64 != nil {
		e = low.PutInt64(e, *v.Nint64)
	}

	if e, err = putMap(e, v.Mtsptr, putTestStrucPtr); err != nil {
		return nil, fmt.Errorf("Mtsptr%w", err)
	}
	if e, err = putMap(e, v.Mts, func(e low.Encoder, c workload.TestStruc) (low.Encoder, error) { return putTestStruc(e, &c) }); err != nil {
		return nil, fmt.Errorf("Mts%w", err)
	}
	if e, err = putErrSlice(e, v.Its, func(e low.Encoder, c *workload.TestStruc) (low.Encoder, error) {
		if c == nil {
			return nil, fmt.Errorf("ditp: nil *TestStruc element, which the encoding has no place for")
		}
		return putTestStruc(e, c)
	}); err != nil {
		return nil, fmt.Errorf("Its%w", err)
	}
	if e, err = putTestStrucPtr(e, v.Nteststruc); err != nil {
		return nil, fmt.Errorf("Nteststruc: %w", err)
	}
	return e, nil
}

func getTestStruc(d low.Decoder, v *workload.TestStruc) low.Decoder {
	d, v.S = getString(d)
	d, v.I = getInt(d)
	d, v.I8 = low.Int8(d)
	d, v.I16 = low.Int16(d)
	d, v.I32 = low.Int32(d)
	d, v.I64 = low.Int64(d)
	d, v.Ui = getUint(d)
	d, v.Ui8 = low.Uint8(d)
	d, v.Ui16 = low.Uint16(d)
	d, v.Ui32 = low.Uint32(d)
	d, v.Ui64 = low.Uint64(d)
	d, v.F32 = low.Float32(d)
	d, v.F64 = low.Float64(d)
	d, v.B = low.Bool(d)
	d, v.By = low.Byte(d)

	d, v.Sslice = getSlice(d, getString)
	d, v.Intslice = getSlice(d, getInt)
	d, v.I8slice = getSlice(d, low.Int8)
	d, v.I16slice = getSlice(d, low.Int16)
	d, v.I32slice = getSlice(d, low.Int32)
	d, v.I64slice = getSlice(d, low.Int64)
	d, v.Uintslice = getSlice(d, getUint)
	d, v.Ui8slice = getBlob(d)
	d, v.Ui16slice = getSlice(d, low.Uint16)
	d, v.Ui32slice = getSlice(d, low.Uint32)
	d, v.Ui64slice = getSlice(d, low.Uint64)
	d, v.F32slice = getSlice(d, low.Float32)
	d, v.F64slice = getSlice(d, low.Float64)
	d, v.Bslice = getSlice(d, low.Bool)
	d, v.Byslice = getBlob(d)
	d, v.Islice = getSlice(d, getValue)
	d, v.Iptrslice = getSlice(d, getInt64Ptr)

	d, v.AS = getString(d)
	d, v.AI64 = low.Int64(d)
	d, v.AI16 = low.Int16(d)
	d, v.AUi64 = low.Uint64(d)
	d, v.ASslice = getSlice(d, getString)
	d, v.AI64slice = getSlice(d, low.Int64)

	d, v.Ms = getMap(d, getValue)
	d, v.Msi64 = getMap(d, low.Int64)
	d, v.Nintf = getValue(d)
	d, v.T = low.Time(d)
	d, v.Nmap = getMap(d, low.Bool)
	d, v.Nslice = getBlob(d)
	var present bool
	if d, present = low.Bool(d); present {
		var x int64
		d, x = low.Int64(d)
		v.Nint64 = &x
	}

	d, v.Mtsptr = getMap(d, getTestStrucPtr)
	d, v.Mts = getMap(d, func(d low.Decoder) (low.Decoder, workload.TestStruc) {
		var c workload.TestStruc
		return getTestStruc(d, &c), c
	})
	d, v.Its = getSlice(d, func(d low.Decoder) (low.Decoder, *workload.TestStruc) {
		c := new(workload.TestStruc)
		return getTestStruc(d, c), c
	})
	d, v.Nteststruc = getTestStrucPtr(d)
	return d
}
