package checktest

import (
	"reflect"
	"testing"

	"github.com/upclint/upclint/checks"
)

func TestParseWants(t *testing.T) {
	src := []byte("int a; // want \"first\" `sec.nd`\nint b;\n  upc_barrier x; // want \"barrier\"\n")
	wants, err := ParseWants("f.upc", src)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range wants {
		got = append(got, w.String())
	}
	want := []string{`f.upc:1: want "first"`, `f.upc:1: want "sec.nd"`, `f.upc:3: want "barrier"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	if _, err := ParseWants("f.upc", []byte(`x; // want "unterminated`)); err == nil {
		t.Error("unterminated string: no error")
	}
	if _, err := ParseWants("f.upc", []byte(`x; // want "(["`)); err == nil {
		t.Error("bad regexp: no error")
	}
}

func TestMatch(t *testing.T) {
	wants, err := ParseWants("f.upc", []byte("a\nb // want \"x+\" \"y\"\nc // want \"z\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	at := func(line int, msg string) checks.Finding {
		return checks.Finding{Message: msg, Pos: checks.Position{Path: "f.upc", Line: line, Col: 1}}
	}
	missing, unexpected := Match(wants, []checks.Finding{at(2, "xxx"), at(2, "xx"), at(3, "z"), at(1, "q")})
	if len(missing) != 1 || missing[0].Re.String() != "y" {
		t.Errorf("missing = %v, want the y expectation", missing)
	}
	// "xx" is unexpected: each want consumes one finding.
	if len(unexpected) != 2 || unexpected[0].Message != "xx" || unexpected[1].Message != "q" {
		t.Errorf("unexpected = %v", unexpected)
	}
}
