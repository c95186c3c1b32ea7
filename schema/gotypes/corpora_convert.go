package gotypes

import "github.com/serbench/serbench/workload"

// The conversions of the corpora's mirrors (corpora.go) follow the rules
// of convert.go: they share the pointers and slices whose element types
// are the same in both forms (*string, *int64, []int64, [][][2]float64,
// the any fields), and convert, field by field or with a plain Go
// conversion, the structs that are mirror types, allocating new slices
// for the slices of them. Nil stays nil and empty stays empty.

// convertSlice returns the elements of s converted by conv, in a new
// slice: nil for nil, empty for empty.
func convertSlice[S, D any](s []S, conv func(*S) D) []D {
	if s == nil {
		return nil
	}
	d := make([]D, len(s))
	for i := range s {
		d[i] = conv(&s[i])
	}
	return d
}

// TwitterStatusOf returns the mirror of a canonical TwitterStatus,
// converting its retweeted status recursively.
func TwitterStatusOf(s *workload.TwitterStatus) *TwitterStatus {
	if s == nil {
		return nil
	}
	m := twitterStatusOf(s)
	return &m
}

func twitterStatusOf(s *workload.TwitterStatus) TwitterStatus {
	return TwitterStatus{
		Metadata:             TwitterMetadata(s.Metadata),
		CreatedAt:            s.CreatedAt,
		ID:                   s.ID,
		IDStr:                s.IDStr,
		Text:                 s.Text,
		Source:               s.Source,
		Truncated:            s.Truncated,
		InReplyToStatusID:    s.InReplyToStatusID,
		InReplyToStatusIDStr: s.InReplyToStatusIDStr,
		InReplyToUserID:      s.InReplyToUserID,
		InReplyToUserIDStr:   s.InReplyToUserIDStr,
		InReplyToScreenName:  s.InReplyToScreenName,
		User:                 twitterUserOf(&s.User),
		Geo:                  s.Geo,
		Coordinates:          s.Coordinates,
		Place:                s.Place,
		Contributors:         s.Contributors,
		RetweetedStatus:      TwitterStatusOf(s.RetweetedStatus),
		RetweetCount:         s.RetweetCount,
		FavoriteCount:        s.FavoriteCount,
		Entities:             twitterEntitiesOf(&s.Entities),
		Favorited:            s.Favorited,
		Retweeted:            s.Retweeted,
		PossiblySensitive:    s.PossiblySensitive,
		Lang:                 s.Lang,
	}
}

func twitterUserOf(u *workload.TwitterUser) TwitterUser {
	return TwitterUser{
		ID:                             u.ID,
		IDStr:                          u.IDStr,
		Name:                           u.Name,
		ScreenName:                     u.ScreenName,
		Location:                       u.Location,
		Description:                    u.Description,
		URL:                            u.URL,
		Entities:                       twitterUserEntitiesOf(&u.Entities),
		Protected:                      u.Protected,
		FollowersCount:                 u.FollowersCount,
		FriendsCount:                   u.FriendsCount,
		ListedCount:                    u.ListedCount,
		CreatedAt:                      u.CreatedAt,
		FavouritesCount:                u.FavouritesCount,
		UTCOffset:                      u.UTCOffset,
		TimeZone:                       u.TimeZone,
		GeoEnabled:                     u.GeoEnabled,
		Verified:                       u.Verified,
		StatusesCount:                  u.StatusesCount,
		Lang:                           u.Lang,
		ContributorsEnabled:            u.ContributorsEnabled,
		IsTranslator:                   u.IsTranslator,
		IsTranslationEnabled:           u.IsTranslationEnabled,
		ProfileBackgroundColor:         u.ProfileBackgroundColor,
		ProfileBackgroundImageURL:      u.ProfileBackgroundImageURL,
		ProfileBackgroundImageURLHTTPS: u.ProfileBackgroundImageURLHTTPS,
		ProfileBackgroundTile:          u.ProfileBackgroundTile,
		ProfileImageURL:                u.ProfileImageURL,
		ProfileImageURLHTTPS:           u.ProfileImageURLHTTPS,
		ProfileBannerURL:               u.ProfileBannerURL,
		ProfileLinkColor:               u.ProfileLinkColor,
		ProfileSidebarBorderColor:      u.ProfileSidebarBorderColor,
		ProfileSidebarFillColor:        u.ProfileSidebarFillColor,
		ProfileTextColor:               u.ProfileTextColor,
		ProfileUseBackgroundImage:      u.ProfileUseBackgroundImage,
		DefaultProfile:                 u.DefaultProfile,
		DefaultProfileImage:            u.DefaultProfileImage,
		Following:                      u.Following,
		FollowRequestSent:              u.FollowRequestSent,
		Notifications:                  u.Notifications,
	}
}

