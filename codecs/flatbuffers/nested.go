package flatbuffers

import (
	"errors"
	"fmt"

	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// testStruc writes v, its children first, and returns its offset.
func (e *encoder) testStruc(v *workload.TestStruc) (fb.UOffsetT, error) {
	b := e.b
	nanos, offset, err := schema.SplitTime(v.T)
	if err != nil {
		return 0, err
	}
	// Every string, vector and child table before the table itself: the
	// builder cannot nest objects.
	mtsptr, err := entries(e, v.Mtsptr, fbs.TestStrucStartMtsptrVector, (*encoder).testStrucEntry)
	if err != nil {
		return 0, err
	}
	mts, err := entries(e, v.Mts, fbs.TestStrucStartMtsVector, (*encoder).testStrucValueEntry)
	if err != nil {
		return 0, err
	}
	its, err := checkedTables(e, v.Its, fbs.TestStrucStartItsVector, (*encoder).itsElement)
	if err != nil {
		return 0, err
	}
	var nteststruc fb.UOffsetT
	if v.Nteststruc != nil {
		if nteststruc, err = e.testStruc(v.Nteststruc); err != nil {
			return 0, err
		}
	}
	islice, err := checkedTables(e, v.Islice, fbs.TestStrucStartIsliceVector, (*encoder).value)
	if err != nil {
		return 0, err
	}
	ms, err := entries(e, v.Ms, fbs.TestStrucStartMsVector, (*encoder).valueEntry)
	if err != nil {
		return 0, err
	}
	msi64, _ := entries(e, v.Msi64, fbs.TestStrucStartMsi64Vector, (*encoder).int64Entry)
	nmap, _ := entries(e, v.Nmap, fbs.TestStrucStartNmapVector, (*encoder).boolEntry)
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
	key := e.b.CreateString(k)
	fbs.TestStrucEntryStart(e.b)
	fbs.TestStrucEntryAddKey(e.b, key)
	fbs.TestStrucEntryAddValue(e.b, value)
	return fbs.TestStrucEntryEnd(e.b), nil
}

// testStrucValueEntry is testStrucEntry for an entry of Mts, whose values
// are not pointers.
func (e *encoder) testStrucValueEntry(k string, c workload.TestStruc) (fb.UOffsetT, error) {
	return e.testStrucEntry(k, &c)
}

// itsElement writes c, an element of Its, which cannot be nil.
func (e *encoder) itsElement(c *workload.TestStruc) (fb.UOffsetT, error) {
	if c == nil {
		return 0, errors.New("flatbuffers: nil *TestStruc in Its: a vector of tables has no nil element")
	}
	return e.testStruc(c)
}

// valueEntry writes a ValueEntry of key k and value x, x first.
func (e *encoder) valueEntry(k string, x any) (fb.UOffsetT, error) {
	value, err := e.value(x)
	if err != nil {
		return 0, err
	}
	b := e.b
	key := b.CreateString(k)
	fbs.ValueEntryStart(b)
	fbs.ValueEntryAddKey(b, key)
	fbs.ValueEntryAddValue(b, value)
	return fbs.ValueEntryEnd(b), nil
}

// int64Entry writes an Int64Entry of key k and value x; it cannot fail.
func (e *encoder) int64Entry(k string, x int64) (fb.UOffsetT, error) {
	b := e.b
	key := b.CreateString(k)
	fbs.Int64EntryStart(b)
	fbs.Int64EntryAddKey(b, key)
	fbs.Int64EntryAddValue(b, x)
	return fbs.Int64EntryEnd(b), nil
}

// boolEntry writes a BoolEntry of key k and value x; it cannot fail.
func (e *encoder) boolEntry(k string, x bool) (fb.UOffsetT, error) {
	b := e.b
	key := b.CreateString(k)
	fbs.BoolEntryStart(b)
	fbs.BoolEntryAddKey(b, key)
	fbs.BoolEntryAddValue(b, x)
	return fbs.BoolEntryEnd(b), nil
}

// value writes an interface{} value as a Value table: its kind (none for
// nil, the default) and the field of that kind.
func (e *encoder) value(x any) (fb.UOffsetT, error) {
	u, ok := schema.UnionOf[fbs.ValueKind](x)
	if !ok {
		return 0, fmt.Errorf("flatbuffers: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", x)
	}
	b := e.b
	var s fb.UOffsetT
	if u.Kind == fbs.ValueKindString {
		s = b.CreateString(u.S)
	}
	fbs.ValueStart(b)
	fbs.ValueAddKind(b, u.Kind)
	switch u.Kind {
	case fbs.ValueKindString:
		fbs.ValueAddS(b, s)
	case fbs.ValueKindBool:
		fbs.ValueAddB(b, u.B)
	case fbs.ValueKindInt:
		fbs.ValueAddI(b, u.I)
	case fbs.ValueKindUint:
		fbs.ValueAddU(b, u.U)
	case fbs.ValueKindFloat32:
		fbs.ValueAddF32(b, u.F32)
	case fbs.ValueKindFloat64:
		fbs.ValueAddF64(b, u.F64)
	}
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
		Ui8slice:  r.Ui8sliceBytes(),
		Ui16slice: vector(t, slotTestStrucUi16slice, r.Ui16sliceLength(), r.Ui16slice),
		Ui32slice: vector(t, slotTestStrucUi32slice, r.Ui32sliceLength(), r.Ui32slice),
		Ui64slice: vector(t, slotTestStrucUi64slice, r.Ui64sliceLength(), r.Ui64slice),
		F32slice:  vector(t, slotTestStrucF32slice, r.F32sliceLength(), r.F32slice),
		F64slice:  vector(t, slotTestStrucF64slice, r.F64sliceLength(), r.F64slice),
		Bslice:    vector(t, slotTestStrucBslice, r.BsliceLength(), r.Bslice),
		Byslice:   r.BysliceBytes(),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS:        string(r.As()),
			AI64:      r.Ai64(),
			AI16:      r.Ai16(),
			AUi64:     r.Aui64(),
			ASslice:   stringVector(t, slotTestStrucAsslice, r.AssliceLength(), r.Asslice),
			AI64slice: vector(t, slotTestStrucAi64slice, r.Ai64sliceLength(), r.Ai64slice),
		},

		T:      schema.JoinTime(r.TUnixNano(), r.TOffset()),
		Nslice: r.NsliceBytes(),
		Nint64: r.Nint64(),
	}
	if present(t, slotTestStrucIntslice) {
		v.Intslice = make([]int, r.IntsliceLength())
		for j := range v.Intslice {
			v.Intslice[j] = int(r.Intslice(j))
		}
	}
	if present(t, slotTestStrucUintslice) {
		v.Uintslice = make([]uint, r.UintsliceLength())
		for j := range v.Uintslice {
			v.Uintslice[j] = uint(r.Uintslice(j))
		}
	}
	var x fbs.Value
	if present(t, slotTestStrucIslice) {
		v.Islice = make([]any, r.IsliceLength())
		for j := range v.Islice {
			r.Islice(&x, j)
			v.Islice[j] = valueOf(&x)
		}
	}
	if present(t, slotTestStrucIptrslice) {
		n := r.IptrsliceLength()
		v.Iptrslice = make([]*int64, n)
		for j := range v.Iptrslice {
			p := r.Iptrslice(j)
			v.Iptrslice[j] = &p
		}
	}
	if present(t, slotTestStrucMs) {
		n := r.MsLength()
		v.Ms = make(map[string]any, n)
		var e fbs.ValueEntry
		for j := 0; j < n; j++ {
			r.Ms(&e, j)
			v.Ms[string(e.Key())] = valueOf(e.Value(&x))
		}
	}
	if present(t, slotTestStrucMsi64) {
		n := r.Msi64Length()
		v.Msi64 = make(map[string]int64, n)
		var e fbs.Int64Entry
		for j := 0; j < n; j++ {
			r.Msi64(&e, j)
			v.Msi64[string(e.Key())] = e.Value()
		}
	}
	if present(t, slotTestStrucNmap) {
		n := r.NmapLength()
		v.Nmap = make(map[string]bool, n)
		var e fbs.BoolEntry
		for j := 0; j < n; j++ {
			r.Nmap(&e, j)
			v.Nmap[string(e.Key())] = e.Value()
		}
	}
	if r.Nintf(&x) != nil {
		v.Nintf = valueOf(&x)
	}
	var c fbs.TestStruc
	if present(t, slotTestStrucMtsptr) {
		n := r.MtsptrLength()
		v.Mtsptr = make(map[string]*workload.TestStruc, n)
		var e fbs.TestStrucEntry
		for j := 0; j < n; j++ {
			r.Mtsptr(&e, j)
			var child *workload.TestStruc
			if e.Value(&c) != nil {
				child = decodeTestStruc(&c)
			}
			v.Mtsptr[string(e.Key())] = child
		}
	}
	if present(t, slotTestStrucMts) {
		n := r.MtsLength()
		v.Mts = make(map[string]workload.TestStruc, n)
		var e fbs.TestStrucEntry
		for j := 0; j < n; j++ {
			r.Mts(&e, j)
			var child workload.TestStruc
			if e.Value(&c) != nil {
				child = *decodeTestStruc(&c)
			}
			v.Mts[string(e.Key())] = child
		}
	}
	if present(t, slotTestStrucIts) {
		v.Its = make([]*workload.TestStruc, r.ItsLength())
		for j := range v.Its {
			r.Its(&c, j)
			v.Its[j] = decodeTestStruc(&c)
		}
	}
	if r.Nteststruc(&c) != nil {
		v.Nteststruc = decodeTestStruc(&c)
	}
	return v
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
