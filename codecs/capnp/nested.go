package capnp

import (
	"fmt"

	"capnproto.org/go/capnp/v3"

	gen "github.com/serbench/serbench/internal/gen/capnp"
	"github.com/serbench/serbench/schema"
	"github.com/serbench/serbench/workload"
)

// newNested sets the root of seg's message to the TestStruc of
// schema/nested.capnp made from v.
func newNested(seg *capnp.Segment, v *workload.TestStruc) error {
	r, err := gen.NewRootTestStruc(seg)
	if err != nil {
		return err
	}
	return setTestStruc(r, v)
}

// setTestStruc sets the fields of s, and of its children, from v.
func setTestStruc(s gen.TestStruc, v *workload.TestStruc) error {
	nanos, offset, err := schema.SplitTime(v.T)
	if err != nil {
		return err
	}
	for _, p := range v.Iptrslice {
		if p == nil {
			return errNilElement
		}
	}
	var w writer
	w.check(s.SetS(v.S))
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

	w.setTexts(v.Sslice, s.NewSslice)
	setList(&w, v.Intslice, s.NewIntslice, func(l capnp.Int64List, i int, x int) { l.Set(i, int64(x)) })
	setList(&w, v.I8slice, s.NewI8slice, capnp.Int8List.Set)
	setList(&w, v.I16slice, s.NewI16slice, capnp.Int16List.Set)
	setList(&w, v.I32slice, s.NewI32slice, capnp.Int32List.Set)
	setList(&w, v.I64slice, s.NewI64slice, capnp.Int64List.Set)
	setList(&w, v.Uintslice, s.NewUintslice, func(l capnp.UInt64List, i int, x uint) { l.Set(i, uint64(x)) })
	w.check(s.SetUi8slice(v.Ui8slice)) // a nil slice sets a null pointer
	setList(&w, v.Ui16slice, s.NewUi16slice, capnp.UInt16List.Set)
	setList(&w, v.Ui32slice, s.NewUi32slice, capnp.UInt32List.Set)
	setList(&w, v.Ui64slice, s.NewUi64slice, capnp.UInt64List.Set)
	setList(&w, v.F32slice, s.NewF32slice, capnp.Float32List.Set)
	setList(&w, v.F64slice, s.NewF64slice, capnp.Float64List.Set)
	setList(&w, v.Bslice, s.NewBslice, capnp.BitList.Set)
	w.check(s.SetByslice(v.Byslice))
	if err := setStructs(v.Islice, s.NewIslice, func(d gen.Value, x any) error {
		w.check(setValue(d, x))
		return nil
	}); err != nil {
		return err
	}
	setList(&w, v.Iptrslice, s.NewIptrslice, func(l capnp.Int64List, i int, p *int64) { l.Set(i, *p) })

	w.check(s.SetAs(v.AS))
	s.SetAi64(v.AI64)
	s.SetAi16(v.AI16)
	s.SetAui64(v.AUi64)
	w.setTexts(v.ASslice, s.NewAsslice)
	setList(&w, v.AI64slice, s.NewAi64slice, capnp.Int64List.Set)

	if err := setEntries(v.Ms, s.NewMs, func(e gen.ValueEntry, k string, x any) error {
		w.check(e.SetKey(k))
		d, err := e.NewValue()
		if err != nil {
			return err
		}
		w.check(setValue(d, x))
		return nil
	}); err != nil {
		return err
	}
	if err := setScalarEntries(&w, v.Msi64, s.NewMsi64); err != nil {
		return err
	}
	if v.Nintf != nil {
		d, err := s.NewNintf()
		if err != nil {
			return err
		}
		w.check(setValue(d, v.Nintf))
	}
	s.SetTUnixNano(nanos)
	s.SetTOffset(offset)
	if err := setScalarEntries(&w, v.Nmap, s.NewNmap); err != nil {
		return err
	}
	w.check(s.SetNslice(v.Nslice))
	if v.Nint64 != nil {
		s.Nint64().SetValue(*v.Nint64)
	}

	if err := setEntries(v.Mtsptr, s.NewMtsptr, func(e gen.TestStrucEntry, k string, c *workload.TestStruc) error {
		w.check(setEntry(e, k, c))
		return nil
	}); err != nil {
		return err
	}
	if err := setEntries(v.Mts, s.NewMts, func(e gen.TestStrucEntry, k string, c workload.TestStruc) error {
		w.check(setEntry(e, k, &c))
		return nil
	}); err != nil {
		return err
	}
	if err := setStructs(v.Its, s.NewIts, func(e gen.TestStruc, c *workload.TestStruc) error {
		if c == nil {
			return errNilElement
		}
		w.check(setTestStruc(e, c))
		return nil
	}); err != nil {
		return err
	}
	if v.Nteststruc != nil {
		c, err := s.NewNteststruc()
		if err != nil {
			return err
		}
		w.check(setTestStruc(c, v.Nteststruc))
	}
	return w.err
}

