//go:build ignore

// This file is the schema of the nested workload in SSZ, as Go types with
// ssz-max tags, for github.com/prysmaticlabs/go-ssz, which reads them by
// reflection. sszgen (github.com/ferranbt/fastssz) does not read it: it
// cannot generate a type that contains itself (codecs/fastssz says so), and
// a TestStruc holds TestStrucs. It is not compiled in package schema (the
// build constraint above); internal/gen/ssz's go:generate copies it there,
// without the constraint.
//
// The mapping is schema/ssz.go's, keeping every value: strings are lists
// of bytes; signed integers are the unsigned integers of the same width and
// bits, and floats the unsigned integers of their IEEE 754 bits; maps are
// lists of key/value containers. SSZ has no unions and no optional values:
// an interface{} is a Value container with a field for every branch of the
// union and a Kind that says which holds the value (schema.Kind*), and an
// optional value (an interface{} that may be nil, a *int64, a *TestStruc)
// a list of at most one element. The bounds are far above the workload's
// values.

package ssz

// Value is an interface{} value of the Value union of schema/README.md.
type Value struct {
	Kind uint8
	S    []byte `ssz-max:"65536"`
	B    bool
	I    uint64 // the int64's bits
	U    uint64
	F32  uint32 // IEEE 754 bits
	F64  uint64 // IEEE 754 bits
}

// ValueEntry is an entry of a map[string]interface{}.
type ValueEntry struct {
	Key   []byte `ssz-max:"65536"`
	Value *Value
}

// Int64Entry is an entry of a map[string]int64.
type Int64Entry struct {
	Key   []byte `ssz-max:"65536"`
	Value uint64 // the int64's bits
}

// BoolEntry is an entry of a map[string]bool.
type BoolEntry struct {
	Key   []byte `ssz-max:"65536"`
	Value bool
}

// TestStrucEntry is an entry of a map[string]*TestStruc or
// map[string]TestStruc: Value has one element, or none for a nil pointer.
type TestStrucEntry struct {
	Key   []byte       `ssz-max:"65536"`
	Value []*TestStruc `ssz-max:"1"`
}

// TestStruc is workload.TestStruc, with AnonInTestStruc's fields flattened
// into it.
type TestStruc struct {
	S    []byte `ssz-max:"65536"`
	I    uint64
	I8   uint8
	I16  uint16
	I32  uint32
	I64  uint64
	Ui   uint64
	Ui8  uint8
	Ui16 uint16
	Ui32 uint32
	Ui64 uint64
	F32  uint32
	F64  uint64
	B    bool
	By   uint8

	Sslice    [][]byte `ssz-max:"65536,65536"`
	Intslice  []uint64 `ssz-max:"65536"`
	I8slice   []uint8  `ssz-max:"65536"`
	I16slice  []uint16 `ssz-max:"65536"`
	I32slice  []uint32 `ssz-max:"65536"`
	I64slice  []uint64 `ssz-max:"65536"`
	Uintslice []uint64 `ssz-max:"65536"`
	Ui8slice  []byte   `ssz-max:"65536"`
	Ui16slice []uint16 `ssz-max:"65536"`
	Ui32slice []uint32 `ssz-max:"65536"`
	Ui64slice []uint64 `ssz-max:"65536"`
	F32slice  []uint32 `ssz-max:"65536"`
	F64slice  []uint64 `ssz-max:"65536"`
	Bslice    []bool   `ssz-max:"65536"`
	Byslice   []byte   `ssz-max:"65536"`

	Islice    []*Value `ssz-max:"65536"`
	Iptrslice []uint64 `ssz-max:"65536"`

	As        []byte `ssz-max:"65536"`
	Ai64      uint64
	Ai16      uint16
	Aui64     uint64
	Asslice   [][]byte `ssz-max:"65536,65536"`
	Ai64slice []uint64 `ssz-max:"65536"`

	Ms    []*ValueEntry `ssz-max:"65536"`
	Msi64 []*Int64Entry `ssz-max:"65536"`

	Nintf     []*Value `ssz-max:"1"`
	TUnixNano uint64
	TOffset   uint32
	Nmap      []*BoolEntry `ssz-max:"65536"`
	Nslice    []byte       `ssz-max:"65536"`
	Nint64    []uint64     `ssz-max:"1"`

	Mtsptr     []*TestStrucEntry `ssz-max:"65536"`
	Mts        []*TestStrucEntry `ssz-max:"65536"`
	Its        []*TestStruc      `ssz-max:"65536"`
	Nteststruc []*TestStruc      `ssz-max:"1"`
}