func twitterUserEntitiesOf(e *workload.TwitterUserEntities) TwitterUserEntities {
	m := TwitterUserEntities{Description: twitterURLsOf(&e.Description)}
	if e.URL != nil {
		u := twitterURLsOf(e.URL)
		m.URL = &u
	}
	return m
}

func twitterURLsOf(u *workload.TwitterURLs) TwitterURLs {
	return TwitterURLs{URLs: convertSlice(u.URLs, twitterURLOf)}
}

func twitterEntitiesOf(e *workload.TwitterEntities) TwitterEntities {
	return TwitterEntities{
		Hashtags:     convertSlice(e.Hashtags, twitterHashtagOf),
		Symbols:      convertSlice(e.Symbols, twitterHashtagOf),
		URLs:         convertSlice(e.URLs, twitterURLOf),
		UserMentions: convertSlice(e.UserMentions, twitterUserMentionOf),
		Media:        convertSlice(e.Media, twitterMediaOf),
	}
}

func twitterHashtagOf(h *workload.TwitterHashtag) TwitterHashtag { return TwitterHashtag(*h) }
func twitterURLOf(u *workload.TwitterURL) TwitterURL             { return TwitterURL(*u) }
func twitterUserMentionOf(u *workload.TwitterUserMention) TwitterUserMention {
	return TwitterUserMention(*u)
}

func twitterMediaOf(m *workload.TwitterMedia) TwitterMedia {
	return TwitterMedia{
		ID:            m.ID,
		IDStr:         m.IDStr,
		Indices:       m.Indices,
		MediaURL:      m.MediaURL,
		MediaURLHTTPS: m.MediaURLHTTPS,
		URL:           m.URL,
		DisplayURL:    m.DisplayURL,
		ExpandedURL:   m.ExpandedURL,
		Type:          m.Type,
		Sizes: TwitterMediaSizes{
			Medium: TwitterMediaSize(m.Sizes.Medium),
			Small:  TwitterMediaSize(m.Sizes.Small),
			Thumb:  TwitterMediaSize(m.Sizes.Thumb),
			Large:  TwitterMediaSize(m.Sizes.Large),
		},
		SourceStatusID:    m.SourceStatusID,
		SourceStatusIDStr: m.SourceStatusIDStr,
	}
}

// Canonical returns s as a canonical workload.TwitterStatus, converting
// its retweeted status recursively.
func (s *TwitterStatus) Canonical() *workload.TwitterStatus {
	if s == nil {
		return nil
	}
	c := s.canonical()
	return &c
}

func (s *TwitterStatus) canonical() workload.TwitterStatus {
	return workload.TwitterStatus{
		Metadata:             workload.TwitterMetadata(s.Metadata),
		CreatedAt:            s.CreatedAt,
		ID:                   s.ID,
		IDStr:                s.IDStr,
		Text:                 s.Text,
		Source:               s.Source,
		Truncated:            s.Truncated,
		InReplyToStatusID:    s.InReplyToStatusID,
		InReplyToStatusIDStr: s.InReplyToStatusIDStr,
		InReplyToUserID:      s.InReplyToUserID,
		InReplyToUserIDStr:   s.InReplyToUserIDStr,
		InReplyToScreenName:  s.InReplyToScreenName,
		User:                 s.User.canonical(),
		Geo:                  s.Geo,
		Coordinates:          s.Coordinates,
		Place:                s.Place,
		Contributors:         s.Contributors,
		RetweetedStatus:      s.RetweetedStatus.Canonical(),
		RetweetCount:         s.RetweetCount,
		FavoriteCount:        s.FavoriteCount,
		Entities:             s.Entities.canonical(),
		Favorited:            s.Favorited,
		Retweeted:            s.Retweeted,
		PossiblySensitive:    s.PossiblySensitive,
		Lang:                 s.Lang,
	}
}

