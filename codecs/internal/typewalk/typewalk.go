// Package typewalk walks the Go types a value of a type can hold, for the
// codec adapters that must refuse, at Bind, a type their library cannot
// carry.
package typewalk

import "reflect"

// Find visits t and every type reachable from it through exported struct
// fields, slice and array elements, map keys and values and pointers,
// each once, depth first, and returns the path of the first for which
// match is true ("" for t itself, ".Field", "[i]", "[key]", "[value]"),
// and whether there was one.
func Find(t reflect.Type, match func(t reflect.Type) bool) (path string, found bool) {
	return find(t, "", func(t reflect.Type, _ string) bool { return match(t) }, map[reflect.Type]bool{})
}

// Check visits the types that Find visits, in the same order, and returns
// the first error that why returns for one of them, or nil. why is given
// the type and where it is: At of the path that Find would return.
func Check(t reflect.Type, why func(t reflect.Type, at string) error) error {
	var err error
	find(t, "", func(t reflect.Type, path string) bool {
		err = why(t, At(path))
		return err != nil
	}, map[reflect.Type]bool{})
	return err
}

// At names a place for a message: path, or "the value" when path is ""
// (the value itself).
func At(path string) string {
	if path == "" {
		return "the value"
	}
	return path
}

func find(t reflect.Type, path string, match func(reflect.Type, string) bool, seen map[reflect.Type]bool) (string, bool) {
	if seen[t] {
		return "", false
	}
	seen[t] = true
	if match(t, path) {
		return path, true
	}
	switch t.Kind() {
	case reflect.Pointer:
		return find(t.Elem(), path, match, seen)
	case reflect.Slice, reflect.Array:
		return find(t.Elem(), path+"[i]", match, seen)
	case reflect.Map:
		if p, ok := find(t.Key(), path+"[key]", match, seen); ok {
			return p, true
		}
		return find(t.Elem(), path+"[value]", match, seen)
	case reflect.Struct:
		for i := range t.NumField() {
			if f := t.Field(i); f.IsExported() {
				if p, ok := find(f.Type, path+"."+f.Name, match, seen); ok {
					return p, true
				}
			}
		}
	}
	return "", false
}
