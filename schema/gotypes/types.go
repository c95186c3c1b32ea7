package gotypes

import "time"

// Times decode in UTC, not in time.Local, so that decoded values do not
// depend on the machine's time zone. (msgp's time extension holds the
// instant only: the UTC offset is lost either way.)
//msgp:timezone utc

// Person mirrors workload.Person.
//
//easyjson:json
type Person struct {
	Name     string
	BirthDay time.Time
	Phone    string
	Siblings int
	Spouse   bool
	Money    float64
	Tags     map[string]string
	Aliases  []string
}

// TestStruc mirrors workload.TestStruc, with TestStruc children.
//
//easyjson:json
type TestStruc struct {
	S    string
	I    int
	I8   int8
	I16  int16
	I32  int32
	I64  int64
	Ui   uint
	Ui8  uint8
	Ui16 uint16
	Ui32 uint32
	Ui64 uint64
	F32  float32
	F64  float64
	B    bool
	By   byte

	Sslice    []string
	Intslice  []int
	I8slice   []int8
	I16slice  []int16
	I32slice  []int32
	I64slice  []int64
	Uintslice []uint
	Ui8slice  []uint8
	Ui16slice []uint16
	Ui32slice []uint32
	Ui64slice []uint64
	F32slice  []float32
	F64slice  []float64
	Bslice    []bool
	Byslice   []byte

	Islice    []interface{}
	Iptrslice []*int64

	AnonInTestStruc

	Ms    map[string]interface{}
	Msi64 map[string]int64

	Nintf  interface{}
	T      time.Time
	Nmap   map[string]bool
	Nslice []byte
	Nint64 *int64

	Mtsptr     map[string]*TestStruc
	Mts        map[string]TestStruc
	Its        []*TestStruc
	Nteststruc *TestStruc
}

// AnonInTestStruc mirrors workload.AnonInTestStruc, embedded in TestStruc.
//
//easyjson:json
type AnonInTestStruc struct {
	AS        string
	AI64      int64
	AI16      int16
	AUi64     uint64
	ASslice   []string
	AI64slice []int64
}

// Floats is the value of the floats workload, a []float32.
//
//easyjson:json
type Floats []float32
