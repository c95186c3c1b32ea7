//go:build ignore

// This file is the schema of the person, nested and floats workloads for
// genxdr (github.com/calmh/xdr/cmd/genxdr), which reads Go struct types,
// not XDR language (RFC 4506): it is not compiled in package schema (the
// build constraint above); internal/gen/xdr's go:generate copies it there,
// without the constraint, and generates the XDR methods of its types next
// to it.
//
// It follows README.md's mapping, with what genxdr cannot write mapped as
// follows. genxdr has no float types: float32 and float64 are uint32 and
// uint64 holding their IEEE 754 bits (math.Float32bits, Float64bits),
// which XDR writes exactly as it writes a float and a double (RFC 4506
// 4.6, 4.7: the IEEE 754 bits, big-endian, in 4 and 8 bytes). It has no
// maps, unions or pointers: a map is a list of key/value entry structs, an
// interface{} a Value struct with every branch of the union (its Kind says
// which holds the value), and an optional value (a *TestStruc, an
// interface{} that may be nil, a *int64) a list of zero or one element.
// Its lists have no maximum length (no max: comment), and a byte is a
// uint8 (genxdr has no case for the name byte outside []byte).

package xdr

// Person is workload.Person.
type Person struct {
	Name             string
	BirthDayUnixNano int64
	BirthDayOffset   int32
	Phone            string
	Siblings         int64
	Spouse           bool
	Money            uint64 // the IEEE 754 bits of the float64
	Tags             []StringEntry
	Aliases          []string
}

// StringEntry is an entry of a map[string]string.
type StringEntry struct {
	Key   string
	Value string
}

// Floats is the []float32 of the floats workload.
type Floats struct {
	Values []uint32 // the IEEE 754 bits of the float32s
}

// Value is an interface{} value: Kind says which field holds it (0 nil,
// 1 string, 2 bool, 3 signed, 4 unsigned, 5 float32, 6 float64: the
// schema.Kind* constants).
type Value struct {
	Kind uint8
	S    string
	B    bool
	I    int64
	U    uint64
	F32  uint32 // IEEE 754 bits
	F64  uint64 // IEEE 754 bits
}

// ValueEntry is an entry of a map[string]interface{}.
type ValueEntry struct {
	Key   string
	Value Value
}

// Int64Entry is an entry of a map[string]int64.
type Int64Entry struct {
	Key   string
	Value int64
}

// BoolEntry is an entry of a map[string]bool.
type BoolEntry struct {
	Key   string
	Value bool
}

// TestStrucEntry is an entry of a map[string]*TestStruc or
// map[string]TestStruc: Value has one element, or none for a nil pointer.
type TestStrucEntry struct {
	Key   string
	Value []TestStruc
}

// TestStruc is workload.TestStruc, with AnonInTestStruc's fields
// flattened into it.
type TestStruc struct {
	S    string
	I    int64
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	Ui   uint64
	Ui8  uint8
	Ui16 uint16
	Ui32 uint32
	Ui64 uint64
	F32  uint32 // IEEE 754 bits
	F64  uint64 // IEEE 754 bits
	B    bool
	By   uint8

	Sslice    []string
	Intslice  []int64
	I8slice   []int8
	I16slice  []int16
	I32slice  []int32
	I64slice  []int64
	Uintslice []uint64
	Ui8slice  []byte
	Ui16slice []uint16
	Ui32slice []uint32
	Ui64slice []uint64
	F32slice  []uint32 // IEEE 754 bits
	F64slice  []uint64 // IEEE 754 bits
	Bslice    []bool
	Byslice   []byte

	Islice    []Value
	Iptrslice []int64

	As        string
	Ai64      int64
	Ai16      int16
	Aui64     uint64
	Asslice   []string
	Ai64slice []int64

	Ms    []ValueEntry
	Msi64 []Int64Entry

	Nintf     []Value // zero or one
	TUnixNano int64
	TOffset   int32
	Nmap      []BoolEntry
	Nslice    []byte
	Nint64    []int64 // zero or one

	Mtsptr     []TestStrucEntry
	Mts        []TestStrucEntry
	Its        []TestStruc
	Nteststruc []TestStruc // zero or one
}
