package scout

import (
	"reflect"
	"testing"
)

// Every count of Skipped has a reason in both numbers, and add adds every
// count.
func TestSkippedReasons(t *testing.T) {
	var one, two Skipped
	v1, v2 := reflect.ValueOf(&one).Elem(), reflect.ValueOf(&two).Elem()
	for i := range v1.NumField() {
		v1.Field(i).SetInt(1)
		v2.Field(i).SetInt(2)
	}
	r1, r2 := one.Reasons(), two.Reasons()
	if len(r1) != v1.NumField() || len(r2) != v1.NumField() {
		t.Fatalf("%d and %d reasons for %d counts", len(r1), len(r2), v1.NumField())
	}
	for i := range r1 {
		if r1[i].Reason == "" || r2[i].Reason == "" || r1[i].Reason == r2[i].Reason || r2[i].Count != 2 {
			t.Errorf("%s: reasons %q (1) and %q (%d)", v1.Type().Field(i).Name, r1[i].Reason, r2[i].Reason, r2[i].Count)
		}
	}
	one.add(two)
	for i := range v1.NumField() {
		if v1.Field(i).Int() != 3 {
			t.Errorf("add: %s = %d, want 3", v1.Type().Field(i).Name, v1.Field(i).Int())
		}
	}
}
