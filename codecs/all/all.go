// Package all imports every codec package under codecs/, so that importing
// it registers every codec serbench knows. Adding a codec is one new
// package plus one import line here; TestAllImported fails when a package
// is missing.
package all

import (
	_ "github.com/serbench/serbench/codecs/avro"
	_ "github.com/serbench/serbench/codecs/bebop"
	_ "github.com/serbench/serbench/codecs/benc"
	_ "github.com/serbench/serbench/codecs/bigfloat"
	_ "github.com/serbench/serbench/codecs/bson"
	_ "github.com/serbench/serbench/codecs/capnp"
	_ "github.com/serbench/serbench/codecs/colfer"
	_ "github.com/serbench/serbench/codecs/easyjson"
	_ "github.com/serbench/serbench/codecs/flatbuffers"
	_ "github.com/serbench/serbench/codecs/fxcbor"
	_ "github.com/serbench/serbench/codecs/goavro"
	_ "github.com/serbench/serbench/codecs/gob"
	_ "github.com/serbench/serbench/codecs/goccy"
	_ "github.com/serbench/serbench/codecs/gogo"
	_ "github.com/serbench/serbench/codecs/handwritten"
	_ "github.com/serbench/serbench/codecs/jsoniter"
	_ "github.com/serbench/serbench/codecs/jsonv2"
	_ "github.com/serbench/serbench/codecs/msgp"
	_ "github.com/serbench/serbench/codecs/mus"
	_ "github.com/serbench/serbench/codecs/noop"
	_ "github.com/serbench/serbench/codecs/protobuf"
	_ "github.com/serbench/serbench/codecs/segmentio"
	_ "github.com/serbench/serbench/codecs/shamaton"
	_ "github.com/serbench/serbench/codecs/sonic"
	_ "github.com/serbench/serbench/codecs/stdjson"
	_ "github.com/serbench/serbench/codecs/thrift"
	_ "github.com/serbench/serbench/codecs/ugorji"
	_ "github.com/serbench/serbench/codecs/vmsgpack"
	_ "github.com/serbench/serbench/codecs/vtprotobuf"
)
