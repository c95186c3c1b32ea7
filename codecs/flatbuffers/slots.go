package flatbuffers

import fb "github.com/google/flatbuffers/go"

// The vtable slots of the vector fields that Decode tests for presence
// (flatbuffers.Table.Offset), to keep a nil slice or map (absent field)
// apart from an empty one: 4 + 2 × the field's index in its table, as the
// generated accessors use them. TestSlots checks each against the
// generated code.
const (
	slotPersonTags    fb.VOffsetT = 18
	slotPersonAliases fb.VOffsetT = 20

	slotFloatsValues fb.VOffsetT = 4

	slotTestStrucSslice    fb.VOffsetT = 34
	slotTestStrucIntslice  fb.VOffsetT = 36
	slotTestStrucI8slice   fb.VOffsetT = 38
	slotTestStrucI16slice  fb.VOffsetT = 40
	slotTestStrucI32slice  fb.VOffsetT = 42
	slotTestStrucI64slice  fb.VOffsetT = 44
	slotTestStrucUintslice fb.VOffsetT = 46
	slotTestStrucUi16slice fb.VOffsetT = 50
	slotTestStrucUi32slice fb.VOffsetT = 52
	slotTestStrucUi64slice fb.VOffsetT = 54
	slotTestStrucF32slice  fb.VOffsetT = 56
	slotTestStrucF64slice  fb.VOffsetT = 58
	slotTestStrucBslice    fb.VOffsetT = 60
	slotTestStrucIslice    fb.VOffsetT = 64
	slotTestStrucIptrslice fb.VOffsetT = 66
	slotTestStrucAsslice   fb.VOffsetT = 76
	slotTestStrucAi64slice fb.VOffsetT = 78
	slotTestStrucMs        fb.VOffsetT = 80
	slotTestStrucMsi64     fb.VOffsetT = 82
	slotTestStrucNmap      fb.VOffsetT = 90
	slotTestStrucMtsptr    fb.VOffsetT = 96
	slotTestStrucMts       fb.VOffsetT = 98
	slotTestStrucIts       fb.VOffsetT = 100
)

// The vtable slots of the corpora's fields that Decode tests for
// presence: vectors (nil apart from empty) and the string fields of Go
// *string fields (nil apart from ""). The optional scalars (Go *int64,
// *bool) and child tables have accessors that return nil when absent,
// and the `any` fields are byte vectors (XBytes returns nil).
const (
	slotTwitterStatusInReplyToStatusIdStr fb.VOffsetT = 20
	slotTwitterStatusInReplyToUserIdStr   fb.VOffsetT = 24
	slotTwitterStatusInReplyToScreenName  fb.VOffsetT = 26

	slotTwitterUserUrl              fb.VOffsetT = 16
	slotTwitterUserTimeZone         fb.VOffsetT = 34
	slotTwitterUserProfileBannerUrl fb.VOffsetT = 62

	slotTwitterURLsUrls           fb.VOffsetT = 4
	slotTwitterURLIndices         fb.VOffsetT = 10
	slotTwitterHashtagIndices     fb.VOffsetT = 6
	slotTwitterUserMentionIndices fb.VOffsetT = 12

	slotTwitterMediaIndices           fb.VOffsetT = 8
	slotTwitterMediaSourceStatusIdStr fb.VOffsetT = 26

	slotTwitterEntitiesHashtags     fb.VOffsetT = 4
	slotTwitterEntitiesSymbols      fb.VOffsetT = 6
	slotTwitterEntitiesUrls         fb.VOffsetT = 8
	slotTwitterEntitiesUserMentions fb.VOffsetT = 10
	slotTwitterEntitiesMedia        fb.VOffsetT = 12

	slotCITMPerformanceLogo           fb.VOffsetT = 8
	slotCITMPerformancePrices         fb.VOffsetT = 12
	slotCITMPerformanceSeatCategories fb.VOffsetT = 14
	slotCITMSeatCategoryAreas         fb.VOffsetT = 4
	slotCITMAreaBlockIds              fb.VOffsetT = 6

	slotCanadaGeometryCoordinates fb.VOffsetT = 6
	slotCanadaRingPositions       fb.VOffsetT = 4
)
