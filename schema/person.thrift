// The person workload (workload.Person), mapped as schema/README.md says.
//
// Field names are the Go field names of the canonical types, in every
// .thrift file: Thrift has no single naming convention, and lower-cased
// Go names such as i8, i64 and as are Thrift keywords. Names are not on
// the wire of the binary and compact protocols, only field ids.
//
// Thrift has no unsigned integer types and no 32-bit float; see
// nested.thrift and floats.thrift for how those are mapped.

namespace go thrift

// Person is workload.Person: the struct of go_serialization_benchmarks.
struct Person {
  1: string Name
  // BirthDay: Unix nanoseconds (time.Time.UnixNano) and UTC offset in
  // seconds. The zero time.Time, outside the range of UnixNano, is written
  // as 0 and 0, which decode back as the zero time.Time.
  2: i64 BirthDayUnixNano
  3: i32 BirthDayOffset
  4: string Phone
  // Siblings is a Go int: 64 bits.
  5: i64 Siblings
  6: bool Spouse
  7: double Money
  // Collections are optional fields: the Go generator leaves an optional
  // nil map or slice out of the encoding and writes an empty one, so nil
  // and empty both survive. (A field of default requiredness is always
  // written and decodes as empty when it was nil.)
  8: optional map<string, string> Tags
  9: optional list<string> Aliases
}
