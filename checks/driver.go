package checks

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/internal/gcsettings"
)

// DefaultMaxFileSize is the largest file analysed by default. Generated
// files of this size are not hand-written UPC; analysing them would take
// longer than a user waits for a lint.
const DefaultMaxFileSize = 16 << 20

// Options configure a run of the driver.
type Options struct {
	Config      grammar.Config // front-end settings shared by every file
	Jobs        int            // files analysed in parallel; <= 0 means all cores
	MaxFileSize int64          // larger files get one diagnostic; <= 0 means DefaultMaxFileSize
	// Enabled selects the rules to run and report; nil means every rule.
	Enabled func(rule string) bool
	// Progress, when set, is called after each file is analysed, from the
	// goroutine that analysed it (it must be safe for concurrent use).
	Progress func()
	// Source, when set, is given the text of each file Run analyses, as
	// read, before the analysis, so that a caller needing the text (for
	// suppression comments) does not read the file again. It is called
	// from the analysing goroutines (it must be safe for concurrent use)
	// and not for a file too large to analyse; src must not be modified.
	Source func(path string, src []byte)
	// NoFixes analyses without building suggested fixes: the findings are
	// the same but carry no Fixes (the language server publishes
	// diagnostics this way and builds fixes only for code actions).
	NoFixes bool
	// Parallel analyses each file with all cores (runtime.GOMAXPROCS)
	// where its analyses are independent, for a caller that analyses one
	// file at a time (the language server): the findings are the same as
	// without it. Run ignores it when it has several files, which it
	// already analyses in parallel.
	Parallel bool
}

func (o *Options) enabled(rule string) bool { return o.Enabled == nil || o.Enabled(rule) }

// Result is the outcome of a run.
type Result struct {
	Findings []Finding // sorted by file and position
	Files    int       // translation units analysed
	Lines    int       // source lines in those files (headers not counted)
}

// Run analyses every file and returns the findings in a deterministic order.
// Only a problem that stops the tool from doing its job (an unreadable file)
// is an error; everything about the program is a finding.
func Run(files []string, opts *Options) (*Result, error) {
	res, errs := RunBatches(context.Background(), []Batch{{Files: files, Options: opts}}, opts.Jobs)
	return res[0], errs[0]
}

// Batch is a list of files analysed with the same options.
type Batch struct {
	Files   []string
	Options *Options
}

// RunBatches analyses the files of every batch with one set of jobs
// workers (<= 0: all cores), and returns for each batch what Run would:
// its result and its error. Files that need different front-end settings
// (the command lines of a compilation database) are thus analysed side by
// side; one Run per batch would leave a core idle at the end of each batch
// while the last file is analysed alone. When ctx is done, the files not
// yet started are not analysed and every batch's error is ctx's.
func RunBatches(ctx context.Context, batches []Batch, jobs int) ([]*Result, []error) {
	// a batch of files allocates far more than it keeps (see gcsettings:
	// on the development corpus 1.6x the lines per CPU-second)
	defer gcsettings.Use(gcsettings.Batch)()
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	type outcome struct {
		findings []Finding
		lines    int
		err      error
	}
	type job struct{ batch, file int }
	total := 0
	for _, b := range batches {
		total += len(b.Files)
	}
	outs := make([][]outcome, len(batches))
	opts := make([]*Options, len(batches))
	var order []job
	for bi, b := range batches {
		outs[bi] = make([]outcome, len(b.Files))
		opts[bi] = b.Options
		if b.Options.Parallel && total > 1 {
			o := *b.Options
			o.Parallel = false
			opts[bi] = &o
		}
		for _, i := range largestFirst(b.Files, b.Options) {
			order = append(order, job{bi, i})
		}
	}
	if len(batches) > 1 {
		// the largest files of all batches first; a batch's own order
		// (largestFirst) decides between files of the same size
		size := make([][]int64, len(batches))
		for bi, b := range batches {
			size[bi] = fileSizes(b.Files, b.Options)
		}
		slices.SortStableFunc(order, func(a, b job) int { return cmp.Compare(size[b.batch][b.file], size[a.batch][a.file]) })
	}
	next := make(chan job)
	var wg sync.WaitGroup
	for range min(jobs, max(total, 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range next {
				o := opts[j.batch]
				f, lines, err := checkFile(batches[j.batch].Files[j.file], o)
				outs[j.batch][j.file] = outcome{f, lines, err}
				if o.Progress != nil {
					o.Progress()
				}
			}
		}()
	}
	for _, j := range order {
		if ctx.Err() != nil {
			break
		}
		next <- j
	}
	close(next)
	wg.Wait()

	results := make([]*Result, len(batches))
	errs := make([]error, len(batches))
	for bi, b := range batches {
		res := &Result{Files: len(b.Files)}
		var bErrs []error
		for _, o := range outs[bi] {
			if o.err != nil {
				bErrs = append(bErrs, o.err)
				continue
			}
			res.Findings = append(res.Findings, o.findings...)
			res.Lines += o.lines
		}
		slices.SortStableFunc(res.Findings, func(a, b Finding) int { return compareFindings(&a, &b) })
		results[bi], errs[bi] = res, errors.Join(bErrs...)
		if err := ctx.Err(); err != nil {
			errs[bi] = err
		}
	}
	return results, errs
}