func (u *TwitterUser) canonical() workload.TwitterUser {
	return workload.TwitterUser{
		ID:                             u.ID,
		IDStr:                          u.IDStr,
		Name:                           u.Name,
		ScreenName:                     u.ScreenName,
		Location:                       u.Location,
		Description:                    u.Description,
		URL:                            u.URL,
		Entities:                       u.Entities.canonical(),
		Protected:                      u.Protected,
		FollowersCount:                 u.FollowersCount,
		FriendsCount:                   u.FriendsCount,
		ListedCount:                    u.ListedCount,
		CreatedAt:                      u.CreatedAt,
		FavouritesCount:                u.FavouritesCount,
		UTCOffset:                      u.UTCOffset,
		TimeZone:                       u.TimeZone,
		GeoEnabled:                     u.GeoEnabled,
		Verified:                       u.Verified,
		StatusesCount:                  u.StatusesCount,
		Lang:                           u.Lang,
		ContributorsEnabled:            u.ContributorsEnabled,
		IsTranslator:                   u.IsTranslator,
		IsTranslationEnabled:           u.IsTranslationEnabled,
		ProfileBackgroundColor:         u.ProfileBackgroundColor,
		ProfileBackgroundImageURL:      u.ProfileBackgroundImageURL,
		ProfileBackgroundImageURLHTTPS: u.ProfileBackgroundImageURLHTTPS,
		ProfileBackgroundTile:          u.ProfileBackgroundTile,
		ProfileImageURL:                u.ProfileImageURL,
		ProfileImageURLHTTPS:           u.ProfileImageURLHTTPS,
		ProfileBannerURL:               u.ProfileBannerURL,
		ProfileLinkColor:               u.ProfileLinkColor,
		ProfileSidebarBorderColor:      u.ProfileSidebarBorderColor,
		ProfileSidebarFillColor:        u.ProfileSidebarFillColor,
		ProfileTextColor:               u.ProfileTextColor,
		ProfileUseBackgroundImage:      u.ProfileUseBackgroundImage,
		DefaultProfile:                 u.DefaultProfile,
		DefaultProfileImage:            u.DefaultProfileImage,
		Following:                      u.Following,
		FollowRequestSent:              u.FollowRequestSent,
		Notifications:                  u.Notifications,
	}
}

func (e *TwitterUserEntities) canonical() workload.TwitterUserEntities {
	c := workload.TwitterUserEntities{Description: e.Description.canonical()}
	if e.URL != nil {
		u := e.URL.canonical()
		c.URL = &u
	}
	return c
}

func (u *TwitterURLs) canonical() workload.TwitterURLs {
	return workload.TwitterURLs{URLs: convertSlice(u.URLs, canonicalTwitterURL)}
}

func (e *TwitterEntities) canonical() workload.TwitterEntities {
	return workload.TwitterEntities{
		Hashtags:     convertSlice(e.Hashtags, canonicalTwitterHashtag),
		Symbols:      convertSlice(e.Symbols, canonicalTwitterHashtag),
		URLs:         convertSlice(e.URLs, canonicalTwitterURL),
		UserMentions: convertSlice(e.UserMentions, canonicalTwitterUserMention),
		Media:        convertSlice(e.Media, (*TwitterMedia).canonical),
	}
}

func canonicalTwitterHashtag(h *TwitterHashtag) workload.TwitterHashtag {
	return workload.TwitterHashtag(*h)
}
func canonicalTwitterURL(u *TwitterURL) workload.TwitterURL { return workload.TwitterURL(*u) }
func canonicalTwitterUserMention(u *TwitterUserMention) workload.TwitterUserMention {
	return workload.TwitterUserMention(*u)
}

