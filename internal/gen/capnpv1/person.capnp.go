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

type Person C.Struct

func NewPerson(s *C.Segment) Person          { return Person(s.NewStruct(32, 4)) }
func NewRootPerson(s *C.Segment) Person      { return Person(s.NewRootStruct(32, 4)) }
func AutoNewPerson(s *C.Segment) Person      { return Person(s.NewStructAR(32, 4)) }
func ReadRootPerson(s *C.Segment) Person     { return Person(s.Root(0).ToStruct()) }
func (s Person) Name() string                { return C.Struct(s).GetObject(0).ToText() }
func (s Person) NameBytes() []byte           { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s Person) SetName(v string)            { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s Person) BirthDayUnixNano() int64     { return int64(C.Struct(s).Get64(0)) }
func (s Person) SetBirthDayUnixNano(v int64) { C.Struct(s).Set64(0, uint64(v)) }
func (s Person) BirthDayOffset() int32       { return int32(C.Struct(s).Get32(8)) }
func (s Person) SetBirthDayOffset(v int32)   { C.Struct(s).Set32(8, uint32(v)) }
func (s Person) Phone() string               { return C.Struct(s).GetObject(1).ToText() }
func (s Person) PhoneBytes() []byte          { return C.Struct(s).GetObject(1).ToDataTrimLastByte() }
func (s Person) SetPhone(v string)           { C.Struct(s).SetObject(1, s.Segment.NewText(v)) }
func (s Person) Siblings() int64             { return int64(C.Struct(s).Get64(16)) }
func (s Person) SetSiblings(v int64)         { C.Struct(s).Set64(16, uint64(v)) }
func (s Person) Spouse() bool                { return C.Struct(s).Get1(96) }
func (s Person) SetSpouse(v bool)            { C.Struct(s).Set1(96, v) }
func (s Person) Money() float64              { return math.Float64frombits(C.Struct(s).Get64(24)) }
func (s Person) SetMoney(v float64)          { C.Struct(s).Set64(24, math.Float64bits(v)) }
func (s Person) Tags() StringEntry_List      { return StringEntry_List(C.Struct(s).GetObject(2)) }
func (s Person) SetTags(v StringEntry_List)  { C.Struct(s).SetObject(2, C.Object(v)) }
func (s Person) Aliases() C.TextList         { return C.TextList(C.Struct(s).GetObject(3)) }
func (s Person) SetAliases(v C.TextList)     { C.Struct(s).SetObject(3, C.Object(v)) }
func (s Person) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"name\":")
	if err != nil {
		return err
	}
	{
		s := s.Name()
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
	_, err = b.WriteString("\"birthDayUnixNano\":")
	if err != nil {
		return err
	}
	{
		s := s.BirthDayUnixNano()
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
	_, err = b.WriteString("\"birthDayOffset\":")
	if err != nil {
		return err
	}
	{
		s := s.BirthDayOffset()
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
	_, err = b.WriteString("\"phone\":")
	if err != nil {
		return err
	}
	{
		s := s.Phone()
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
	_, err = b.WriteString("\"siblings\":")
	if err != nil {
		return err
	}
	{
		s := s.Siblings()
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
	_, err = b.WriteString("\"spouse\":")
	if err != nil {
		return err
	}
	{
		s := s.Spouse()
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
	_, err = b.WriteString("\"money\":")
	if err != nil {
		return err
	}
	{
		s := s.Money()
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
	_, err = b.WriteString("\"tags\":")
	if err != nil {
		return err
	}
	{
		s := s.Tags()
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
	_, err = b.WriteString("\"aliases\":")
	if err != nil {
		return err
	}
	{
		s := s.Aliases()
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
	err = b.WriteByte('}')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Person) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s Person) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("name = ")
	if err != nil {
		return err
	}
	{
		s := s.Name()
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
	_, err = b.WriteString("birthDayUnixNano = ")
	if err != nil {
		return err
	}
	{
		s := s.BirthDayUnixNano()
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
	_, err = b.WriteString("birthDayOffset = ")
	if err != nil {
		return err
	}
	{
		s := s.BirthDayOffset()
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
	_, err = b.WriteString("phone = ")
	if err != nil {
		return err
	}
	{
		s := s.Phone()
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
	_, err = b.WriteString("siblings = ")
	if err != nil {
		return err
	}
	{
		s := s.Siblings()
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
	_, err = b.WriteString("spouse = ")
	if err != nil {
		return err
	}
	{
		s := s.Spouse()
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
	_, err = b.WriteString("money = ")
	if err != nil {
		return err
	}
	{
		s := s.Money()
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
	_, err = b.WriteString("tags = ")
	if err != nil {
		return err
	}
	{
		s := s.Tags()
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
	_, err = b.WriteString("aliases = ")
	if err != nil {
		return err
	}
	{
		s := s.Aliases()
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
	err = b.WriteByte(')')
	if err != nil {
		return err
	}
	err = b.Flush()
	return err
}
func (s Person) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type Person_List C.PointerList

func NewPersonList(s *C.Segment, sz int) Person_List {
	return Person_List(s.NewCompositeList(32, 4, sz))
}
func (s Person_List) Len() int        { return C.PointerList(s).Len() }
func (s Person_List) At(i int) Person { return Person(C.PointerList(s).At(i).ToStruct()) }
func (s Person_List) ToArray() []Person {
	n := s.Len()
	a := make([]Person, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s Person_List) Set(i int, item Person) { C.PointerList(s).Set(i, C.Object(item)) }

type StringEntry C.Struct

func NewStringEntry(s *C.Segment) StringEntry      { return StringEntry(s.NewStruct(0, 2)) }
func NewRootStringEntry(s *C.Segment) StringEntry  { return StringEntry(s.NewRootStruct(0, 2)) }
func AutoNewStringEntry(s *C.Segment) StringEntry  { return StringEntry(s.NewStructAR(0, 2)) }
func ReadRootStringEntry(s *C.Segment) StringEntry { return StringEntry(s.Root(0).ToStruct()) }
func (s StringEntry) Key() string                  { return C.Struct(s).GetObject(0).ToText() }
func (s StringEntry) KeyBytes() []byte             { return C.Struct(s).GetObject(0).ToDataTrimLastByte() }
func (s StringEntry) SetKey(v string)              { C.Struct(s).SetObject(0, s.Segment.NewText(v)) }
func (s StringEntry) Value() string                { return C.Struct(s).GetObject(1).ToText() }
func (s StringEntry) ValueBytes() []byte           { return C.Struct(s).GetObject(1).ToDataTrimLastByte() }
func (s StringEntry) SetValue(v string)            { C.Struct(s).SetObject(1, s.Segment.NewText(v)) }
func (s StringEntry) WriteJSON(w io.Writer) error {
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
func (s StringEntry) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s StringEntry) WriteCapLit(w io.Writer) error {
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
func (s StringEntry) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type StringEntry_List C.PointerList

func NewStringEntryList(s *C.Segment, sz int) StringEntry_List {
	return StringEntry_List(s.NewCompositeList(0, 2, sz))
}
func (s StringEntry_List) Len() int { return C.PointerList(s).Len() }
func (s StringEntry_List) At(i int) StringEntry {
	return StringEntry(C.PointerList(s).At(i).ToStruct())
}
func (s StringEntry_List) ToArray() []StringEntry {
	n := s.Len()
	a := make([]StringEntry, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s StringEntry_List) Set(i int, item StringEntry) { C.PointerList(s).Set(i, C.Object(item)) }
