package report

import (
	"cmp"
	"compress/gzip"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// InformationURI is where the tool's documentation lives.
const InformationURI = "https://github.com/upclint/upclint"

// srcRoot is the uriBaseId of every result location; it is bound to the
// working directory in originalUriBaseIds, so code scanning resolves the
// relative paths against the checkout.
const srcRoot = "%SRCROOT%"

// GitHub code scanning's documented limits on an uploaded SARIF log. A log
// that exceeds the hard ones is rejected; BuildSARIF keeps under them by
// dropping results (least severe first) and says so in a notification of
// the run's invocation.
const (
	// MaxSARIFResults is the most results a run may have.
	MaxSARIFResults = 25000
	// MaxSARIFCompressedBytes is the largest log, gzip-compressed.
	MaxSARIFCompressedBytes = 10 << 20
	// MaxSARIFRelatedLocations is the most related locations kept per
	// result: code scanning shows no more than 100 locations of a result.
	MaxSARIFRelatedLocations = 100
	// MaxSARIFTags is the most tags kept per rule (code scanning shows 10
	// and rejects more than 20).
	MaxSARIFTags = 10
)

// SARIF writes findings as a SARIF 2.1.0 log with one run.
//
// A log written to a regular file is streamed to it in pieces: the log of
// a large tree runs to megabytes, and a buffer that size costs as much to
// obtain from the system and clear as the encoding itself. Should the file
// exceed the limits, it is truncated and written again within them.
func SARIF(w io.Writer, findings []checks.Finding, run *Run) error {
	if f, ok := w.(*os.File); ok {
		if done, err := streamSARIF(f, findings, run); done || err != nil {
			return err
		}
	}
	data, _, _, err := encodeSARIFLimited(findings, run)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// streamSARIF writes the log to f, a regular file at offset 0, without
// holding it in memory, and reports whether it did: false (with f empty
// again) when f is not such a file or the log exceeds the limits.
func streamSARIF(f *os.File, findings []checks.Finding, run *Run) (bool, error) {
	if !atStartOfRegularFile(f) {
		return false, nil
	}
	order, n, why := sarifSelection(findings, run)
	_, maxBytes := sarifLimits(run)
	e := &sarifEncoder{sink: f, buf: make([]byte, 0, 2*sarifFlushSize)}
	e.buf = e.buf[:cap(e.buf)]
	if err := encodeSARIF(e, findings, order, n, why, run); err != nil {
		return false, err
	}
	size := e.flushed
	if size > int64(maxBytes) {
		// Over the size limit uncompressed: measure it compressed, as the
		// buffered path does, reading the file back.
		zsize, err := compressedSizeOf(io.NewSectionReader(f, 0, size))
		if err != nil {
			return false, err
		}
		if zsize > int64(maxBytes) {
			if err := f.Truncate(0); err != nil {
				return false, err
			}
			_, err := f.Seek(0, io.SeekStart)
			return false, err
		}
	}
	return true, nil
}

// sarifLimits returns the result count and compressed size limits of run.
func sarifLimits(run *Run) (results, bytes int) {
	results, bytes = MaxSARIFResults, MaxSARIFCompressedBytes
	if run != nil && run.SARIFMaxResults > 0 {
		results = run.SARIFMaxResults
	}
	if run != nil && run.SARIFMaxBytes > 0 {
		bytes = run.SARIFMaxBytes
	}
	return results, bytes
}

// BuildSARIF builds the SARIF log (exported for tests that validate it).
// When the findings exceed GitHub's limits (see MaxSARIFResults and
// MaxSARIFCompressedBytes, or the Run's own), the most severe findings are
// kept, in report order, and a notification in the invocation tells how
// many were left out and why.
func BuildSARIF(findings []checks.Finding, run *Run) (*sarif.Report, error) {
	_, keep, why, err := encodeSARIFLimited(findings, run)
	if err != nil {
		return nil, err
	}
	rep := sarifSkeleton(len(findings), len(keep), why, run)
	r := rep.Runs[0]
	var uris uriCache
	for _, i := range keep {
		r.AddResult(result(r, &findings[i], &uris))
	}
	return rep, nil
}

// atStartOfRegularFile reports whether f is a regular file positioned at
// its start, which a log can be streamed to and, if need be, truncated.
// Anything else (a pipe, a terminal, a file written after other output)
// gets the log in one piece.
func atStartOfRegularFile(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	off, err := f.Seek(0, io.SeekCurrent)
	return err == nil && off == 0
}

// encodeSARIFLimited encodes the log within the limits (see MarshalSARIF)
// and returns it with the indices of the findings kept, in report order,
// and why others were left out. Each result is built and encoded in turn,
// so that the results of a large log do not all live at once.
func encodeSARIFLimited(findings []checks.Finding, run *Run) (data []byte, keep []int, why string, err error) {
	order, n, why := sarifSelection(findings, run)
	_, maxBytes := sarifLimits(run)
	for {
		keep = slices.Clone(order[:n])
		slices.Sort(keep)
		e := &sarifEncoder{}
		e.buf = slices.Grow(data[:0], sarifSizeHint(findings, keep))
		e.buf = e.buf[:cap(e.buf)]
		if err := encodeSARIF(e, findings, order, n, why, run); err != nil {
			return nil, nil, "", err
		}
		data = e.buf[:e.n]
		size, err := compressedSize(data, maxBytes)
		if err != nil {
			return nil, nil, "", err
		}
		if size <= maxBytes || n == 0 {
			return data, keep, why, nil
		}
		// Too large: keep proportionally fewer results, with a margin for
		// the fixed part of the log, and try again.
		n = min(int(float64(n)*float64(maxBytes)/float64(size)*0.95), n-1)
		why = fmt.Sprintf("GitHub code scanning accepts SARIF logs of at most %d bytes gzip-compressed", maxBytes)
	}
}

// sarifSelection returns the findings in priority order (errors, then
// warnings, then notes; report order within a severity), how many of them
// the result limit lets a log keep, and, if not all, why.
func sarifSelection(findings []checks.Finding, run *Run) (order []int, n int, why string) {
	AssignFingerprints(findings)
	maxResults, _ := sarifLimits(run)
	order = make([]int, len(findings))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(findings[a].Severity, findings[b].Severity) })
	n = min(len(findings), maxResults)
	if n < len(findings) {
		why = fmt.Sprintf("GitHub code scanning accepts at most %d results per run", maxResults)
	}
	return order, n, why
}

