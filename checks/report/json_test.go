package report_test

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/xeipuuv/gojsonschema"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
)

// TestJSONSchema: the JSON report of the kernels (findings with related
// locations, safe and unsafe fixes, fingerprints) and of awkward text
// validates against the documented schema, docs/json-report.schema.json,
// and carries every finding's fields.
func TestJSONSchema(t *testing.T) {
	schemaPath, err := filepath.Abs("../../docs/json-report.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	schema, err := gojsonschema.NewSchema(gojsonschema.NewReferenceLoader("file://" + filepath.ToSlash(schemaPath)))
	if err != nil {
		t.Fatal(err)
	}
	kernels := kernelFindings(t)
	report.AssignFingerprints(kernels)
	var fixes, unsafe, shown, related int
	for _, f := range kernels {
		related += len(f.Related)
		for _, fx := range f.Fixes {
			fixes++
			if !fx.Applicable() {
				shown++
			} else if !fx.Safe() {
				unsafe++
			}
		}
	}
	if fixes == 0 || unsafe == 0 || shown == 0 || unsafe+shown == fixes || related == 0 {
		t.Fatalf("kernels lack variety: %d fixes, %d unsafe, %d display-only, %d related locations", fixes, unsafe, shown, related)
	}
	for name, findings := range map[string][]checks.Finding{"kernels": kernels, "awkward": awkwardFindings(), "none": nil} {
		var buf bytes.Buffer
		if err := report.JSON(&buf, findings, &report.Run{Files: 3}); err != nil {
			t.Fatal(err)
		}
		res, err := schema.Validate(gojsonschema.NewBytesLoader(buf.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Valid() {
			t.Fatalf("%s: JSON report does not validate: %v", name, res.Errors())
		}
		var back struct {
			Version  int
			Files    int
			Findings []struct {
				Rule, Message, Severity, Fingerprint string
				Position                             struct{ Path string }
				Fixes                                []struct{ Safe bool }
				ShownRewrites                        []struct{ Message string }
			}
		}
		if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
			t.Fatal(err)
		}
		if back.Version != report.JSONVersion || back.Files != 3 || len(back.Findings) != len(findings) {
			t.Fatalf("%s: version %d, files %d, %d findings of %d", name, back.Version, back.Files, len(back.Findings), len(findings))
		}
		for i, f := range findings {
			b := back.Findings[i]
			// encoding/json replaces each invalid UTF-8 byte with U+FFFD, as
			// a conversion to runes does.
			if b.Rule != f.Rule || b.Message != string([]rune(f.Message)) || b.Severity != f.Severity.String() || b.Fingerprint != f.Fingerprint ||
				b.Position.Path != f.Pos.Path || len(b.Fixes)+len(b.ShownRewrites) != len(f.Fixes) {
				t.Errorf("%s: finding %d: %+v, want %+v", name, i, b, f)
				continue
			}
			k, shown := 0, 0
			for _, fx := range f.Fixes {
				switch {
				case !fx.Applicable():
					if b.ShownRewrites[shown].Message != fx.Message {
						t.Errorf("%s: finding %d: shown rewrite %d is %q, want %q", name, i, shown, b.ShownRewrites[shown].Message, fx.Message)
					}
					shown++
				case b.Fixes[k].Safe != fx.Safe():
					t.Errorf("%s: finding %d fix %d: safe %t, want %t", name, i, k, b.Fixes[k].Safe, fx.Safe())
					k++
				default:
					k++
				}
			}
		}
	}
}
