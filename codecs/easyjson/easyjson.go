// Package easyjson registers github.com/mailru/easyjson, the JSON code
// generator, as two codecs on the methods it generates for the mirror types
// of package schema/gotypes (Person, TestStruc, Floats, and the typed
// corpora's TwitterStatus, CITMPerformance and CanadaFeature):
//
//   - "easyjson": easyjson.Marshal and easyjson.Unmarshal, the helpers its
//     README names for the generated MarshalEasyJSON and UnmarshalEasyJSON
//     (without the reflection of json.Marshal). The canonical values are
//     converted to and from the mirror types at setup, outside the timed
//     calls.
//   - "easyjson+convert": the same, with the conversions timed too.
//
// The generated code writes time.Time and interface{} values with their
// json.Marshaler and encoding/json, and reads interface{} values with its
// own lexer. It binds the person, nested and floats workloads and the
// typed corpora workloads twitter, citm and canada, and no other. The
// corpora's mirrors carry the json tags of the workload types, omitempty
// included, so that the generated code writes the data's field names and
// leaves out what is missing from it, as encoding/json does.
package easyjson

import (
	"fmt"

	"github.com/mailru/easyjson"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codecs/internal/jsonlib"
	"github.com/serbench/serbench/schema/gotypes"
)

const module = "github.com/mailru/easyjson"

// losses are the declared losses of both variants.
var losses = []codec.Loss{jsonlib.InterfaceNumbers}

func init() {
	codec.RegisterWithConversion(codec.New(codec.Info{
		Name:   "easyjson",
		Format: "json",
		Module: module,
		API:    codec.CodeGen,
		Losses: losses,
		Notes:  "easyjson.Marshal/Unmarshal on generated methods of schema/gotypes mirror types (person, nested, floats, twitter, citm, canada), converted from the canonical values at setup",
	}, bind))
}

func bind(t codec.Target) (codec.Instance, error) {
	m, ok := gotypes.MirrorFor(t.Type)
	if !ok {
		return nil, codec.Unsupportedf("easyjson has generated code for workload.Person, workload.TestStruc, []float32, workload.TwitterStatus, workload.CITMPerformance and workload.CanadaFeature only, not %s (workload %q)", t.Type, t.Workload)
	}
	return codec.Funcs{
		PrepareFunc: m.Of,
		EncodeFunc: func(v any) ([]byte, error) {
			msg, ok := v.(easyjson.Marshaler)
			if !ok {
				return nil, fmt.Errorf("easyjson: cannot encode %T", v)
			}
			return easyjson.Marshal(msg)
		},
		DecodeFunc: func(data []byte) (any, error) {
			v := m.New()
			return v, easyjson.Unmarshal(data, v.(easyjson.Unmarshaler))
		},
		CanonicalFunc: m.Canonical,
	}, nil
}