// largestFirst returns the indices of files, the largest file first: the
// workers then end together instead of one analysing a large file alone
// at the end. The results do not depend on the order. Files read through
// Config.ReadFile keep theirs.
func largestFirst(files []string, opts *Options) []int {
	order := make([]int, len(files))
	for i := range order {
		order[i] = i
	}
	if opts.Config.ReadFile != nil || len(files) < 3 {
		return order
	}
	size := fileSizes(files, opts)
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(size[b], size[a]) })
	return order
}

// fileSizes returns the sizes of files on disk, or zeros for files read
// through Config.ReadFile.
func fileSizes(files []string, opts *Options) []int64 {
	size := make([]int64, len(files))
	if opts.Config.ReadFile != nil {
		return size
	}
	for i, f := range files {
		if st, err := os.Stat(f); err == nil {
			size[i] = st.Size()
		}
	}
	return size
}

// checkFile loads one translation unit and converts its diagnostics.
func checkFile(path string, opts *Options) ([]Finding, int, error) {
	readFile := opts.Config.ReadFile
	if readFile == nil {
		readFile = os.ReadFile
	}
	limit := opts.maxFileSize()
	if st, err := os.Stat(path); err == nil && st.Size() > limit && opts.Config.ReadFile == nil {
		return []Finding{tooLarge(path, st.Size(), limit)}, 0, nil
	}
	src, err := readFile(path)
	if err != nil {
		return nil, 0, err
	}
	if int64(len(src)) > limit {
		return []Finding{tooLarge(path, int64(len(src)), limit)}, 0, nil
	}
	if opts.Source != nil {
		opts.Source(path, src)
	}
	_, findings := AnalyzeSource(path, src, opts)
	return findings, bytes.Count(src, []byte{'\n'}) + 1, nil
}

// maxFileSize is the size limit of opts.
func (o *Options) maxFileSize() int64 {
	if o.MaxFileSize <= 0 {
		return DefaultMaxFileSize
	}
	return o.MaxFileSize
}

func tooLarge(path string, size, limit int64) Finding {
	return inputFinding(path, fmt.Sprintf("file too large to analyse (%d bytes, limit %d; see --max-file-size)", size, limit))
}

func inputFinding(path, msg string) Finding {
	p := Position{Path: path, Line: 1, Col: 1}
	return Finding{Rule: diag.RuleSyntax, Severity: diag.Error, Message: msg, Pos: p, End: p}
}

// fromDiag converts a front-end diagnostic into a finding.
func fromDiag(fset *gotoken.FileSet, d diag.Diagnostic, read func(string) []byte) Finding {
	f := Finding{Rule: d.Rule, Severity: d.Severity, Message: d.Message,
		Pos: resolve(fset, d.Pos), End: resolve(fset, d.End)}
	if !f.End.IsValid() {
		f.End = f.Pos
	}
	for _, r := range d.Related {
		f.Related = append(f.Related, Related{Pos: resolve(fset, r.Pos), End: resolve(fset, r.End), Message: r.Message})
	}
	f.Line = lineText(fset, d.Pos, read)
	return f
}

