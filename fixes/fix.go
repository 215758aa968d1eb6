package fixes

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/suppress"
	"github.com/upclint/upclint/internal/atomicfile"
	"github.com/upclint/upclint/internal/par"
)

// DefaultMaxRounds bounds the fix-and-reanalyse loop of FixSource: a fix
// may enable another one (or conflict with one), so the file is analysed
// again after each round of edits.
const DefaultMaxRounds = 5

// maxRounds bounds the rounds of FixSource with the default MaxRounds: a
// round that left a fix out because it overlapped one applied in that
// round is not counted against DefaultMaxRounds (the fix is applied, on
// the re-analysed text, in a later round), as ruff's fix loop runs until
// no fix is left, up to its own bound of 100.
const maxRounds = 100

// Options configure FixSource.
type Options struct {
	// Check holds the front-end settings and the enabled rules of the
	// file; its Jobs is ignored.
	Check *checks.Options
	// Config is the file's configuration: the severities of the findings
	// left (nil: the rules' defaults).
	Config *config.Effective
	// Unsafe also applies fixes that need review.
	Unsafe bool
	// Rules, when not empty, limits the fixes applied to these rules
	// (every enabled rule is still reported).
	Rules []string
	// MaxRounds bounds the analyse-and-fix rounds. If 0, the loop runs
	// DefaultMaxRounds rounds, not counting those that left a fix out for
	// overlapping another (at most 100 in all).
	MaxRounds int
	// Unit, when set, is the file that includes this one (#include
	// "file.c"): the file is analysed as part of that translation unit,
	// with its own current text, and only its findings are kept.
	Unit string
	// Parts are the files fixed on their own (as part of this file's
	// unit): their fixes are left to them, neither applied nor rejected
	// here.
	Parts map[string]bool
}

// elsewhere reports whether the fix edits a file fixed on its own.
func (o *Options) elsewhere(fix *checks.Fix) bool {
	if len(o.Parts) == 0 || len(fix.Edits) == 0 {
		return false
	}
	for p := range o.Parts {
		if samePath(p, fix.Edits[0].Pos.Path) {
			return true
		}
	}
	return false
}

// accepts reports whether opts allow applying fix of finding f.
func (o *Options) accepts(f *checks.Finding, fix *checks.Fix) bool {
	if len(o.Rules) > 0 && !slices.Contains(o.Rules, f.Rule) {
		return false
	}
	switch fix.Applicability {
	case checks.FixSafe:
		return true
	case checks.FixUnsafe:
		return o.Unsafe
	}
	return false // display-only
}

// Applied is a fix applied to a file (or refused: see FileResult).
type Applied struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Safe    bool   `json:"safe"`
	Line    int    `json:"line"` // of the finding, in the original text
	// Reason says why a rejected fix was not kept (validation: the first
	// differing output line or the build failure); empty otherwise.
	Reason string `json:"reason,omitempty"`
	// Comm is the communication of the lines the fix rewrites, before and
	// after, when the file was validated (see FixComm).
	Comm *FixComm `json:"comm,omitempty"`
	// id names the fix across runs of FixSource on the same original:
	// rule, message and the finding's offset mapped back to the original.
	id string
	// orig and fixed are the byte ranges the fix spans (see fixSpan) in
	// Original and in Fixed; fixed is set for applied fixes.
	orig, fixed span
}

// span is a byte range [start, end).
type span struct{ start, end int }

// FileResult is the outcome of fixing one file.
type FileResult struct {
	Path     string
	Original []byte
	Fixed    []byte // equal to Original when nothing was applied
	Applied  []Applied
	// Rejected are fixes that were not applied: they overlapped another
	// fix in every round, edited another file (a header), or validation
	// rejected them (Reason says why).
	Rejected []Applied
	// Remaining are the findings of the enabled rules on Fixed, after
	// suppression comments.
	Remaining []checks.Finding
	Rounds    int
	initial   []checks.Finding // the findings on Original
	opts      *Options         // the options of FixSource (nil: built by hand)
	derived   []byte           // the text FixSource produced (Fixed may be replaced)
	// Validation is set by Validate.
	Validation *Validation
	// Err is a failure to read the file.
	Err error
}

