package workload

// The typed forms of the real-world corpora (corpora.go): Go types that
// model each document field by field, as found in the data. The rules:
//
//   - every field present in the data is mapped (TestCorporaTyped decodes
//     each whole document with DisallowUnknownFields and checks that
//     re-encoding it gives the same document);
//   - a field that is sometimes missing is a pointer (or slice) with
//     omitempty, so that a missing field stays missing;
//   - a field that is sometimes or always null is a pointer without
//     omitempty, so that null stays null; fields that are null in every
//     record, whose shape the data does not show, are `any` (always nil);
//   - integers are int64 (tweet and media ids reach 5.06e17, above 2^53,
//     so float64 would not hold them), and canada's coordinates float64.

// TwitterDocument is the whole of twitter.json: a search result.
type TwitterDocument struct {
	Statuses       []TwitterStatus       `json:"statuses"`
	SearchMetadata TwitterSearchMetadata `json:"search_metadata"`
}

// TwitterSearchMetadata is the search_metadata object of twitter.json.
type TwitterSearchMetadata struct {
	CompletedIn float64 `json:"completed_in"`
	MaxID       int64   `json:"max_id"`
	MaxIDStr    string  `json:"max_id_str"`
	NextResults string  `json:"next_results"`
	Query       string  `json:"query"`
	RefreshURL  string  `json:"refresh_url"`
	Count       int64   `json:"count"`
	SinceID     int64   `json:"since_id"`
	SinceIDStr  string  `json:"since_id_str"`
}

// TwitterStatus is one status (tweet): the value of the twitter workload.
// RetweetedStatus is the retweeted status, when the status is a retweet.
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
	// Geo, Coordinates, Place and Contributors are null in every status
	// of the corpus.
	Geo             any             `json:"geo"`
	Coordinates     any             `json:"coordinates"`
	Place           any             `json:"place"`
	Contributors    any             `json:"contributors"`
	RetweetedStatus *TwitterStatus  `json:"retweeted_status,omitempty"`
	RetweetCount    int64           `json:"retweet_count"`
	FavoriteCount   int64           `json:"favorite_count"`
	Entities        TwitterEntities `json:"entities"`
	Favorited       bool            `json:"favorited"`
	Retweeted       bool            `json:"retweeted"`
	// PossiblySensitive is present in 15 statuses of 100 (and 8 retweeted
	// ones of 73).
	PossiblySensitive *bool  `json:"possibly_sensitive,omitempty"`
	Lang              string `json:"lang"`
}

// TwitterMetadata is a status's metadata object.
type TwitterMetadata struct {
	ResultType      string `json:"result_type"`
	ISOLanguageCode string `json:"iso_language_code"`
}

// TwitterUser is a status's user.
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
	// ProfileBannerURL is missing for 14 users of 100 (2 of 73 in
	// retweeted statuses).
	ProfileBannerURL          *string `json:"profile_banner_url,omitempty"`
	ProfileLinkColor          string  `json:"profile_link_color"`
	ProfileSidebarBorderColor string  `json:"profile_sidebar_border_color"`
	ProfileSidebarFillColor   string  `json:"profile_sidebar_fill_color"`
	ProfileTextColor          string  `json:"profile_text_color"`
	ProfileUseBackgroundImage bool    `json:"profile_use_background_image"`
	DefaultProfile            bool    `json:"default_profile"`
	DefaultProfileImage       bool    `json:"default_profile_image"`
	Following                 bool    `json:"following"`
	FollowRequestSent         bool    `json:"follow_request_sent"`
	Notifications             bool    `json:"notifications"`
}

// TwitterUserEntities are the entities of a user's profile: its URL's
// (present for the users that have a URL) and its description's.
type TwitterUserEntities struct {
	URL         *TwitterURLs `json:"url,omitempty"`
	Description TwitterURLs  `json:"description"`
}

// TwitterURLs is an entities object that holds URLs only.
type TwitterURLs struct {
	URLs []TwitterURL `json:"urls"`
}

// TwitterEntities are the entities of a status. Symbols are empty in
// every status of the corpus; they are typed as hashtags, whose shape
// (text and indices) Twitter's documented symbol entity has. Media is
// present in 6 statuses of 100 (4 retweeted ones of 73), never empty.
type TwitterEntities struct {
	Hashtags     []TwitterHashtag     `json:"hashtags"`
	Symbols      []TwitterHashtag     `json:"symbols"`
	URLs         []TwitterURL         `json:"urls"`
	UserMentions []TwitterUserMention `json:"user_mentions"`
	Media        []TwitterMedia       `json:"media,omitempty"`
}