// setEntry sets e to key k and value c; no value (a null pointer) for a
// nil c.
func setEntry(e gen.TestStrucEntry, k string, c *workload.TestStruc) error {
	if err := e.SetKey(k); err != nil {
		return err
	}
	if c == nil {
		return nil
	}
	s, err := e.NewValue()
	if err != nil {
		return err
	}
	return setTestStruc(s, c)
}

// setValue sets the Value union d to the interface{} value x.
func setValue(d gen.Value, x any) error {
	switch x := x.(type) {
	case nil:
		d.SetNull()
	case string:
		return d.SetS(x)
	case bool:
		d.SetB(x)
	case int:
		d.SetI(int64(x))
	case int8:
		d.SetI(int64(x))
	case int16:
		d.SetI(int64(x))
	case int32:
		d.SetI(int64(x))
	case int64:
		d.SetI(x)
	case uint:
		d.SetU(uint64(x))
	case uint8:
		d.SetU(uint64(x))
	case uint16:
		d.SetU(uint64(x))
	case uint32:
		d.SetU(uint64(x))
	case uint64:
		d.SetU(x)
	case uintptr:
		d.SetU(uint64(x))
	case float32:
		d.SetF32(x)
	case float64:
		d.SetF64(x)
	default:
		return fmt.Errorf("capnp: interface{} value of type %T is not in the Value mapping (nil, string, bool, integers, floats)", x)
	}
	return nil
}

// readNested reads every field of the message's TestStruc, and of its
// children, into a new workload.TestStruc.
func readNested(msg *capnp.Message) (*workload.TestStruc, error) {
	r, err := gen.ReadRootTestStruc(msg)
	if err != nil {
		return nil, err
	}
	var rd reader
	v := readTestStruc(&rd, r)
	return v, rd.err
}

