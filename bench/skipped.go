package bench

import (
	"reflect"
	"slices"
	"strings"

	"github.com/serbench/serbench/codec"
	"github.com/serbench/serbench/internal/verify"
)

// skippedLoss returns the codec.SkippedField loss of type t, which names
// its fields whose struct tag tells a library to skip them (verify.SkipTags):
// every codec is verified with it declared (see the package doc). It
// returns nil when t has no such field.
func skippedLoss(t reflect.Type) *codec.Loss {
	var fields []string
	skipFields(t, "", map[reflect.Type]bool{}, &fields)
	if len(fields) == 0 {
		return nil
	}
	return &codec.Loss{Kind: codec.SkippedField,
		Detail: "fields the Go type tags for a library to skip come back as their zero value (" + strings.Join(fields, ", ") + ")"}
}

// skipFields appends to fields each exported field that t holds (through
// pointers, slices, arrays and maps, not interface values) whose tag has
// a "-" key, with its path from the root and its tags (`.Cache json:"-"`).
// A recursive type is walked down to its first recursion.
func skipFields(t reflect.Type, path string, seen map[reflect.Type]bool, fields *[]string) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Array:
		if t.Kind() != reflect.Pointer {
			path += "[]"
		}
		skipFields(t.Elem(), path, seen, fields)
	case reflect.Map:
		skipFields(t.Elem(), path+"[]", seen, fields)
	case reflect.Struct:
		if seen[t] {
			return // a recursive type: its fields are listed above
		}
		seen[t] = true
		defer delete(seen, t)
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if tags := verify.SkipTags(f.Tag); tags != "" {
				*fields = append(*fields, path+"."+f.Name+" "+tags)
				continue
			}
			skipFields(f.Type, path+"."+f.Name, seen, fields)
		}
	}
}

// withSkips returns c with the SkippedField loss of the values' type
// declared, or c itself when the type has no field tagged "-". The
// codec's Bind is c's, so are its instances and the timed loops: only
// what verification accepts changes.
func (v *values) withSkips(c codec.Codec) codec.Codec {
	if v.skip == nil {
		return c
	}
	return skipping{Codec: c, loss: *v.skip}
}

// skipping is a codec with one more declared loss.
type skipping struct {
	codec.Codec
	loss codec.Loss
}

// Info returns the codec's Info with the loss added to its Losses.
func (c skipping) Info() codec.Info {
	info := c.Codec.Info()
	info.Losses = append(slices.Clip(info.Losses), c.loss)
	return info
}
