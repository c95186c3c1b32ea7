// Package expect builds the expectations (codec.Expectation) that the
// codecs of several libraries share: what the conformance test shows them
// do on the generic forms of the corpora and on the bigfloat workload.
package expect

import (
	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/workload"
)

// GenericCorpora returns an expectation of kind, with why, on each
// generic form of the corpora (workload.CorporaGeneric).
func GenericCorpora(kind codec.ExpectKind, why string) []codec.Expectation {
	var out []codec.Expectation
	for _, w := range workload.CorporaGeneric {
		out = append(out, codec.Expectation{Workload: w, Kind: kind, Why: why})
	}
	return out
}

// InterfaceMaps returns the known mismatches, on the generic forms of the
// corpora, of a codec that decodes the maps nested in interface{} values
// as map[interface{}]interface{}, where the value held a
// map[string]interface{}; by says what makes its decoder do so ("the
// default DecOptions (DefaultMapType unset)").
func InterfaceMaps(by string) []codec.Expectation {
	return GenericCorpora(codec.ExpectMismatch, "changes the type of the objects nested in the document: map[string]interface{} values decode as map[interface{}]interface{} ("+
		by+"); keys and elements are kept, but encoding/json cannot marshal the result")
}

// BigFloatEmptyMap returns the known mismatch, on the bigfloat workload,
// of a codec that encodes a *big.Float, whose fields are all unexported,
// without an error as an empty map, so that every value decodes as 0;
// emptyMap names that map in the format's words ("msgpack map").
func BigFloatEmptyMap(emptyMap string) codec.Expectation {
	return codec.Expectation{
		Workload: "bigfloat", Kind: codec.ExpectMismatch,
		Why: `silently loses the number: *big.Float is encoded as an empty ` + emptyMap + ` ({"Value": {}}) and decodes as 0`,
	}
}
