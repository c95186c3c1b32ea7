// Package coverage is the table of the serialization libraries that
// go_serialization_benchmarks and serbench's seeds name, or that serbench
// measures, with the codecs that measure each one or why none does; and
// its rendering for serbench list --libraries, which reads from the codec
// registry which of them this binary measures.
package coverage

// Library is one serialization library that go_serialization_benchmarks
// or one of serbench's seeds names, or that serbench measures. Whether
// serbench measures it is not written here: it is read from the codec
// registry when the table is printed, so a library shows as measured
// exactly when one of its codecs is registered in the binary.
type Library struct {
	// Path is the library's module or package path, as its users import
	// it ("std" libraries by their package).
	Path string
	// Format is the data format it writes.
	Format string
	// NamedBy says who names it: "gsb" (go_serialization_benchmarks),
	// "seed 002" (go-codec-bench), "seed 004" (the first Go
	// serialization benchmarks), "serbench" (measured here only).
	NamedBy []string
	// Codecs are the names of serbench's codecs that measure it (the
	// plain rows and the main variants).
	Codecs []string
	// WhyNot says why serbench does not measure it; shown only when
	// none of Codecs is registered.
	WhyNot string
}

const (
	byGSB   = "gsb"
	bySeed2 = "seed 002"
	bySeed4 = "seed 004"
	bySelf  = "serbench"
)

// notBuilt is the reason given for a library whose codec package exists
// but is not registered in the binary (a build without codecs/all).
const notBuilt = "its codec is not registered in this binary (its package under codecs/ is not imported)"

