package flatbuffers

import (
	fb "github.com/google/flatbuffers/go"

	"github.com/serbench/serbench/internal/gen/fbs"
	"github.com/serbench/serbench/workload"
)

// citm builds the CITMPerformance table of schema/citm.fbs from v.
func (e *encoder) citm(v *workload.CITMPerformance) ([]byte, error) {
	b := e.b
	name, err := anyJSON(b, "CITMPerformance.Name", v.Name)
	if err != nil {
		return nil, err
	}
	seatMapImage, err := anyJSON(b, "CITMPerformance.SeatMapImage", v.SeatMapImage)
	if err != nil {
		return nil, err
	}
	var prices fb.UOffsetT
	if v.Prices != nil {
		// A vector of structs is written in place, last element first.
		fbs.CITMPerformanceStartPricesVector(b, len(v.Prices))
		for i := len(v.Prices) - 1; i >= 0; i-- {
			p := &v.Prices[i]
			fbs.CreateCITMPrice(b, p.Amount, p.AudienceSubCategoryID, p.SeatCategoryID)
		}
		prices = b.EndVector(len(v.Prices))
	}
	var seatCategories fb.UOffsetT
	if v.SeatCategories != nil {
		mark := len(e.offs)
		for i := range v.SeatCategories {
			c := &v.SeatCategories[i]
			var areas fb.UOffsetT
			if c.Areas != nil {
				areaMark := len(e.offs)
				for j := range c.Areas {
					a := &c.Areas[j]
					blockIDs := scalars(b, a.BlockIDs, fbs.CITMAreaStartBlockIdsVector, b.PrependInt64)
					fbs.CITMAreaStart(b)
					fbs.CITMAreaAddAreaId(b, a.AreaID)
					fbs.CITMAreaAddBlockIds(b, blockIDs)
					e.offs = append(e.offs, fbs.CITMAreaEnd(b))
				}
				areas = e.vectorOfOffsets(areaMark, fbs.CITMSeatCategoryStartAreasVector)
			}
			fbs.CITMSeatCategoryStart(b)
			fbs.CITMSeatCategoryAddAreas(b, areas)
			fbs.CITMSeatCategoryAddSeatCategoryId(b, c.SeatCategoryID)
			e.offs = append(e.offs, fbs.CITMSeatCategoryEnd(b))
		}
		seatCategories = e.vectorOfOffsets(mark, fbs.CITMPerformanceStartSeatCategoriesVector)
	}
	logo := optString(b, v.Logo)
	venueCode := b.CreateString(v.VenueCode)

	// An offset of 0 (a nil pointer, slice or interface) adds no field.
	fbs.CITMPerformanceStart(b)
	fbs.CITMPerformanceAddEventId(b, v.EventID)
	fbs.CITMPerformanceAddId(b, v.ID)
	fbs.CITMPerformanceAddLogo(b, logo)
	fbs.CITMPerformanceAddName(b, name)
	fbs.CITMPerformanceAddPrices(b, prices)
	fbs.CITMPerformanceAddSeatCategories(b, seatCategories)
	fbs.CITMPerformanceAddSeatMapImage(b, seatMapImage)
	fbs.CITMPerformanceAddStart(b, v.Start)
	fbs.CITMPerformanceAddVenueCode(b, venueCode)
	return e.finish(fbs.CITMPerformanceEnd(b)), nil
}

// decodeCITM reads every field of the CITMPerformance in data, and of its
// children, into a new workload.CITMPerformance.
func decodeCITM(data []byte) (*workload.CITMPerformance, error) {
	r := fbs.GetRootAsCITMPerformance(data, 0)
	t := r.Table()
	v := &workload.CITMPerformance{
		EventID:   r.EventId(),
		ID:        r.Id(),
		Logo:      stringField(t, slotCITMPerformanceLogo, r.Logo()),
		Start:     r.Start(),
		VenueCode: string(r.VenueCode()),
	}
	var err error
	if v.Name, err = anyOf("CITMPerformance.Name", r.NameBytes()); err != nil {
		return nil, err
	}
	if v.SeatMapImage, err = anyOf("CITMPerformance.SeatMapImage", r.SeatMapImageBytes()); err != nil {
		return nil, err
	}
	if present(t, slotCITMPerformancePrices) {
		v.Prices = make([]workload.CITMPrice, r.PricesLength())
		var p fbs.CITMPrice
		for j := range v.Prices {
			r.Prices(&p, j)
			v.Prices[j] = workload.CITMPrice{
				Amount:                p.Amount(),
				AudienceSubCategoryID: p.AudienceSubCategoryId(),
				SeatCategoryID:        p.SeatCategoryId(),
			}
		}
	}
	if present(t, slotCITMPerformanceSeatCategories) {
		v.SeatCategories = make([]workload.CITMSeatCategory, r.SeatCategoriesLength())
		var c fbs.CITMSeatCategory
		var a fbs.CITMArea
		for j := range v.SeatCategories {
			r.SeatCategories(&c, j)
			sc := &v.SeatCategories[j]
			sc.SeatCategoryID = c.SeatCategoryId()
			if present(c.Table(), slotCITMSeatCategoryAreas) {
				sc.Areas = make([]workload.CITMArea, c.AreasLength())
				for k := range sc.Areas {
					c.Areas(&a, k)
					sc.Areas[k] = workload.CITMArea{
						AreaID:   a.AreaId(),
						BlockIDs: vector(a.Table(), slotCITMAreaBlockIds, a.BlockIdsLength(), a.BlockIds),
					}
				}
			}
		}
	}
	return v, nil
}