// Changed reports whether the fixed text differs from the original.
func (r *FileResult) Changed() bool { return !bytes.Equal(r.Original, r.Fixed) }

// Revert drops the file's fixes: they are counted as rejected.
func (r *FileResult) Revert() {
	r.Rejected = append(r.Rejected, r.Applied...)
	r.Applied = nil
	r.Fixed = r.Original
	r.Remaining = r.initial
}

// Diff returns the unified diff from the original to the fixed text ("" if
// they are equal).
func (r *FileResult) Diff() string {
	if !r.Changed() {
		return ""
	}
	name := filepath.ToSlash(r.Path)
	return udiff.Unified("a/"+name, "b/"+name, string(r.Original), string(r.Fixed))
}

// FixFile reads path and fixes its text (see FixSource).
func FixFile(path string, opts *Options) *FileResult {
	src, err := os.ReadFile(path)
	if err != nil {
		return &FileResult{Path: path, Err: err}
	}
	return FixSource(path, src, opts)
}

// FixSource applies the accepted fixes of the findings on src, the text
// of path, round after round until no accepted fix is left or MaxRounds:
// each round analyses the current text, selects non-overlapping fixes
// (Select: finding order decides conflicts, so the result does not depend
// on scheduling) and applies them. Only edits of path itself are applied;
// a fix that edits a header is rejected. The text stays in memory: write
// it with WriteFile. A CRLF file keeps its line endings: it is analysed
// with LF line breaks and the edits are carried back, with CRLF in the
// inserted text; the findings' offsets (not their lines and columns) are
// those of the LF text.
func FixSource(path string, src []byte, opts *Options) *FileResult {
	return fixSource(path, src, opts, nil)
}

// fixSource is FixSource applying only the fixes whose id is in only
// (every accepted fix when only is nil). A fix left out is neither
// applied nor rejected.
func fixSource(path string, src []byte, opts *Options, only map[string]bool) *FileResult {
	res := &FileResult{Path: path, Original: src, Fixed: src, opts: opts}
	// budget counts the rounds left; limit bounds all of them.
	budget, limit := opts.MaxRounds, opts.MaxRounds
	if budget <= 0 {
		budget, limit = DefaultMaxRounds, maxRounds
	}
	crlf := IsCRLF(src)
	cur := src
	var rejected map[string]Applied
	// hist holds each round's edits, in the coordinates of its input text;
	// inRound is, per applied fix, the round and its span in that input.
	var hist [][]checks.Edit
	type roundSpan struct {
		round int
		sp    span
	}
	var inRound []roundSpan
	record := func(f *checks.Finding, fix *checks.Fix, toSrc []int) (Applied, span) {
		a := applied(f, fix)
		sp := fixSpan(f, mapEdits(fix.Edits, toSrc, crlf), toSrc, len(cur))
		a.orig = span{mapBack(hist, sp.start, false), mapBack(hist, sp.end, true)}
		at := min(mapBack(hist, srcOffset(f.Pos.Offset, toSrc, len(cur)), false), len(src))
		a.Line = 1 + bytes.Count(src[:at], []byte{'\n'})
		a.id = fmt.Sprintf("%s\x00%s\x00%d", a.Rule, a.Message, at)
		return a, sp
	}
	for round := 0; ; round++ {
		lf, toSrc := stripCR(cur)
		findings := analyse(path, lf, opts)
		res.Remaining = findings
		if round == 0 {
			res.initial = findings
		}
		if budget == 0 || round == limit {
			break
		}
		ids := map[*checks.Fix]string{}
		chosen, conflicts := Select(findings, func(f *checks.Finding, fix *checks.Fix) bool {
			if !opts.accepts(f, fix) || !sameFile(fix.Edits) || fix.Edits[0].Pos.Path != path || opts.elsewhere(fix) {
				return false
			}
			if only == nil {
				return true
			}
			a, _ := record(f, fix, toSrc)
			ids[fix] = a.id
			return only[a.id]
		})
		var clash []Conflict
		chosen[path], clash = distinctNames(chosen[path], lf)
		conflicts = append(conflicts, clash...)
		rejected = map[string]Applied{}
		for _, c := range conflicts {
			a, _ := record(c.Finding, c.Fix, toSrc)
			a.Reason = "overlaps another fix in every round"
			rejected[key(a)] = a
		}
		if len(conflicts) == 0 {
			budget--
		}
		for i := range findings {
			f := &findings[i]
			for j := range f.Fixes {
				if fix := &f.Fixes[j]; opts.accepts(f, fix) && !opts.elsewhere(fix) && (!sameFile(fix.Edits) || fix.Edits[0].Pos.Path != path) {
					a, _ := record(f, fix, toSrc)
					a.Reason = "edits another file"
					rejected[key(a)] = a
					break
				}
			}
		}
		picked := chosen[path]
		if len(picked) == 0 {
			break
		}
		edits := mapEdits(Edits(picked), toSrc, crlf)
		next, err := Apply(cur, edits)
		if err != nil || bytes.Equal(next, cur) {
			break // a fix that changes nothing would loop forever
		}
		for _, c := range picked {
			a, sp := record(c.Finding, c.Fix, toSrc)
			res.Applied = append(res.Applied, a)
			inRound = append(inRound, roundSpan{round, sp})
		}
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos.Offset < edits[j].Pos.Offset })
		hist = append(hist, edits)
		cur = next
		res.Rounds = round + 1
	}
	for _, a := range rejected {
		res.Rejected = append(res.Rejected, a)
	}
	sort.Slice(res.Rejected, func(i, j int) bool { return key(res.Rejected[i]) < key(res.Rejected[j]) })
	for i, r := range inRound {
		res.Applied[i].fixed = span{mapForward(hist[r.round:], r.sp.start, false), mapForward(hist[r.round:], r.sp.end, true)}
	}
	res.Fixed, res.derived = cur, cur
	return res
}

