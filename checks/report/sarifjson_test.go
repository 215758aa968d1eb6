package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"github.com/xeipuuv/gojsonschema"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
	_ "github.com/upclint/upclint/checks/rules/all" // the kernels' findings come from the rules
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/internal/benchsrc"
)

// kernelFindings returns the findings of testdata/kernels, with paths
// relative to the repository root (the working directory during the
// test).
func kernelFindings(t testing.TB) []checks.Finding {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	files, err := filepath.Glob("testdata/kernels/*.upc")
	if err != nil || len(files) == 0 {
		t.Fatalf("no kernels: %v", err)
	}
	res, err := checks.Run(files, &checks.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) == 0 {
		t.Fatal("no findings in testdata/kernels")
	}
	return res.Findings
}

// awkward is text that needs escaping in JSON, or that encoders get wrong.
var awkward = []string{
	`say "hi"`,
	`C:\path\to\file and \u0041 and \\`,
	"ctl \x00\x01\x07\b\f\n\r\t\x0b\x1b\x1f\x7f end",
	"non-ASCII: é ß 中文 😀 \u00a0 \ufeff",
	"invalid UTF-8: \xff \xfe\xfd \xc3 \xe2\x82 \xed\xa0\x80 \xf4\x90\x80\x80 end",
	"</script><script>alert('x')</script> <!-- --> & &amp; >",
	"line\u2028and\u2029paragraph separators",
	"",
	strings.Repeat("x", 5000) + "\"",
}

// awkwardFindings returns findings whose messages, related messages,
// source lines and fix texts are the awkward strings.
func awkwardFindings() []checks.Finding {
	var fs []checks.Finding
	for i, s := range awkward {
		p := checks.Position{Path: "odd dir/k \"q\" é.upc", Line: i + 1, Col: 3, Offset: 40 * i}
		end := p
		end.Col, end.Offset = 7, p.Offset+4
		fs = append(fs, checks.Finding{Rule: "typecheck", Severity: []diag.Severity{diag.Error, diag.Warning, diag.Note}[i%3],
			Message: s, Pos: p, End: end, Line: "  " + s,
			Related: []checks.Related{{Pos: p, End: end, Message: s}, {Pos: checks.Position{Path: "other.upc"}, Message: s}},
			Fixes: []checks.Fix{{Message: s, Applicability: checks.Applicability(i % 2), Edits: []checks.Edit{
				{Pos: p, End: end, NewText: s},
				{Pos: checks.Position{Path: "h.h", Line: 1, Col: 1}, End: checks.Position{Path: "h.h", Line: 1, Col: 1}, NewText: s},
			}}}})
	}
	// A finding on a whole file: no region.
	fs = append(fs, checks.Finding{Rule: "syntax", Severity: diag.Error, Message: "file-level", Pos: checks.Position{Path: "whole.upc"}})
	return fs
}

// sarifCases are the logs the encoder is checked on.
func sarifCases(t *testing.T) map[string]*sarif.Report {
	t.Helper()
	cases := map[string]*sarif.Report{}
	build := func(name string, fs []checks.Finding, run *report.Run) {
		rep, err := report.BuildSARIF(fs, run)
		if err != nil {
			t.Fatal(err)
		}
		cases[name] = rep
	}
	build("kernels", kernelFindings(t), &report.Run{Version: "v1.2.3", Files: 16, ExitCode: 1})
	build("awkward", awkwardFindings(), nil)
	build("truncated", many(30, 3), &report.Run{SARIFMaxResults: 10, ExitCode: 2})
	build("empty", nil, nil)
	return cases
}

// TestMarshalSARIFRoundTrip: the compact log, read back into go-sarif's
// Report, equals the log built, once the values left out are put back.
func TestMarshalSARIFRoundTrip(t *testing.T) {
	for name, rep := range sarifCases(t) {
		t.Run(name, func(t *testing.T) {
			data, err := report.MarshalSARIF(rep)
			if err != nil {
				t.Fatal(err)
			}
			if !json.Valid(data) {
				t.Fatalf("invalid JSON: %.300s", data)
			}
			// The reference: the report as encoding/json writes and reads
			// it, which maps invalid UTF-8 to U+FFFD and property values
			// to their JSON types, as reading back the compact log does.
			full, err := json.Marshal(rep)
			if err != nil {
				t.Fatal(err)
			}
			var want, got sarif.Report
			if err := json.Unmarshal(full, &want); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			normalize(reflect.ValueOf(&want).Elem(), "")
			normalize(reflect.ValueOf(&got).Elem(), "")
			if !reflect.DeepEqual(want, got) {
				w, _ := json.MarshalIndent(want, "", " ")
				g, _ := json.MarshalIndent(got, "", " ")
				t.Fatalf("read back differs:\n%s", firstDiff(string(w), string(g)))
			}

			// The same, strictly, on the JSON trees: a value left out is
			// exactly an empty one or its schema default (go-sarif reads
			// an absent -1 as 0, which the comparison above cannot tell
			// from a 0 written).
			var wantTree, gotTree any
			if err := json.Unmarshal(full, &wantTree); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(data, &gotTree); err != nil {
				t.Fatal(err)
			}
			wantTree, gotTree = pruneTree(wantTree), pruneTree(gotTree)
			if !reflect.DeepEqual(wantTree, gotTree) {
				w, _ := json.MarshalIndent(wantTree, "", " ")
				g, _ := json.MarshalIndent(gotTree, "", " ")
				t.Fatalf("JSON differs beyond defaults:\n%s", firstDiff(string(w), string(g)))
			}
			if len(data) >= len(full) {
				t.Errorf("compact log of %d bytes, encoding/json's %d", len(data), len(full))
			}
		})
	}
}

