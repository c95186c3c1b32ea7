# The nested workload (workload.TestStruc, go-codec-bench's recursive
# struct) in Cap'n Proto, following the mapping of schema/README.md.
# Generated Go code: internal/gen/capnp.
#
# A null list pointer is a nil Go slice or map, a non-null one (possibly of
# length 0) a non-nil one; a null struct pointer is a nil pointer or
# interface.

@0xdd849d7b3b4ae6ab;

using Go = import "/go.capnp";
$Go.package("capnp");
$Go.import("github.com/serbench/serbench/internal/gen/capnp");

# Value is an interface{} value: the union of schema/README.md.
struct Value {
  union {
    null @0 :Void;     # nil
    s @1 :Text;        # string
    b @2 :Bool;        # bool
    i @3 :Int64;       # int, int8, int16, int32, int64
    u @4 :UInt64;      # every unsigned type
    f32 @5 :Float32;   # float32
    f64 @6 :Float64;   # float64
  }
}

# Map entries: maps are lists of entries (Cap'n Proto has no map type).
struct ValueEntry {
  key @0 :Text;
  value @1 :Value;
}

struct Int64Entry {
  key @0 :Text;
  value @1 :Int64;
}

struct BoolEntry {
  key @0 :Text;
  value @1 :Bool;
}

struct TestStrucEntry {
  key @0 :Text;
  value @1 :TestStruc;
}

# TestStruc is workload.TestStruc, with the fields of the embedded
# AnonInTestStruc flattened into it (as, ai64, ai16, aui64, asslice,
# ai64slice).
struct TestStruc {
  s @0 :Text;
  i @1 :Int64;
  i8 @2 :Int8;
  i16 @3 :Int16;
  i32 @4 :Int32;
  i64 @5 :Int64;
  ui @6 :UInt64;
  ui8 @7 :UInt8;
  ui16 @8 :UInt16;
  ui32 @9 :UInt32;
  ui64 @10 :UInt64;
  f32 @11 :Float32;
  f64 @12 :Float64;
  b @13 :Bool;
  by @14 :UInt8;

  sslice @15 :List(Text);
  intslice @16 :List(Int64);
  i8slice @17 :List(Int8);
  i16slice @18 :List(Int16);
  i32slice @19 :List(Int32);
  i64slice @20 :List(Int64);
  uintslice @21 :List(UInt64);
  ui8slice @22 :Data;
  ui16slice @23 :List(UInt16);
  ui32slice @24 :List(UInt32);
  ui64slice @25 :List(UInt64);
  f32slice @26 :List(Float32);
  f64slice @27 :List(Float64);
  bslice @28 :List(Bool);
  byslice @29 :Data;

  islice @30 :List(Value);        # []interface{}
  iptrslice @31 :List(Int64);     # []*int64, never nil elements

  as @32 :Text;                   # AnonInTestStruc
  ai64 @33 :Int64;
  ai16 @34 :Int16;
  aui64 @35 :UInt64;
  asslice @36 :List(Text);
  ai64slice @37 :List(Int64);

  ms @38 :List(ValueEntry);       # map[string]interface{}
  msi64 @39 :List(Int64Entry);    # map[string]int64

  nintf @40 :Value;               # interface{}, always nil
  tUnixNano @41 :Int64;           # time.Time: Unix nanoseconds...
  tOffset @42 :Int32;             # ...and UTC offset in seconds
  nmap @43 :List(BoolEntry);      # map[string]bool, always nil
  nslice @44 :Data;               # []byte, always nil
  nint64 :union {                 # *int64, always nil
    null @45 :Void;
    value @46 :Int64;
  }

  mtsptr @47 :List(TestStrucEntry); # map[string]*TestStruc
  mts @48 :List(TestStrucEntry);    # map[string]TestStruc
  its @49 :List(TestStruc);         # []*TestStruc
  nteststruc @50 :TestStruc;        # *TestStruc, always nil
}
