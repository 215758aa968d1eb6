package main

import (
	"bytes"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
)

// TestSARIFCorpus runs `upclint check --format sarif` on every program of
// testdata/corpus and testdata/kernels and validates each log against the
// SARIF 2.1.0 schema.
func TestSARIFCorpus(t *testing.T) {
	var files []string
	for _, dir := range []string{"../../testdata/corpus", "../../testdata/kernels"} {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".upc") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) < 20 {
		t.Fatalf("only %d programs found", len(files))
	}
	for _, file := range files {
		t.Run(strings.TrimPrefix(file, "../../testdata/"), func(t *testing.T) {
			t.Parallel()
			cmd := newCheckCmd()
			cmd.SilenceUsage, cmd.SilenceErrors = true, true
			var out, errOut bytes.Buffer
			cmd.SetOut(&out)
			cmd.SetErr(&errOut)
			cmd.SetArgs([]string{"--format", "sarif", "--jobs", "1", "--progress", "never", file})
			if err := cmd.Execute(); err != nil {
				var ee *exitError
				if !errors.As(err, &ee) || ee.code != exitFindings {
					t.Fatalf("check: %v\n%s", err, errOut.String())
				}
			}
			log, err := sarif.FromBytes(out.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if err := log.Validate(); err != nil {
				t.Fatalf("SARIF log does not validate: %v", err)
			}
			if len(log.Runs) != 1 || len(log.Runs[0].Tool.Driver.Rules) == 0 {
				t.Fatalf("no run or no rules")
			}
		})
	}
}
