package mus

import (
	musgo "github.com/mus-format/mus-go"
	"github.com/mus-format/mus-go/ord"
	"github.com/mus-format/mus-go/raw"
	"github.com/mus-format/mus-go/varint"

	"github.com/serbench/serbench/workload"
)

// The serializers of TestStruc's fields that hold no string.
var (
	intSlice      = ord.NewSliceSer[int](varint.Int)
	int8Slice     = ord.NewSliceSer[int8](raw.Int8)
	int16Slice    = ord.NewSliceSer[int16](varint.Int16)
	int32Slice    = ord.NewSliceSer[int32](varint.Int32)
	int64Slice    = ord.NewSliceSer[int64](varint.Int64)
	uintSlice     = ord.NewSliceSer[uint](varint.Uint)
	uint16Slice   = ord.NewSliceSer[uint16](varint.Uint16)
	uint32Slice   = ord.NewSliceSer[uint32](varint.Uint32)
	uint64Slice   = ord.NewSliceSer[uint64](varint.Uint64)
	float32Slice  = ord.NewSliceSer[float32](raw.Float32)
	float64Slice  = ord.NewSliceSer[float64](raw.Float64)
	boolSlice     = ord.NewSliceSer[bool](ord.Bool)
	int64Ptr      = ord.NewPtrSer[int64](varint.Int64)
	int64PtrSlice = ord.NewSliceSer[*int64](int64Ptr)
)

// testStrucSer is the serializer of workload.TestStruc: its fields in
// order, the fields of the embedded AnonInTestStruc in place of it, and its
// TestStruc children with the serializer itself.
type testStrucSer struct {
	str        musgo.Serializer[string]
	strSlice   musgo.Serializer[[]string]
	value      valueSer
	valueSlice musgo.Serializer[[]interface{}]
	valueMap   musgo.Serializer[map[string]interface{}]
	int64Map   musgo.Serializer[map[string]int64]
	boolMap    musgo.Serializer[map[string]bool]
	ptr        musgo.Serializer[*workload.TestStruc]
	ptrMap     musgo.Serializer[map[string]*workload.TestStruc]
	map_       musgo.Serializer[map[string]workload.TestStruc]
	ptrSlice   musgo.Serializer[[]*workload.TestStruc]
}

func newTestStrucSer(str musgo.Serializer[string]) *testStrucSer {
	s := &testStrucSer{
		str:      str,
		strSlice: ord.NewSliceSer[string](str),
		value:    valueSer{str: str},
		int64Map: ord.NewMapSer[string, int64](str, varint.Int64),
		boolMap:  ord.NewMapSer[string, bool](str, ord.Bool),
	}
	s.valueSlice = ord.NewSliceSer[interface{}](s.value)
	s.valueMap = ord.NewMapSer[string, interface{}](str, s.value)
	s.ptr = ord.NewPtrSer[workload.TestStruc](s)
	s.ptrMap = ord.NewMapSer[string, *workload.TestStruc](str, s.ptr)
	s.map_ = ord.NewMapSer[string, workload.TestStruc](str, s)
	s.ptrSlice = ord.NewSliceSer[*workload.TestStruc](s.ptr)
	return s
}

