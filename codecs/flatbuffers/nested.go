package flatbuffers

import (
	"errors"
	"fmt"

	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// nested builds the TestStruc table of schema/nested.fbs from v.
func (e *encoder) nested(v *workload.TestStruc) ([]byte, error) {
	root, err := e.testStruc(v)
	if err != nil {
		return nil, err
	}
	return e.finish(root), nil
}

// testStruc writes v, its children first, and returns its offset.
func (e *encoder) testStruc(v *workload.TestStruc) (fb.UOffsetT, error) {
	b := e.b
	nanos, offset, err := schema.SplitTime(v.T)
	if err != nil {
		return 0, err
	}
	// Every string, vector and child table before the table itself: the
	// builder cannot nest objects.
	mtsptr, err := entries(e, v.Mtsptr, fbs.TestStrucStartMtsptrVector, e.testStrucEntry)
	if err != nil {
		return 0, err
	}
	mts, err := entries(e, v.Mts, fbs.TestStrucStartMtsVector, func(k string, c workload.TestStruc) (fb.UOffsetT, error) {
		return e.testStrucEntry(k, &c)
	})
	if err != nil {
		return 0, err
	}
	its, err := tables(e, v.Its, fbs.TestStrucStartItsVector, func(c *workload.TestStruc) (fb.UOffsetT, error) {
		if c == nil {
			return 0, errors.New("flatbuffers: nil *TestStruc in Its: a vector of tables has no nil element")
		}
		return e.testStruc(c)
	})
	if err != nil {
		return 0, err
	}
	var nteststruc fb.UOffsetT
	if v.Nteststruc != nil {
		if nteststruc, err = e.testStruc(v.Nteststruc); err != nil {
			return 0, err
		}
	}
	islice, err := tables(e, v.Islice, fbs.TestStrucStartIsliceVector, e.value)
	if err != nil {
		return 0, err
	}
	ms, err := entries(e, v.Ms, fbs.TestStrucStartMsVector, func(k string, x any) (fb.UOffsetT, error) {
		value, err := e.value(x)
		if err != nil {
			return 0, err
		}
		key := b.CreateString(k)
		fbs.ValueEntryStart(b)
		fbs.ValueEntryAddKey(b, key)
		fbs.ValueEntryAddValue(b, value)
		return fbs.ValueEntryEnd(b), nil
	})
	if err != nil {
		return 0, err
	}
	// The entries of Msi64 and Nmap are written without error.
	msi64, _ := entries(e, v.Msi64, fbs.TestStrucStartMsi64Vector, func(k string, x int64) (fb.UOffsetT, error) {
		key := b.CreateString(k)
		fbs.Int64EntryStart(b)
		fbs.Int64EntryAddKey(b, key)
		fbs.Int64EntryAddValue(b, x)
		return fbs.Int64EntryEnd(b), nil
	})
	nmap, _ := entries(e, v.Nmap, fbs.TestStrucStartNmapVector, func(k string, x bool) (fb.UOffsetT, error) {
		key := b.CreateString(k)
		fbs.BoolEntryStart(b)
		fbs.BoolEntryAddKey(b, key)
		fbs.BoolEntryAddValue(b, x)
		return fbs.BoolEntryEnd(b), nil
	})
	var nintf fb.UOffsetT
	if v.Nintf != nil {
		if nintf, err = e.value(v.Nintf); err != nil {
			return 0, err
		}
	}
	for _, p := range v.Iptrslice {
		if p == nil {
			return 0, errors.New("flatbuffers: nil *int64 in Iptrslice: the schema's [long] has no nil element")
		}
	}
	s := b.CreateString(v.S)
	as := b.CreateString(v.AS)
	sslice := e.strings(v.Sslice, fbs.TestStrucStartSsliceVector)
	asslice := e.strings(v.ASslice, fbs.TestStrucStartAssliceVector)
	intslice := scalars(b, v.Intslice, fbs.TestStrucStartIntsliceVector, func(x int) { b.PrependInt64(int64(x)) })
	i8slice := scalars(b, v.I8slice, fbs.TestStrucStartI8sliceVector, b.PrependInt8)
	i16slice := scalars(b, v.I16slice, fbs.TestStrucStartI16sliceVector, b.PrependInt16)
	i32slice := scalars(b, v.I32slice, fbs.TestStrucStartI32sliceVector, b.PrependInt32)
	i64slice := scalars(b, v.I64slice, fbs.TestStrucStartI64sliceVector, b.PrependInt64)
	uintslice := scalars(b, v.Uintslice, fbs.TestStrucStartUintsliceVector, func(x uint) { b.PrependUint64(uint64(x)) })
	ui8slice := byteVector(b, v.Ui8slice)
	ui16slice := scalars(b, v.Ui16slice, fbs.TestStrucStartUi16sliceVector, b.PrependUint16)
	ui32slice := scalars(b, v.Ui32slice, fbs.TestStrucStartUi32sliceVector, b.PrependUint32)
	ui64slice := scalars(b, v.Ui64slice, fbs.TestStrucStartUi64sliceVector, b.PrependUint64)
	f32slice := scalars(b, v.F32slice, fbs.TestStrucStartF32sliceVector, b.PrependFloat32)
	f64slice := scalars(b, v.F64slice, fbs.TestStrucStartF64sliceVector, b.PrependFloat64)
	bslice := scalars(b, v.Bslice, fbs.TestStrucStartBsliceVector, b.PrependBool)
	byslice := byteVector(b, v.Byslice)
	iptrslice := scalars(b, v.Iptrslice, fbs.TestStrucStartIptrsliceVector, func(p *int64) { b.PrependInt64(*p) })
	ai64slice := scalars(b, v.AI64slice, fbs.TestStrucStartAi64sliceVector, b.PrependInt64)
	nslice := byteVector(b, v.Nslice)

	// An offset of 0 (a nil slice, map or pointer) adds no field.
	fbs.TestStrucStart(b)
	fbs.TestStrucAddS(b, s)
	fbs.TestStrucAddI(b, int64(v.I))
	fbs.TestStrucAddI8(b, v.I8)
	fbs.TestStrucAddI16(b, v.I16)
	fbs.TestStrucAddI32(b, v.I32)
	fbs.TestStrucAddI64(b, v.I64)
	fbs.TestStrucAddUi(b, uint64(v.Ui))
	fbs.TestStrucAddUi8(b, v.Ui8)
	fbs.TestStrucAddUi16(b, v.Ui16)
	fbs.TestStrucAddUi32(b, v.Ui32)
	fbs.TestStrucAddUi64(b, v.Ui64)
	fbs.TestStrucAddF32(b, v.F32)
	fbs.TestStrucAddF64(b, v.F64)
	fbs.TestStrucAddB(b, v.B)
	fbs.TestStrucAddBy(b, v.By)
	fbs.TestStrucAddSslice(b, sslice)
	fbs.TestStrucAddIntslice(b, intslice)
	fbs.TestStrucAddI8slice(b, i8slice)
	fbs.TestStrucAddI16slice(b, i16slice)
	fbs.TestStrucAddI32slice(b, i32slice)
	fbs.TestStrucAddI64slice(b, i64slice)
	fbs.TestStrucAddUintslice(b, uintslice)
	fbs.TestStrucAddUi8slice(b, ui8slice)
	fbs.TestStrucAddUi16slice(b, ui16slice)
	fbs.TestStrucAddUi32slice(b, ui32slice)
	fbs.TestStrucAddUi64slice(b, ui64slice)
	fbs.TestStrucAddF32slice(b, f32slice)
	fbs.TestStrucAddF64slice(b, f64slice)
	fbs.TestStrucAddBslice(b, bslice)
	fbs.TestStrucAddByslice(b, byslice)
	fbs.TestStrucAddIslice(b, islice)
	fbs.TestStrucAddIptrslice(b, iptrslice)
	fbs.TestStrucAddAs(b, as)
	fbs.TestStrucAddAi64(b, v.AI64)
	fbs.TestStrucAddAi16(b, v.AI16)
	fbs.TestStrucAddAui64(b, v.AUi64)
	fbs.TestStrucAddAsslice(b, asslice)
	fbs.TestStrucAddAi64slice(b, ai64slice)
	fbs.TestStrucAddMs(b, ms)
	fbs.TestStrucAddMsi64(b, msi64)
	fbs.TestStrucAddNintf(b, nintf)
	fbs.TestStrucAddTUnixNano(b, nanos)
	fbs.TestStrucAddTOffset(b, offset)
	fbs.TestStrucAddNmap(b, nmap)
	fbs.TestStrucAddNslice(b, nslice)
	if v.Nint64 != nil {
		fbs.TestStrucAddNint64(b, *v.Nint64)
	}
	fbs.TestStrucAddMtsptr(b, mtsptr)
	fbs.TestStrucAddMts(b, mts)
	fbs.TestStrucAddIts(b, its)
	fbs.TestStrucAddNteststruc(b, nteststruc)
	return fbs.TestStrucEnd(b), nil
}

// testStrucEntry writes a TestStrucEntry of key k and value c (none for
// a nil c), c first, and returns its offset.
func (e *encoder) testStrucEntry(k string, c *workload.TestStruc) (fb.UOffsetT, error) {
	var value fb.UOffsetT
	if c != nil {
		var err error
		if value, err = e.testStruc(c); err != nil {
			return 0, err
		}
	}
	b := e.b
	key := b.CreateString(k)
	fbs.TestStrucEntryStart(b)
	fbs.TestStrucEntryAddKey(b, key)
	fbs.TestStrucEntryAddValue(b, value)
	return fbs.TestStrucEntryEnd(b), nil
}

// value writes an interface{} value as a Value table: its kind and the
// field of that kind (none for nil).
func (e *encoder) value(x any) (fb.UOffsetT, error) {
	b := e.b
	var (
		kind fbs.ValueKind // ValueKindNil for nil
		str  fb.UOffsetT
		bo   bool
		i    int64
		u    uint64
		f32  float32
		f64  float64
	)
	switch x := x.(type) {
	case nil:
	case string:
		kind, str = fbs.ValueKindString, b.CreateString(x)
	case bool:
		kind, bo = fbs.ValueKindBool, x
	case int:
		kind, i = fbs.ValueKindInt, int64(x)
	case int8:
		kind, i = fbs.ValueKindInt, int64(x)
	case int16:
		kind, i = fbs.ValueKindInt, int64(x)
	case int32:
		kind, i = fbs.ValueKindInt, int64(x)
	case int64:
		kind, i = fbs.ValueKindInt, x
	case uint:
		kind, u = fbs.ValueKindUint, uint64(x)
	case uint8:
		kind, u = fbs.ValueKindUint, uint64(x)
	case uint16:
		kind, u = fbs.ValueKindUint, uint64(x)
	case uint32:
		kind, u = fbs.ValueKindUint, uint64(x)
	case uint64:
		kind, u = fbs.ValueKindUint, x
	case uintptr:
		kind, u = fbs.ValueKindUint, uint64(x)
	case float32:
		kind, f32 = fbs.ValueKindFloat32, x
	case float64:
		kind, f64 = fbs.ValueKindFloat64, x
	default:
		return 0, fmt.Errorf("flatbuffers: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", x)
	}
	// The builder writes no field that holds its default (0, false, no
	// offset; the FlatBuffers Go builder has no force-defaults mode), so
	// this writes the kind, unless it is Nil, and the field of that kind.
	fbs.ValueStart(b)
	fbs.ValueAddKind(b, kind)
	fbs.ValueAddS(b, str)
	fbs.ValueAddB(b, bo)
	fbs.ValueAddI(b, i)
	fbs.ValueAddU(b, u)
	fbs.ValueAddF32(b, f32)
	fbs.ValueAddF64(b, f64)
	return fbs.ValueEnd(b), nil
}

// decodeNested reads every field of the TestStruc in data, and of its
// children, into a new workload.TestStruc.
func decodeNested(data []byte) *workload.TestStruc {
	return decodeTestStruc(fbs.GetRootAsTestStruc(data, 0))
}

func decodeTestStruc(r *fbs.TestStruc) *workload.TestStruc {
	t := r.Table()
	v := &workload.TestStruc{
		S:    string(r.S()),
		I:    int(r.I()),
		I8:   r.I8(),
		I16:  r.I16(),
		I32:  r.I32(),
		I64:  r.I64(),
		Ui:   uint(r.Ui()),
		Ui8:  r.Ui8(),
		Ui16: r.Ui16(),
		Ui32: r.Ui32(),
		Ui64: r.Ui64(),
		F32:  r.F32(),
		F64:  r.F64(),
		B:    r.B(),
		By:   r.By(),

		Sslice:    stringVector(t, slotTestStrucSslice, r.SsliceLength(), r.Sslice),
		I8slice:   vector(t, slotTestStrucI8slice, r.I8sliceLength(), r.I8slice),
		I16slice:  vector(t, slotTestStrucI16slice, r.I16sliceLength(), r.I16slice),
		I32slice:  vector(t, slotTestStrucI32slice, r.I32sliceLength(), r.I32slice),
		I64slice:  vector(t, slotTestStrucI64slice, r.I64sliceLength(), r.I64slice),
		Ui8slice:  cloneBytes(r.Ui8sliceBytes()),
		Ui16slice: vector(t, slotTestStrucUi16slice, r.Ui16sliceLength(), r.Ui16slice),
		Ui32slice: vector(t, slotTestStrucUi32slice, r.Ui32sliceLength(), r.Ui32slice),
		Ui64slice: vector(t, slotTestStrucUi64slice, r.Ui64sliceLength(), r.Ui64slice),
		F32slice:  vector(t, slotTestStrucF32slice, r.F32sliceLength(), r.F32slice),
		F64slice:  vector(t, slotTestStrucF64slice, r.F64sliceLength(), r.F64slice),
		Bslice:    vector(t, slotTestStrucBslice, r.BsliceLength(), r.Bslice),
		Byslice:   cloneBytes(r.BysliceBytes()),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        string(r.As()),
			AI64:      r.Ai64(),
			AI16:      r.Ai16(),
			AUi64:     r.Aui64(),
			ASslice:   stringVector(t, slotTestStrucAsslice, r.AssliceLength(), r.Asslice),
			AI64slice: vector(t, slotTestStrucAi64slice, r.Ai64sliceLength(), r.Ai64slice),
		},

		T:      schema.JoinTime(r.TUnixNano(), r.TOffset()),
		Nslice: cloneBytes(r.NsliceBytes()),
		Nint64: r.Nint64(),
	}
	v.Intslice = vector(t, slotTestStrucIntslice, r.IntsliceLength(), func(j int) int { return int(r.Intslice(j)) })
	v.Uintslice = vector(t, slotTestStrucUintslice, r.UintsliceLength(), func(j int) uint { return uint(r.Uintslice(j)) })
	var x fbs.Value
	v.Islice = vector(t, slotTestStrucIslice, r.IsliceLength(), func(j int) any {
		r.Islice(&x, j)
		return valueOf(&x)
	})
	v.Iptrslice = vector(t, slotTestStrucIptrslice, r.IptrsliceLength(), func(j int) *int64 {
		p := r.Iptrslice(j)
		return &p
	})
	var ve fbs.ValueEntry
	v.Ms = entryMap(t, slotTestStrucMs, r.MsLength(), func(j int) ([]byte, any) {
		r.Ms(&ve, j)
		return ve.Key(), valueOf(ve.Value(&x))
	})
	var ie fbs.Int64Entry
	v.Msi64 = entryMap(t, slotTestStrucMsi64, r.Msi64Length(), func(j int) ([]byte, int64) {
		r.Msi64(&ie, j)
		return ie.Key(), ie.Value()
	})
	var be fbs.BoolEntry
	v.Nmap = entryMap(t, slotTestStrucNmap, r.NmapLength(), func(j int) ([]byte, bool) {
		r.Nmap(&be, j)
		return be.Key(), be.Value()
	})
	if r.Nintf(&x) != nil {
		v.Nintf = valueOf(&x)
	}
	var (
		c  fbs.TestStruc
		te fbs.TestStrucEntry
	)
	v.Mtsptr = entryMap(t, slotTestStrucMtsptr, r.MtsptrLength(), func(j int) ([]byte, *workload.TestStruc) {
		r.Mtsptr(&te, j)
		child := entryValue(&te, &c)
		return te.Key(), child
	})
	v.Mts = entryMap(t, slotTestStrucMts, r.MtsLength(), func(j int) ([]byte, workload.TestStruc) {
		r.Mts(&te, j)
		var child workload.TestStruc
		if p := entryValue(&te, &c); p != nil {
			child = *p
		}
		return te.Key(), child
	})
	v.Its = vector(t, slotTestStrucIts, r.ItsLength(), func(j int) *workload.TestStruc {
		r.Its(&c, j)
		return decodeTestStruc(&c)
	})
	if r.Nteststruc(&c) != nil {
		v.Nteststruc = decodeTestStruc(&c)
	}
	return v
}

// entryValue reads the value of the TestStrucEntry e into a new
// workload.TestStruc, with c as the reader of its table; nil for none.
func entryValue(e *fbs.TestStrucEntry, c *fbs.TestStruc) *workload.TestStruc {
	if e.Value(c) == nil {
		return nil
	}
	return decodeTestStruc(c)
}

// valueOf returns the interface{} value of a Value table; nil for a nil
// table.
func valueOf(x *fbs.Value) any {
	if x == nil {
		return nil
	}
	switch x.Kind() {
	case fbs.ValueKindString:
		return string(x.S())
	case fbs.ValueKindBool:
		return x.B()
	case fbs.ValueKindInt:
		return x.I()
	case fbs.ValueKindUint:
		return x.U()
	case fbs.ValueKindFloat32:
		return x.F32()
	case fbs.ValueKindFloat64:
		return x.F64()
	}
	return nil
}

// accessNested reads the access fields of the nested workload straight
// from data.
func accessNested(data []byte) (any, error) {
	r := fbs.GetRootAsTestStruc(data, 0)
	return workload.NestedFields{S: string(r.S()), I64: r.I64(), F64: r.F64()}, nil
}
