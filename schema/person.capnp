# The person workload (workload.Person) in Cap'n Proto, following the
# mapping of schema/README.md. Generated Go code: internal/gen/capnp
# (capnpc-go; see internal/gen/capnp/doc.go).

@0x893c46ffcb2cdad0;

using Go = import "/go.capnp";
$Go.package("capnp");
$Go.import("github.com/serbench/serbench/internal/gen/capnp");

# Person is workload.Person. A null list pointer is a nil Go slice or map,
# a non-null one (possibly of length 0) a non-nil one.
struct Person {
  name @0 :Text;
  birthDayUnixNano @1 :Int64;  # time.Time: Unix nanoseconds...
  birthDayOffset @2 :Int32;    # ...and UTC offset in seconds
  phone @3 :Text;
  siblings @4 :Int64;          # Go int
  spouse @5 :Bool;
  money @6 :Float64;
  tags @7 :List(StringEntry);  # map[string]string
  aliases @8 :List(Text);
}

# StringEntry is one key/value pair of a map[string]string: maps are lists
# of entries (Cap'n Proto has no map type).
struct StringEntry {
  key @0 :Text;
  value @1 :Text;
}
