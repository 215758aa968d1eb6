package fixes

import (
	"bytes"
	"io"

	"github.com/upclint/upclint/internal/profile"
)

// WriteReport writes the fix run as an HTML page (profile.WriteFixReport):
// per changed file the diff of each fix and the communication of both
// versions, shaded line by line, from the validation's statistics with
// the largest THREADS count.
func (o *Outcome) WriteReport(w io.Writer) error {
	r := &profile.FixReport{Title: "upclint fix report"}
	for _, res := range o.Results {
		if res.Err != nil || (!res.Changed() && len(res.Rejected) == 0) {
			continue
		}
		f := profile.FixFile{Path: res.Path, Original: res.Original, Fixed: res.Fixed}
		if v := res.Validation; v != nil {
			f.Validated = true
			if !v.OK {
				f.Reason = v.Reason()
			}
			f.Before, f.After = v.before, v.after
		}
		for _, a := range res.Applied {
			x := profile.Fix{Rule: a.Rule, Message: a.Message, Line: a.Line, Kept: true}
			if a.orig.end >= a.orig.start && a.fixed.end >= a.fixed.start && a.orig.end <= len(res.Original) && a.fixed.end <= len(res.Fixed) {
				x.Original, x.Fixed = lineRange(res.Original, a.orig), lineRange(res.Fixed, a.fixed)
			}
			f.Fixes = append(f.Fixes, x)
		}
		for _, a := range res.Rejected {
			f.Fixes = append(f.Fixes, profile.Fix{Rule: a.Rule, Message: a.Message, Line: a.Line, Reason: a.Reason})
		}
		r.Files = append(r.Files, f)
	}
	return profile.WriteFixReport(w, r)
}

// WriteReportFile writes the report to path atomically.
func (o *Outcome) WriteReportFile(path string) error {
	var b bytes.Buffer
	if err := o.WriteReport(&b); err != nil {
		return err
	}
	return WriteFile(path, b.Bytes())
}