// Libraries is the coverage table: every library named by
// go_serialization_benchmarks (its benchmark cases, README "Data" and
// go.mod), by seeds 002 (go-codec-bench) and 004 (the first Go
// serialization benchmarks), and every library serbench measures.
var Libraries = []Library{
	{"encoding/json", "json", []string{byGSB, bySeed2, bySeed4}, []string{"json"}, notBuilt},
	{"encoding/gob", "gob", []string{byGSB, bySeed2, bySeed4}, []string{"gob-stream", "gob-message"}, notBuilt},
	{"math/big (big.Float encodings)", "bigfloat", []string{bySelf}, []string{"bigfloat-binary", "bigfloat-binary-int", "bigfloat-binary-varint", "bigfloat-gob", "bigfloat-text", "bigfloat-cbor-decimal", "bigfloat-cbor-bigfloat"}, notBuilt},
	{"serbench's hand-written codec (gsb's baseline)", "binary", []string{byGSB, bySelf}, []string{"handwritten"}, notBuilt},
	{"github.com/json-iterator/go", "json", []string{byGSB}, []string{"jsoniter", "jsoniter-fastest"}, notBuilt},
	{"github.com/mailru/easyjson", "json", []string{byGSB}, []string{"easyjson+convert", "easyjson"}, notBuilt},
	{"github.com/bytedance/sonic", "json", []string{byGSB}, []string{"sonic", "sonic-default"}, notBuilt},
	{"github.com/goccy/go-json", "json", []string{bySelf}, []string{"goccy-json"}, notBuilt},
	{"github.com/segmentio/encoding", "json", []string{bySelf}, []string{"segmentio-json"}, notBuilt},
	{"github.com/go-json-experiment/json", "json", []string{bySelf}, []string{"jsonv2"}, notBuilt},
	{"github.com/valyala/fastjson", "json (parse only)", []string{byGSB}, []string{"fastjson", "fastjson-reuse"},
		"not registered in this binary; it would be in the parse category (a value tree, not your Go value), never ranked"},
	{"github.com/ugorji/go/codec (+ binc, cbor, simple, json)", "msgpack", []string{byGSB, bySeed2},
		[]string{"ugorji-msgpack", "ugorji-binc", "ugorji-binc-sym", "ugorji-cbor", "ugorji-simple", "ugorji-json"}, notBuilt},
	{"github.com/ugorji/go-msgpack", "msgpack", []string{bySeed4}, nil,
		"cannot be had here: the module proxy has no version of it; its successor github.com/ugorji/go/codec is measured (ugorji-msgpack)"},
	{"github.com/vmihailenco/msgpack", "msgpack", []string{byGSB, bySeed2, bySeed4}, []string{"vmihailenco-msgpack"}, notBuilt},
	{"github.com/tinylib/msgp", "msgpack", []string{byGSB}, []string{"msgp+convert", "msgp", "msgp-reuse"}, notBuilt},
	{"github.com/shamaton/msgpack", "msgpack", []string{byGSB}, []string{"shamaton-msgpack"}, notBuilt},
	{"github.com/shamaton/msgpackgen", "msgpack", []string{byGSB}, nil,
		"not measured: msgpackgen generates code for shamaton/msgpack, whose reflection API is measured (shamaton-msgpack); its generated code is not in schema/"},
	{"github.com/fxamacker/cbor", "cbor", []string{bySelf}, []string{"fxcbor", "fxcbor-rfc3339nano"}, notBuilt},
	{"gopkg.in/mgo.v2/bson (labix.org/v2/mgo/bson)", "bson", []string{byGSB, bySeed2, bySeed4}, []string{"mgo-bson"}, notBuilt},
	{"go.mongodb.org/mongo-driver/bson", "bson", []string{byGSB}, []string{"bson"}, notBuilt},
	{"code.google.com/p/vitess/go/bson", "bson", []string{bySeed4}, nil,
		"cannot be had here: code.google.com is gone and vitess has no bson package any more; BSON is measured with mongo-driver (bson) and with mgo (mgo-bson), seed 004's other BSON library"},
	{"google.golang.org/protobuf", "protobuf", []string{byGSB}, []string{"protobuf+convert", "protobuf"}, notBuilt},
	{"github.com/gogo/protobuf", "protobuf", []string{byGSB}, []string{"gogofaster+convert", "gogofaster"}, notBuilt},
	{"github.com/planetscale/vtprotobuf", "protobuf", []string{bySelf}, []string{"vtprotobuf+convert", "vtprotobuf", "vtprotobuf-pooled"}, notBuilt},
	{"github.com/cosmos/cosmos-proto", "protobuf", []string{byGSB}, []string{"cosmos-proto+convert", "cosmos-proto"}, notBuilt},
	{"go.dedis.ch/protobuf", "protobuf", []string{byGSB}, []string{"dedis-protobuf"}, notBuilt},
	{"github.com/google/flatbuffers", "flatbuffers", []string{byGSB}, []string{"flatbuffers", "flatbuffers-reuse"}, notBuilt},
	{"capnproto.org/go/capnp/v3", "capnp", []string{bySelf}, []string{"capnp", "capnp-packed"}, notBuilt},
	{"github.com/glycerine/go-capnproto", "capnp", []string{byGSB}, []string{"capnp-v1"},
		"not registered in this binary: Cap'n Proto v1 (legacy, unmaintained since 2019); capnproto.org/go/capnp/v3 is measured (capnp)"},
	{"github.com/linkedin/goavro (v1)", "avro", []string{byGSB}, []string{"goavro-v1+convert", "goavro-v1"}, notBuilt},
	{"github.com/linkedin/goavro/v2", "avro", []string{byGSB}, []string{"goavro+convert", "goavro"}, notBuilt},
	{"github.com/hamba/avro", "avro", []string{bySelf}, []string{"hamba-avro+convert", "hamba-avro"}, notBuilt},
	{"github.com/apache/thrift", "thrift", []string{bySelf}, []string{"thrift-binary+convert", "thrift-compact+convert", "thrift-binary", "thrift-compact"}, notBuilt},
	{"github.com/pascaldekloe/colfer", "colfer", []string{byGSB}, []string{"colfer+convert", "colfer"}, notBuilt},
	{"github.com/200sc/bebop", "bebop", []string{byGSB}, []string{"bebop+convert", "bebop"}, notBuilt},
	{"wellquite.org/bebop", "bebop", []string{byGSB}, nil,
		"cannot be had here: the module proxy refuses it; 200sc/bebop, the other Go implementation of Bebop, is measured (bebop)"},
	{"github.com/deneonet/benc", "benc", []string{byGSB}, []string{"benc+convert", "benc", "benc-reuse"}, notBuilt},
	{"github.com/mus-format/mus-go", "mus", []string{byGSB}, []string{"mus-go", "mus-go-unsafe"}, notBuilt},
	{"github.com/andyleap/gencode", "gencode", []string{byGSB}, nil,
		"cannot be had here: the module proxy has no version of it"},
	{"github.com/Sereal/Sereal", "sereal", []string{byGSB}, []string{"sereal"}, notBuilt},
	{"github.com/alecthomas/binary", "binary", []string{byGSB}, []string{"alecthomas-binary"}, notBuilt},
	{"github.com/calmh/xdr", "xdr", []string{byGSB}, []string{"calmh-xdr+convert", "calmh-xdr"}, notBuilt},
	{"github.com/davecgh/go-xdr", "xdr", []string{byGSB}, []string{"davecgh-xdr"}, notBuilt},
	{"github.com/chmike/ditp", "idr", []string{byGSB}, []string{"ditp"}, notBuilt},
	{"github.com/niubaoshu/gotiny", "gotiny", []string{byGSB}, []string{"gotiny"}, notBuilt},
	{"github.com/hprose/hprose-go", "hprose", []string{byGSB}, []string{"hprose-go"}, notBuilt},
	{"github.com/hprose/hprose-golang", "hprose", []string{byGSB}, []string{"hprose-golang"}, notBuilt},
	{"github.com/ikkerens/ikeapack", "ikeapack", []string{byGSB}, []string{"ikeapack"}, notBuilt},
	{"github.com/nazarifard/fastape", "fastape", []string{byGSB}, []string{"fastape", "fastape-unsafe"}, notBuilt},
	{"github.com/nazarifard/copi", "copi", []string{byGSB}, nil,
		"not measured yet: like fastape (same author), a codec would be written by hand from its primitives for each Go type"},
	{"github.com/prysmaticlabs/go-ssz", "ssz", []string{byGSB}, []string{"go-ssz+convert", "go-ssz"}, notBuilt},
	{"github.com/ferranbt/fastssz", "ssz", []string{byGSB}, []string{"fastssz+convert", "fastssz"}, notBuilt},
}
