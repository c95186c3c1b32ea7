package gotypes

// The mirrors of the typed corpora's types (workload/corporatypes.go):
// the values of the twitter, citm and canada workloads. Their fields are
// the canonical fields, with the same Go types and the same json tags,
// omitempty included, so that easyjson writes the corpus's field names,
// and leaves out the fields missing from the data, as encoding/json does;
// the tag directive below makes msgp read the same tags, so that its map
// keys are the data's field names and omitempty fields are missing from
// the message when they are missing from the data. The any fields are
// null in every record of the corpora.
//
// Only the top-level types carry the easyjson marker: easyjson writes the
// encoders and decoders of the types they reach as functions of their
// own, without exported methods.
//msgp:tag json

// TwitterStatus mirrors workload.TwitterStatus, the value of the twitter
// workload; RetweetedStatus is a mirror too.
//
//easyjson:json
type TwitterStatus struct {
	Metadata             TwitterMetadata `json:"metadata"`
	CreatedAt            string          `json:"created_at"`
	ID                   int64           `json:"id"`
	IDStr                string          `json:"id_str"`
	Text                 string          `json:"text"`
	Source               string          `json:"source"`
	Truncated            bool            `json:"truncated"`
	InReplyToStatusID    *int64          `json:"in_reply_to_status_id"`
	InReplyToStatusIDStr *string         `json:"in_reply_to_status_id_str"`
	InReplyToUserID      *int64          `json:"in_reply_to_user_id"`
	InReplyToUserIDStr   *string         `json:"in_reply_to_user_id_str"`
	InReplyToScreenName  *string         `json:"in_reply_to_screen_name"`
	User                 TwitterUser     `json:"user"`
	Geo                  any             `json:"geo"`
	Coordinates          any             `json:"coordinates"`
	Place                any             `json:"place"`
	Contributors         any             `json:"contributors"`
	RetweetedStatus      *TwitterStatus  `json:"retweeted_status,omitempty"`
	RetweetCount         int64           `json:"retweet_count"`
	FavoriteCount        int64           `json:"favorite_count"`
	Entities             TwitterEntities `json:"entities"`
	Favorited            bool            `json:"favorited"`
	Retweeted            bool            `json:"retweeted"`
	PossiblySensitive    *bool           `json:"possibly_sensitive,omitempty"`
	Lang                 string          `json:"lang"`
}

// TwitterMetadata mirrors workload.TwitterMetadata.
type TwitterMetadata struct {
	ResultType      string `json:"result_type"`
	ISOLanguageCode string `json:"iso_language_code"`
}