// TwitterHashtag is a hashtag entity.
type TwitterHashtag struct {
	Text    string  `json:"text"`
	Indices []int64 `json:"indices"`
}

// TwitterURL is a URL entity.
type TwitterURL struct {
	URL         string  `json:"url"`
	ExpandedURL string  `json:"expanded_url"`
	DisplayURL  string  `json:"display_url"`
	Indices     []int64 `json:"indices"`
}

// TwitterUserMention is a user mention entity.
type TwitterUserMention struct {
	ScreenName string  `json:"screen_name"`
	Name       string  `json:"name"`
	ID         int64   `json:"id"`
	IDStr      string  `json:"id_str"`
	Indices    []int64 `json:"indices"`
}

// TwitterMedia is a media entity. SourceStatusID and SourceStatusIDStr
// are present only for media of another status (4 of 6).
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

// TwitterMediaSizes are the sizes of a media entity.
type TwitterMediaSizes struct {
	Medium TwitterMediaSize `json:"medium"`
	Small  TwitterMediaSize `json:"small"`
	Thumb  TwitterMediaSize `json:"thumb"`
	Large  TwitterMediaSize `json:"large"`
}

// TwitterMediaSize is one size of a media entity.
type TwitterMediaSize struct {
	W      int64  `json:"w"`
	H      int64  `json:"h"`
	Resize string `json:"resize"`
}

// CITMDocument is the whole of citm_catalog.json: an event catalog whose
// name tables are objects keyed by id (as decimal text).
type CITMDocument struct {
	AreaNames                map[string]string    `json:"areaNames"`
	AudienceSubCategoryNames map[string]string    `json:"audienceSubCategoryNames"`
	BlockNames               map[string]string    `json:"blockNames"` // empty in the corpus
	Events                   map[string]CITMEvent `json:"events"`
	Performances             []CITMPerformance    `json:"performances"`
	SeatCategoryNames        map[string]string    `json:"seatCategoryNames"`
	SubTopicNames            map[string]string    `json:"subTopicNames"`
	SubjectNames             map[string]string    `json:"subjectNames"` // empty in the corpus
	TopicNames               map[string]string    `json:"topicNames"`
	TopicSubTopics           map[string][]int64   `json:"topicSubTopics"`
	VenueNames               map[string]string    `json:"venueNames"`
}

// CITMEvent is one event of the catalog. Description, SubjectCode and
// Subtitle are null in every event of the corpus.
type CITMEvent struct {
	Description any     `json:"description"`
	ID          int64   `json:"id"`
	Logo        *string `json:"logo"`
	Name        string  `json:"name"`
	SubTopicIDs []int64 `json:"subTopicIds"`
	SubjectCode any     `json:"subjectCode"`
	Subtitle    any     `json:"subtitle"`
	TopicIDs    []int64 `json:"topicIds"`
}

// CITMPerformance is one performance of the catalog: the value of the
// citm workload. Start is in Unix milliseconds. Name and SeatMapImage
// are null in every performance of the corpus.
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

// CITMPrice is one price of a performance, in hundredths.
type CITMPrice struct {
	Amount                int64 `json:"amount"`
	AudienceSubCategoryID int64 `json:"audienceSubCategoryId"`
	SeatCategoryID        int64 `json:"seatCategoryId"`
}

// CITMSeatCategory is one seat category of a performance.
type CITMSeatCategory struct {
	Areas          []CITMArea `json:"areas"`
	SeatCategoryID int64      `json:"seatCategoryId"`
}

// CITMArea is one area of a seat category. BlockIDs is empty in every
// area of the corpus; block ids are integers, as blockNames' keys would
// be.
type CITMArea struct {
	AreaID   int64   `json:"areaId"`
	BlockIDs []int64 `json:"blockIds"`
}

// CanadaDocument is the whole of canada.json: a GeoJSON feature
// collection of one feature.
type CanadaDocument struct {
	Type     string          `json:"type"`
	Features []CanadaFeature `json:"features"`
}

// CanadaFeature is a GeoJSON feature whose geometry is a polygon: the
// value of the canada workload, where each value holds one ring of the
// corpus's polygon (corpora.go).
type CanadaFeature struct {
	Type       string           `json:"type"`
	Properties CanadaProperties `json:"properties"`
	Geometry   CanadaGeometry   `json:"geometry"`
}

// CanadaProperties are a feature's properties.
type CanadaProperties struct {
	Name string `json:"name"`
}

// CanadaGeometry is a GeoJSON polygon: rings of [longitude, latitude]
// positions (every position of the corpus has two).
type CanadaGeometry struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}
