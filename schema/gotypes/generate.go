// Package gotypes is the "schema" of the Go-type code generators msgp
// (github.com/tinylib/msgp) and easyjson (github.com/mailru/easyjson):
// mirrors of the canonical types of package workload, and the code both
// generators write for them. types.go holds Person, TestStruc (with
// AnonInTestStruc embedded) and Floats, whose generated code is
// types_gen.go and types_easyjson.go; corpora.go holds the types of the
// typed corpora workloads (TwitterStatus, CITMPerformance, CanadaFeature
// and the types they reach), whose generated code is corpora_gen.go and
// corpora_easyjson.go.
//
// The mirrors are types of their own, not package workload's, because the
// generated methods change how other libraries see a type: easyjson writes
// MarshalJSON and UnmarshalJSON methods, which every other JSON codec would
// then call for the canonical values. Their fields are the canonical
// fields, with the same Go types (time.Time and interface{} included, as
// both generators support them) and, for the corpora, the same json tags,
// which msgp reads too (//msgp:tag json), so that both write the data's
// field names and honour omitempty.
//
// The mirrors (types.go, corpora.go) and their conversions to and from the
// canonical types (types_convert.go, corpora_convert.go: PersonOf,
// TestStrucOf, FloatsOf, TwitterStatusOf, CITMPerformanceOf,
// CanadaFeatureOf and the Canonical methods) are generated from package
// workload's source by mirrorgen (internal/gen/mirrorgen), so that they
// cannot drift from the canonical types. A mirror whose fields hold no
// other mirror converts with a plain Go conversion (Person, Floats); the
// others convert field by field (TestStruc, whose children are TestStruc
// values, and the corpora's types that hold other mirrors). The
// conversions share the slices, maps and pointers that hold no mirror, and
// convert, in new ones, those that do: they convert types, they do not
// copy data. Nil stays nil and empty stays empty. Mirror and MirrorFor
// (mirror.go) are written by hand.
//
// All of the generated code is reproduced, byte for byte, by
//
//	go generate ./schema/gotypes/
//
// which runs mirrorgen first, then the generators pinned by the tool
// directives of go.mod. The package deliberately holds no codec: the
// adapters that call the generated code, and declare what it loses, are
// codecs/msgp and codecs/easyjson.
package gotypes

// types.go: every mirror gets the easyjson marker. Times decode in UTC, not
// in time.Local, so that decoded values do not depend on the machine's
// time zone (msgp's time extension holds the instant only: the UTC offset
// is lost either way).
//go:generate go run ../../internal/gen/mirrorgen -src ../../workload -import github.com/serbench/serbench/workload -types types.go -convert types_convert.go -easyjson all -directive "msgp:timezone utc" Person TestStruc Floats=[]float32

// corpora.go: the values of the twitter, citm and canada workloads. The
// tag directive makes msgp read the json tags, so that its map keys are
// the data's field names and omitempty fields are missing from the
// message when they are missing from the data; easyjson writes the
// corpus's field names and leaves out the fields missing from the data,
// as encoding/json does. The any fields are null in every record of the
// corpora. Only the top-level types carry the easyjson marker: easyjson
// writes the encoders and decoders of the types they reach as functions of
// their own, without exported methods.
//go:generate go run ../../internal/gen/mirrorgen -src ../../workload -import github.com/serbench/serbench/workload -types corpora.go -convert corpora_convert.go -easyjson roots -directive "msgp:tag json" TwitterStatus CITMPerformance CanadaFeature

//go:generate go tool msgp -file types.go -o types_gen.go -tests=false
//go:generate go tool easyjson -output_filename types_easyjson.go types.go
//go:generate go tool msgp -file corpora.go -o corpora_gen.go -tests=false
//go:generate go tool easyjson -output_filename corpora_easyjson.go corpora.go