func (s *testStrucSer) Marshal(v workload.TestStruc, bs []byte) (n int) {
	n = s.str.Marshal(v.S, bs)
	n += varint.Int.Marshal(v.I, bs[n:])
	n += raw.Int8.Marshal(v.I8, bs[n:])
	n += varint.Int16.Marshal(v.I16, bs[n:])
	n += varint.Int32.Marshal(v.I32, bs[n:])
	n += varint.Int64.Marshal(v.I64, bs[n:])
	n += varint.Uint.Marshal(v.Ui, bs[n:])
	n += raw.Uint8.Marshal(v.Ui8, bs[n:])
	n += varint.Uint16.Marshal(v.Ui16, bs[n:])
	n += varint.Uint32.Marshal(v.Ui32, bs[n:])
	n += varint.Uint64.Marshal(v.Ui64, bs[n:])
	n += raw.Float32.Marshal(v.F32, bs[n:])
	n += raw.Float64.Marshal(v.F64, bs[n:])
	n += ord.Bool.Marshal(v.B, bs[n:])
	n += raw.Byte.Marshal(v.By, bs[n:])
	n += s.strSlice.Marshal(v.Sslice, bs[n:])
	n += intSlice.Marshal(v.Intslice, bs[n:])
	n += int8Slice.Marshal(v.I8slice, bs[n:])
	n += int16Slice.Marshal(v.I16slice, bs[n:])
	n += int32Slice.Marshal(v.I32slice, bs[n:])
	n += int64Slice.Marshal(v.I64slice, bs[n:])
	n += uintSlice.Marshal(v.Uintslice, bs[n:])
	n += ord.ByteSlice.Marshal(v.Ui8slice, bs[n:])
	n += uint16Slice.Marshal(v.Ui16slice, bs[n:])
	n += uint32Slice.Marshal(v.Ui32slice, bs[n:])
	n += uint64Slice.Marshal(v.Ui64slice, bs[n:])
	n += float32Slice.Marshal(v.F32slice, bs[n:])
	n += float64Slice.Marshal(v.F64slice, bs[n:])
	n += boolSlice.Marshal(v.Bslice, bs[n:])
	n += ord.ByteSlice.Marshal(v.Byslice, bs[n:])
	n += s.valueSlice.Marshal(v.Islice, bs[n:])
	n += int64PtrSlice.Marshal(v.Iptrslice, bs[n:])
	n += s.str.Marshal(v.AS, bs[n:])
	n += varint.Int64.Marshal(v.AI64, bs[n:])
	n += varint.Int16.Marshal(v.AI16, bs[n:])
	n += varint.Uint64.Marshal(v.AUi64, bs[n:])
	n += s.strSlice.Marshal(v.ASslice, bs[n:])
	n += int64Slice.Marshal(v.AI64slice, bs[n:])
	n += s.valueMap.Marshal(v.Ms, bs[n:])
	n += s.int64Map.Marshal(v.Msi64, bs[n:])
	n += s.value.Marshal(v.Nintf, bs[n:])
	n += timeSer.Marshal(v.T, bs[n:])
	n += s.boolMap.Marshal(v.Nmap, bs[n:])
	n += ord.ByteSlice.Marshal(v.Nslice, bs[n:])
	n += int64Ptr.Marshal(v.Nint64, bs[n:])
	n += s.ptrMap.Marshal(v.Mtsptr, bs[n:])
	n += s.map_.Marshal(v.Mts, bs[n:])
	n += s.ptrSlice.Marshal(v.Its, bs[n:])
	n += s.ptr.Marshal(v.Nteststruc, bs[n:])
	return
}

func (s *testStrucSer) Unmarshal(bs []byte) (v workload.TestStruc, n int, err error) {
	v.S, n, err = s.str.Unmarshal(bs)
	if err != nil {
		return
	}
	var n1 int
	v.I, n1, err = varint.Int.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I8, n1, err = raw.Int8.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I16, n1, err = varint.Int16.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I32, n1, err = varint.Int32.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I64, n1, err = varint.Int64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui, n1, err = varint.Uint.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui8, n1, err = raw.Uint8.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui16, n1, err = varint.Uint16.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui32, n1, err = varint.Uint32.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui64, n1, err = varint.Uint64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.F32, n1, err = raw.Float32.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.F64, n1, err = raw.Float64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.B, n1, err = ord.Bool.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.By, n1, err = raw.Byte.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Sslice, n1, err = s.strSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Intslice, n1, err = intSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I8slice, n1, err = int8Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I16slice, n1, err = int16Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I32slice, n1, err = int32Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.I64slice, n1, err = int64Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Uintslice, n1, err = uintSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui8slice, n1, err = ord.ByteSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui16slice, n1, err = uint16Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui32slice, n1, err = uint32Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ui64slice, n1, err = uint64Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.F32slice, n1, err = float32Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.F64slice, n1, err = float64Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Bslice, n1, err = boolSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Byslice, n1, err = ord.ByteSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Islice, n1, err = s.valueSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Iptrslice, n1, err = int64PtrSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.AS, n1, err = s.str.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.AI64, n1, err = varint.Int64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.AI16, n1, err = varint.Int16.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.AUi64, n1, err = varint.Uint64.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.ASslice, n1, err = s.strSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.AI64slice, n1, err = int64Slice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Ms, n1, err = s.valueMap.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Msi64, n1, err = s.int64Map.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Nintf, n1, err = s.value.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.T, n1, err = timeSer.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Nmap, n1, err = s.boolMap.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Nslice, n1, err = ord.ByteSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Nint64, n1, err = int64Ptr.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Mtsptr, n1, err = s.ptrMap.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Mts, n1, err = s.map_.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Its, n1, err = s.ptrSlice.Unmarshal(bs[n:])
	n += n1
	if err != nil {
		return
	}
	v.Nteststruc, n1, err = s.ptr.Unmarshal(bs[n:])
	n += n1
	return
}

