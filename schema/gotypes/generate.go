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
// field names and honour omitempty. A Person converts with a plain Go
// conversion; TestStruc, whose children are TestStruc values, is converted
// field by field (convert.go), as are the corpora's types that hold other
// mirror types (corpora_convert.go).
//
// The generated code is reproduced, byte for byte, by
//
//	go generate ./schema/gotypes/
//
// with the generators pinned by the tool directives of go.mod. The package
// deliberately holds no codec: the adapters that call the generated code,
// and declare what it loses, are codecs/msgp and codecs/easyjson.
package gotypes

//go:generate go tool msgp -file types.go -o types_gen.go -tests=false
//go:generate go tool easyjson -output_filename types_easyjson.go types.go
//go:generate go tool msgp -file corpora.go -o corpora_gen.go -tests=false
//go:generate go tool easyjson -output_filename corpora_easyjson.go corpora.go