// TestMarshalSARIFSchema validates the compact logs as written against the
// SARIF 2.1.0 schema, and as go-sarif reads them back.
func TestMarshalSARIFSchema(t *testing.T) {
	schema, err := os.ReadFile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	loader := gojsonschema.NewBytesLoader(schema)
	for name, rep := range sarifCases(t) {
		t.Run(name, func(t *testing.T) {
			data, err := report.MarshalSARIF(rep)
			if err != nil {
				t.Fatal(err)
			}
			res, err := gojsonschema.Validate(loader, gojsonschema.NewBytesLoader(data))
			if err != nil {
				t.Fatal(err)
			}
			if !res.Valid() {
				t.Fatalf("log does not validate: %v", res.Errors())
			}
			back, err := sarif.FromBytes(data)
			if err != nil {
				t.Fatal(err)
			}
			if err := back.Validate(); err != nil {
				t.Fatalf("log read back by go-sarif does not validate: %v", err)
			}
		})
	}
}

// TestSARIFWritesCompact: SARIF writes the compact encoding, without the
// empty arrays and default indices of go-sarif's constructors.
func TestSARIFWritesCompact(t *testing.T) {
	t.Chdir(t.TempDir())
	fs := many(3, 1)
	var buf bytes.Buffer
	if err := report.SARIF(&buf, fs, nil); err != nil {
		t.Fatal(err)
	}
	for _, absent := range []string{`:[]`, `:-1`, `"kind":"fail"`, `"attachments"`, `"properties":{}`} {
		if strings.Contains(buf.String(), absent) {
			t.Errorf("log has %s", absent)
		}
	}
	for _, present := range []string{`"results":[`, `"level":"error"`, `"ruleIndex":`, `"startLine":2`, `"language":"en-US"`} {
		if !strings.Contains(buf.String(), present) {
			t.Errorf("log lacks %s", present)
		}
	}
}

// schemaDefaults are the SARIF 2.1.0 schema defaults MarshalSARIF leaves
// out, by property name (no property of the logs has one of these names
// with another meaning).
var schemaDefaults = map[string]any{
	"index": -1.0, "id": -1.0, "byteOffset": -1.0, "charOffset": -1.0, "ruleIndex": -1.0,
	"rank": -1.0, "kind": "fail", "isComprehensive": false,
	"contents": []any{"localizedData", "nonLocalizedData"},
}

// pruneTree removes from a decoded JSON value the members that are null,
// empty arrays or objects, or schema defaults.
func pruneTree(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			x = pruneTree(x)
			if d, ok := schemaDefaults[k]; ok && reflect.DeepEqual(d, x) || isEmptyJSON(x) {
				delete(v, k)
				continue
			}
			v[k] = x
		}
	case []any:
		for i, x := range v {
			v[i] = pruneTree(x)
		}
	}
	return v
}

func isEmptyJSON(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(v) == 0
	case []any:
		return len(v) == 0
	}
	return false
}

// normalize puts go-sarif reports read from the compact and the full
// encoding into one form: empty slices and maps nil, properties at their
// defaults (-1 read back as 0) zero, property bag tags among the
// properties.
func normalize(v reflect.Value, field string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			normalize(v.Elem(), "")
		}
	case reflect.Slice:
		if field == "Contents" && slices.Equal(v.Interface().([]string), []string{"localizedData", "nonLocalizedData"}) {
			v.SetZero()
		}
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for i := range v.Len() {
			normalize(v.Index(i), "")
		}
	case reflect.Map:
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for _, k := range v.MapKeys() {
			x := reflect.New(v.Type().Elem()).Elem()
			x.Set(v.MapIndex(k))
			normalize(x, "")
			v.SetMapIndex(k, x)
		}
	case reflect.Struct:
		if bag, ok := v.Addr().Interface().(*sarif.PropertyBag); ok {
			if len(bag.Tags) > 0 {
				if bag.Properties == nil {
					bag.Properties = sarif.Properties{}
				}
				tags := make([]any, len(bag.Tags))
				for i, tag := range bag.Tags {
					tags[i] = tag
				}
				bag.Properties["tags"] = tags
				bag.Tags = nil
			}
		}
		for i := range v.NumField() {
			normalize(v.Field(i), v.Type().Field(i).Name)
		}
	case reflect.Int, reflect.Float64:
		switch field {
		case "Index", "ID", "ByteOffset", "CharOffset", "RuleIndex", "Rank":
			if v.CanInt() && v.Int() == -1 || v.CanFloat() && v.Float() == -1 {
				v.SetZero()
			}
		}
	case reflect.String:
		if field == "Kind" && v.String() == "fail" {
			v.SetZero()
		}
	}
}

