// Package schema holds the schema files from which the code-generated
// codecs are made, one per workload and schema language (see README.md for
// the languages, the generators and the mapping of the canonical Go types),
// and embeds those that codecs read at run time, so that a codec reads
// exactly the file its generator read.
//
// Besides the files, the package holds the helpers of the mapping that the
// codecs of every schema language share: the two fields of a time
// (SplitTime, JoinTime), the Person of the schemas (Person, PersonOf) and
// the conversion of slices (Numbers, Values, Pointers). It does not parse,
// validate or generate anything.
//
// What it promises: the schema files and the mapping they describe, which
// declared losses of the codecs cite by path (schema/nested.proto, ...),
// so it stays where stored runs say it is. The Go helpers are for
// serbench's own adapters and may change with them.
package schema

import (
	"embed"
	"fmt"
)

// Avro holds the Avro schemas: person.avsc, nested.avsc and floats.avsc,
// one record schema per workload, each complete in itself (the named types
// it uses are defined in the same file). hamba/avro parses them at Bind and
// its avrogen generates internal/gen/avro from them; linkedin/goavro
// builds its codec from them at Bind.
//
//go:embed *.avsc
var Avro embed.FS

// AvroSchema returns the text of the Avro schema of the named workload
// ("person", "nested", "floats"): the file <workload>.avsc of Avro. The
// error says so when there is none.
func AvroSchema(workload string) (string, error) {
	b, err := Avro.ReadFile(workload + ".avsc")
	if err != nil {
		return "", fmt.Errorf("schema: no Avro schema for workload %q: %w", workload, err)
	}
	return string(b), nil
}