func (m *TwitterMedia) canonical() workload.TwitterMedia {
	return workload.TwitterMedia{
		ID:            m.ID,
		IDStr:         m.IDStr,
		Indices:       m.Indices,
		MediaURL:      m.MediaURL,
		MediaURLHTTPS: m.MediaURLHTTPS,
		URL:           m.URL,
		DisplayURL:    m.DisplayURL,
		ExpandedURL:   m.ExpandedURL,
		Type:          m.Type,
		Sizes: workload.TwitterMediaSizes{
			Medium: workload.TwitterMediaSize(m.Sizes.Medium),
			Small:  workload.TwitterMediaSize(m.Sizes.Small),
			Thumb:  workload.TwitterMediaSize(m.Sizes.Thumb),
			Large:  workload.TwitterMediaSize(m.Sizes.Large),
		},
		SourceStatusID:    m.SourceStatusID,
		SourceStatusIDStr: m.SourceStatusIDStr,
	}
}

// CITMPerformanceOf returns the mirror of a canonical CITMPerformance.
func CITMPerformanceOf(p *workload.CITMPerformance) *CITMPerformance {
	return &CITMPerformance{
		EventID:        p.EventID,
		ID:             p.ID,
		Logo:           p.Logo,
		Name:           p.Name,
		Prices:         convertSlice(p.Prices, citmPriceOf),
		SeatCategories: convertSlice(p.SeatCategories, citmSeatCategoryOf),
		SeatMapImage:   p.SeatMapImage,
		Start:          p.Start,
		VenueCode:      p.VenueCode,
	}
}

func citmPriceOf(p *workload.CITMPrice) CITMPrice { return CITMPrice(*p) }
func citmAreaOf(a *workload.CITMArea) CITMArea    { return CITMArea(*a) }

func citmSeatCategoryOf(c *workload.CITMSeatCategory) CITMSeatCategory {
	return CITMSeatCategory{
		Areas:          convertSlice(c.Areas, citmAreaOf),
		SeatCategoryID: c.SeatCategoryID,
	}
}

// Canonical returns p as a canonical workload.CITMPerformance.
func (p *CITMPerformance) Canonical() *workload.CITMPerformance {
	return &workload.CITMPerformance{
		EventID:        p.EventID,
		ID:             p.ID,
		Logo:           p.Logo,
		Name:           p.Name,
		Prices:         convertSlice(p.Prices, canonicalCITMPrice),
		SeatCategories: convertSlice(p.SeatCategories, (*CITMSeatCategory).canonical),
		SeatMapImage:   p.SeatMapImage,
		Start:          p.Start,
		VenueCode:      p.VenueCode,
	}
}

func canonicalCITMPrice(p *CITMPrice) workload.CITMPrice { return workload.CITMPrice(*p) }
func canonicalCITMArea(a *CITMArea) workload.CITMArea    { return workload.CITMArea(*a) }

func (c *CITMSeatCategory) canonical() workload.CITMSeatCategory {
	return workload.CITMSeatCategory{
		Areas:          convertSlice(c.Areas, canonicalCITMArea),
		SeatCategoryID: c.SeatCategoryID,
	}
}

// CanadaFeatureOf returns the mirror of a canonical CanadaFeature; its
// coordinates are the same slice.
func CanadaFeatureOf(f *workload.CanadaFeature) *CanadaFeature {
	return &CanadaFeature{
		Type:       f.Type,
		Properties: CanadaProperties(f.Properties),
		Geometry:   CanadaGeometry(f.Geometry),
	}
}

// Canonical returns f as a canonical workload.CanadaFeature; its
// coordinates are the same slice.
func (f *CanadaFeature) Canonical() *workload.CanadaFeature {
	return &workload.CanadaFeature{
		Type:       f.Type,
		Properties: workload.CanadaProperties(f.Properties),
		Geometry:   workload.CanadaGeometry(f.Geometry),
	}
}