// encodeSARIF encodes, with e, the log of the first n findings of order,
// in report order; each result is built and encoded in turn, so that the
// results of a large log do not all live at once.
func encodeSARIF(e *sarifEncoder, findings []checks.Finding, order []int, n int, why string, run *Run) error {
	keep := slices.Clone(order[:n])
	slices.Sort(keep)
	rep := sarifSkeleton(len(findings), n, why, run)
	r := rep.Runs[0]
	var uris uriCache
	ruleIndex := map[string]int{}
	e.results = func(e *sarifEncoder) {
		for _, i := range keep {
			f := &findings[i]
			idx, ok := ruleIndex[f.Rule]
			if !ok {
				idx = r.GetRuleIndex(f.Rule)
				ruleIndex[f.Rule] = idx
			}
			e.elem()
			e.findingResult(f, idx, &uris)
			e.flush(false)
		}
	}
	e.report(rep)
	e.flush(true)
	return e.err
}

// sarifSizeHint estimates the size of the log of the kept findings, so
// that its buffer is not copied and cleared at every doubling: the fixed
// part, a few hundred bytes a result and location, and the text of fixes.
func sarifSizeHint(findings []checks.Finding, keep []int) int {
	hint := 64 << 10
	for _, i := range keep {
		f := &findings[i]
		hint += 550 + len(f.Message) + 250*min(len(f.Related), MaxSARIFRelatedLocations)
		for _, fx := range f.Fixes {
			hint += 150 + len(fx.Message)
			for _, e := range fx.Edits {
				hint += 200 + len(e.NewText)*9/8
			}
		}
	}
	return hint
}

// compressedSizeOf returns the gzip-compressed size of what r reads,
// compressed as compressedSize does.
func compressedSizeOf(r io.Reader) (int64, error) {
	var cw countWriter
	zw, err := gzip.NewWriterLevel(&cw, gzip.BestSpeed)
	if err != nil {
		return 0, err
	}
	if _, err := io.Copy(zw, r); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return int64(cw), nil
}

// compressedSize returns the gzip-compressed size of data, or its
// uncompressed size when that is already within limit. It compresses at the
// fastest level, which compresses less tightly than the upload will, so a log it
// accepts is within GitHub's limit (it errs towards truncating), at a
// fraction of the time.
func compressedSize(data []byte, limit int) (int, error) {
	if len(data) <= limit {
		return len(data), nil
	}
	var cw countWriter
	zw, err := gzip.NewWriterLevel(&cw, gzip.BestSpeed)
	if err != nil {
		return 0, err
	}
	if _, err := zw.Write(data); err != nil {
		return 0, err
	}
	if err := zw.Close(); err != nil {
		return 0, err
	}
	return int(cw), nil
}

type countWriter int

func (c *countWriter) Write(p []byte) (int, error) { *c += countWriter(len(p)); return len(p), nil }

