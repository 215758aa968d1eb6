package report

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// escapeCases are strings whose JSON encoding has every kind of escape.
var escapeCases = []string{
	"", "plain", `"quoted"`, `back\slash`, "\x00\x01\x1f\x7f", "\b\f\n\r\t\v",
	"<script>&amp;</script>", "é中😀", "\u2028\u2029", "\xff", "a\xc3", "\xe2\x82",
	"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf0\x9f\x98", "\ufffd", "\uffff\U0010ffff",
	strings.Repeat("ab\"c\x01", 100),
}

// TestJSONStringEscapes: strings are escaped byte for byte as
// encoding/json escapes them.
func TestJSONStringEscapes(t *testing.T) {
	for _, s := range escapeCases {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString([]byte("x"), s); string(got) != "x"+string(want) {
			t.Errorf("%q: got %s, want %s", s, got[1:], want)
		}
	}
}

// TestJSONStringEveryByte: every byte value, at the start, inside and at
// the end of a string, is escaped as encoding/json escapes it.
func TestJSONStringEveryByte(t *testing.T) {
	for b := range 256 {
		for at := range 24 {
			s := []byte("abcdefghijklmnopqrstuvwx")
			s[at] = byte(b)
			want, err := json.Marshal(string(s))
			if err != nil {
				t.Fatal(err)
			}
			if got := appendJSONString(nil, string(s)); string(got) != string(want) {
				t.Errorf("byte %#x at %d: got %s, want %s", b, at, got, want)
			}
		}
	}
}

func FuzzJSONString(f *testing.F) {
	for _, s := range escapeCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("%q: got %s, want %s", s, got, want)
		}
	})
}

// TestPropertyValues: property values are written as encoding/json
// writes them, whether or not the encoder has a fast path for their type.
func TestPropertyValues(t *testing.T) {
	bag := sarif.NewPropertyBag()
	for k, v := range map[string]any{
		"s": "x<y", "strs": []string{"a", `"b"`}, "nilstrs": []string(nil), "t": true, "i": -3,
		"f": 0.5, "big": 1e21, "m": map[string]int{"z": 1, "a": 2}, "nil": nil, "tags\"": "esc",
	} {
		bag.Add(k, v)
	}
	bag.WithTags([]string{"t1", "t2"})
	want, err := json.Marshal(bag)
	if err != nil {
		t.Fatal(err)
	}
	e := &sarifEncoder{buf: []byte{}}
	e.propertyBag(bag)
	if e.err != nil || string(e.out()) != string(want) {
		t.Errorf("got  %s (%v)\nwant %s", e.out(), e.err, want)
	}
	// A value encoding/json cannot encode is an error.
	bag.Add("bad", func() {})
	e = &sarifEncoder{buf: []byte{}}
	e.propertyBag(bag)
	if e.err == nil {
		t.Error("no error for an unencodable property")
	}
}

// TestEncoderFields: every field of the types the encoder writes itself
// appears in its output, under its JSON name, when set to a value other
// than its default; a field added to go-sarif and not to the encoder fails
// this test.
func TestEncoderFields(t *testing.T) {
	writers := map[reflect.Type]func(e *sarifEncoder, v any){
		reflect.TypeFor[sarif.Report]():                   func(e *sarifEncoder, v any) { e.report(v.(*sarif.Report)) },
		reflect.TypeFor[sarif.Run]():                      func(e *sarifEncoder, v any) { e.run(v.(*sarif.Run)) },
		reflect.TypeFor[sarif.Tool]():                     func(e *sarifEncoder, v any) { e.tool(v.(*sarif.Tool)) },
		reflect.TypeFor[sarif.ToolComponent]():            func(e *sarifEncoder, v any) { e.toolComponent(v.(*sarif.ToolComponent)) },
		reflect.TypeFor[sarif.ReportingDescriptor]():      func(e *sarifEncoder, v any) { e.reportingDescriptor(v.(*sarif.ReportingDescriptor)) },
		reflect.TypeFor[sarif.ReportingConfiguration]():   func(e *sarifEncoder, v any) { e.reportingConfiguration(v.(*sarif.ReportingConfiguration)) },
		reflect.TypeFor[sarif.MultiformatMessageString](): func(e *sarifEncoder, v any) { e.multiformat(v.(*sarif.MultiformatMessageString)) },
		reflect.TypeFor[sarif.Message]():                  func(e *sarifEncoder, v any) { e.message(v.(*sarif.Message)) },
		reflect.TypeFor[sarif.Invocation]():               func(e *sarifEncoder, v any) { e.invocation(v.(*sarif.Invocation)) },
		reflect.TypeFor[sarif.Notification]():             func(e *sarifEncoder, v any) { e.notification(v.(*sarif.Notification)) },
		reflect.TypeFor[sarif.Result]():                   func(e *sarifEncoder, v any) { e.result(v.(*sarif.Result)) },
		reflect.TypeFor[sarif.Location]():                 func(e *sarifEncoder, v any) { e.location(v.(*sarif.Location)) },
		reflect.TypeFor[sarif.PhysicalLocation]():         func(e *sarifEncoder, v any) { e.physicalLocation(v.(*sarif.PhysicalLocation)) },
		reflect.TypeFor[sarif.ArtifactLocation]():         func(e *sarifEncoder, v any) { e.artifactLocation(v.(*sarif.ArtifactLocation)) },
		reflect.TypeFor[sarif.Region]():                   func(e *sarifEncoder, v any) { e.region(v.(*sarif.Region)) },
		reflect.TypeFor[sarif.Fix]():                      func(e *sarifEncoder, v any) { e.fix(v.(*sarif.Fix)) },
		reflect.TypeFor[sarif.ArtifactChange]():           func(e *sarifEncoder, v any) { e.artifactChange(v.(*sarif.ArtifactChange)) },
		reflect.TypeFor[sarif.Replacement]():              func(e *sarifEncoder, v any) { e.replacement(v.(*sarif.Replacement)) },
		reflect.TypeFor[sarif.ArtifactContent]():          func(e *sarifEncoder, v any) { e.artifactContent(v.(*sarif.ArtifactContent)) },
	}
	for typ, write := range writers {
		t.Run(typ.Name(), func(t *testing.T) {
			v := reflect.New(typ)
			for i := range typ.NumField() {
				setField(v.Elem().Field(i))
			}
			e := &sarifEncoder{buf: []byte{}}
			write(e, v.Interface())
			if e.err != nil {
				t.Fatal(e.err)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal(e.out(), &got); err != nil {
				t.Fatalf("invalid JSON %s: %v", e.out(), err)
			}
			for i := range typ.NumField() {
				name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
				if _, ok := got[name]; !ok {
					t.Errorf("%s.%s (%q) not written: %s", typ.Name(), typ.Field(i).Name, name, e.out())
				}
			}
		})
	}
}

// setField sets v to a value the encoder must write: a non-empty one,
// unlike every default.
func setField(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("x")
	case reflect.Int:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(7)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		p := reflect.New(v.Type().Elem())
		if bag, ok := p.Interface().(*sarif.PropertyBag); ok {
			bag.Properties = sarif.Properties{"k": "v"}
		} else if p.Elem().Kind() != reflect.Struct {
			setField(p.Elem())
		}
		v.Set(p)
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		setField(s.Index(0))
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		x := reflect.New(v.Type().Elem()).Elem()
		setField(x)
		m.SetMapIndex(reflect.ValueOf("k"), x)
		v.Set(m)
	case reflect.Struct:
		if bag, ok := v.Addr().Interface().(*sarif.PropertyBag); ok {
			bag.Properties = sarif.Properties{"k": "v"}
		}
	}
}
