package workload

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"time"
)

// Person is the struct of go_serialization_benchmarks, extended with a map
// and a slice as that suite's own struct was.
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

// PersonFields are the fields of a Person that the access operation reads
// from encoded bytes without a full decode: a string, an integer and a
// float, as rust_serialization_benchmark's Access table reads a few fields.
type PersonFields struct {
	Name     string
	Siblings int
	Money    float64
}

// PersonSeed is the documented default seed of the person workload.
const PersonSeed = 0x5e7be7c4

// PersonCount is the default number of distinct person values.
const PersonCount = 1000

func init() {
	register(&Workload{
		Name:        "person",
		Description: "small struct of go_serialization_benchmarks: strings (some non-ASCII), time with nanoseconds and zones, int, bool, float64, map, slice",
		Seed:        PersonSeed,
		Count:       PersonCount,
		Type:        reflect.TypeFor[Person](),
		Access:      func(v any) any { p := v.(*Person); return PersonFields{p.Name, p.Siblings, p.Money} },
		footprint:   perValue(400), // 365 bytes measured
		generate: func(opts Options) []any {
			out := make([]any, opts.Count)
			for i, p := range People(opts.Seed, opts.Count) {
				out[i] = p
			}
			return out
		},
	})
}

var (
	firstNames = []string{
		"Al", "Ann", "Bo", "José", "Zoë", "Łukasz", "Ørjan", "Siobhán", "Nguyễn",
		"Αλέξανδρος", "Сергей", "محمد", "李", "さくら", "Maximilian-Alexander",
		"Chidimma", "Björk", "Þórunn", "Ana María", "Kwame", "Priyanka", "Ōta",
	}
	lastNames = []string{
		"Li", "Smith", "Müller", "García-Márquez", "O'Brien", "van der Berg",
		"Ørsted", "Dvořák", "Świątek", "Иванова", "王", "山田", "Nkemelu",
		"Wolfeschlegelsteinhausenbergerdorff", "Ng", "Kowalczyk",
	}
	tagKeys = []string{"team", "role", "city", "lang", "tier", "emoji", "note", "état"}
	tagVals = []string{"", "a", "backend", "São Paulo", "go", "gold", "🙂", "x=1&y=2", "line\nbreak", `quote"d`, "tab\tsep"}
	// zones are fixed offsets so that values do not depend on the
	// machine's time zone database.
	zones = []*time.Location{
		time.UTC,
		time.FixedZone("EST", -5*3600),
		time.FixedZone("CEST", 2*3600),
		time.FixedZone("IST", 5*3600+1800),
		time.FixedZone("NPT", 5*3600+2700),
		time.FixedZone("NZDT", 13*3600),
		time.FixedZone("HST", -10*3600),
	}
)

// People returns count Person values generated from seed with a PCG
// generator (math/rand/v2, seeded with seed and seed^0x9e3779b97f4a7c15).
// Names vary in length and script, birthdays carry nanoseconds in several
// fixed zones, Money uses all 53 bits of a float64, and Tags and Aliases are
// nil, empty or filled.
func People(seed uint64, count int) []*Person {
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	out := make([]*Person, count)
	for i := range out {
		out[i] = person(r)
	}
	return out
}

func person(r *rand.Rand) *Person {
	p := &Person{
		Name:     firstNames[r.IntN(len(firstNames))] + " " + lastNames[r.IntN(len(lastNames))],
		Siblings: r.IntN(12),
		Spouse:   r.IntN(2) == 1,
	}
	// Birthdays from 1940 to 2010 with nanoseconds.
	start := time.Date(1940, 1, 1, 0, 0, 0, 0, time.UTC).Unix()
	end := time.Date(2010, 12, 31, 0, 0, 0, 0, time.UTC).Unix()
	sec := start + r.Int64N(end-start)
	p.BirthDay = time.Unix(sec, r.Int64N(1e9)).In(zones[r.IntN(len(zones))])
	// Phone numbers in several shapes.
	var b strings.Builder
	switch r.IntN(3) {
	case 0:
		b.WriteString("+")
		writeDigits(&b, r, 11+r.IntN(3))
	case 1:
		b.WriteString("(")
		writeDigits(&b, r, 3)
		b.WriteString(") ")
		writeDigits(&b, r, 3)
		b.WriteString("-")
		writeDigits(&b, r, 4)
	default:
		writeDigits(&b, r, 7+r.IntN(4))
	}
	p.Phone = b.String()
	// Money: full float64 precision, magnitudes from cents to millions,
	// some negative.
	p.Money = r.Float64() * math.Pow(10, float64(r.IntN(9)-2))
	if r.IntN(5) == 0 {
		p.Money = -p.Money
	}
	switch r.IntN(4) {
	case 0: // nil map
	case 1:
		p.Tags = map[string]string{}
	default:
		n := 1 + r.IntN(5)
		p.Tags = make(map[string]string, n)
		for j := 0; j < n; j++ {
			p.Tags[tagKeys[r.IntN(len(tagKeys))]] = tagVals[r.IntN(len(tagVals))]
		}
	}
	switch r.IntN(4) {
	case 0: // nil slice
	case 1:
		p.Aliases = []string{}
	default:
		n := 1 + r.IntN(3)
		for j := 0; j < n; j++ {
			p.Aliases = append(p.Aliases, firstNames[r.IntN(len(firstNames))])
		}
	}
	return p
}

func writeDigits(b *strings.Builder, r *rand.Rand, n int) {
	for i := 0; i < n; i++ {
		b.WriteByte(byte('0' + r.IntN(10)))
	}
}
