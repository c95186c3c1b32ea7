package typewalk

import (
	"reflect"
	"testing"
)

type inner struct {
	B   []byte
	hid *int
}

type outer struct {
	N    int
	M    map[string]*inner
	Self *outer
}

func TestFind(t *testing.T) {
	path, ok := Find(reflect.TypeFor[outer](), func(t reflect.Type) bool { return t.Kind() == reflect.Slice })
	if !ok || path != ".M[value].B" {
		t.Errorf("Find slice = %q, %v; want .M[value].B", path, ok)
	}
	// Unexported fields are not visited; a self-reference ends.
	if _, ok := Find(reflect.TypeFor[outer](), func(t reflect.Type) bool { return t == reflect.TypeFor[*int]() }); ok {
		t.Error("Find visited an unexported field")
	}
}
