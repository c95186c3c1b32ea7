package gob

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/codec/codectest"
	"github.com/serbench/serbench/internal/verify"
	"github.com/serbench/serbench/workload"
)

func TestConformance(t *testing.T) { codectest.Run(t, "gob-stream", "gob-message") }

// TestStreamAnyOrder pre-encodes every person value with one gob-stream
// instance, as the harness does, and decodes the messages in shuffled and
// repeated order, both with the encoding instance and with another one.
func TestStreamAnyOrder(t *testing.T) {
	c := codectest.Lookup(t, "gob-stream")
	enc, values := codectest.BindValues(t, "gob-stream", "person", &workload.Options{})
	other := codectest.Bind(t, "gob-stream", "person")
	msgs := make([][]byte, len(values))
	for i, v := range values {
		msgs[i] = codectest.Encode(t, enc, v)
	}
	if bytes.Equal(msgs[0], msgs[1]) {
		t.Fatal("two different values gave the same message")
	}
	r := rand.New(rand.NewPCG(1, 2))
	order := append(r.Perm(len(values)), r.Perm(len(values))...)
	for _, inst := range []codec.Instance{enc, other} {
		for _, i := range order {
			got := codectest.Decode(t, inst, msgs[i])
			if diffs := verify.Compare(values[i], got, c.Info().Losses); len(diffs) > 0 {
				t.Fatalf("message %d: %s", i, diffs[0])
			}
		}
	}
}

// TestStreamMessageSize checks that gob-stream messages carry no type
// definition: they are much shorter than gob-message ones.
func TestStreamMessageSize(t *testing.T) {
	size := codectest.EncodedSizes(t, "person", "gob-stream", "gob-message")
	if size["gob-stream"]+50 > size["gob-message"] {
		t.Errorf("gob-stream message is %d bytes, gob-message %d: the stream message should not carry the type definition", size["gob-stream"], size["gob-message"])
	}
}
