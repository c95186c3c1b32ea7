package result

import (
	"reflect"
	"testing"
)

func TestSettingsDiff(t *testing.T) {
	old := &Run{Env: []Config{
		{Key: "cpu", Value: "A"}, {Key: "go", Value: "go1.26.8"}, {Key: "count", Value: "10"},
		{Key: "sample-time", Value: "10ms"}, {Key: "forks", Value: "2"}, {Key: "budget", Value: "2m30s"},
	}}
	new := &Run{Env: []Config{
		{Key: "cpu", Value: "A"}, {Key: "go", Value: "go1.26.9"}, {Key: "count", Value: "20"},
		{Key: "sample-time", Value: "44ms"}, {Key: "budget", Value: "5m"}, {Key: "depth", Value: "3"},
	}}
	got := SettingsDiff(old, new)
	want := []SettingDiff{
		{Key: "go", Old: "go1.26.8", New: "go1.26.9"},
		{Key: "sample-time", Old: "10ms", New: "44ms"},
		{Key: "forks", Old: "2", New: ""},
		{Key: "depth", Old: "", New: "3"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("SettingsDiff = %+v, want %+v", got, want)
	}
	if d := SettingsDiff(old, old); len(d) != 0 {
		t.Errorf("a run differs from itself: %+v", d)
	}
}