// AnalyzeSource analyses one translation unit whose text is src, reading
// headers through opts.Config.ReadFile. It returns the loaded unit (nil for
// a binary file or one larger than opts.MaxFileSize) and the findings of
// the enabled rules, in order. The language server calls it with the
// editor's unsaved text.
func AnalyzeSource(path string, src []byte, opts *Options) (*grammar.Unit, []Finding) {
	readFile := opts.Config.ReadFile
	if readFile == nil {
		readFile = os.ReadFile
	}
	if i := bytes.IndexByte(src[:min(len(src), 8192)], 0); i >= 0 {
		return nil, []Finding{inputFinding(path, fmt.Sprintf("binary file (NUL byte at offset %d), not analysed", i))}
	}
	// upclint fix and the language server analyse text they read
	// themselves: the limit of Run holds for them too
	if limit := opts.maxFileSize(); int64(len(src)) > limit {
		return nil, []Finding{tooLarge(path, int64(len(src)), limit)}
	}
	fset := gotoken.NewFileSet()
	cfg := opts.Config
	u := grammar.Load(fset, path, src, &cfg)
	findings := make([]Finding, 0, len(u.Diags))
	cache := map[string][]byte{path: src}
	read := func(name string) []byte {
		if b, ok := cache[name]; ok {
			return b
		}
		b, _ := readFile(name) // a header that vanished just gives no excerpt
		cache[name] = b
		return b
	}
	for _, d := range u.Diags {
		if opts.enabled(d.Rule) {
			findings = append(findings, fromDiag(fset, d, read))
		}
	}
	var analyzers []*analysis.Analyzer
	for _, r := range Rules() {
		if r.Analyzer != nil && opts.enabled(r.Name) {
			analyzers = append(analyzers, r.Analyzer)
		}
	}
	// The guard scans every token of the unit: built for the first
	// diagnostic with fixes only.
	var guard *editGuard
	// Analyzers read the text analysed (pass.ReadFile), not the file on
	// disk: the language server and upclint fix analyse unsaved text.
	passRead := func(name string) ([]byte, error) {
		if name == path {
			return src, nil
		}
		return readFile(name)
	}
	workers := 1
	if opts.Parallel {
		workers = runtime.GOMAXPROCS(0)
	}
	for _, d := range analyze(u, path, analyzers, passRead, !opts.NoFixes, workers) {
		if !opts.enabled(d.rule) {
			continue // an analyzer may report under several rule names
		}
		f := fromAnalysis(fset, d, read)
		if !opts.NoFixes && len(d.SuggestedFixes) > 0 {
			if guard == nil {
				guard = newEditGuard(u)
			}
			f.Fixes = convertFixes(fset, d, guard)
		}
		findings = append(findings, f)
	}
	slices.SortStableFunc(findings, func(a, b Finding) int { return compareFindings(&a, &b) })
	return u, findings
}

// fromAnalysis converts an analyzer's diagnostic into a finding; its
// severity is the rule's.
func fromAnalysis(fset *gotoken.FileSet, d ruleDiagnostic, read func(string) []byte) Finding {
	sev := diag.Warning
	if r := Lookup(d.rule); r != nil {
		sev = r.Severity
	}
	dd := diag.Diagnostic{Pos: d.Pos, End: d.End, Severity: sev, Rule: d.rule, Message: d.Message}
	for _, r := range d.Related {
		dd.Related = append(dd.Related, diag.Related{Pos: r.Pos, End: r.End, Message: r.Message})
	}
	return fromDiag(fset, dd, read)
}

// lineText returns the text of the line containing pos, reading the file
// through read (go/token keeps only line offsets).
func lineText(fset *gotoken.FileSet, pos gotoken.Pos, read func(string) []byte) string {
	if !pos.IsValid() {
		return ""
	}
	tf := fset.File(pos)
	if tf == nil {
		return ""
	}
	src := read(tf.Name())
	off := tf.Offset(pos)
	if off > len(src) {
		return ""
	}
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		end = len(src) - off
	}
	return strings.TrimRight(string(src[start:off+end]), "\r")
}

// CollectFiles expands paths into the translation units to check. A named
// file is always checked; directories are walked recursively for files with
// one of exts (".upc" by default), skipping hidden directories.
func CollectFiles(paths []string, exts []string) ([]string, error) {
	if len(exts) == 0 {
		exts = []string{".upc"}
	}
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				return nil
			}
			if !slices.Contains(exts, filepath.Ext(path)) {
				return nil
			}
			if d.Type()&fs.ModeSymlink != 0 {
				// a link to a directory is not walked, as WalkDir
				// does not, nor read as a file
				if st, err := os.Stat(path); err == nil && st.IsDir() {
					return nil
				}
			}
			out = append(out, path)
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