// sarifSkeleton builds a log without results, for kept of total
// findings; a non-empty truncated gives the reason others were left out.
func sarifSkeleton(total, kept int, truncated string, run *Run) *sarif.Report {
	version := "0.0.0"
	if run != nil && run.Version != "" {
		version = strings.TrimPrefix(run.Version, "v")
	}
	driver := sarif.NewToolComponent().
		WithName("upclint").
		WithSemanticVersion(version).
		WithInformationURI(InformationURI)
	r := sarif.NewRun().WithTool(sarif.NewTool().WithDriver(driver))
	r.WithColumnKind("unicodeCodePoints")
	if wd, err := os.Getwd(); err == nil {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(wd) + "/"}
		r.OriginalUriBaseIds = map[string]sarif.ArtifactLocation{srcRoot: *sarif.NewArtifactLocation().WithURI(u.String())}
	}
	for _, rule := range checks.Rules() {
		addRule(r, rule)
	}
	exit := 0
	if run != nil {
		exit = run.ExitCode
	}
	inv := sarif.NewInvocation().WithExecutionSuccessful(exit != 2).WithExitCode(exit)
	if truncated != "" {
		inv.WithToolExecutionNotifications([]*sarif.Notification{sarif.NewNotification().
			WithLevel("warning").
			WithLocations([]*sarif.Location{}).
			WithMessage(sarif.NewTextMessage(fmt.Sprintf(
				"%d of %d findings left out of this log (the least severe): %s; see the text or JSON report for all of them",
				total-kept, total, truncated)))})
	}
	r.Invocations = []*sarif.Invocation{inv}
	rep := sarif.NewReport()
	rep.AddRun(r)
	return rep
}

// addRule adds the reporting descriptor of rule, with its documentation
// page as help when it has one.
func addRule(r *sarif.Run, rule *checks.Rule) {
	pb := sarif.NewPropertyBag()
	tags := []string{string(rule.Kind)}
	for _, t := range rule.Tags {
		if !slices.Contains(tags, t) && len(tags) < MaxSARIFTags { // SARIF requires unique tags
			tags = append(tags, t)
		}
	}
	pb.Add("tags", tags)
	pb.Add("precision", rule.PrecisionOrDefault())
	pb.Add("problem.severity", problemSeverity(rule.Severity))
	full := sarif.NewMultiformatMessageString().WithText(rule.Summary)
	d := r.AddRule(rule.Name).
		WithName(rule.Name).
		WithShortDescription(sarif.NewMultiformatMessageString().WithText(rule.Summary)).
		WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level(rule.Severity))).
		WithProperties(pb)
	if doc, ok := loadRuleDoc(rule.Name); ok {
		if doc.whatText != "" {
			full = sarif.NewMultiformatMessageString().WithText(doc.whatText).WithMarkdown(doc.whatMarkdown)
		}
		d.WithHelp(sarif.NewMultiformatMessageString().WithText(doc.text).WithMarkdown(doc.markdown)).
			WithHelpURI(RuleDocsURL + url.PathEscape(rule.Name) + ".md")
	}
	d.WithFullDescription(full)
}

// result converts one finding.
func result(r *sarif.Run, f *checks.Finding, uris *uriCache) *sarif.Result {
	res := sarif.NewRuleResult(f.Rule).
		WithLevel(level(f.Severity)).
		WithMessage(sarif.NewTextMessage(f.Message)).
		WithLocations([]*sarif.Location{location(f.Pos, f.End, f.Line, uris)}).
		WithPartialFingerprints(map[string]string{"primaryLocationLineHash": f.Fingerprint})
	if idx := r.GetRuleIndex(f.Rule); idx >= 0 {
		res.WithRuleIndex(idx)
	}
	var rel []*sarif.Location
	for j, rl := range f.Related {
		if j == MaxSARIFRelatedLocations {
			break
		}
		loc := location(rl.Pos, rl.End, "", uris).WithMessage(sarif.NewTextMessage(rl.Message))
		loc.WithID(j)
		rel = append(rel, loc)
	}
	if len(rel) > 0 {
		res.WithRelatedLocations(rel)
	}
	var fixes []*sarif.Fix
	for k := range f.Fixes {
		if f.Fixes[k].Applicable() {
			fixes = append(fixes, fix(f, &f.Fixes[k], uris))
		}
	}
	if len(fixes) > 0 {
		res.WithFixes(fixes)
	}
	return res
}