// TwitterUser mirrors workload.TwitterUser.
type TwitterUser struct {
	ID                             int64               `json:"id"`
	IDStr                          string              `json:"id_str"`
	Name                           string              `json:"name"`
	ScreenName                     string              `json:"screen_name"`
	Location                       string              `json:"location"`
	Description                    string              `json:"description"`
	URL                            *string             `json:"url"`
	Entities                       TwitterUserEntities `json:"entities"`
	Protected                      bool                `json:"protected"`
	FollowersCount                 int64               `json:"followers_count"`
	FriendsCount                   int64               `json:"friends_count"`
	ListedCount                    int64               `json:"listed_count"`
	CreatedAt                      string              `json:"created_at"`
	FavouritesCount                int64               `json:"favourites_count"`
	UTCOffset                      *int64              `json:"utc_offset"`
	TimeZone                       *string             `json:"time_zone"`
	GeoEnabled                     bool                `json:"geo_enabled"`
	Verified                       bool                `json:"verified"`
	StatusesCount                  int64               `json:"statuses_count"`
	Lang                           string              `json:"lang"`
	ContributorsEnabled            bool                `json:"contributors_enabled"`
	IsTranslator                   bool                `json:"is_translator"`
	IsTranslationEnabled           bool                `json:"is_translation_enabled"`
	ProfileBackgroundColor         string              `json:"profile_background_color"`
	ProfileBackgroundImageURL      string              `json:"profile_background_image_url"`
	ProfileBackgroundImageURLHTTPS string              `json:"profile_background_image_url_https"`
	ProfileBackgroundTile          bool                `json:"profile_background_tile"`
	ProfileImageURL                string              `json:"profile_image_url"`
	ProfileImageURLHTTPS           string              `json:"profile_image_url_https"`
	ProfileBannerURL               *string             `json:"profile_banner_url,omitempty"`
	ProfileLinkColor               string              `json:"profile_link_color"`
	ProfileSidebarBorderColor      string              `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor        string              `json:"profile_sidebar_fill_color"`
	ProfileTextColor               string              `json:"profile_text_color"`
	ProfileUseBackgroundImage      bool                `json:"profile_use_background_image"`
	DefaultProfile                 bool                `json:"default_profile"`
	DefaultProfileImage            bool                `json:"default_profile_image"`
	Following                      bool                `json:"following"`
	FollowRequestSent              bool                `json:"follow_request_sent"`
	Notifications                  bool                `json:"notifications"`
}

// TwitterUserEntities mirrors workload.TwitterUserEntities.
type TwitterUserEntities struct {
	URL         *TwitterURLs `json:"url,omitempty"`
	Description TwitterURLs  `json:"description"`
}

// TwitterURLs mirrors workload.TwitterURLs.
type TwitterURLs struct {
	URLs []TwitterURL `json:"urls"`
}

// TwitterEntities mirrors workload.TwitterEntities.
type TwitterEntities struct {
	Hashtags     []TwitterHashtag     `json:"hashtags"`
	Symbols      []TwitterHashtag     `json:"symbols"`
	URLs         []TwitterURL         `json:"urls"`
	UserMentions []TwitterUserMention `json:"user_mentions"`
	Media        []TwitterMedia       `json:"media,omitempty"`
}

// TwitterHashtag mirrors workload.TwitterHashtag.
type TwitterHashtag struct {
	Text    string  `json:"text"`
	Indices []int64 `json:"indices"`
}

// TwitterURL mirrors workload.TwitterURL.
type TwitterURL struct {
	URL         string  `json:"url"`
	ExpandedURL string  `json:"expanded_url"`
	DisplayURL  string  `json:"display_url"`
	Indices     []int64 `json:"indices"`
}

// TwitterUserMention mirrors workload.TwitterUserMention.
type TwitterUserMention struct {
	ScreenName string  `json:"screen_name"`
	Name       string  `json:"name"`
	ID         int64   `json:"id"`
	IDStr      string  `json:"id_str"`
	Indices    []int64 `json:"indices"`
}

// TwitterMedia mirrors workload.TwitterMedia.
type TwitterMedia struct {
	ID                int64             `json:"id"`
	IDStr             string            `json:"id_str"`
	Indices           []int64           `json:"indices"`
	MediaURL          string            `json:"media_url"`
	MediaURLHTTPS     string            `json:"media_url_https"`
	URL               string            `json:"url"`
	DisplayURL        string            `json:"display_url"`
	ExpandedURL       string            `json:"expanded_url"`
	Type              string            `json:"type"`
	Sizes             TwitterMediaSizes `json:"sizes"`
	SourceStatusID    *int64            `json:"source_status_id,omitempty"`
	SourceStatusIDStr *string           `json:"source_status_id_str,omitempty"`
}

// TwitterMediaSizes mirrors workload.TwitterMediaSizes.
type TwitterMediaSizes struct {
	Medium TwitterMediaSize `json:"medium"`
	Small  TwitterMediaSize `json:"small"`
	Thumb  TwitterMediaSize `json:"thumb"`
	Large  TwitterMediaSize `json:"large"`
}

// TwitterMediaSize mirrors workload.TwitterMediaSize.
type TwitterMediaSize struct {
	W      int64  `json:"w"`
	H      int64  `json:"h"`
	Resize string `json:"resize"`
}

// CITMPerformance mirrors workload.CITMPerformance, the value of the citm
// workload.
//
//easyjson:json
type CITMPerformance struct {
	EventID        int64              `json:"eventId"`
	ID             int64              `json:"id"`
	Logo           *string            `json:"logo"`
	Name           any                `json:"name"`
	Prices         []CITMPrice        `json:"prices"`
	SeatCategories []CITMSeatCategory `json:"seatCategories"`
	SeatMapImage   any                `json:"seatMapImage"`
	Start          int64              `json:"start"`
	VenueCode      string             `json:"venueCode"`
}

// CITMPrice mirrors workload.CITMPrice.
type CITMPrice struct {
	Amount                int64 `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CITMSeatCategory mirrors workload.CITMSeatCategory.
type CITMSeatCategory struct {
	Areas          []CITMArea `json:"areas"`
	SeatCategoryID int64      `json:"seatCategoryId"`
}

// CITMArea mirrors workload.CITMArea.
type CITMArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}

// CanadaFeature mirrors workload.CanadaFeature, the value of the canada
// workload.
//
//easyjson:json
type CanadaFeature struct {
	Type       string           `json:"type"`
	Properties CanadaProperties `json:"properties"`
	Geometry   CanadaGeometry   `json:"geometry"`
}

// CanadaProperties mirrors workload.CanadaProperties.
type CanadaProperties struct {
	Name string `json:"name"`
}

// CanadaGeometry mirrors workload.CanadaGeometry.
type CanadaGeometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}
