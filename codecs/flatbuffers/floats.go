package flatbuffers

import "github.com/serbench/serbench/internal/gen/fbs"

// floats builds the Floats table of schema/floats.fbs from s.
func (e *encoder) floats(s []float32) []byte {
	b := e.b
	values := scalars(b, s, fbs.FloatsStartValuesVector, b.PrependFloat32)
	fbs.FloatsStart(b)
	fbs.FloatsAddValues(b, values)
	return e.finish(fbs.FloatsEnd(b))
}

// decodeFloats reads the values of the Floats in data into a new slice,
// one generated accessor call (Values(j)) per value.
func decodeFloats(data []byte) *[]float32 {
	r := fbs.GetRootAsFloats(data, 0)
	s := vector(r.Table(), slotFloatsValues, r.ValuesLength(), r.Values)
	return &s
}
