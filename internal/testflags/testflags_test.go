package testflags

import (
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	cfg, err := Parse("dir/f.upc", []byte("// upclint-flags: -DN=64 -D BLK=4 -UFOO --threads 4 -I inc\nint x;\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg.Defines, []string{"N=64", "BLK=4"}) || !reflect.DeepEqual(cfg.Undefs, []string{"FOO"}) ||
		cfg.StaticThreads != 4 || !reflect.DeepEqual(cfg.IncludeDirs, []string{"dir/inc"}) {
		t.Errorf("got %+v", cfg)
	}
	if _, err := Parse("f.upc", []byte("// upclint-flags: --bogus\n")); err == nil {
		t.Error("unknown flag: no error")
	}
	if _, err := Parse("f.upc", []byte("// upclint-flags: --threads\n")); err == nil {
		t.Error("missing value: no error")
	}
}
