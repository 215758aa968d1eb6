package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/pipeline"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/internal/profile"
	"github.com/upclint/upclint/runtime"
)

// writeProfile writes the HTML communication profile of a run: the
// statistics and, on each translation unit's lines, the findings of
// check with the same front-end settings.
func writeProfile(ctx context.Context, path string, f *runFlags, files []string, st *runtime.Stats) error {
	p := &profile.Profile{Title: "upclint profile: " + filepath.Base(files[0]), Stats: st}
	out, err := pipeline.Check(ctx, files, pipeline.Settings{FrontEnd: f.fe.frontEnd(), Jobs: 1, FailOn: "none"})
	var found []checks.Finding
	if err == nil {
		found = out.Findings
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		src := profile.Source{Path: file, Text: text}
		for _, fd := range found {
			if samePath(fd.Pos.Path, file) {
				src.Findings = append(src.Findings, profile.Finding{Line: fd.Pos.Line, Severity: fd.Severity.String(), Rule: fd.Rule, Message: fd.Message})
			}
		}
		p.Sources = append(p.Sources, src)
	}
	var b bytes.Buffer
	if err := profile.Write(&b, p); err != nil {
		return err
	}
	return fixes.WriteFile(path, b.Bytes())
}

// samePath reports whether a and b name the same file.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
}
