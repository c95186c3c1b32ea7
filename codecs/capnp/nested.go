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

func toInt64(x int) int64    { return int64(x) }
func toUint64(x uint) uint64 { return uint64(x) }
func deref(p *int64) int64   { return *p }

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
	setScalars(&w, v.Intslice, s.NewIntslice, toInt64)
	setScalars(&w, v.I8slice, s.NewI8slice, same)
	setScalars(&w, v.I16slice, s.NewI16slice, same)
	setScalars(&w, v.I32slice, s.NewI32slice, same)
	setScalars(&w, v.I64slice, s.NewI64slice, same)
	setScalars(&w, v.Uintslice, s.NewUintslice, toUint64)
	w.check(s.SetUi8slice(v.Ui8slice)) // a nil slice sets a null pointer
	setScalars(&w, v.Ui16slice, s.NewUi16slice, same)
	setScalars(&w, v.Ui32slice, s.NewUi32slice, same)
	setScalars(&w, v.Ui64slice, s.NewUi64slice, same)
	setScalars(&w, v.F32slice, s.NewF32slice, same)
	setScalars(&w, v.F64slice, s.NewF64slice, same)
	setScalars(&w, v.Bslice, s.NewBslice, same)
	w.check(s.SetByslice(v.Byslice))
	if v.Islice != nil {
		l, err := s.NewIslice(int32(len(v.Islice)))
		if err != nil {
			return err
		}
		for i, x := range v.Islice {
			w.check(setValue(l.At(i), x))
		}
	}
	setScalars(&w, v.Iptrslice, s.NewIptrslice, deref)

	w.check(s.SetAs(v.AS))
	s.SetAi64(v.AI64)
	s.SetAi16(v.AI16)
	s.SetAui64(v.AUi64)
	w.setTexts(v.ASslice, s.NewAsslice)
	setScalars(&w, v.AI64slice, s.NewAi64slice, same)

	if v.Ms != nil {
		l, err := s.NewMs(int32(len(v.Ms)))
		if err != nil {
			return err
		}
		i := 0
		for k, x := range v.Ms {
			e := l.At(i)
			w.check(e.SetKey(k))
			d, err := e.NewValue()
			if err != nil {
				return err
			}
			w.check(setValue(d, x))
			i++
		}
	}
	if err := setEntries(&w, v.Msi64, s.NewMsi64); err != nil {
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
	if err := setEntries(&w, v.Nmap, s.NewNmap); err != nil {
		return err
	}
	w.check(s.SetNslice(v.Nslice))
	if v.Nint64 != nil {
		s.Nint64().SetValue(*v.Nint64)
	}

	if v.Mtsptr != nil {
		l, err := s.NewMtsptr(int32(len(v.Mtsptr)))
		if err != nil {
			return err
		}
		i := 0
		for k, c := range v.Mtsptr {
			w.check(setEntry(l.At(i), k, c))
			i++
		}
	}
	if v.Mts != nil {
		l, err := s.NewMts(int32(len(v.Mts)))
		if err != nil {
			return err
		}
		i := 0
		for k, c := range v.Mts {
			w.check(setEntry(l.At(i), k, &c))
			i++
		}
	}
	if v.Its != nil {
		l, err := s.NewIts(int32(len(v.Its)))
		if err != nil {
			return err
		}
		for i, c := range v.Its {
			if c == nil {
				return errNilElement
			}
			w.check(setTestStruc(l.At(i), c))
		}
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
		I8slice:   scalars(rd, s.HasI8slice(), s.I8slice),
		I16slice:  scalars(rd, s.HasI16slice(), s.I16slice),
		I32slice:  scalars(rd, s.HasI32slice(), s.I32slice),
		I64slice:  scalars(rd, s.HasI64slice(), s.I64slice),
		Ui16slice: scalars(rd, s.HasUi16slice(), s.Ui16slice),
		Ui32slice: scalars(rd, s.HasUi32slice(), s.Ui32slice),
		Ui64slice: scalars(rd, s.HasUi64slice(), s.Ui64slice),
		F32slice:  scalars(rd, s.HasF32slice(), s.F32slice),
		F64slice:  scalars(rd, s.HasF64slice(), s.F64slice),
		Bslice:    scalars(rd, s.HasBslice(), s.Bslice),

		T: schema.JoinTime(s.TUnixNano(), s.TOffset()),
	}
	// Data getters return a slice of the message, kept as it is.
	b, err := s.Ui8slice()
	v.Ui8slice = rd.data(s.HasUi8slice(), b, err)
	b, err = s.Byslice()
	v.Byslice = rd.data(s.HasByslice(), b, err)
	b, err = s.Nslice()
	v.Nslice = rd.data(s.HasNslice(), b, err)
	if s.HasIntslice() {
		l, err := s.Intslice()
		rd.check(err)
		v.Intslice = make([]int, l.Len())
		for i := range v.Intslice {
			v.Intslice[i] = int(l.At(i))
		}
	}
	if s.HasUintslice() {
		l, err := s.Uintslice()
		rd.check(err)
		v.Uintslice = make([]uint, l.Len())
		for i := range v.Uintslice {
			v.Uintslice[i] = uint(l.At(i))
		}
	}
	if s.HasIslice() {
		l, err := s.Islice()
		rd.check(err)
		v.Islice = make([]any, l.Len())
		for i := range v.Islice {
			v.Islice[i] = valueOf(rd, l.At(i))
		}
	}
	if s.HasIptrslice() {
		l, err := s.Iptrslice()
		rd.check(err)
		v.Iptrslice = make([]*int64, l.Len())
		for i := range v.Iptrslice {
			x := l.At(i)
			v.Iptrslice[i] = &x
		}
	}

	v.AS = rd.text(s.As())
	v.AI64 = s.Ai64()
	v.AI16 = s.Ai16()
	v.AUi64 = s.Aui64()
	v.ASslice = texts(rd, s.HasAsslice(), s.Asslice)
	v.AI64slice = scalars(rd, s.HasAi64slice(), s.Ai64slice)

	if s.HasMs() {
		l, err := s.Ms()
		rd.check(err)
		v.Ms = make(map[string]any, l.Len())
		for i := 0; i < l.Len(); i++ {
			e := l.At(i)
			var x any
			if e.HasValue() {
				d, err := e.Value()
				rd.check(err)
				x = valueOf(rd, d)
			}
			v.Ms[rd.text(e.Key())] = x
		}
	}
	v.Msi64 = readEntries(rd, s.HasMsi64(), s.Msi64)
	if s.HasNintf() {
		d, err := s.Nintf()
		rd.check(err)
		v.Nintf = valueOf(rd, d)
	}
	v.Nmap = readEntries(rd, s.HasNmap(), s.Nmap)
	if s.Nint64().Which() == gen.TestStruc_nint64_Which_value {
		x := s.Nint64().Value()
		v.Nint64 = &x
	}

	if s.HasMtsptr() {
		l, err := s.Mtsptr()
		rd.check(err)
		v.Mtsptr = make(map[string]*workload.TestStruc, l.Len())
		for i := 0; i < l.Len(); i++ {
			e := l.At(i)
			var c *workload.TestStruc
			if e.HasValue() {
				cs, err := e.Value()
				rd.check(err)
				c = readTestStruc(rd, cs)
			}
			v.Mtsptr[rd.text(e.Key())] = c
		}
	}
	if s.HasMts() {
		l, err := s.Mts()
		rd.check(err)
		v.Mts = make(map[string]workload.TestStruc, l.Len())
		for i := 0; i < l.Len(); i++ {
			e := l.At(i)
			var c workload.TestStruc
			if e.HasValue() {
				cs, err := e.Value()
				rd.check(err)
				c = *readTestStruc(rd, cs)
			}
			v.Mts[rd.text(e.Key())] = c
		}
	}
	if s.HasIts() {
		l, err := s.Its()
		rd.check(err)
		v.Its = make([]*workload.TestStruc, l.Len())
		for i := range v.Its {
			v.Its[i] = readTestStruc(rd, l.At(i))
		}
	}
	if s.HasNteststruc() {
		c, err := s.Nteststruc()
		rd.check(err)
		v.Nteststruc = readTestStruc(rd, c)
	}
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
