package capnpv1

// AUTO GENERATED - DO NOT EDIT

import (
	"bufio"
	"bytes"
	"encoding/json"
	C "github.com/glycerine/go-capnproto"
	"io"
)

type Floats C.Struct

func NewFloats(s *C.Segment) Floats        { return Floats(s.NewStruct(0, 1)) }
func NewRootFloats(s *C.Segment) Floats    { return Floats(s.NewRootStruct(0, 1)) }
func AutoNewFloats(s *C.Segment) Floats    { return Floats(s.NewStructAR(0, 1)) }
func ReadRootFloats(s *C.Segment) Floats   { return Floats(s.Root(0).ToStruct()) }
func (s Floats) Values() C.Float32List     { return C.Float32List(C.Struct(s).GetObject(0)) }
func (s Floats) SetValues(v C.Float32List) { C.Struct(s).SetObject(0, C.Object(v)) }
func (s Floats) WriteJSON(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('{')
	if err != nil {
		return err
	}
	_, err = b.WriteString("\"values\":")
	if err != nil {
		return err
	}
	{
		s := s.Values()
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
func (s Floats) MarshalJSON() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteJSON(&b)
	return b.Bytes(), err
}
func (s Floats) WriteCapLit(w io.Writer) error {
	b := bufio.NewWriter(w)
	var err error
	var buf []byte
	_ = buf
	err = b.WriteByte('(')
	if err != nil {
		return err
	}
	_, err = b.WriteString("values = ")
	if err != nil {
		return err
	}
	{
		s := s.Values()
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
func (s Floats) MarshalCapLit() ([]byte, error) {
	b := bytes.Buffer{}
	err := s.WriteCapLit(&b)
	return b.Bytes(), err
}

type Floats_List C.PointerList

func NewFloatsList(s *C.Segment, sz int) Floats_List {
	return Floats_List(s.NewCompositeList(0, 1, sz))
}
func (s Floats_List) Len() int        { return C.PointerList(s).Len() }
func (s Floats_List) At(i int) Floats { return Floats(C.PointerList(s).At(i).ToStruct()) }
func (s Floats_List) ToArray() []Floats {
	n := s.Len()
	a := make([]Floats, n)
	for i := 0; i < n; i++ {
		a[i] = s.At(i)
	}
	return a
}
func (s Floats_List) Set(i int, item Floats) { C.PointerList(s).Set(i, C.Object(item)) }