func readTestStruc(rd *reader, s gen.TestStruc) *workload.TestStruc {
	v := &workload.TestStruc{
		S:    rd.text(s.S()),
		I:    int(s.I()),
		I8:   s.I8(),
		I16:  s.I16(),
		I32:  s.I32(),
		I64:  s.I64(),
		Ui:   uint(s.Ui()),
		Ui8:  s.Ui8(),
		Ui16: s.Ui16(),
		Ui32: s.Ui32(),
		Ui64: s.Ui64(),
		F32:  s.F32(),
		F64:  s.F64(),
		B:    s.B(),
		By:   s.By(),

		Sslice:    texts(rd, s.HasSslice(), s.Sslice),
		I8slice:   readList(rd, s.HasI8slice(), s.I8slice, capnp.Int8List.At),
		I16slice:  readList(rd, s.HasI16slice(), s.I16slice, capnp.Int16List.At),
		I32slice:  readList(rd, s.HasI32slice(), s.I32slice, capnp.Int32List.At),
		I64slice:  readList(rd, s.HasI64slice(), s.I64slice, capnp.Int64List.At),
		Ui16slice: readList(rd, s.HasUi16slice(), s.Ui16slice, capnp.UInt16List.At),
		Ui32slice: readList(rd, s.HasUi32slice(), s.Ui32slice, capnp.UInt32List.At),
		Ui64slice: readList(rd, s.HasUi64slice(), s.Ui64slice, capnp.UInt64List.At),
		F32slice:  readList(rd, s.HasF32slice(), s.F32slice, capnp.Float32List.At),
		F64slice:  readList(rd, s.HasF64slice(), s.F64slice, capnp.Float64List.At),
		Bslice:    readList(rd, s.HasBslice(), s.Bslice, capnp.BitList.At),

		T: schema.JoinTime(s.TUnixNano(), s.TOffset()),
	}
	// Data getters return a slice of the message: copy it.
	b, err := s.Ui8slice()
	v.Ui8slice = rd.data(s.HasUi8slice(), b, err)
	b, err = s.Byslice()
	v.Byslice = rd.data(s.HasByslice(), b, err)
	b, err = s.Nslice()
	v.Nslice = rd.data(s.HasNslice(), b, err)
	v.Intslice = readList(rd, s.HasIntslice(), s.Intslice, func(l capnp.Int64List, i int) int { return int(l.At(i)) })
	v.Uintslice = readList(rd, s.HasUintslice(), s.Uintslice, func(l capnp.UInt64List, i int) uint { return uint(l.At(i)) })
	v.Islice = readList(rd, s.HasIslice(), s.Islice, func(l gen.Value_List, i int) any { return valueOf(rd, l.At(i)) })
	v.Iptrslice = readList(rd, s.HasIptrslice(), s.Iptrslice, func(l capnp.Int64List, i int) *int64 {
		x := l.At(i)
		return &x
	})

	v.AS = rd.text(s.As())
	v.AI64 = s.Ai64()
	v.AI16 = s.Ai16()
	v.AUi64 = s.Aui64()
	v.ASslice = texts(rd, s.HasAsslice(), s.Asslice)
	v.AI64slice = readList(rd, s.HasAi64slice(), s.Ai64slice, capnp.Int64List.At)

	v.Ms = entryMap(rd, s.HasMs(), s.Ms, func(e gen.ValueEntry) (string, any) {
		x := pointer(rd, e.HasValue(), e.Value, valueOf)
		return rd.text(e.Key()), x
	})
	v.Msi64 = entryMap(rd, s.HasMsi64(), s.Msi64, func(e gen.Int64Entry) (string, int64) { return rd.text(e.Key()), e.Value() })
	v.Nintf = pointer(rd, s.HasNintf(), s.Nintf, valueOf)
	v.Nmap = entryMap(rd, s.HasNmap(), s.Nmap, func(e gen.BoolEntry) (string, bool) { return rd.text(e.Key()), e.Value() })
	if s.Nint64().Which() == gen.TestStruc_nint64_Which_value {
		x := s.Nint64().Value()
		v.Nint64 = &x
	}

	v.Mtsptr = entryMap(rd, s.HasMtsptr(), s.Mtsptr, func(e gen.TestStrucEntry) (string, *workload.TestStruc) {
		c := pointer(rd, e.HasValue(), e.Value, readTestStruc)
		return rd.text(e.Key()), c
	})
	v.Mts = entryMap(rd, s.HasMts(), s.Mts, func(e gen.TestStrucEntry) (string, workload.TestStruc) {
		var c workload.TestStruc
		if p := pointer(rd, e.HasValue(), e.Value, readTestStruc); p != nil {
			c = *p
		}
		return rd.text(e.Key()), c
	})
	v.Its = readList(rd, s.HasIts(), s.Its, func(l gen.TestStruc_List, i int) *workload.TestStruc { return readTestStruc(rd, l.At(i)) })
	v.Nteststruc = pointer(rd, s.HasNteststruc(), s.Nteststruc, readTestStruc)
	return v
}

// valueOf returns the interface{} value of a Value union.
func valueOf(rd *reader, d gen.Value) any {
	switch d.Which() {
	case gen.Value_Which_s:
		return rd.text(d.S())
	case gen.Value_Which_b:
		return d.B()
	case gen.Value_Which_i:
		return d.I()
	case gen.Value_Which_u:
		return d.U()
	case gen.Value_Which_f32:
		return d.F32()
	case gen.Value_Which_f64:
		return d.F64()
	}
	return nil
}

// accessNested reads the access fields of the nested workload from the
// message.
func accessNested(msg *capnp.Message) (workload.NestedFields, error) {
	r, err := gen.ReadRootTestStruc(msg)
	if err != nil {
		return workload.NestedFields{}, err
	}
	s, err := r.S()
	return workload.NestedFields{S: s, I64: r.I64(), F64: r.F64()}, err
}