// fix converts a suggested rewrite: one artifactChange per file, in the
// order the files first appear, each with its replacements. Regions carry
// both lines and columns and byte offsets.
func fix(f *checks.Finding, fx *checks.Fix, uris *uriCache) *sarif.Fix {
	desc := fx.Message
	if !fx.Safe() {
		desc += " (review: not proven safe)"
	}
	var changes []*sarif.ArtifactChange
	var paths []string // of changes: a fix touches a file or two
	for k := range fx.Edits {
		e := &fx.Edits[k]
		path := e.Pos.Path
		if path == "" {
			path = f.Pos.Path
		}
		var ch *sarif.ArtifactChange
		if j := slices.Index(paths, path); j >= 0 {
			ch = changes[j]
		} else {
			ch = sarif.NewArtifactChange().
				WithArtifactLocation(uris.artifact(path)).
				WithReplacements([]*sarif.Replacement{})
			paths = append(paths, path)
			changes = append(changes, ch)
		}
		lineOf := func(p checks.Position) string {
			if p.Path == f.Pos.Path && p.Line == f.Pos.Line {
				return f.Line
			}
			return ""
		}
		region := sarif.NewRegion().WithByteOffset(e.Pos.Offset).WithByteLength(max(e.End.Offset-e.Pos.Offset, 0))
		if e.Pos.IsValid() {
			region.WithStartLine(e.Pos.Line).WithStartColumn(charColumn(lineOf(e.Pos), e.Pos.Col))
			if e.End.IsValid() && e.End.Offset >= e.Pos.Offset {
				region.WithEndLine(e.End.Line).WithEndColumn(charColumn(lineOf(e.End), e.End.Col))
			}
		}
		rp := sarif.NewReplacement().WithDeletedRegion(region)
		if e.NewText != "" {
			rp.WithInsertedContent(sarif.NewArtifactContent().WithText(e.NewText))
		}
		ch.Replacements = append(ch.Replacements, rp)
	}
	return sarif.NewFix().WithDescription(sarif.NewTextMessage(desc)).WithArtifactChanges(changes)
}

func location(pos, end checks.Position, line string, uris *uriCache) *sarif.Location {
	region := sarif.NewRegion()
	if pos.IsValid() {
		region.WithStartLine(pos.Line).WithStartColumn(charColumn(line, pos.Col))
		if end.IsValid() && end.Offset >= pos.Offset {
			region.WithEndLine(end.Line)
			if end.Line == pos.Line {
				region.WithEndColumn(charColumn(line, end.Col))
			} else {
				region.WithEndColumn(end.Col)
			}
		}
	}
	phys := sarif.NewPhysicalLocation().
		WithArtifactLocation(uris.artifact(pos.Path))
	if pos.IsValid() {
		// A region needs a start; a finding on a whole file has none.
		phys.WithRegion(region)
	}
	return sarif.NewLocationWithPhysicalLocation(phys)
}

// charColumn converts a 1-based byte column into a 1-based code point
// column, using the line text when known.
func charColumn(line string, col int) int {
	if line == "" || col-1 > len(line) {
		return max(col, 1)
	}
	return utf8.RuneCountInString(line[:col-1]) + 1
}

// uriCache remembers the artifact location of the last path converted: a
// finding's locations and fixes are mostly in one file, and findings come
// sorted by file.
type uriCache struct {
	path, uri string
	inRoot    bool
	wd        *string // the working directory, looked up once per log ("" if unknown)
}

// artifact returns the artifact location of path: a URI relative to
// %SRCROOT% for a file below the working directory, else an absolute file
// URI without a base (a system header, a file named with "..").
func (c *uriCache) artifact(path string) *sarif.ArtifactLocation {
	c.lookup(path)
	loc := sarif.NewArtifactLocation().WithURI(c.uri)
	if c.inRoot {
		loc.WithURIBaseID(srcRoot)
	}
	return loc
}

// lookup makes c.uri and c.inRoot those of path.
func (c *uriCache) lookup(path string) {
	if c.uri != "" && path == c.path {
		return
	}
	c.path = path
	if c.wd == nil {
		wd, _ := os.Getwd()
		c.wd = &wd
	}
	c.uri, c.inRoot = fileURI(path, *c.wd)
}

// fileURI turns a path into a URI relative to the working directory wd,
// and reports whether it is one; a path outside wd becomes an absolute
// file URI. Without wd ("") every path is taken as relative.
func fileURI(path, wd string) (uri string, inRoot bool) {
	if wd == "" {
		return (&url.URL{Path: filepath.ToSlash(filepath.Clean(path))}).String(), true
	}
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(wd, abs)
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		slashed := filepath.ToSlash(filepath.Clean(abs))
		if !strings.HasPrefix(slashed, "/") {
			slashed = "/" + slashed // a Windows drive letter
		}
		return (&url.URL{Scheme: "file", Path: slashed}).String(), false
	}
	return (&url.URL{Path: filepath.ToSlash(rel)}).String(), true
}

// level is SARIF's name for a severity.
func level(s diag.Severity) string { return bySeverity(s, "error", "warning", "note") }

// problemSeverity is GitHub code scanning's name for a rule's severity.
func problemSeverity(s diag.Severity) string {
	return bySeverity(s, "error", "warning", "recommendation")
}
