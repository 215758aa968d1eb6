package fixes

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/aymanbagabas/go-udiff"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/suppress"
)

// DefaultMaxRounds bounds the fix-and-reanalyse loop of FixSource: a fix
// may enable another one (or conflict with one), so the file is analysed
// again after each round of edits.
const DefaultMaxRounds = 5

// Options configure FixSource.
type Options struct {
	// Check holds the front-end settings and the enabled rules of the
	// file; its Jobs is ignored.
	Check *checks.Options
	// Unsafe also applies fixes that need review.
	Unsafe bool
	// Rules, when not empty, limits the fixes applied to these rules
	// (every enabled rule is still reported).
	Rules []string
	// MaxRounds bounds the analyse-and-fix rounds (DefaultMaxRounds if 0).
	MaxRounds int
}

// accepts reports whether opts allow applying fix of finding f.
func (o *Options) accepts(f *checks.Finding, fix *checks.Fix) bool {
	if len(o.Rules) > 0 && !slices.Contains(o.Rules, f.Rule) {
		return false
	}
	return fix.Safe || o.Unsafe
}

// Applied is a fix applied to a file (or refused: see FileResult).
type Applied struct {
	Rule    string `json:"rule"`
	Message string `json:"message"`
	Safe    bool   `json:"safe"`
	Line    int    `json:"line"` // of the finding, in the text the fix was computed on
}

// FileResult is the outcome of fixing one file.
type FileResult struct {
	Path     string
	Original []byte
	Fixed    []byte // equal to Original when nothing was applied
	Applied  []Applied
	// Rejected are fixes that were not applied: they overlapped another
	// fix in every round, edited another file (a header), or their file's
	// validation failed (then Applied is empty and Fixed equals Original).
	Rejected []Applied
	// Remaining are the findings of the enabled rules on Fixed, after
	// suppression comments.
	Remaining []checks.Finding
	Rounds    int
	initial   []checks.Finding // the findings on Original
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
	res := &FileResult{Path: path, Original: src, Fixed: src}
	rounds := opts.MaxRounds
	if rounds <= 0 {
		rounds = DefaultMaxRounds
	}
	crlf := IsCRLF(src)
	cur := src
	var rejected map[string]Applied
	for round := 0; ; round++ {
		lf, toSrc := stripCR(cur)
		findings := analyse(path, lf, opts)
		res.Remaining = findings
		if round == 0 {
			res.initial = findings
		}
		if round == rounds {
			break
		}
		chosen, conflicts := Select(findings, func(f *checks.Finding, fix *checks.Fix) bool {
			return opts.accepts(f, fix) && sameFile(fix.Edits) && fix.Edits[0].Pos.Path == path
		})
		rejected = map[string]Applied{}
		for _, c := range conflicts {
			a := applied(c.Finding, c.Fix)
			rejected[key(a)] = a
		}
		for i := range findings {
			f := &findings[i]
			for j := range f.Fixes {
				if fix := &f.Fixes[j]; opts.accepts(f, fix) && (!sameFile(fix.Edits) || fix.Edits[0].Pos.Path != path) {
					a := applied(f, fix)
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
			res.Applied = append(res.Applied, applied(c.Finding, c.Fix))
		}
		cur = next
		res.Rounds = round + 1
	}
	for _, a := range rejected {
		res.Rejected = append(res.Rejected, a)
	}
	sort.Slice(res.Rejected, func(i, j int) bool { return key(res.Rejected[i]) < key(res.Rejected[j]) })
	res.Fixed = cur
	return res
}

func applied(f *checks.Finding, fix *checks.Fix) Applied {
	return Applied{Rule: f.Rule, Message: fix.Message, Safe: fix.Safe, Line: f.Pos.Line}
}

func key(a Applied) string { return fmt.Sprintf("%s\x00%08d\x00%s", a.Rule, a.Line, a.Message) }

// analyse returns the findings of the enabled rules on src, less those
// silenced by suppression comments.
func analyse(path string, src []byte, opts *Options) []checks.Finding {
	co := *opts.Check
	co.Jobs = 1
	read := co.Config.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	co.Config.ReadFile = func(name string) ([]byte, error) {
		if name == path {
			return src, nil
		}
		return read(name)
	}
	_, findings := checks.AnalyzeSource(path, src, &co)
	return suppress.Apply(findings, []string{path}, co.Config.ReadFile, func(_, rule string) bool {
		return co.Enabled == nil || co.Enabled(rule)
	})
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

// WriteFile replaces path's content atomically: the data goes to a
// temporary file in the same directory, which gets path's mode and is
// renamed over path. A reader sees the old or the new file, never a part.
func WriteFile(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".upclint-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	ok := false
	defer func() {
		if !ok {
			_ = tmp.Close()
			_ = os.Remove(name)
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(name, path); err != nil {
		return err
	}
	ok = true
	return nil
}

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
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(jobs, len(files))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = FixFile(files[i].Path, files[i].Opts)
				if progress != nil {
					progress()
				}
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}