func applied(f *checks.Finding, fix *checks.Fix) Applied {
	return Applied{Rule: f.Rule, Message: fix.Message, Safe: fix.Safe(), Line: f.Pos.Line}
}

func key(a Applied) string { return fmt.Sprintf("%s\x00%08d\x00%s", a.Rule, a.Line, a.Message) }

// srcOffset maps an offset of the LF text of stripCR to the text (n is
// the text's length).
func srcOffset(off int, toSrc []int, n int) int {
	if toSrc != nil && off >= 0 && off < len(toSrc) {
		off = toSrc[off]
	}
	return max(0, min(off, n))
}

// fixSpan is the range of text a fix rewrites, in the coordinates of its
// edits (edits already mapped by mapEdits; n is the text's length): the
// hull of the finding's range and of the fix's edits, less the edits that
// only add file-scope lines (an #include or a declaration inserted
// unindented at a line boundary), which lie outside the loop or statement
// the fix rewrites.
func fixSpan(f *checks.Finding, edits []checks.Edit, toSrc []int, n int) span {
	sp := span{srcOffset(f.Pos.Offset, toSrc, n), srcOffset(max(f.End.Offset, f.Pos.Offset), toSrc, n)}
	for _, e := range edits {
		if fileScope(e) {
			continue
		}
		sp.start = min(sp.start, e.Pos.Offset)
		sp.end = max(sp.end, e.End.Offset)
	}
	return sp
}

