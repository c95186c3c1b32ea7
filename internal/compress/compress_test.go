package compress

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

func TestSizes(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(r.Uint32())
	}
	repetitive := bytes.Repeat([]byte("serbench "), 455)
	sizes, err := Sizes([][]byte{repetitive, repetitive})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Algorithms {
		if s := sizes[a]; s <= 0 || s > float64(len(repetitive))/10 {
			t.Errorf("%s: repetitive %d bytes compress to %v, want under a tenth", a, len(repetitive), s)
		}
	}
	rs, err := Sizes([][]byte{random})
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range Algorithms {
		// Incompressible input grows by the format's overhead only.
		if s := rs[a]; s < float64(len(random)) || s > float64(len(random))+64 {
			t.Errorf("%s: random %d bytes compress to %v", a, len(random), s)
		}
	}
	if s, err := Sizes(nil); s != nil || err != nil {
		t.Errorf("Sizes(nil) = %v, %v", s, err)
	}
}
