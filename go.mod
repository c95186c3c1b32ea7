module github.com/serbench/serbench

go 1.26.8

require (
	capnproto.org/go/capnp/v3 v3.1.0-alpha.1
	github.com/200sc/bebop v0.6.2
	github.com/apache/thrift v0.25.0
	github.com/bytedance/sonic v1.15.5
	github.com/deneonet/benc v1.1.8
	github.com/fxamacker/cbor/v2 v2.9.6
	github.com/go-json-experiment/json v0.0.0-20260820222146-c27c302e5fc3
	github.com/goccy/go-json v0.12.0
	github.com/gogo/protobuf v1.3.2
	github.com/google/flatbuffers v25.12.19+incompatible
	github.com/google/go-cmp v0.7.0
	github.com/hamba/avro/v2 v2.31.0
	github.com/jackc/pgx/v5 v5.12.0
	github.com/json-iterator/go v1.1.12
	github.com/klauspost/compress v1.20.3
	github.com/klauspost/cpuid/v2 v2.2.9
	github.com/linkedin/goavro/v2 v2.15.0
	github.com/mailru/easyjson v0.9.2
	github.com/mus-format/common-go v0.0.0-20260324174526-3d8f1741b5a2
	github.com/mus-format/mus-go v0.10.2
	github.com/pascaldekloe/colfer v1.8.1
	github.com/pierrec/lz4/v4 v4.1.33
	github.com/planetscale/vtprotobuf v0.6.0
	github.com/segmentio/encoding v0.5.4
	github.com/shamaton/msgpack/v2 v2.4.0
	github.com/tinylib/msgp v1.6.5
	github.com/ugorji/go/codec v1.3.2
	github.com/vmihailenco/msgpack/v5 v5.4.1
	go.mongodb.org/mongo-driver/v2 v2.9.3
	golang.org/x/image v0.46.0
	golang.org/x/mod v0.41.0
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da
	golang.org/x/sys v0.49.0
	golang.org/x/term v0.47.0
	gonum.org/v1/gonum v0.16.0
	gonum.org/v1/plot v0.17.0
	google.golang.org/protobuf v1.36.12
	modernc.org/sqlite v1.60.0
)

require (
	github.com/chmike/ditp v0.0.0-20240629115045-1ab5bbd646cd // indirect
	github.com/emicklei/dot v1.6.2 // indirect
	github.com/ferranbt/fastssz v0.1.4 // indirect
	github.com/glycerine/go-capnproto v0.0.0-20190118050403-2d07de3aa7fc // indirect
	github.com/glycerine/rbtree v0.0.0-20190406191118-ceb71889d809 // indirect
	github.com/linkedin/goavro v1.0.5 // indirect
	github.com/minio/sha256-simd v1.0.0 // indirect
	github.com/mitchellh/mapstructure v1.3.2 // indirect
	github.com/nazarifard/fastape v0.0.0-20240611084216-abaecf150e5b // indirect
	github.com/pkg/errors v0.9.1 // indirect
	github.com/protolambda/zssz v0.1.1 // indirect
	github.com/prysmaticlabs/go-bitfield v0.0.0-20190825002834-fb724e897364 // indirect
	github.com/prysmaticlabs/go-ssz v0.0.0-20190827151743-72881c4223d8 // indirect
	gopkg.in/yaml.v2 v2.3.0 // indirect
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/Sereal/Sereal v0.0.0-20230201113653-fa72c87b650e // indirect
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/alecthomas/binary v0.0.0-20221018225505-74871811ee56 // indirect
	github.com/bytedance/gopkg v0.1.3 // indirect
	github.com/bytedance/sonic/loader v0.5.3 // indirect
	github.com/calmh/xdr v1.1.0 // indirect
	github.com/cloudwego/base64x v0.1.6 // indirect
	github.com/colega/zeropool v0.0.0-20230505084239-6fb4a4f75381 // indirect
	github.com/cosmos/cosmos-proto v1.0.0-beta.3 // indirect
	github.com/davecgh/go-xdr v0.0.0-20161123171359-e6a2ba005892 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	github.com/ettle/strcase v0.2.0 // indirect
	github.com/go-viper/mapstructure/v2 v2.4.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/golang/snappy v1.0.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/gorilla/websocket v1.5.3 // indirect
	github.com/hprose/hprose-go v0.0.0-20161031134501-83de97da5004 // indirect
	github.com/hprose/hprose-golang v2.0.4+incompatible // indirect
	github.com/ikkerens/ikeapack v1.5.1 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	github.com/jackc/puddle/v2 v2.2.3 // indirect
	github.com/josharian/intern v1.0.0 // indirect
	github.com/mattn/go-isatty v0.0.24 // indirect
	github.com/modern-go/concurrent v0.0.0-20180306012644-bacd9c7ef1dd // indirect
	github.com/modern-go/reflect2 v1.0.2 // indirect
	github.com/ncruces/go-strftime v1.0.0 // indirect
	github.com/niubaoshu/gotiny v0.0.3 // indirect
	github.com/pascaldekloe/name v1.0.0 // indirect
	github.com/philhofer/fwd v1.2.0 // indirect
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	github.com/segmentio/asm v1.1.3 // indirect
	github.com/twitchyliquid64/golang-asm v0.15.1 // indirect
	github.com/valyala/fastjson v1.6.10
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/x448/float16 v0.8.4 // indirect
	go.dedis.ch/protobuf v1.0.11 // indirect
	golang.org/x/arch v0.0.0-20210923205945-b76863e36670 // indirect
	golang.org/x/exp v0.0.0-20260824195058-e88cd73687aa // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/text v0.42.0 // indirect
	golang.org/x/tools v0.50.0 // indirect
	gopkg.in/mgo.v2 v2.0.0-20190816093944-a6b53ec6cb22 // indirect
	modernc.org/libc v1.77.1 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/memory v1.12.1 // indirect
)

tool (
	capnproto.org/go/capnp/v3/capnpc-go
	github.com/200sc/bebop/main/bebopc-go
	github.com/calmh/xdr/cmd/genxdr
	github.com/cosmos/cosmos-proto/cmd/protoc-gen-go-pulsar
	github.com/deneonet/benc/cmd/bencgen
	github.com/ferranbt/fastssz/sszgen
	github.com/gogo/protobuf/protoc-gen-gogofaster
	github.com/hamba/avro/v2/cmd/avrogen
	github.com/mailru/easyjson/easyjson
	github.com/pascaldekloe/colfer/cmd/colf
	github.com/planetscale/vtprotobuf/cmd/protoc-gen-go-vtproto
	github.com/tinylib/msgp
	google.golang.org/protobuf/cmd/protoc-gen-go
)
