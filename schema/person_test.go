package schema

import (
	"strings"
	"testing"
	"time"

	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

func TestPersonOf(t *testing.T) {
	for i, p := range workload.People(workload.PersonSeed, 20) {
		m, err := PersonOf(p)
		if err != nil {
			t.Fatalf("person %d: %v", i, err)
		}
		if diffs := verify.Compare(p, m.Canonical(), nil); len(diffs) > 0 {
			t.Errorf("person %d: %s", i, diffs[0])
		}
	}
	far := &workload.Person{BirthDay: time.Date(2300, 1, 1, 0, 0, 0, 0, time.UTC)}
	if m, err := PersonOf(far); m != nil || err == nil || !strings.HasPrefix(err.Error(), "BirthDay: ") {
		t.Errorf("PersonOf(a person born in 2300) = %v, %v; want nil and an error about BirthDay", m, err)
	}
}