// firstDiff shows the first line where two texts differ, with context.
func firstDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range max(len(al), len(bl)) {
		if i >= len(al) || i >= len(bl) || al[i] != bl[i] {
			lo := max(i-5, 0)
			return fmt.Sprintf("want:\n%s\ngot:\n%s", strings.Join(al[lo:min(i+5, len(al))], "\n"),
				strings.Join(bl[lo:min(i+5, len(bl))], "\n"))
		}
	}
	return "(no difference)"
}

// benchFindings returns the findings of n small generated UPC files, as
// cmd/upclint's BenchmarkCheckOverhead writes them: four a file, three
// with suggested fixes, one of them rewriting a loop in strips.
func benchFindings(b *testing.B, n int) []checks.Finding {
	b.Helper()
	var files []string
	for i := range n {
		dir := filepath.Join("src", fmt.Sprintf("part%02d", i%50))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		src := benchsrc.Kernel(i)
		f := filepath.Join(dir, fmt.Sprintf("k%04d.upc", i))
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
		files = append(files, f)
	}
	res, err := checks.Run(files, &checks.Options{})
	if err != nil {
		b.Fatal(err)
	}
	return res.Findings
}

// BenchmarkSARIF encodes the log of the findings of 1,000 files (4,000
// results, most with fixes) with encoding/json and with MarshalSARIF, and
// times the whole SARIF report (build, encode, size check).
//
//	go test -run '^$' -bench SARIF ./checks/report
func BenchmarkSARIF(b *testing.B) {
	b.Chdir(b.TempDir())
	fs := benchFindings(b, 1000)
	rep, err := report.BuildSARIF(fs, nil)
	if err != nil {
		b.Fatal(err)
	}
	encoders := []struct {
		name string
		enc  func(*sarif.Report) ([]byte, error)
	}{
		{"encoding-json", func(r *sarif.Report) ([]byte, error) { return json.Marshal(r) }},
		{"MarshalSARIF", report.MarshalSARIF},
	}
	for _, enc := range encoders {
		b.Run(enc.name, func(b *testing.B) {
			var n int
			t0 := cpuTime()
			for b.Loop() {
				data, err := enc.enc(rep)
				if err != nil {
					b.Fatal(err)
				}
				n = len(data)
			}
			reportCPU(b, t0)
			b.ReportMetric(float64(n), "bytes/log")
		})
	}
	b.Run("SARIF", func(b *testing.B) {
		t0 := cpuTime()
		for b.Loop() {
			if err := report.SARIF(io.Discard, fs, nil); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, t0)
	})
}

// cpuTime returns the CPU time the process has used: on a shared machine
// it says more than the wall time of ns/op.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per iteration since t0.
func reportCPU(b *testing.B, t0 time.Duration) {
	b.ReportMetric(float64(cpuTime()-t0)/float64(b.N), "cpu-ns/op")
}

// TestSARIFStreamedToFile: a log written to a regular file (streamed in
// pieces) has the same bytes as one written to a buffer, for logs of many
// flushes, for a log over the compressed size limit (written again with
// fewer results), and at a file offset other than 0 (not streamed).
func TestSARIFStreamedToFile(t *testing.T) {
	kernels := kernelFindings(t)
	dir := t.TempDir()
	t.Chdir(dir)
	big := many(3000, 2)
	for i := range big {
		big[i].Message = strings.Repeat(fmt.Sprintf("%x", i*7919), 40) // poorly compressible
	}
	cases := []struct {
		name     string
		findings []checks.Finding
		run      *report.Run
		prefix   string
	}{
		{"kernels", kernels, nil, ""},
		{"many flushes", big, nil, ""},
		{"over the limit uncompressed only", big, &report.Run{SARIFMaxBytes: 1 << 20}, ""},
		{"over the size limit", big, &report.Run{SARIFMaxBytes: 64 << 10}, ""},
		{"not at offset 0", many(50, 1), nil, "prefix:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var want bytes.Buffer
			want.WriteString(c.prefix)
			if err := report.SARIF(&want, c.findings, c.run); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "out.sarif")
			f, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString(c.prefix); err != nil {
				t.Fatal(err)
			}
			if err := report.SARIF(f, c.findings, c.run); err != nil {
				t.Fatal(err)
			}
			if err := f.Close(); err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want.Bytes()) {
				t.Fatalf("file log (%d bytes) differs from buffered log (%d bytes)", len(got), want.Len())
			}
			truncated := bytes.Contains(got, []byte("gzip-compressed"))
			if wantTrunc := c.run != nil && c.run.SARIFMaxBytes < 1<<20; truncated != wantTrunc {
				t.Errorf("truncation notification %v, want %v (log of %d bytes)", truncated, wantTrunc, len(got))
			}
		})
	}
}