func (s *testStrucSer) Size(v workload.TestStruc) (size int) {
	size = s.str.Size(v.S)
	size += varint.Int.Size(v.I)
	size += raw.Int8.Size(v.I8)
	size += varint.Int16.Size(v.I16)
	size += varint.Int32.Size(v.I32)
	size += varint.Int64.Size(v.I64)
	size += varint.Uint.Size(v.Ui)
	size += raw.Uint8.Size(v.Ui8)
	size += varint.Uint16.Size(v.Ui16)
	size += varint.Uint32.Size(v.Ui32)
	size += varint.Uint64.Size(v.Ui64)
	size += raw.Float32.Size(v.F32)
	size += raw.Float64.Size(v.F64)
	size += ord.Bool.Size(v.B)
	size += raw.Byte.Size(v.By)
	size += s.strSlice.Size(v.Sslice)
	size += intSlice.Size(v.Intslice)
	size += int8Slice.Size(v.I8slice)
	size += int16Slice.Size(v.I16slice)
	size += int32Slice.Size(v.I32slice)
	size += int64Slice.Size(v.I64slice)
	size += uintSlice.Size(v.Uintslice)
	size += ord.ByteSlice.Size(v.Ui8slice)
	size += uint16Slice.Size(v.Ui16slice)
	size += uint32Slice.Size(v.Ui32slice)
	size += uint64Slice.Size(v.Ui64slice)
	size += float32Slice.Size(v.F32slice)
	size += float64Slice.Size(v.F64slice)
	size += boolSlice.Size(v.Bslice)
	size += ord.ByteSlice.Size(v.Byslice)
	size += s.valueSlice.Size(v.Islice)
	size += int64PtrSlice.Size(v.Iptrslice)
	size += s.str.Size(v.AS)
	size += varint.Int64.Size(v.AI64)
	size += varint.Int16.Size(v.AI16)
	size += varint.Uint64.Size(v.AUi64)
	size += s.strSlice.Size(v.ASslice)
	size += int64Slice.Size(v.AI64slice)
	size += s.valueMap.Size(v.Ms)
	size += s.int64Map.Size(v.Msi64)
	size += s.value.Size(v.Nintf)
	size += timeSer.Size(v.T)
	size += s.boolMap.Size(v.Nmap)
	size += ord.ByteSlice.Size(v.Nslice)
	size += int64Ptr.Size(v.Nint64)
	size += s.ptrMap.Size(v.Mtsptr)
	size += s.map_.Size(v.Mts)
	size += s.ptrSlice.Size(v.Its)
	size += s.ptr.Size(v.Nteststruc)
	return
}

func (s *testStrucSer) Skip(bs []byte) (n int, err error) {
	k := skipper{bs: bs}
	k.skip(
		s.str,         // S
		varint.Int,    // I
		raw.Int8,      // I8
		varint.Int16,  // I16
		varint.Int32,  // I32
		varint.Int64,  // I64
		varint.Uint,   // Ui
		raw.Uint8,     // Ui8
		varint.Uint16, // Ui16
		varint.Uint32, // Ui32
		varint.Uint64, // Ui64
		raw.Float32,   // F32
		raw.Float64,   // F64
		ord.Bool,      // B
		raw.Byte,      // By
		s.strSlice,    // Sslice
		intSlice,      // Intslice
		int8Slice,     // I8slice
		int16Slice,    // I16slice
		int32Slice,    // I32slice
		int64Slice,    // I64slice
		uintSlice,     // Uintslice
		ord.ByteSlice, // Ui8slice
		uint16Slice,   // Ui16slice
		uint32Slice,   // Ui32slice
		uint64Slice,   // Ui64slice
		float32Slice,  // F32slice
		float64Slice,  // F64slice
		boolSlice,     // Bslice
		ord.ByteSlice, // Byslice
		s.valueSlice,  // Islice
		int64PtrSlice, // Iptrslice
		s.str,         // AS
		varint.Int64,  // AI64
		varint.Int16,  // AI16
		varint.Uint64, // AUi64
		s.strSlice,    // ASslice
		int64Slice,    // AI64slice
		s.valueMap,    // Ms
		s.int64Map,    // Msi64
		s.value,       // Nintf
		timeSer,       // T
		s.boolMap,     // Nmap
		ord.ByteSlice, // Nslice
		int64Ptr,      // Nint64
		s.ptrMap,      // Mtsptr
		s.map_,        // Mts
		s.ptrSlice,    // Its
		s.ptr,         // Nteststruc
	)
	return k.n, k.err
}
