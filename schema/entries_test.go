package schema

import (
	"errors"
	"reflect"
	"sort"
	"testing"
)

type entry struct {
	Key   string
	Value int
}

func TestEntries(t *testing.T) {
	mk := func(k string, v int) (entry, error) { return entry{k, v}, nil }
	if es, _, err := Entries(map[string]int(nil), mk); es != nil || err != nil {
		t.Errorf("Entries(nil) = %v, %v, want nil", es, err)
	}
	if es, _, _ := Entries(map[string]int{}, mk); es == nil || len(es) != 0 {
		t.Errorf("Entries(empty) = %#v, want empty", es)
	}
	es, _, err := Entries(map[string]int{"a": 1, "b": 2}, mk)
	sort.Slice(es, func(i, j int) bool { return es[i].Key < es[j].Key })
	if want := []entry{{"a", 1}, {"b", 2}}; err != nil || !reflect.DeepEqual(es, want) {
		t.Errorf("Entries = %v, %v, want %v", es, err, want)
	}
	bad := errors.New("bad")
	es, k, err := Entries(map[string]int{"a": 1, "b": -1}, func(k string, v int) (entry, error) {
		if v < 0 {
			return entry{}, bad
		}
		return entry{k, v}, nil
	})
	if es != nil || k != "b" || err != bad {
		t.Errorf("failing Entries = %v, %q, %v, want nil, \"b\", bad", es, k, err)
	}
}

func TestMapOfEntries(t *testing.T) {
	kv := func(e *entry) (string, int, error) { return e.Key, e.Value, nil }
	want := map[string]int{"a": 1, "b": 2}
	if m, _, err := MapOfEntries([]entry{{"a", 1}, {"b", 2}}, kv); err != nil || !reflect.DeepEqual(m, want) {
		t.Errorf("MapOfEntries = %v, %v, want %v", m, err, want)
	}
	if m, _, err := MapOfEntryPtrs([]*entry{{"a", 1}, {"b", 2}}, kv); err != nil || !reflect.DeepEqual(m, want) {
		t.Errorf("MapOfEntryPtrs = %v, %v, want %v", m, err, want)
	}
	if m, _, _ := MapOfEntries([]entry(nil), kv); m != nil {
		t.Errorf("MapOfEntries(nil) = %#v, want nil", m)
	}
	if m, _, _ := MapOfEntryPtrs([]*entry{}, kv); m == nil || len(m) != 0 {
		t.Errorf("MapOfEntryPtrs(empty) = %#v, want empty", m)
	}
	bad := errors.New("bad")
	fail := func(e *entry) (string, int, error) {
		if e.Value < 0 {
			return e.Key, 0, bad
		}
		return e.Key, e.Value, nil
	}
	if m, k, err := MapOfEntries([]entry{{"a", 1}, {"b", -1}}, fail); m != nil || k != "b" || err != bad {
		t.Errorf("failing MapOfEntries = %v, %q, %v, want nil, \"b\", bad", m, k, err)
	}
	if m, k, err := MapOfEntryPtrs([]*entry{{"a", -1}}, fail); m != nil || k != "a" || err != bad {
		t.Errorf("failing MapOfEntryPtrs = %v, %q, %v, want nil, \"a\", bad", m, k, err)
	}
}
