package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"github.com/xeipuuv/gojsonschema"

	"github.com/upclint/upclint/checks/report"
)

// officialSchema is the SARIF 2.1.0 JSON schema as OASIS publishes it
// (errata 01), compiled once.
func officialSchema(t *testing.T) *gojsonschema.Schema {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "checks", "report", "testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	schema, err := gojsonschema.NewSchema(gojsonschema.NewBytesLoader(data))
	if err != nil {
		t.Fatal(err)
	}
	return schema
}

// repoRoot is the module's root directory.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// checkSARIFLimits reports whether a log as upclint wrote it validates
// against the official schema and stays within GitHub code scanning's
// limits on results and compressed size.
func checkSARIFLimits(schema *gojsonschema.Schema, data []byte) error {
	res, err := schema.Validate(gojsonschema.NewBytesLoader(data))
	if err != nil {
		return err
	}
	if !res.Valid() {
		return fmt.Errorf("SARIF log does not validate against the 2.1.0 schema: %v", res.Errors())
	}
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	if _, err := zw.Write(data); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	if zipped.Len() > report.MaxSARIFCompressedBytes {
		return fmt.Errorf("log is %d bytes gzip-compressed, over GitHub's limit", zipped.Len())
	}
	var log struct {
		Runs []struct{ Results []json.RawMessage }
	}
	if err := json.Unmarshal(data, &log); err != nil {
		return err
	}
	for _, r := range log.Runs {
		if len(r.Results) > report.MaxSARIFResults {
			return fmt.Errorf("%d results, over GitHub's limit", len(r.Results))
		}
	}
	return nil
}

// validateSARIF checks a log as upclint wrote it: valid against the
// official schema, within GitHub code scanning's limits, every result with
// a primaryLocationLineHash, and the invocation's exit code the command's.
func validateSARIF(t *testing.T, schema *gojsonschema.Schema, data []byte, exitCode int) {
	t.Helper()
	if err := checkSARIFLimits(schema, data); err != nil {
		t.Fatal(err)
	}
	log, err := sarif.FromBytes(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(log.Runs) != 1 || len(log.Runs[0].Tool.Driver.Rules) == 0 {
		t.Fatalf("no run or no rules")
	}
	run := log.Runs[0]
	for _, r := range run.Results {
		if r.PartialFingerprints["primaryLocationLineHash"] == "" {
			t.Errorf("result %s has no primaryLocationLineHash", *r.RuleID)
		}
		for _, l := range r.Locations {
			if a := l.PhysicalLocation.ArtifactLocation; a.URIBaseID == nil || *a.URIBaseID != "%SRCROOT%" || strings.HasPrefix(*a.URI, "..") {
				t.Errorf("result %s: location %s is not relative to %%SRCROOT%%", *r.RuleID, *a.URI)
			}
		}
	}
	if inv := run.Invocations; len(inv) != 1 || inv[0].ExitCode == nil || *inv[0].ExitCode != exitCode {
		t.Errorf("invocation does not record exit code %d", exitCode)
	}
}

// TestSARIFCorpus runs `upclint check` on every UPC program of testdata,
// writing the SARIF log both to standard output (encoded in memory) and to
// a file (streamed), and validates each log against the official SARIF
// 2.1.0 schema and GitHub's limits. The check runs from the repository
// root, as in CI, so that URIs are relative to %SRCROOT%.
func TestSARIFCorpus(t *testing.T) {
	schema := officialSchema(t)
	root := repoRoot(t)
	t.Chdir(root)
	var files []string
	err := filepath.WalkDir("testdata", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".upc") {
			files = append(files, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 300 {
		t.Fatalf("only %d programs found", len(files))
	}
	out := t.TempDir()
	for i, file := range files {
		t.Run(strings.TrimPrefix(file, "testdata/"), func(t *testing.T) {
			t.Parallel()
			cmd := newCheckCmd()
			cmd.SilenceUsage, cmd.SilenceErrors = true, true
			var stdout, stderr bytes.Buffer
			cmd.SetOut(&stdout)
			cmd.SetErr(&stderr)
			logFile := filepath.Join(out, fmt.Sprintf("%d.sarif", i))
			cmd.SetArgs([]string{"--format", "sarif", "--format", "sarif:" + logFile, "--jobs", "1", "--progress", "never", file})
			code := exitOK
			if err := cmd.Execute(); err != nil {
				var ee *exitError
				if !errors.As(err, &ee) || ee.code != exitFindings {
					t.Fatalf("check: %v\n%s", err, stderr.String())
				}
				code = ee.code
			}
			validateSARIF(t, schema, stdout.Bytes(), code)
			streamed, err := os.ReadFile(logFile)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(streamed, stdout.Bytes()) {
				t.Errorf("the log streamed to a file differs from the one on standard output")
			}
		})
	}
}
