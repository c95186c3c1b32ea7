# The floats workload ([]float32) in Cap'n Proto, following the mapping of
# schema/README.md. Generated Go code: internal/gen/capnp.

@0xfe6b70d4431e1458;

using Go = import "/go.capnp";
$Go.package("capnp");
$Go.import("github.com/serbench/serbench/internal/gen/capnp");

# Floats is a []float32; a null list pointer is a nil slice.
struct Floats {
  values @0 :List(Float32);
}