// distinctNames keeps, in order, the chosen fixes whose file-scope
// declarations (see declares) name no identifier,
// absent from src, that an earlier chosen fix declares too: two fixes
// that each picked the same fresh name on the same text (one broadcast
// source per function, one gather table per loop of an array) would
// define it twice. The others are returned as conflicts: the next round
// picks another name on the rewritten text.
func distinctNames(chosen []Chosen, src []byte) (keep []Chosen, clash []Conflict) {
	known := map[string]bool{}
	for _, w := range identRE.FindAll(src, -1) {
		known[string(w)] = true
	}
	declared := map[string]bool{}
	for _, c := range chosen {
		var names []string
		for _, e := range c.Fix.Edits {
			if !declares(e) {
				continue
			}
			for _, w := range identRE.FindAllString(e.NewText, -1) {
				if !known[w] {
					names = append(names, w)
				}
			}
		}
		if slices.ContainsFunc(names, func(n string) bool { return declared[n] }) {
			clash = append(clash, Conflict(c))
			continue
		}
		for _, n := range names {
			declared[n] = true
		}
		keep = append(keep, c)
	}
	return keep, clash
}

// declares reports whether an edit inserts lines whose first is
// unindented: a file-scope declaration, perhaps after a block comment
// whose lines are indented (" * ...").
func declares(e checks.Edit) bool {
	if e.Pos.Offset != e.End.Offset || e.Pos.Col != 1 && !strings.HasPrefix(e.NewText, "\n") {
		return false
	}
	for _, line := range strings.Split(strings.ReplaceAll(e.NewText, "\r\n", "\n"), "\n") {
		if strings.TrimSpace(line) != "" {
			return line[0] != ' ' && line[0] != '\t'
		}
	}
	return false
}

// identRE matches a C identifier.
var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

// fileScope reports whether an edit inserts only whole unindented lines:
// a preprocessor directive or a file-scope declaration.
func fileScope(e checks.Edit) bool {
	if e.Pos.Offset != e.End.Offset {
		return false
	}
	text := strings.ReplaceAll(e.NewText, "\r\n", "\n")
	if !strings.HasPrefix(text, "\n") && e.Pos.Col != 1 || !strings.HasPrefix(text, "\n") && !strings.HasSuffix(text, "\n") {
		return false
	}
	any := false
	for _, line := range strings.Split(text, "\n") {
		if line == "" {
			continue
		}
		if line[0] == ' ' || line[0] == '\t' {
			return false
		}
		any = true
	}
	return any
}

// mapForward maps an offset of a text through rounds of edits (each
// sorted, in the coordinates of its round's input) to the last round's
// output. Text inserted at a span's start or end stays inside the span
// (start: the offset stays before an insertion there; end: after it); an
// offset inside a replaced range goes to the replacement's start (end:
// its end).
func mapForward(hist [][]checks.Edit, off int, end bool) int {
	for _, edits := range hist {
		d, out := 0, -1
		for _, e := range edits {
			if e.Pos.Offset < off && off < e.End.Offset {
				out = e.Pos.Offset + d
				if end {
					out += len(e.NewText)
				}
				break
			}
			if e.End.Offset < off || e.End.Offset == off && (end || e.Pos.Offset < off) {
				d += len(e.NewText) - (e.End.Offset - e.Pos.Offset)
			}
		}
		if out < 0 {
			out = off + d
		}
		off = out
	}
	return off
}

// mapBack maps an offset of the last round's output back to the original
// text: an offset inside inserted text goes to the edit's start (end: its
// end).
func mapBack(hist [][]checks.Edit, off int, end bool) int {
	for k := len(hist) - 1; k >= 0; k-- {
		d, out := 0, -1
		for _, e := range hist[k] {
			ns := e.Pos.Offset + d
			if off <= ns {
				out = off - d
				break
			}
			if off < ns+len(e.NewText) {
				out = e.Pos.Offset
				if end {
					out = e.End.Offset
				}
				break
			}
			d += len(e.NewText) - (e.End.Offset - e.Pos.Offset)
		}
		if out < 0 {
			out = off - d
		}
		off = out
	}
	return off
}

