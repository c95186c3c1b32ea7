package flatbuffers

import (
	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/workload"
)

// canada builds the CanadaFeature table of schema/canada.fbs from v.
func (e *encoder) canada(v *workload.CanadaFeature) []byte {
	b := e.b
	var coordinates fb.UOffsetT
	if c := v.Geometry.Coordinates; c != nil {
		mark := len(e.offs)
		for _, ring := range c {
			var positions fb.UOffsetT
			if ring != nil {
				// A vector of structs is written in place, last element first.
				fbs.CanadaRingStartPositionsVector(b, len(ring))
				for i := len(ring) - 1; i >= 0; i-- {
					fbs.CreateCanadaPosition(b, ring[i][0], ring[i][1])
				}
				positions = b.EndVector(len(ring))
			}
			fbs.CanadaRingStart(b)
			fbs.CanadaRingAddPositions(b, positions)
			e.offs = append(e.offs, fbs.CanadaRingEnd(b))
		}
		coordinates = e.vectorOfOffsets(mark, fbs.CanadaGeometryStartCoordinatesVector)
	}
	geometryType := b.CreateString(v.Geometry.Type)
	fbs.CanadaGeometryStart(b)
	fbs.CanadaGeometryAddType(b, geometryType)
	fbs.CanadaGeometryAddCoordinates(b, coordinates)
	geometry := fbs.CanadaGeometryEnd(b)

	name := b.CreateString(v.Properties.Name)
	fbs.CanadaPropertiesStart(b)
	fbs.CanadaPropertiesAddName(b, name)
	properties := fbs.CanadaPropertiesEnd(b)

	typ := b.CreateString(v.Type)
	fbs.CanadaFeatureStart(b)
	fbs.CanadaFeatureAddType(b, typ)
	fbs.CanadaFeatureAddProperties(b, properties)
	fbs.CanadaFeatureAddGeometry(b, geometry)
	return e.finish(fbs.CanadaFeatureEnd(b))
}

// decodeCanada reads every field of the CanadaFeature in data, and of its
// children, into a new workload.CanadaFeature.
func decodeCanada(data []byte) *workload.CanadaFeature {
	r := fbs.GetRootAsCanadaFeature(data, 0)
	v := &workload.CanadaFeature{Type: string(r.Type())}
	var p fbs.CanadaProperties
	if r.Properties(&p) != nil {
		v.Properties.Name = string(p.Name())
	}
	var g fbs.CanadaGeometry
	if r.Geometry(&g) == nil {
		return v
	}
	v.Geometry.Type = string(g.Type())
	if present(g.Table(), slotCanadaGeometryCoordinates) {
		v.Geometry.Coordinates = make([][][2]float64, g.CoordinatesLength())
		var ring fbs.CanadaRing
		var pos fbs.CanadaPosition
		for j := range v.Geometry.Coordinates {
			g.Coordinates(&ring, j)
			if !present(ring.Table(), slotCanadaRingPositions) {
				continue
			}
			s := make([][2]float64, ring.PositionsLength())
			for k := range s {
				ring.Positions(&pos, k)
				s[k] = [2]float64{pos.Lon(), pos.Lat()}
			}
			v.Geometry.Coordinates[j] = s
		}
	}
	return v
}
