package fastape

import (
	"fmt"

	"github.com/nazarifard/fastape"

	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// The tape of a workload.TestStruc: its fields in order, each with the
// fastape tape of its type (UnitTape for numbers and bools, S for strings,
// SliceTape, MapTape and PtrTape for slices, maps and pointers, which keep
// a nil pointer apart), the time with timeTape and interface{} values with
// valueTape. Its children (Mtsptr, Mts, Its, Nteststruc) are written by
// testStrucTape itself, through PtrTape and MapTape.

// valueTape writes an interface{} value as a kind byte (schema.Kind*, the
// Value union of schema/README.md) and the value with the tape of its
// branch: S for a string, UnitTape for the others.
type valueTape[S fastape.Tape[string]] struct {
	kind fastape.UnitTape[uint8]
	str  S
	b    fastape.UnitTape[bool]
	i    fastape.UnitTape[int64]
	u    fastape.UnitTape[uint64]
	f32  fastape.UnitTape[float32]
	f64  fastape.UnitTape[float64]
}

func (t valueTape[S]) Sizeof(v any) int {
	u, _ := schema.UnionOf[uint8](v)
	switch u.Kind {
	case schema.KindString:
		return 1 + t.str.Sizeof(u.S)
	case schema.KindBool:
		return 1 + 1
	case schema.KindInt, schema.KindUint, schema.KindFloat64:
		return 1 + 8
	case schema.KindFloat32:
		return 1 + 4
	}
	return 1
}

func (t valueTape[S]) Marshal(v any, bs []byte) (n int, err error) {
	u, ok := schema.UnionOf[uint8](v)
	if !ok {
		return 0, fmt.Errorf("fastape: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", v)
	}
	step(&n, &err, func() (int, error) { return t.kind.Marshal(u.Kind, bs) })
	switch u.Kind {
	case schema.KindString:
		step(&n, &err, func() (int, error) { return t.str.Marshal(u.S, bs[n:]) })
	case schema.KindBool:
		step(&n, &err, func() (int, error) { return t.b.Marshal(u.B, bs[n:]) })
	case schema.KindInt:
		step(&n, &err, func() (int, error) { return t.i.Marshal(u.I, bs[n:]) })
	case schema.KindUint:
		step(&n, &err, func() (int, error) { return t.u.Marshal(u.U, bs[n:]) })
	case schema.KindFloat32:
		step(&n, &err, func() (int, error) { return t.f32.Marshal(u.F32, bs[n:]) })
	case schema.KindFloat64:
		step(&n, &err, func() (int, error) { return t.f64.Marshal(u.F64, bs[n:]) })
	}
	return n, err
}

func (t valueTape[S]) Unmarshal(bs []byte, p *any) (n int, err error) {
	var u schema.Union[uint8]
	step(&n, &err, func() (int, error) { return t.kind.Unmarshal(bs, &u.Kind) })
	if err != nil {
		return n, err
	}
	switch u.Kind {
	case schema.KindNil:
	case schema.KindString:
		step(&n, &err, func() (int, error) { return t.str.Unmarshal(bs[n:], &u.S) })
	case schema.KindBool:
		step(&n, &err, func() (int, error) { return t.b.Unmarshal(bs[n:], &u.B) })
	case schema.KindInt:
		step(&n, &err, func() (int, error) { return t.i.Unmarshal(bs[n:], &u.I) })
	case schema.KindUint:
		step(&n, &err, func() (int, error) { return t.u.Unmarshal(bs[n:], &u.U) })
	case schema.KindFloat32:
		step(&n, &err, func() (int, error) { return t.f32.Unmarshal(bs[n:], &u.F32) })
	case schema.KindFloat64:
		step(&n, &err, func() (int, error) { return t.f64.Unmarshal(bs[n:], &u.F64) })
	default:
		return n, fmt.Errorf("fastape: unknown Value kind %d", u.Kind)
	}
	*p, _ = u.Value()
	return n, err
}

// unitSlice is the tape of a slice of numbers or bools.
type unitSlice[T any] = fastape.SliceTape[T, fastape.UnitTape[T]]

// testStrucTape is the tape of a workload.TestStruc, with the string tape
// S. It has no fields: its methods use the tapes of the fields, which
// refer to testStrucTape itself for the children.
type testStrucTape[S fastape.Tape[string]] struct{}

// fields are the tapes of the fields of a TestStruc.
type fields[S fastape.Tape[string]] struct {
	str        S
	strs       fastape.SliceTape[string, S]
	i          fastape.UnitTape[int]
	i8         fastape.UnitTape[int8]
	i16        fastape.UnitTape[int16]
	i32        fastape.UnitTape[int32]
	i64        fastape.UnitTape[int64]
	ui         fastape.UnitTape[uint]
	ui8        fastape.UnitTape[uint8]
	ui16       fastape.UnitTape[uint16]
	ui32       fastape.UnitTape[uint32]
	ui64       fastape.UnitTape[uint64]
	f32        fastape.UnitTape[float32]
	f64        fastape.UnitTape[float64]
	b          fastape.UnitTape[bool]
	ints       unitSlice[int]
	i8s        unitSlice[int8]
	i16s       unitSlice[int16]
	i32s       unitSlice[int32]
	i64s       unitSlice[int64]
	uis        unitSlice[uint]
	ui8s       unitSlice[uint8]
	ui16s      unitSlice[uint16]
	ui32s      unitSlice[uint32]
	ui64s      unitSlice[uint64]
	f32s       unitSlice[float32]
	f64s       unitSlice[float64]
	bs         unitSlice[bool]
	values     fastape.SliceTape[any, valueTape[S]]
	i64ptrs    fastape.SliceTape[*int64, fastape.PtrTape[int64, fastape.UnitTape[int64]]]
	valueMap   fastape.MapTape[string, any, S, valueTape[S]]
	i64Map     fastape.MapTape[string, int64, S, fastape.UnitTape[int64]]
	value      valueTape[S]
	time       timeTape
	boolMap    fastape.MapTape[string, bool, S, fastape.UnitTape[bool]]
	i64ptr     fastape.PtrTape[int64, fastape.UnitTape[int64]]
	childPtrs  fastape.MapTape[string, *workload.TestStruc, S, fastape.PtrTape[workload.TestStruc, testStrucTape[S]]]
	children   fastape.MapTape[string, workload.TestStruc, S, testStrucTape[S]]
	childSlice fastape.SliceTape[*workload.TestStruc, fastape.PtrTape[workload.TestStruc, testStrucTape[S]]]
	child      fastape.PtrTape[workload.TestStruc, testStrucTape[S]]
}

func (testStrucTape[S]) Sizeof(v workload.TestStruc) int {
	var t fields[S]
	return t.str.Sizeof(v.S) + t.i.Sizeof(v.I) + t.i8.Sizeof(v.I8) + t.i16.Sizeof(v.I16) + t.i32.Sizeof(v.I32) +
		t.i64.Sizeof(v.I64) + t.ui.Sizeof(v.Ui) + t.ui8.Sizeof(v.Ui8) + t.ui16.Sizeof(v.Ui16) + t.ui32.Sizeof(v.Ui32) +
		t.ui64.Sizeof(v.Ui64) + t.f32.Sizeof(v.F32) + t.f64.Sizeof(v.F64) + t.b.Sizeof(v.B) + t.ui8.Sizeof(v.By) +
		t.strs.Sizeof(v.Sslice) + t.ints.Sizeof(v.Intslice) + t.i8s.Sizeof(v.I8slice) + t.i16s.Sizeof(v.I16slice) +
		t.i32s.Sizeof(v.I32slice) + t.i64s.Sizeof(v.I64slice) + t.uis.Sizeof(v.Uintslice) + t.ui8s.Sizeof(v.Ui8slice) +
		t.ui16s.Sizeof(v.Ui16slice) + t.ui32s.Sizeof(v.Ui32slice) + t.ui64s.Sizeof(v.Ui64slice) +
		t.f32s.Sizeof(v.F32slice) + t.f64s.Sizeof(v.F64slice) + t.bs.Sizeof(v.Bslice) + t.ui8s.Sizeof(v.Byslice) +
		t.values.Sizeof(v.Islice) + t.i64ptrs.Sizeof(v.Iptrslice) +
		t.str.Sizeof(v.AS) + t.i64.Sizeof(v.AI64) + t.i16.Sizeof(v.AI16) + t.ui64.Sizeof(v.AUi64) +
		t.strs.Sizeof(v.ASslice) + t.i64s.Sizeof(v.AI64slice) +
		t.valueMap.Sizeof(v.Ms) + t.i64Map.Sizeof(v.Msi64) + t.value.Sizeof(v.Nintf) + t.time.Sizeof(v.T) +
		t.boolMap.Sizeof(v.Nmap) + t.ui8s.Sizeof(v.Nslice) + t.i64ptr.Sizeof(v.Nint64) +
		t.childPtrs.Sizeof(v.Mtsptr) + t.children.Sizeof(v.Mts) + t.childSlice.Sizeof(v.Its) + t.child.Sizeof(v.Nteststruc)
}

func (testStrucTape[S]) Marshal(v workload.TestStruc, bs []byte) (n int, err error) {
	var t fields[S]
	m := func(f func(b []byte) (int, error)) { step(&n, &err, func() (int, error) { return f(bs[n:]) }) }
	m(func(b []byte) (int, error) { return t.str.Marshal(v.S, b) })
	m(func(b []byte) (int, error) { return t.i.Marshal(v.I, b) })
	m(func(b []byte) (int, error) { return t.i8.Marshal(v.I8, b) })
	m(func(b []byte) (int, error) { return t.i16.Marshal(v.I16, b) })
	m(func(b []byte) (int, error) { return t.i32.Marshal(v.I32, b) })
	m(func(b []byte) (int, error) { return t.i64.Marshal(v.I64, b) })
	m(func(b []byte) (int, error) { return t.ui.Marshal(v.Ui, b) })
	m(func(b []byte) (int, error) { return t.ui8.Marshal(v.Ui8, b) })
	m(func(b []byte) (int, error) { return t.ui16.Marshal(v.Ui16, b) })
	m(func(b []byte) (int, error) { return t.ui32.Marshal(v.Ui32, b) })
	m(func(b []byte) (int, error) { return t.ui64.Marshal(v.Ui64, b) })
	m(func(b []byte) (int, error) { return t.f32.Marshal(v.F32, b) })
	m(func(b []byte) (int, error) { return t.f64.Marshal(v.F64, b) })
	m(func(b []byte) (int, error) { return t.b.Marshal(v.B, b) })
	m(func(b []byte) (int, error) { return t.ui8.Marshal(v.By, b) })
	m(func(b []byte) (int, error) { return t.strs.Marshal(v.Sslice, b) })
	m(func(b []byte) (int, error) { return t.ints.Marshal(v.Intslice, b) })
	m(func(b []byte) (int, error) { return t.i8s.Marshal(v.I8slice, b) })
	m(func(b []byte) (int, error) { return t.i16s.Marshal(v.I16slice, b) })
	m(func(b []byte) (int, error) { return t.i32s.Marshal(v.I32slice, b) })
	m(func(b []byte) (int, error) { return t.i64s.Marshal(v.I64slice, b) })
	m(func(b []byte) (int, error) { return t.uis.Marshal(v.Uintslice, b) })
	m(func(b []byte) (int, error) { return t.ui8s.Marshal(v.Ui8slice, b) })
	m(func(b []byte) (int, error) { return t.ui16s.Marshal(v.Ui16slice, b) })
	m(func(b []byte) (int, error) { return t.ui32s.Marshal(v.Ui32slice, b) })
	m(func(b []byte) (int, error) { return t.ui64s.Marshal(v.Ui64slice, b) })
	m(func(b []byte) (int, error) { return t.f32s.Marshal(v.F32slice, b) })
	m(func(b []byte) (int, error) { return t.f64s.Marshal(v.F64slice, b) })
	m(func(b []byte) (int, error) { return t.bs.Marshal(v.Bslice, b) })
	m(func(b []byte) (int, error) { return t.ui8s.Marshal(v.Byslice, b) })
	m(func(b []byte) (int, error) { return t.values.Marshal(v.Islice, b) })
	m(func(b []byte) (int, error) { return t.i64ptrs.Marshal(v.Iptrslice, b) })
	m(func(b []byte) (int, error) { return t.str.Marshal(v.AS, b) })
	m(func(b []byte) (int, error) { return t.i64.Marshal(v.AI64, b) })
	m(func(b []byte) (int, error) { return t.i16.Marshal(v.AI16, b) })
	m(func(b []byte) (int, error) { return t.ui64.Marshal(v.AUi64, b) })
	m(func(b []byte) (int, error) { return t.strs.Marshal(v.ASslice, b) })
	m(func(b []byte) (int, error) { return t.i64s.Marshal(v.AI64slice, b) })
	m(func(b []byte) (int, error) { return t.valueMap.Marshal(v.Ms, b) })
	m(func(b []byte) (int, error) { return t.i64Map.Marshal(v.Msi64, b) })
	m(func(b []byte) (int, error) { return t.value.Marshal(v.Nintf, b) })
	m(func(b []byte) (int, error) { return t.time.Marshal(v.T, b) })
	m(func(b []byte) (int, error) { return t.boolMap.Marshal(v.Nmap, b) })
	m(func(b []byte) (int, error) { return t.ui8s.Marshal(v.Nslice, b) })
	m(func(b []byte) (int, error) { return t.i64ptr.Marshal(v.Nint64, b) })
	m(func(b []byte) (int, error) { return t.childPtrs.Marshal(v.Mtsptr, b) })
	m(func(b []byte) (int, error) { return t.children.Marshal(v.Mts, b) })
	m(func(b []byte) (int, error) { return t.childSlice.Marshal(v.Its, b) })
	m(func(b []byte) (int, error) { return t.child.Marshal(v.Nteststruc, b) })
	return n, err
}

func (testStrucTape[S]) Unmarshal(bs []byte, v *workload.TestStruc) (n int, err error) {
	var t fields[S]
	u := func(f func(b []byte) (int, error)) { step(&n, &err, func() (int, error) { return f(bs[n:]) }) }
	u(func(b []byte) (int, error) { return t.str.Unmarshal(b, &v.S) })
	u(func(b []byte) (int, error) { return t.i.Unmarshal(b, &v.I) })
	u(func(b []byte) (int, error) { return t.i8.Unmarshal(b, &v.I8) })
	u(func(b []byte) (int, error) { return t.i16.Unmarshal(b, &v.I16) })
	u(func(b []byte) (int, error) { return t.i32.Unmarshal(b, &v.I32) })
	u(func(b []byte) (int, error) { return t.i64.Unmarshal(b, &v.I64) })
	u(func(b []byte) (int, error) { return t.ui.Unmarshal(b, &v.Ui) })
	u(func(b []byte) (int, error) { return t.ui8.Unmarshal(b, &v.Ui8) })
	u(func(b []byte) (int, error) { return t.ui16.Unmarshal(b, &v.Ui16) })
	u(func(b []byte) (int, error) { return t.ui32.Unmarshal(b, &v.Ui32) })
	u(func(b []byte) (int, error) { return t.ui64.Unmarshal(b, &v.Ui64) })
	u(func(b []byte) (int, error) { return t.f32.Unmarshal(b, &v.F32) })
	u(func(b []byte) (int, error) { return t.f64.Unmarshal(b, &v.F64) })
	u(func(b []byte) (int, error) { return t.b.Unmarshal(b, &v.B) })
	u(func(b []byte) (int, error) { return t.ui8.Unmarshal(b, &v.By) })
	u(func(b []byte) (int, error) { return t.strs.Unmarshal(b, &v.Sslice) })
	u(func(b []byte) (int, error) { return t.ints.Unmarshal(b, &v.Intslice) })
	u(func(b []byte) (int, error) { return t.i8s.Unmarshal(b, &v.I8slice) })
	u(func(b []byte) (int, error) { return t.i16s.Unmarshal(b, &v.I16slice) })
	u(func(b []byte) (int, error) { return t.i32s.Unmarshal(b, &v.I32slice) })
	u(func(b []byte) (int, error) { return t.i64s.Unmarshal(b, &v.I64slice) })
	u(func(b []byte) (int, error) { return t.uis.Unmarshal(b, &v.Uintslice) })
	u(func(b []byte) (int, error) { return t.ui8s.Unmarshal(b, &v.Ui8slice) })
	u(func(b []byte) (int, error) { return t.ui16s.Unmarshal(b, &v.Ui16slice) })
	u(func(b []byte) (int, error) { return t.ui32s.Unmarshal(b, &v.Ui32slice) })
	u(func(b []byte) (int, error) { return t.ui64s.Unmarshal(b, &v.Ui64slice) })
	u(func(b []byte) (int, error) { return t.f32s.Unmarshal(b, &v.F32slice) })
	u(func(b []byte) (int, error) { return t.f64s.Unmarshal(b, &v.F64slice) })
	u(func(b []byte) (int, error) { return t.bs.Unmarshal(b, &v.Bslice) })
	u(func(b []byte) (int, error) { return t.ui8s.Unmarshal(b, &v.Byslice) })
	u(func(b []byte) (int, error) { return t.values.Unmarshal(b, &v.Islice) })
	u(func(b []byte) (int, error) { return t.i64ptrs.Unmarshal(b, &v.Iptrslice) })
	u(func(b []byte) (int, error) { return t.str.Unmarshal(b, &v.AS) })
	u(func(b []byte) (int, error) { return t.i64.Unmarshal(b, &v.AI64) })
	u(func(b []byte) (int, error) { return t.i16.Unmarshal(b, &v.AI16) })
	u(func(b []byte) (int, error) { return t.ui64.Unmarshal(b, &v.AUi64) })
	u(func(b []byte) (int, error) { return t.strs.Unmarshal(b, &v.ASslice) })
	u(func(b []byte) (int, error) { return t.i64s.Unmarshal(b, &v.AI64slice) })
	u(func(b []byte) (int, error) { return t.valueMap.Unmarshal(b, &v.Ms) })
	u(func(b []byte) (int, error) { return t.i64Map.Unmarshal(b, &v.Msi64) })
	u(func(b []byte) (int, error) { return t.value.Unmarshal(b, &v.Nintf) })
	u(func(b []byte) (int, error) { return t.time.Unmarshal(b, &v.T) })
	u(func(b []byte) (int, error) { return t.boolMap.Unmarshal(b, &v.Nmap) })
	u(func(b []byte) (int, error) { return t.ui8s.Unmarshal(b, &v.Nslice) })
	u(func(b []byte) (int, error) { return t.i64ptr.Unmarshal(b, &v.Nint64) })
	u(func(b []byte) (int, error) { return t.childPtrs.Unmarshal(b, &v.Mtsptr) })
	u(func(b []byte) (int, error) { return t.children.Unmarshal(b, &v.Mts) })
	u(func(b []byte) (int, error) { return t.childSlice.Unmarshal(b, &v.Its) })
	u(func(b []byte) (int, error) { return t.child.Unmarshal(b, &v.Nteststruc) })
	return n, err
}
