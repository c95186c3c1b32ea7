// The nested workload (workload.TestStruc, go-codec-bench's recursive
// struct), mapped as schema/README.md says. Field names are the Go field
// names (see person.thrift).
//
// Thrift has no unsigned integers and no 32-bit float. Signed integers
// take the smallest Thrift type that holds them (i8 for int8, i16, i32,
// i64 for int and int64); unsigned ones the next wider signed type (i16
// for uint8 and byte, i32 for uint16, i64 for uint32), and uint and
// uint64 an i64 that holds the same 64 bits (the workload's values stay
// below 2^63, so the i64 is the same number). float32 is a double, which
// holds every float32 exactly. []byte and []uint8 (the same Go type) are
// binary. interface{} values are a Value union, the embedded
// AnonInTestStruc is flattened, and times are two fields.
//
// Collections, binary fields, Nint64 and the references to TestStruc and
// Value are optional fields: the Go generator leaves an optional nil map,
// slice or pointer out of the encoding, so nil and empty stay apart. The
// Go generator makes every struct-typed field, map value and list element
// a pointer, so TestStruc can contain itself directly.

namespace go thrift

// Null is the nil interface{} in a Value.
struct Null {}

// Value is an interface{} value of TestStruc (Islice, Ms, Nintf). A Thrift
// union must have exactly one field set, so nil is the NullValue field.
union Value {
  1: Null NullValue
  2: string StringValue
  3: bool BoolValue
  // int, int8, int16, int32, int64.
  4: i64 IntValue
  // uint, uint8, uint16, uint32, uint64: the same 64 bits.
  5: i64 UintValue
  // float32, written as a double (Thrift has no 32-bit float).
  6: double FloatValue
  // float64.
  7: double DoubleValue
}

// TestStruc is workload.TestStruc. Fields follow the Go struct's order.
struct TestStruc {
  1: string S
  2: i64 I
  3: i8 I8
  4: i16 I16
  5: i32 I32
  6: i64 I64
  7: i64 Ui
  8: i16 Ui8
  9: i32 Ui16
  10: i64 Ui32
  11: i64 Ui64
  12: double F32
  13: double F64
  14: bool B
  15: i16 By

  16: optional list<string> Sslice
  17: optional list<i64> Intslice
  // list<i8>, not binary: its values are signed (the compiler suggests
  // binary for any list<i8>).
  18: optional list<i8> I8slice
  19: optional list<i16> I16slice
  20: optional list<i32> I32slice
  21: optional list<i64> I64slice
  22: optional list<i64> Uintslice
  // []uint8 is []byte in Go.
  23: optional binary Ui8slice
  24: optional list<i32> Ui16slice
  25: optional list<i64> Ui32slice
  26: optional list<i64> Ui64slice
  27: optional list<double> F32slice
  28: optional list<double> F64slice
  29: optional list<bool> Bslice
  30: optional binary Byslice

  31: optional list<Value> Islice
  // Iptrslice: the values its pointers point to.
  32: optional list<i64> Iptrslice

  // The fields of the embedded AnonInTestStruc.
  33: string AS
  34: i64 AI64
  35: i16 AI16
  36: i64 AUi64
  37: optional list<string> ASslice
  38: optional list<i64> AI64slice

  39: optional map<string, Value> Ms
  40: optional map<string, i64> Msi64

  // Nintf: left out for nil.
  41: optional Value Nintf
  // T: Unix nanoseconds (time.Time.UnixNano) and UTC offset in seconds.
  // The zero time.Time, outside the range of UnixNano, is written as 0 and
  // 0, which decode back as the zero time.Time.
  42: i64 TUnixNano
  43: i32 TOffset
  44: optional map<string, bool> Nmap
  45: optional binary Nslice
  // Nint64 (*int64): left out for nil.
  46: optional i64 Nint64

  // Mtsptr (map[string]*TestStruc) and Mts (map[string]TestStruc).
  47: optional map<string, TestStruc> Mtsptr
  48: optional map<string, TestStruc> Mts
  49: optional list<TestStruc> Its
  // Nteststruc: left out for nil.
  50: optional TestStruc Nteststruc
}
