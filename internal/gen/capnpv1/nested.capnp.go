package capnpv1

// AUTO GENERATED - DO NOT EDIT

import (
	"bufio"
	"bytes"
	"encoding/json"
	C "github.com/glycerine/go-capnproto"
	"io"
	"math"
)

type Value C.Struct
type Value_Which uint16

const (
	VALUE_NULL Value_Which = 0
	VALUE_S    Value_Which = 1
	VALUE_B    Value_Which = 2
	VALUE_I    Value_Which = 3
	VALUE_U    Value_Which = 4
	VALUE_F32  Value_Which = 5
	VALUE_F64  Value_Which = 6
)

func NewValue(s *C.Segment) Value      { return Value(s.NewStruct(16, 1)) }
func NewRootValue(s *C.Segment) Value  { return Value(s.NewRootStruct(16, 1)) }
func AutoNewValue(s *C.Segment) Value  { return Value(s.NewStructAR(16, 1)) }
func ReadRootValue(s *C.Segment) Value { return Value(s.Root(0).ToStruct()) }
func (s Value) Which() Value_Which     { return Value_Which(C.Struct(s).Get16(0)) }
func (s Value) SetNull()               { C.Struct(s).Set16(0, 0) }
func (s Value) S() string              { return C.Struct(s).GetObject(0).ToText() }
func (s Value) SBytes() []byte         { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s Value) SetS(v string) {
	C.Struct(s).Set16(0, 1)
	C.Struct(s).SetObject(0, s.Segment.NewText(v))
}
func (s Value) B() bool          { return C.Struct(s).Get1(16) }
func (s Value) SetB(v bool)      { C.Struct(s).Set16(0, 2); C.Struct(s).Set1(16, v) }
func (s Value) I() int64         { return int64(C.Struct(s).Get64(8)) }
func (s Value) SetI(v int64)     { C.Struct(s).Set16(0, 3); C.Struct(s).Set64(8, uint64(v)) }
func (s Value) U() uint64        { return C.Struct(s).Get64(8) }
func (s Value) SetU(v uint64)    { C.Struct(s).Set16(0, 4); C.Struct(s).Set64(8, v) }
func (s Value) F32() float32     { return math.Float32frombits(C.Struct(s).Get32(8)) }
func (s Value) SetF32(v float32) { C.Struct(s).Set16(0, 5); C.Struct(s).Set32(8, math.Float32bits(v)) }
func (s Value) F64() float64     { return math.Float64frombits(C.Struct(s).Get64(8)) }
func (s Value) SetF64(v float64) { C.Struct(s).Set16(0, 6); C.Struct(s).Set64(8, math.Float64bits(v)) }
func (s Value) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	if s.Which() == VALUE_NULL {
		_, err = b.WriteString("\"null\":")
		if err != nil {
			return err
		}
		_ = s
		_, err = b.WriteString("null")
		if err != nil {
			return err
		}
	}
	if s.Which() == VALUE_S {
		_, err = b.WriteString("\"s\":")
		if err != nil {
			return err
		}
		{
			s := s.S()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_B {
		_, err = b.WriteString("\"b\":")
		if err != nil {
			return err
		}
		{
			s := s.B()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_I {
		_, err = b.WriteString("\"i\":")
		if err != nil {
			return err
		}
		{
			s := s.I()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_U {
		_, err = b.WriteString("\"u\":")
		if err != nil {
			return err
		}
		{
			s := s.U()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_F32 {
		_, err = b.WriteString("\"f32\":")
		if err != nil {
			return err
		}
		{
			s := s.F32()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_F64 {
		_, err = b.WriteString("\"f64\":")
		if err != nil {
			return err
		}
		{
			s := s.F64()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Value) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s Value) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	if s.Which() == VALUE_NULL {
		_, err = b.WriteString("null = ")
		if err != nil {
			return err
		}
		_ = s
		_, err = b.WriteString("null")
		if err != nil {
			return err
		}
	}
	if s.Which() == VALUE_S {
		_, err = b.WriteString("s = ")
		if err != nil {
			return err
		}
		{
			s := s.S()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_B {
		_, err = b.WriteString("b = ")
		if err != nil {
			return err
		}
		{
			s := s.B()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_I {
		_, err = b.WriteString("i = ")
		if err != nil {
			return err
		}
		{
			s := s.I()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_U {
		_, err = b.WriteString("u = ")
		if err != nil {
			return err
		}
		{
			s := s.U()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_F32 {
		_, err = b.WriteString("f32 = ")
		if err != nil {
			return err
		}
		{
			s := s.F32()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	if s.Which() == VALUE_F64 {
		_, err = b.WriteString("f64 = ")
		if err != nil {
			return err
		}
		{
			s := s.F64()
			buf, err = json.Marshal(s)
			if err != nil {
				return err
			}
			_, err = b.Write(buf)
			if err != nil {
				return err
			}
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Value) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type Value_List C.PointerList

func NewValueList(s *C.Segment, sz int) Value_List { return Value_List(s.NewCompositeList(16, 1, sz)) }
func (s Value_List) Len() int                      { return C.PointerList(s).Len() }
func (s Value_List) At(i int) Value                { return Value(C.PointerList(s).At(i).ToStruct()) }
func (s Value_List) ToArray() []Value {
	n := s.Len()
	a := make([]Value, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s Value_List) Set(i int, item Value) { C.PointerList(s).Set(i, C.Object(item)) }

type ValueEntry C.Struct

func NewValueEntry(s *C.Segment) ValueEntry      { return ValueEntry(s.NewStruct(0, 2)) }
func NewRootValueEntry(s *C.Segment) ValueEntry  { return ValueEntry(s.NewRootStruct(0, 2)) }
func AutoNewValueEntry(s *C.Segment) ValueEntry  { return ValueEntry(s.NewStructAR(0, 2)) }
func ReadRootValueEntry(s *C.Segment) ValueEntry { return ValueEntry(s.Root(0).ToStruct()) }
func (s ValueEntry) Key() string                 { return C.Struct(s).GetObject(0).ToText() }
func (s ValueEntry) KeyBytes() []byte            { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s ValueEntry) SetKey(v string)             { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s ValueEntry) Value() Value                { return Value(C.Struct(s).GetObject(1).ToStruct()) }
func (s ValueEntry) SetValue(v Value)            { C.Struct(s).SetObject(1, C.Object(v)) }
func (s ValueEntry) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"key\":")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"value\":")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		err = s.WriteJSON(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s ValueEntry) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s ValueEntry) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("key = ")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("value = ")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		err = s.WriteCapLit(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s ValueEntry) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type ValueEntry_List C.PointerList

func NewValueEntryList(s *C.Segment, sz int) ValueEntry_List {
	return ValueEntry_List(s.NewCompositeList(0, 2, sz))
}
func (s ValueEntry_List) Len() int            { return C.PointerList(s).Len() }
func (s ValueEntry_List) At(i int) ValueEntry { return ValueEntry(C.PointerList(s).At(i).ToStruct()) }
func (s ValueEntry_List) ToArray() []ValueEntry {
	n := s.Len()
	a := make([]ValueEntry, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s ValueEntry_List) Set(i int, item ValueEntry) { C.PointerList(s).Set(i, C.Object(item)) }

type Int64Entry C.Struct

func NewInt64Entry(s *C.Segment) Int64Entry      { return Int64Entry(s.NewStruct(8, 1)) }
func NewRootInt64Entry(s *C.Segment) Int64Entry  { return Int64Entry(s.NewRootStruct(8, 1)) }
func AutoNewInt64Entry(s *C.Segment) Int64Entry  { return Int64Entry(s.NewStructAR(8, 1)) }
func ReadRootInt64Entry(s *C.Segment) Int64Entry { return Int64Entry(s.Root(0).ToStruct()) }
func (s Int64Entry) Key() string                 { return C.Struct(s).GetObject(0).ToText() }
func (s Int64Entry) KeyBytes() []byte            { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s Int64Entry) SetKey(v string)             { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s Int64Entry) Value() int64                { return int64(C.Struct(s).Get64(0)) }
func (s Int64Entry) SetValue(v int64)            { C.Struct(s).Set64(0, uint64(v)) }
func (s Int64Entry) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"key\":")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"value\":")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Int64Entry) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s Int64Entry) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("key = ")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("value = ")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Int64Entry) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type Int64Entry_List C.PointerList

func NewInt64EntryList(s *C.Segment, sz int) Int64Entry_List {
	return Int64Entry_List(s.NewCompositeList(8, 1, sz))
}
func (s Int64Entry_List) Len() int            { return C.PointerList(s).Len() }
func (s Int64Entry_List) At(i int) Int64Entry { return Int64Entry(C.PointerList(s).At(i).ToStruct()) }
func (s Int64Entry_List) ToArray() []Int64Entry {
	n := s.Len()
	a := make([]Int64Entry, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s Int64Entry_List) Set(i int, item Int64Entry) { C.PointerList(s).Set(i, C.Object(item)) }

type BoolEntry C.Struct

func NewBoolEntry(s *C.Segment) BoolEntry      { return BoolEntry(s.NewStruct(8, 1)) }
func NewRootBoolEntry(s *C.Segment) BoolEntry  { return BoolEntry(s.NewRootStruct(8, 1)) }
func AutoNewBoolEntry(s *C.Segment) BoolEntry  { return BoolEntry(s.NewStructAR(8, 1)) }
func ReadRootBoolEntry(s *C.Segment) BoolEntry { return BoolEntry(s.Root(0).ToStruct()) }
func (s BoolEntry) Key() string                { return C.Struct(s).GetObject(0).ToText() }
func (s BoolEntry) KeyBytes() []byte           { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s BoolEntry) SetKey(v string)            { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s BoolEntry) Value() bool                { return C.Struct(s).Get1(0) }
func (s BoolEntry) SetValue(v bool)            { C.Struct(s).Set1(0, v) }
func (s BoolEntry) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"key\":")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"value\":")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s BoolEntry) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s BoolEntry) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("key = ")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("value = ")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s BoolEntry) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type BoolEntry_List C.PointerList

func NewBoolEntryList(s *C.Segment, sz int) BoolEntry_List {
	return BoolEntry_List(s.NewCompositeList(8, 1, sz))
}
func (s BoolEntry_List) Len() int           { return C.PointerList(s).Len() }
func (s BoolEntry_List) At(i int) BoolEntry { return BoolEntry(C.PointerList(s).At(i).ToStruct()) }
func (s BoolEntry_List) ToArray() []BoolEntry {
	n := s.Len()
	a := make([]BoolEntry, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s BoolEntry_List) Set(i int, item BoolEntry) { C.PointerList(s).Set(i, C.Object(item)) }

type TestStrucEntry C.Struct

func NewTestStrucEntry(s *C.Segment) TestStrucEntry      { return TestStrucEntry(s.NewStruct(0, 2)) }
func NewRootTestStrucEntry(s *C.Segment) TestStrucEntry  { return TestStrucEntry(s.NewRootStruct(0, 2)) }
func AutoNewTestStrucEntry(s *C.Segment) TestStrucEntry  { return TestStrucEntry(s.NewStructAR(0, 2)) }
func ReadRootTestStrucEntry(s *C.Segment) TestStrucEntry { return TestStrucEntry(s.Root(0).ToStruct()) }
func (s TestStrucEntry) Key() string                     { return C.Struct(s).GetObject(0).ToText() }
func (s TestStrucEntry) KeyBytes() []byte                { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s TestStrucEntry) SetKey(v string)                 { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s TestStrucEntry) Value() TestStruc                { return TestStruc(C.Struct(s).GetObject(1).ToStruct()) }
func (s TestStrucEntry) SetValue(v TestStruc)            { C.Struct(s).SetObject(1, C.Object(v)) }
func (s TestStrucEntry) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"key\":")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"value\":")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		err = s.WriteJSON(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s TestStrucEntry) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s TestStrucEntry) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("key = ")
	if err != nil {
		return err
	}
	{
		s := s.Key()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("value = ")
	if err != nil {
		return err
	}
	{
		s := s.Value()
		err = s.WriteCapLit(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s TestStrucEntry) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type TestStrucEntry_List C.PointerList

func NewTestStrucEntryList(s *C.Segment, sz int) TestStrucEntry_List {
	return TestStrucEntry_List(s.NewCompositeList(0, 2, sz))
}
func (s TestStrucEntry_List) Len() int { return C.PointerList(s).Len() }
func (s TestStrucEntry_List) At(i int) TestStrucEntry {
	return TestStrucEntry(C.PointerList(s).At(i).ToStruct())
}
func (s TestStrucEntry_List) ToArray() []TestStrucEntry {
	n := s.Len()
	a := make([]TestStrucEntry, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s TestStrucEntry_List) Set(i int, item TestStrucEntry) { C.PointerList(s).Set(i, C.Object(item)) }

type TestStruc C.Struct
type TestStrucNint64 TestStruc
type TestStrucNint64_Which uint16

const (
	TESTSTRUCNINT64_NULL  TestStrucNint64_Which = 0
	TESTSTRUCNINT64_VALUE TestStrucNint64_Which = 1
)

func NewTestStruc(s *C.Segment) TestStruc       { return TestStruc(s.NewStruct(104, 30)) }
func NewRootTestStruc(s *C.Segment) TestStruc   { return TestStruc(s.NewRootStruct(104, 30)) }
func AutoNewTestStruc(s *C.Segment) TestStruc   { return TestStruc(s.NewStructAR(104, 30)) }
func ReadRootTestStruc(s *C.Segment) TestStruc  { return TestStruc(s.Root(0).ToStruct()) }
func (s TestStruc) S() string                   { return C.Struct(s).GetObject(0).ToText() }
func (s TestStruc) SBytes() []byte              { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s TestStruc) SetS(v string)               { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s TestStruc) I() int64                    { return int64(C.Struct(s).Get64(0)) }
func (s TestStruc) SetI(v int64)                { C.Struct(s).Set64(0, uint64(v)) }
func (s TestStruc) I8() int8                    { return int8(C.Struct(s).Get8(8)) }
func (s TestStruc) SetI8(v int8)                { C.Struct(s).Set8(8, uint8(v)) }
func (s TestStruc) I16() int16                  { return int16(C.Struct(s).Get16(10)) }
func (s TestStruc) SetI16(v int16)              { C.Struct(s).Set16(10, uint16(v)) }
func (s TestStruc) I32() int32                  { return int32(C.Struct(s).Get32(12)) }
func (s TestStruc) SetI32(v int32)              { C.Struct(s).Set32(12, uint32(v)) }
func (s TestStruc) I64() int64                  { return int64(C.Struct(s).Get64(16)) }
func (s TestStruc) SetI64(v int64)              { C.Struct(s).Set64(16, uint64(v)) }
func (s TestStruc) Ui() uint64                  { return C.Struct(s).Get64(24) }
func (s TestStruc) SetUi(v uint64)              { C.Struct(s).Set64(24, v) }
func (s TestStruc) Ui8() uint8                  { return C.Struct(s).Get8(9) }
func (s TestStruc) SetUi8(v uint8)              { C.Struct(s).Set8(9, v) }
func (s TestStruc) Ui16() uint16                { return C.Struct(s).Get16(32) }
func (s TestStruc) SetUi16(v uint16)            { C.Struct(s).Set16(32, v) }
func (s TestStruc) Ui32() uint32                { return C.Struct(s).Get32(36) }
func (s TestStruc) SetUi32(v uint32)            { C.Struct(s).Set32(36, v) }
func (s TestStruc) Ui64() uint64                { return C.Struct(s).Get64(40) }
func (s TestStruc) SetUi64(v uint64)            { C.Struct(s).Set64(40, v) }
func (s TestStruc) F32() float32                { return math.Float32frombits(C.Struct(s).Get32(48)) }
func (s TestStruc) SetF32(v float32)            { C.Struct(s).Set32(48, math.Float32bits(v)) }
func (s TestStruc) F64() float64                { return math.Float64frombits(C.Struct(s).Get64(56)) }
func (s TestStruc) SetF64(v float64)            { C.Struct(s).Set64(56, math.Float64bits(v)) }
func (s TestStruc) B() bool                     { return C.Struct(s).Get1(272) }
func (s TestStruc) SetB(v bool)                 { C.Struct(s).Set1(272, v) }
func (s TestStruc) By() uint8                   { return C.Struct(s).Get8(35) }
func (s TestStruc) SetBy(v uint8)               { C.Struct(s).Set8(35, v) }
func (s TestStruc) Sslice() C.TextList          { return C.TextList(C.Struct(s).GetObject(1)) }
func (s TestStruc) SetSslice(v C.TextList)      { C.Struct(s).SetObject(1, C.Object(v)) }
func (s TestStruc) Intslice() C.Int64List       { return C.Int64List(C.Struct(s).GetObject(2)) }
func (s TestStruc) SetIntslice(v C.Int64List)   { C.Struct(s).SetObject(2, C.Object(v)) }
func (s TestStruc) I8slice() C.Int8List         { return C.Int8List(C.Struct(s).GetObject(3)) }
func (s TestStruc) SetI8slice(v C.Int8List)     { C.Struct(s).SetObject(3, C.Object(v)) }
func (s TestStruc) I16slice() C.Int16List       { return C.Int16List(C.Struct(s).GetObject(4)) }
func (s TestStruc) SetI16slice(v C.Int16List)   { C.Struct(s).SetObject(4, C.Object(v)) }
func (s TestStruc) I32slice() C.Int32List       { return C.Int32List(C.Struct(s).GetObject(5)) }
func (s TestStruc) SetI32slice(v C.Int32List)   { C.Struct(s).SetObject(5, C.Object(v)) }
func (s TestStruc) I64slice() C.Int64List       { return C.Int64List(C.Struct(s).GetObject(6)) }
func (s TestStruc) SetI64slice(v C.Int64List)   { C.Struct(s).SetObject(6, C.Object(v)) }
func (s TestStruc) Uintslice() C.UInt64List     { return C.UInt64List(C.Struct(s).GetObject(7)) }
func (s TestStruc) SetUintslice(v C.UInt64List) { C.Struct(s).SetObject(7, C.Object(v)) }
func (s TestStruc) Ui8slice() []byte            { return C.Struct(s).GetObject(8).ToData() }
func (s TestStruc) SetUi8slice(v []byte)        { C.Struct(s).SetObject(8, s.Segment.NewData(v)) }
func (s TestStruc) Ui16slice() C.UInt16List     { return C.UInt16List(C.Struct(s).GetObject(9)) }
func (s TestStruc) SetUi16slice(v C.UInt16List) { C.Struct(s).SetObject(9, C.Object(v)) }
func (s TestStruc) Ui32slice() C.UInt32List     { return C.UInt32List(C.Struct(s).GetObject(10)) }
func (s TestStruc) SetUi32slice(v C.UInt32List) { C.Struct(s).SetObject(10, C.Object(v)) }
func (s TestStruc) Ui64slice() C.UInt64List     { return C.UInt64List(C.Struct(s).GetObject(11)) }
func (s TestStruc) SetUi64slice(v C.UInt64List) { C.Struct(s).SetObject(11, C.Object(v)) }
func (s TestStruc) F32slice() C.Float32List     { return C.Float32List(C.Struct(s).GetObject(12)) }
func (s TestStruc) SetF32slice(v C.Float32List) { C.Struct(s).SetObject(12, C.Object(v)) }
func (s TestStruc) F64slice() C.Float64List     { return C.Float64List(C.Struct(s).GetObject(13)) }
func (s TestStruc) SetF64slice(v C.Float64List) { C.Struct(s).SetObject(13, C.Object(v)) }
func (s TestStruc) Bslice() C.BitList           { return C.BitList(C.Struct(s).GetObject(14)) }
func (s TestStruc) SetBslice(v C.BitList)       { C.Struct(s).SetObject(14, C.Object(v)) }
func (s TestStruc) Byslice() []byte             { return C.Struct(s).GetObject(15).ToData() }
func (s TestStruc) SetByslice(v []byte)         { C.Struct(s).SetObject(15, s.Segment.NewData(v)) }
func (s TestStruc) Islice() Value_List          { return Value_List(C.Struct(s).GetObject(16)) }
func (s TestStruc) SetIslice(v Value_List)      { C.Struct(s).SetObject(16, C.Object(v)) }
func (s TestStruc) Iptrslice() C.Int64List      { return C.Int64List(C.Struct(s).GetObject(17)) }
func (s TestStruc) SetIptrslice(v C.Int64List)  { C.Struct(s).SetObject(17, C.Object(v)) }
func (s TestStruc) As() string                  { return C.Struct(s).GetObject(18).ToText() }
func (s TestStruc) AsBytes() []byte             { return C.Struct(s).GetObject(18).ToDataTrimLastByte() }
func (s TestStruc) SetAs(v string)              { C.Struct(s).SetObject(18, s.Segment.NewText(v)) }
func (s TestStruc) Ai64() int64                 { return int64(C.Struct(s).Get64(64)) }
func (s TestStruc) SetAi64(v int64)             { C.Struct(s).Set64(64, uint64(v)) }
func (s TestStruc) Ai16() int16                 { return int16(C.Struct(s).Get16(52)) }
func (s TestStruc) SetAi16(v int16)             { C.Struct(s).Set16(52, uint16(v)) }
func (s TestStruc) Aui64() uint64               { return C.Struct(s).Get64(72) }
func (s TestStruc) SetAui64(v uint64)           { C.Struct(s).Set64(72, v) }
func (s TestStruc) Asslice() C.TextList         { return C.TextList(C.Struct(s).GetObject(19)) }
func (s TestStruc) SetAsslice(v C.TextList)     { C.Struct(s).SetObject(19, C.Object(v)) }
func (s TestStruc) Ai64slice() C.Int64List      { return C.Int64List(C.Struct(s).GetObject(20)) }
func (s TestStruc) SetAi64slice(v C.Int64List)  { C.Struct(s).SetObject(20, C.Object(v)) }
func (s TestStruc) Ms() ValueEntry_List         { return ValueEntry_List(C.Struct(s).GetObject(21)) }
func (s TestStruc) SetMs(v ValueEntry_List)     { C.Struct(s).SetObject(21, C.Object(v)) }
func (s TestStruc) Msi64() Int64Entry_List      { return Int64Entry_List(C.Struct(s).GetObject(22)) }
func (s TestStruc) SetMsi64(v Int64Entry_List)  { C.Struct(s).SetObject(22, C.Object(v)) }
func (s TestStruc) Nintf() Value                { return Value(C.Struct(s).GetObject(23).ToStruct()) }
func (s TestStruc) SetNintf(v Value)            { C.Struct(s).SetObject(23, C.Object(v)) }
func (s TestStruc) TUnixNano() int64            { return int64(C.Struct(s).Get64(80)) }
func (s TestStruc) SetTUnixNano(v int64)        { C.Struct(s).Set64(80, uint64(v)) }
func (s TestStruc) TOffset() int32              { return int32(C.Struct(s).Get32(88)) }
func (s TestStruc) SetTOffset(v int32)          { C.Struct(s).Set32(88, uint32(v)) }
func (s TestStruc) Nmap() BoolEntry_List        { return BoolEntry_List(C.Struct(s).GetObject(24)) }
func (s TestStruc) SetNmap(v BoolEntry_List)    { C.Struct(s).SetObject(24, C.Object(v)) }
func (s TestStruc) Nslice() []byte              { return C.Struct(s).GetObject(25).ToData() }
func (s TestStruc) SetNslice(v []byte)          { C.Struct(s).SetObject(25, s.Segment.NewData(v)) }
func (s TestStruc) Nint64() TestStrucNint64     { return TestStrucNint64(s) }
func (s TestStrucNint64) Which() TestStrucNint64_Which {
	return TestStrucNint64_Which(C.Struct(s).Get16(54))
}
func (s TestStrucNint64) SetNull()     { C.Struct(s).Set16(54, 0) }
func (s TestStrucNint64) Value() int64 { return int64(C.Struct(s).Get64(96)) }
func (s TestStrucNint64) SetValue(v int64) {
	C.Struct(s).Set16(54, 1)
	C.Struct(s).Set64(96, uint64(v))
}
func (s TestStruc) Mtsptr() TestStrucEntry_List {
	return TestStrucEntry_List(C.Struct(s).GetObject(26))
}
func (s TestStruc) SetMtsptr(v TestStrucEntry_List) { C.Struct(s).SetObject(26, C.Object(v)) }
func (s TestStruc) Mts() TestStrucEntry_List        { return TestStrucEntry_List(C.Struct(s).GetObject(27)) }
func (s TestStruc) SetMts(v TestStrucEntry_List)    { C.Struct(s).SetObject(27, C.Object(v)) }
func (s TestStruc) Its() TestStruc_List             { return TestStruc_List(C.Struct(s).GetObject(28)) }
func (s TestStruc) SetIts(v TestStruc_List)         { C.Struct(s).SetObject(28, C.Object(v)) }
func (s TestStruc) Nteststruc() TestStruc           { return TestStruc(C.Struct(s).GetObject(29).ToStruct()) }
func (s TestStruc) SetNteststruc(v TestStruc)       { C.Struct(s).SetObject(29, C.Object(v)) }
func (s TestStruc) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"s\":")
	if err != nil {
		return err
	}
	{
		s := s.S()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i\":")
	if err != nil {
		return err
	}
	{
		s := s.I()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i8\":")
	if err != nil {
		return err
	}
	{
		s := s.I8()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i16\":")
	if err != nil {
		return err
	}
	{
		s := s.I16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i32\":")
	if err != nil {
		return err
	}
	{
		s := s.I32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i64\":")
	if err != nil {
		return err
	}
	{
		s := s.I64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui8\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui8()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui16\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui32\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui64\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"f32\":")
	if err != nil {
		return err
	}
	{
		s := s.F32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"f64\":")
	if err != nil {
		return err
	}
	{
		s := s.F64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"b\":")
	if err != nil {
		return err
	}
	{
		s := s.B()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"by\":")
	if err != nil {
		return err
	}
	{
		s := s.By()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"sslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Sslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"intslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Intslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i8slice\":")
	if err != nil {
		return err
	}
	{
		s := s.I8slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i16slice\":")
	if err != nil {
		return err
	}
	{
		s := s.I16slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i32slice\":")
	if err != nil {
		return err
	}
	{
		s := s.I32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"i64slice\":")
	if err != nil {
		return err
	}
	{
		s := s.I64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"uintslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Uintslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui8slice\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui8slice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui16slice\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui16slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui32slice\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ui64slice\":")
	if err != nil {
		return err
	}
	{
		s := s.Ui64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"f32slice\":")
	if err != nil {
		return err
	}
	{
		s := s.F32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"f64slice\":")
	if err != nil {
		return err
	}
	{
		s := s.F64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"bslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Bslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"byslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Byslice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"islice\":")
	if err != nil {
		return err
	}
	{
		s := s.Islice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"iptrslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Iptrslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"as\":")
	if err != nil {
		return err
	}
	{
		s := s.As()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ai64\":")
	if err != nil {
		return err
	}
	{
		s := s.Ai64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ai16\":")
	if err != nil {
		return err
	}
	{
		s := s.Ai16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"aui64\":")
	if err != nil {
		return err
	}
	{
		s := s.Aui64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"asslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Asslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ai64slice\":")
	if err != nil {
		return err
	}
	{
		s := s.Ai64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"ms\":")
	if err != nil {
		return err
	}
	{
		s := s.Ms()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"msi64\":")
	if err != nil {
		return err
	}
	{
		s := s.Msi64()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"nintf\":")
	if err != nil {
		return err
	}
	{
		s := s.Nintf()
		err = s.WriteJSON(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"tUnixNano\":")
	if err != nil {
		return err
	}
	{
		s := s.TUnixNano()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"tOffset\":")
	if err != nil {
		return err
	}
	{
		s := s.TOffset()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"nmap\":")
	if err != nil {
		return err
	}
	{
		s := s.Nmap()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"nslice\":")
	if err != nil {
		return err
	}
	{
		s := s.Nslice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"nint64\":")
	if err != nil {
		return err
	}
	{
		s := s.Nint64()
		err = b.WriteByte('{')
		if err != nil {
			return err
		}
		if s.Which() == TESTSTRUCNINT64_NULL {
			_, err = b.WriteString("\"null\":")
			if err != nil {
				return err
			}
			_ = s
			_, err = b.WriteString("null")
			if err != nil {
				return err
			}
		}
		if s.Which() == TESTSTRUCNINT64_VALUE {
			_, err = b.WriteString("\"value\":")
			if err != nil {
				return err
			}
			{
				s := s.Value()
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
		}
		err = b.WriteByte('}')
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"mtsptr\":")
	if err != nil {
		return err
	}
	{
		s := s.Mtsptr()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"mts\":")
	if err != nil {
		return err
	}
	{
		s := s.Mts()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"its\":")
	if err != nil {
		return err
	}
	{
		s := s.Its()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteJSON(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(',')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"nteststruc\":")
	if err != nil {
		return err
	}
	{
		s := s.Nteststruc()
		err = s.WriteJSON(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s TestStruc) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s TestStruc) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("s = ")
	if err != nil {
		return err
	}
	{
		s := s.S()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i = ")
	if err != nil {
		return err
	}
	{
		s := s.I()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i8 = ")
	if err != nil {
		return err
	}
	{
		s := s.I8()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i16 = ")
	if err != nil {
		return err
	}
	{
		s := s.I16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i32 = ")
	if err != nil {
		return err
	}
	{
		s := s.I32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i64 = ")
	if err != nil {
		return err
	}
	{
		s := s.I64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui8 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui8()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui16 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui32 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui64 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("f32 = ")
	if err != nil {
		return err
	}
	{
		s := s.F32()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("f64 = ")
	if err != nil {
		return err
	}
	{
		s := s.F64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("b = ")
	if err != nil {
		return err
	}
	{
		s := s.B()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("by = ")
	if err != nil {
		return err
	}
	{
		s := s.By()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("sslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Sslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("intslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Intslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i8slice = ")
	if err != nil {
		return err
	}
	{
		s := s.I8slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i16slice = ")
	if err != nil {
		return err
	}
	{
		s := s.I16slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i32slice = ")
	if err != nil {
		return err
	}
	{
		s := s.I32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("i64slice = ")
	if err != nil {
		return err
	}
	{
		s := s.I64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("uintslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Uintslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui8slice = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui8slice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui16slice = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui16slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui32slice = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ui64slice = ")
	if err != nil {
		return err
	}
	{
		s := s.Ui64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("f32slice = ")
	if err != nil {
		return err
	}
	{
		s := s.F32slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("f64slice = ")
	if err != nil {
		return err
	}
	{
		s := s.F64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("bslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Bslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("byslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Byslice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("islice = ")
	if err != nil {
		return err
	}
	{
		s := s.Islice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("iptrslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Iptrslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("as = ")
	if err != nil {
		return err
	}
	{
		s := s.As()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ai64 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ai64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ai16 = ")
	if err != nil {
		return err
	}
	{
		s := s.Ai16()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("aui64 = ")
	if err != nil {
		return err
	}
	{
		s := s.Aui64()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("asslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Asslice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ai64slice = ")
	if err != nil {
		return err
	}
	{
		s := s.Ai64slice()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("ms = ")
	if err != nil {
		return err
	}
	{
		s := s.Ms()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("msi64 = ")
	if err != nil {
		return err
	}
	{
		s := s.Msi64()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("nintf = ")
	if err != nil {
		return err
	}
	{
		s := s.Nintf()
		err = s.WriteCapLit(b)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("tUnixNano = ")
	if err != nil {
		return err
	}
	{
		s := s.TUnixNano()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("tOffset = ")
	if err != nil {
		return err
	}
	{
		s := s.TOffset()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("nmap = ")
	if err != nil {
		return err
	}
	{
		s := s.Nmap()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("nslice = ")
	if err != nil {
		return err
	}
	{
		s := s.Nslice()
		buf, err = json.Marshal(s)
		if err != nil {
			return err
		}
		_, err = b.Write(buf)
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("nint64 = ")
	if err != nil {
		return err
	}
	{
		s := s.Nint64()
		err = b.WriteByte('(')
		if err != nil {
			return err
		}
		if s.Which() == TESTSTRUCNINT64_NULL {
			_, err = b.WriteString("null = ")
			if err != nil {
				return err
			}
			_ = s
			_, err = b.WriteString("null")
			if err != nil {
				return err
			}
		}
		if s.Which() == TESTSTRUCNINT64_VALUE {
			_, err = b.WriteString("value = ")
			if err != nil {
				return err
			}
			{
				s := s.Value()
				buf, err = json.Marshal(s)
				if err != nil {
					return err
				}
				_, err = b.Write(buf)
				if err != nil {
					return err
				}
			}
		}
		err = b.WriteByte(')')
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("mtsptr = ")
	if err != nil {
		return err
	}
	{
		s := s.Mtsptr()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("mts = ")
	if err != nil {
		return err
	}
	{
		s := s.Mts()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("its = ")
	if err != nil {
		return err
	}
	{
		s := s.Its()
		{
			err = b.WriteByte('[')
			if err != nil {
				return err
			}
			for i, s := range s.ToArray() {
				if i != 0 {
					_, err = b.WriteString(", ")
				}
				if err != nil {
					return err
				}
				err = s.WriteCapLit(b)
				if err != nil {
					return err
				}
			}
			err = b.WriteByte(']')
		}
		if err != nil {
			return err
		}
	}
	_, err = b.WriteString(", ")
	if err != nil {
		return err
	}
	_, err = b.WriteString("nteststruc = ")
	if err != nil {
		return err
	}
	{
		s := s.Nteststruc()
		err = s.WriteCapLit(b)
		if err != nil {
			return err
		}
	}
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s TestStruc) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type TestStruc_List C.PointerList

func NewTestStrucList(s *C.Segment, sz int) TestStruc_List {
	return TestStruc_List(s.NewCompositeList(104, 30, sz))
}
func (s TestStruc_List) Len() int           { return C.PointerList(s).Len() }
func (s TestStruc_List) At(i int) TestStruc { return TestStruc(C.PointerList(s).At(i).ToStruct()) }
func (s TestStruc_List) ToArray() []TestStruc {
	n := s.Len()
	a := make([]TestStruc, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s TestStruc_List) Set(i int, item TestStruc) { C.PointerList(s).Set(i, C.Object(item)) }