// analyse returns the findings of the enabled rules on src, post-processed
// as check does (suppress.Finish).
func analyse(path string, src []byte, opts *Options) []checks.Finding {
	co := *opts.Check
	co.Jobs = 1
	read := co.Config.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	co.Config.ReadFile = func(name string) ([]byte, error) {
		if name == path || opts.Unit != "" && samePath(name, path) {
			return src, nil
		}
		return read(name)
	}
	var findings []checks.Finding
	if opts.Unit == "" {
		_, findings = checks.AnalyzeSource(path, src, &co)
	} else if usrc, err := read(opts.Unit); err == nil {
		_, all := checks.AnalyzeSource(opts.Unit, usrc, &co)
		findings = partFindings(all, path)
	}
	conf := func(string) *config.Effective { return opts.Config }
	return suppress.Finish(findings, []string{path}, suppress.Settings{
		Analysed: func(int) *config.Effective { return opts.Config },
		Config:   conf,
		Enabled:  func(_, rule string) bool { return co.Enabled == nil || co.Enabled(rule) },
		Read:     co.Config.ReadFile,
	})
}

// partFindings keeps the findings of the unit that are in path, with path
// spelt as the caller spells it in them and their edits.
func partFindings(all []checks.Finding, path string) []checks.Finding {
	var out []checks.Finding
	for _, f := range all {
		if !samePath(f.Pos.Path, path) {
			continue
		}
		f.Pos.Path, f.End.Path = path, path
		for i := range f.Fixes {
			for j := range f.Fixes[i].Edits {
				if e := &f.Fixes[i].Edits[j]; samePath(e.Pos.Path, path) {
					e.Pos.Path, e.End.Path = path, path
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// IsCRLF reports whether src uses CRLF line endings: most of its line
// feeds follow a carriage return.
func IsCRLF(src []byte) bool {
	lf := bytes.Count(src, []byte{'\n'})
	return lf > 0 && 2*bytes.Count(src, []byte("\r\n")) > lf
}

// ToCRLF converts the line feeds of s to CRLF (existing CRLFs stay).
func ToCRLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// stripCR returns src with each CRLF line break replaced by LF, and for
// each offset of that text (and its end) the offset in src: a line break
// maps to its carriage return, so an edit at the end of a line stays before
// the whole break and an edit that covers the break covers both bytes.
// The rules compute their edits on LF text (they look for line feeds to
// find the ends of lines); toSrc carries those edits back to src.
func stripCR(src []byte) (lf []byte, toSrc []int) {
	if !bytes.Contains(src, []byte("\r\n")) {
		return src, nil
	}
	lf = make([]byte, 0, len(src))
	toSrc = make([]int, 0, len(src)+1)
	for i := 0; i < len(src); i++ {
		if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
			toSrc = append(toSrc, i)
			lf = append(lf, '\n')
			i++
			continue
		}
		toSrc = append(toSrc, i)
		lf = append(lf, src[i])
	}
	toSrc = append(toSrc, len(src))
	return lf, toSrc
}

// mapEdits moves edits computed on the LF text of stripCR to the original
// text (toSrc nil: the same text), with CRLF line feeds in the new text
// when crlf is set.
func mapEdits(edits []checks.Edit, toSrc []int, crlf bool) []checks.Edit {
	out := make([]checks.Edit, len(edits))
	for i, e := range edits {
		if toSrc != nil && e.Pos.Offset >= 0 && e.End.Offset < len(toSrc) && e.Pos.Offset <= e.End.Offset {
			e.Pos.Offset, e.End.Offset = toSrc[e.Pos.Offset], toSrc[e.End.Offset]
		}
		if crlf {
			e.NewText = ToCRLF(e.NewText)
		}
		out[i] = e
	}
	return out
}

// WriteFile replaces path's content atomically, keeping its mode
// (atomicfile.Write).
func WriteFile(path string, data []byte) error { return atomicfile.Write(path, data) }

// FileJob is one file to fix with its options (files may have different
// configurations).
type FileJob struct {
	Path string
	Opts *Options
}

// FixFiles fixes the files with jobs workers; the results are in the
// order of files. progress, if set, is called after each file.
func FixFiles(files []FileJob, jobs int, progress func()) []*FileResult {
	out := make([]*FileResult, len(files))
	par.ForEach(len(files), jobs, func(i int) {
		out[i] = FixFile(files[i].Path, files[i].Opts)
		if progress != nil {
			progress()
		}
	})
	return out
}
