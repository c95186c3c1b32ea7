package capnpv1

import (
	"errors"
	"fmt"

	capn "github.com/glycerine/go-capnproto"

	gen "github.com/serbench/serbench/internal/gen/capnpv1"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

var errNilElement = errors.New("capnp-v1: nil pointer element: the schema's lists have no nil element")

// setList sets a field, with set, to a new list of the elements of s,
// converted by conv and made by make; nothing (a null pointer) for a nil
// s.
func setList[E, T any, L interface {
	Set(int, T)
}](s []E, make func(int) L, conv func(E) T, set func(L)) {
	if s == nil {
		return
	}
	l := make(len(s))
	for i, x := range s {
		l.Set(i, conv(x))
	}
	set(l)
}

// readList returns the elements of l converted by conv: nil for a null
// pointer.
func readList[T, E any, L interface {
	Len() int
	At(int) T
}](l L, null bool, conv func(T) E) []E {
	if null {
		return nil
	}
	s := make([]E, l.Len())
	for i := range s {
		s[i] = conv(l.At(i))
	}
	return s
}

// entry is a generated map entry struct of a text key and a scalar value
// (Int64Entry, BoolEntry).
type entry[V any] interface {
	Key() string
	SetKey(string)
	Value() V
	SetValue(V)
}

// entryList is a generated list of entries.
type entryList[E any] interface {
	Len() int
	At(int) E
}

// setEntries sets a field, with set, to a new list of the entries of m,
// made by make in seg; nothing (a null pointer) for a nil m.
func setEntries[E entry[V], V any, L entryList[E]](m map[string]V, seg *capn.Segment, make func(*capn.Segment, int) L, set func(L)) {
	if m == nil {
		return
	}
	l := make(seg, len(m))
	i := 0
	for k, x := range m {
		e := l.At(i)
		e.SetKey(k)
		e.SetValue(x)
		i++
	}
	set(l)
}

// readEntries returns the entries of l as a map: nil for a null pointer.
func readEntries[E entry[V], V any, L entryList[E]](l L, null bool) map[string]V {
	if null {
		return nil
	}
	m := make(map[string]V, l.Len())
	for i := range l.Len() {
		e := l.At(i)
		m[e.Key()] = e.Value()
	}
	return m
}

func same[T any](x T) T      { return x }
func toInt64(x int) int64    { return int64(x) }
func toUint64(x uint) uint64 { return uint64(x) }
func toInt(x int64) int      { return int(x) }
func toUint(x uint64) uint   { return uint(x) }
func deref(p *int64) int64   { return *p }
func ref(x int64) *int64     { return &x }

func setNested(seg *capn.Segment, v *workload.TestStruc) error {
	return setTestStruc(gen.NewRootTestStruc(seg), v)
}

// setTestStruc sets the fields of s, and of its children, from v.
func setTestStruc(s gen.TestStruc, v *workload.TestStruc) error {
	nanos, offset, err := schema.SplitTime(v.T)
	if err != nil {
		return err
	}
	if schema.NilAt(v.Iptrslice) >= 0 || schema.NilAt(v.Its) >= 0 {
		return errNilElement
	}
	seg := s.Segment
	s.SetS(v.S)
	s.SetI(int64(v.I))
	s.SetI8(v.I8)
	s.SetI16(v.I16)
	s.SetI32(v.I32)
	s.SetI64(v.I64)
	s.SetUi(uint64(v.Ui))
	s.SetUi8(v.Ui8)
	s.SetUi16(v.Ui16)
	s.SetUi32(v.Ui32)
	s.SetUi64(v.Ui64)
	s.SetF32(v.F32)
	s.SetF64(v.F64)
	s.SetB(v.B)
	s.SetBy(v.By)

	if v.Sslice != nil {
		s.SetSslice(newTexts(seg, v.Sslice))
	}
	setList(v.Intslice, seg.NewInt64List, toInt64, s.SetIntslice)
	setList(v.I8slice, seg.NewInt8List, same, s.SetI8slice)
	setList(v.I16slice, seg.NewInt16List, same, s.SetI16slice)
	setList(v.I32slice, seg.NewInt32List, same, s.SetI32slice)
	setList(v.I64slice, seg.NewInt64List, same, s.SetI64slice)
	setList(v.Uintslice, seg.NewUInt64List, toUint64, s.SetUintslice)
	if v.Ui8slice != nil {
		s.SetUi8slice(v.Ui8slice)
	}
	setList(v.Ui16slice, seg.NewUInt16List, same, s.SetUi16slice)
	setList(v.Ui32slice, seg.NewUInt32List, same, s.SetUi32slice)
	setList(v.Ui64slice, seg.NewUInt64List, same, s.SetUi64slice)
	setList(v.F32slice, seg.NewFloat32List, same, s.SetF32slice)
	setList(v.F64slice, seg.NewFloat64List, same, s.SetF64slice)
	setList(v.Bslice, seg.NewBitList, same, s.SetBslice)
	if v.Byslice != nil {
		s.SetByslice(v.Byslice)
	}
	if v.Islice != nil {
		l := gen.NewValueList(seg, len(v.Islice))
		for i, x := range v.Islice {
			if err := setValue(l.At(i), x); err != nil {
				return fmt.Errorf("Islice[%d]: %w", i, err)
			}
		}
		s.SetIslice(l)
	}
	setList(v.Iptrslice, seg.NewInt64List, deref, s.SetIptrslice)

	s.SetAs(v.AS)
	s.SetAi64(v.AI64)
	s.SetAi16(v.AI16)
	s.SetAui64(v.AUi64)
	if v.ASslice != nil {
		s.SetAsslice(newTexts(seg, v.ASslice))
	}
	setList(v.AI64slice, seg.NewInt64List, same, s.SetAi64slice)

	if v.Ms != nil {
		l := gen.NewValueEntryList(seg, len(v.Ms))
		i := 0
		for k, x := range v.Ms {
			e := l.At(i)
			e.SetKey(k)
			d := gen.NewValue(seg)
			if err := setValue(d, x); err != nil {
				return fmt.Errorf("Ms[%q]: %w", k, err)
			}
			e.SetValue(d)
			i++
		}
		s.SetMs(l)
	}
	setEntries[gen.Int64Entry](v.Msi64, seg, gen.NewInt64EntryList, s.SetMsi64)
	if v.Nintf != nil {
		d := gen.NewValue(seg)
		if err := setValue(d, v.Nintf); err != nil {
			return fmt.Errorf("Nintf: %w", err)
		}
		s.SetNintf(d)
	}
	s.SetTUnixNano(nanos)
	s.SetTOffset(offset)
	setEntries[gen.BoolEntry](v.Nmap, seg, gen.NewBoolEntryList, s.SetNmap)
	if v.Nslice != nil {
		s.SetNslice(v.Nslice)
	}
	if v.Nint64 != nil {
		s.Nint64().SetValue(*v.Nint64)
	}

	if v.Mtsptr != nil {
		l := gen.NewTestStrucEntryList(seg, len(v.Mtsptr))
		i := 0
		for k, c := range v.Mtsptr {
			if err := setEntry(l.At(i), k, c); err != nil {
				return fmt.Errorf("Mtsptr[%q]: %w", k, err)
			}
			i++
		}
		s.SetMtsptr(l)
	}
	if v.Mts != nil {
		l := gen.NewTestStrucEntryList(seg, len(v.Mts))
		i := 0
		for k, c := range v.Mts {
			if err := setEntry(l.At(i), k, &c); err != nil {
				return fmt.Errorf("Mts[%q]: %w", k, err)
			}
			i++
		}
		s.SetMts(l)
	}
	if v.Its != nil {
		l := gen.NewTestStrucList(seg, len(v.Its))
		for i, c := range v.Its {
			if err := setTestStruc(l.At(i), c); err != nil {
				return fmt.Errorf("Its[%d]: %w", i, err)
			}
		}
		s.SetIts(l)
	}
	if v.Nteststruc != nil {
		c := gen.NewTestStruc(seg)
		if err := setTestStruc(c, v.Nteststruc); err != nil {
			return fmt.Errorf("Nteststruc: %w", err)
		}
		s.SetNteststruc(c)
	}
	return nil
}

// setEntry sets e to key k and value c; no value (a null pointer) for a
// nil c.
func setEntry(e gen.TestStrucEntry, k string, c *workload.TestStruc) error {
	e.SetKey(k)
	if c == nil {
		return nil
	}
	s := gen.NewTestStruc(e.Segment)
	if err := setTestStruc(s, c); err != nil {
		return err
	}
	e.SetValue(s)
	return nil
}

// setValue sets the Value union d to the interface{} value x.
func setValue(d gen.Value, x any) error {
	u, ok := schema.UnionOf[int](x)
	if !ok {
		return fmt.Errorf("capnp-v1: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", x)
	}
	switch u.Kind {
	case schema.KindNil:
		d.SetNull()
	case schema.KindString:
		d.SetS(u.S)
	case schema.KindBool:
		d.SetB(u.B)
	case schema.KindInt:
		d.SetI(u.I)
	case schema.KindUint:
		d.SetU(u.U)
	case schema.KindFloat32:
		d.SetF32(u.F32)
	case schema.KindFloat64:
		d.SetF64(u.F64)
	}
	return nil
}

// valueOf returns the interface{} value of a Value union.
func valueOf(d gen.Value) any {
	switch d.Which() {
	case gen.VALUE_S:
		return d.S()
	case gen.VALUE_B:
		return d.B()
	case gen.VALUE_I:
		return d.I()
	case gen.VALUE_U:
		return d.U()
	case gen.VALUE_F32:
		return d.F32()
	case gen.VALUE_F64:
		return d.F64()
	}
	return nil
}

func readNested(seg *capn.Segment) *workload.TestStruc {
	return readTestStruc(gen.ReadRootTestStruc(seg))
}

// isNullStruct reports whether a struct getter found a null pointer.
func isNullStruct(s capn.Struct) bool { return isNull(capn.Object(s)) }

func readTestStruc(s gen.TestStruc) *workload.TestStruc {
	v := &workload.TestStruc{
		S: s.S(), I: int(s.I()), I8: s.I8(), I16: s.I16(), I32: s.I32(), I64: s.I64(),
		Ui: uint(s.Ui()), Ui8: s.Ui8(), Ui16: s.Ui16(), Ui32: s.Ui32(), Ui64: s.Ui64(),
		F32: s.F32(), F64: s.F64(), B: s.B(), By: s.By(),

		Sslice:    texts(s.Sslice()),
		Intslice:  readList(s.Intslice(), isNull(capn.Object(s.Intslice())), toInt),
		I8slice:   readList(s.I8slice(), isNull(capn.Object(s.I8slice())), same[int8]),
		I16slice:  readList(s.I16slice(), isNull(capn.Object(s.I16slice())), same[int16]),
		I32slice:  readList(s.I32slice(), isNull(capn.Object(s.I32slice())), same[int32]),
		I64slice:  readList(s.I64slice(), isNull(capn.Object(s.I64slice())), same[int64]),
		Uintslice: readList(s.Uintslice(), isNull(capn.Object(s.Uintslice())), toUint),
		Ui8slice:  s.Ui8slice(),
		Ui16slice: readList(s.Ui16slice(), isNull(capn.Object(s.Ui16slice())), same[uint16]),
		Ui32slice: readList(s.Ui32slice(), isNull(capn.Object(s.Ui32slice())), same[uint32]),
		Ui64slice: readList(s.Ui64slice(), isNull(capn.Object(s.Ui64slice())), same[uint64]),
		F32slice:  readList(s.F32slice(), isNull(capn.Object(s.F32slice())), same[float32]),
		F64slice:  readList(s.F64slice(), isNull(capn.Object(s.F64slice())), same[float64]),
		Bslice:    readList(s.Bslice(), isNull(capn.Object(s.Bslice())), same[bool]),
		Byslice:   s.Byslice(),
		Iptrslice: readList(s.Iptrslice(), isNull(capn.Object(s.Iptrslice())), ref),

		AnonInTestStruc: workload.AnonInTestStruc{
			AS: s.As(), AI64: s.Ai64(), AI16: s.Ai16(), AUi64: s.Aui64(),
			ASslice:   texts(s.Asslice()),
			AI64slice: readList(s.Ai64slice(), isNull(capn.Object(s.Ai64slice())), same[int64]),
		},

		T:      schema.JoinTime(s.TUnixNano(), s.TOffset()),
		Nslice: s.Nslice(),
	}
	if l := s.Islice(); !isNull(capn.Object(l)) {
		v.Islice = make([]any, l.Len())
		for i := range v.Islice {
			v.Islice[i] = valueOf(l.At(i))
		}
	}
	if l := s.Ms(); !isNull(capn.Object(l)) {
		v.Ms = make(map[string]any, l.Len())
		for i := range l.Len() {
			e := l.At(i)
			var x any
			if d := e.Value(); !isNullStruct(capn.Struct(d)) {
				x = valueOf(d)
			}
			v.Ms[e.Key()] = x
		}
	}
	v.Msi64 = readEntries[gen.Int64Entry](s.Msi64(), isNull(capn.Object(s.Msi64())))
	if d := s.Nintf(); !isNullStruct(capn.Struct(d)) {
		v.Nintf = valueOf(d)
	}
	v.Nmap = readEntries[gen.BoolEntry](s.Nmap(), isNull(capn.Object(s.Nmap())))
	if s.Nint64().Which() == gen.TESTSTRUCNINT64_VALUE {
		x := s.Nint64().Value()
		v.Nint64 = &x
	}
	if l := s.Mtsptr(); !isNull(capn.Object(l)) {
		v.Mtsptr = make(map[string]*workload.TestStruc, l.Len())
		for i := range l.Len() {
			e := l.At(i)
			var c *workload.TestStruc
			if cs := e.Value(); !isNullStruct(capn.Struct(cs)) {
				c = readTestStruc(cs)
			}
			v.Mtsptr[e.Key()] = c
		}
	}
	if l := s.Mts(); !isNull(capn.Object(l)) {
		v.Mts = make(map[string]workload.TestStruc, l.Len())
		for i := range l.Len() {
			e := l.At(i)
			var c workload.TestStruc
			if cs := e.Value(); !isNullStruct(capn.Struct(cs)) {
				c = *readTestStruc(cs)
			}
			v.Mts[e.Key()] = c
		}
	}
	if l := s.Its(); !isNull(capn.Object(l)) {
		v.Its = make([]*workload.TestStruc, l.Len())
		for i := range v.Its {
			v.Its[i] = readTestStruc(l.At(i))
		}
	}
	if c := s.Nteststruc(); !isNullStruct(capn.Struct(c)) {
		v.Nteststruc = readTestStruc(c)
	}
	return v
}

func accessNested(seg *capn.Segment) workload.NestedFields {
	s := gen.ReadRootTestStruc(seg)
	return workload.NestedFields{S: s.S(), I64: s.I64(), F64: s.F64()}
}
