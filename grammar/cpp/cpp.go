// Package cpp is the C preprocessor of the UPC front end (C99 6.10 with the
// GNU extensions real code relies on).
//
// Preprocess turns one translation unit into the token slice the parser
// reads. Tokens are "cooked": keywords have Kind Keyword, pp-numbers are Int
// or Float, and every #pragma is one Pragma token. A token keeps the position
// of its spelling in Pos; when a macro expansion produced it, Exp and ExpEnd
// delimit the outermost macro invocation in the user's text.
//
// Position choices: a token made by the # operator, or by pasting two tokens
// with ##, is positioned at that operator in the macro definition; a token
// made by a built-in macro (__LINE__, ...) is positioned at the macro name.
//
// The preprocessor never fails: every problem is a diagnostic, and hostile
// input (include cycles, exponential macros, deep nesting, binary files)
// is cut short by fixed limits instead of exhausting time or memory.
package cpp

import (
	gotoken "go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/lexer"
	"github.com/upclint/upclint/grammar/token"
)

// Config holds the settings of the compiler command line that matter to the
// preprocessor.
type Config struct {
	IncludeDirs   []string // -I directories, searched in order
	Defines       []string // -D: "NAME" (defined as 1) or "NAME=VALUE", in command-line order
	Undefs        []string // -U NAME, applied after Defines
	StaticThreads int      // THREADS as a constant (__UPC_STATIC_THREADS__); 0 means dynamic THREADS
	// ReadFile reads source files and headers; nil means os.ReadFile. The
	// language server passes a function that prefers unsaved editor buffers.
	ReadFile func(name string) ([]byte, error)
	// Bundled holds the headers shipped with upclint, searched after the
	// -I directories. May be nil. Its files must not change: a file
	// system that can be a map key has its headers read once per process
	// (readBundled).
	Bundled fs.FS
	// Prefixes, when set, keeps and reuses the result of units' leading
	// #include lines of bundled headers (see PrefixCache).
	Prefixes *PrefixCache
}

// Result is a preprocessed translation unit.
type Result struct {
	Tokens []token.Token // cooked tokens, ending with one EOF token
	Diags  diag.List
	// Files lists every file read through Config.ReadFile, the main file
	// first, each once. Bundled headers are part of the binary and are
	// not listed.
	Files []string
	// Macros holds the macros defined at the end of the unit, for hover.
	Macros map[string]*Macro
	// Missing names the headers that were not found, each once;
	// MissingAt is where the first was reported.
	Missing   []string
	MissingAt gotoken.Pos
	// Prefix is the cached state of the leading #include lines the unit
	// started from, nil if there is none: Tokens begins with its tokens.
	Prefix *Prefix
}

// BundledDir is the directory name under which bundled headers are
// registered in the FileSet ("<bundled>/upc.h"): no file on disk has it.
const BundledDir = "<bundled>"

// Limits that keep hostile input finite.
const (
	maxIncludeDepth = 200     // nested #include, as GCC
	maxSelfNest     = 8       // times one file may be on the include stack
	maxIncludes     = 100000  // #include operations per unit
	maxExpansion    = 1 << 20 // tokens produced by one outermost macro invocation
	maxTotal        = 1 << 24 // macro-produced tokens per unit, plus 4 per byte of source
	maxArgDepth     = 256     // macro calls nested in macro arguments
	maxExprDepth    = 1000    // nesting in a #if expression
)

// srcFile is a file that has been read, cached by path so that a header
// included many times is read and registered in the FileSet once.
type srcFile struct {
	name    string // as registered in the FileSet
	dir     string // where its "..." includes start (a bundled FS path if bundled)
	bundled bool
	dirIdx  int // index of the -I directory it was found in, else -1
	src     string
	tf      *gotoken.File
	guard   string // include-guard macro, once the whole file is known to be guarded
	once    bool   // #pragma once
	active  int    // times on the include stack
}

// guardState tracks whether an input is wrapped in #ifndef X ... #endif.
type guardState uint8

const (
	guardStart guardState = iota // nothing seen yet
	guardIn                      // inside the candidate #ifndef
	guardAfter                   // after its #endif: only EOF may follow
	guardNone                    // not a guarded file
)

// input is an open file on the include stack.
type input struct {
	f          *srcFile
	lx         lexer.Lexer
	condBase   int // len(pp.conds) when the file was entered
	guard      guardState
	guardName  string
	guardDepth int // len(pp.conds) inside the guard's #ifndef
}

// cond is an open #if group.
type cond struct {
	pos      token.Pos
	skipping bool // the current group is skipped
	taken    bool // a group of this chain was taken (or the parent is skipped)
	sawElse  bool
}

// context is a token list being rescanned: the result of a macro expansion
// or a list handed to expandList.
type context struct {
	toks   []token.Token
	i      int
	macro  *Macro // disabled until the context is popped
	pooled bool   // toks goes back to the pool when popped
}

type pp struct {
	fset      *gotoken.FileSet
	cfg       Config
	diags     diag.List
	missing   []string // headers not found, each once
	missingAt gotoken.Pos
	macros    map[string]*Macro

	files    map[string]*srcFile // by path; nil entries for files that do not exist
	bundled  map[string]*srcFile
	read     []string
	inputs   []*input
	conds    []cond
	skip     bool // the innermost group is skipped
	includes int

	ctx        []context
	floor      int // index of the context expandList reads; -1 at top level
	pending    token.Token
	hasPending bool

	out      []token.Token   // the output, after outBase tokens and those of full
	full     [][]token.Token // chunks of output that came before out (grow)
	nfull    int             // tokens in full
	carryBOL bool            // an empty expansion began a line: the next token does
	pool     [][]token.Token
	invPool  []*invocation
	line     []token.Token // reused buffer for directive lines

	budget          int  // tokens the current outermost expansion may still produce
	total           int  // macro-produced tokens the unit may still produce
	exceeded        bool // a budget ran out: no more expansion until the next outermost invocation
	overrunReported bool
	totalReported   bool
	topSite         token.Pos // the outermost invocation, for budget diagnostics
	topName         string
	deepReported    bool
	one             [1]token.Token // scratch for a single produced token
	reported        map[token.Pos]bool
	includedBytes   int
	lineEnd         int                 // offset just after the last token of the directive line
	macroStack      map[string][]*Macro // #pragma push_macro
	argDepth        int
	inIf            bool // expanding a #if line: handle defined and __has_include
	counter         int  // __COUNTER__
	baseFile        string
	eofToken        token.Token
	mainFile        *srcFile
	keywordOf       map[string]bool
	cCode           bool // after #pragma upc c_code: UPC keywords are identifiers

	// The leading includes (see prefix.go).
	added    []*srcFile        // every file registered in fset, in order
	outer    int               // files open below the inputs: 1 while the leading includes run
	lineInfo bool              // a #line directive changed a file's positions
	baseUsed bool              // __BASE_FILE__ was expanded
	ahead    map[string][]byte // a file resolveLeading read
	from     *prefixState      // the state last restored or kept
	reserve  int               // room for tokens after the leading includes
	// room for tokens after leading includes that were cached
	reserveCached int
	// restored is the state restored, whose outBase tokens come before out
	restored *prefixState
	outBase  int
	// whole is the unit's slice after a restored state: the state's
	// tokens, then out until it is full
	whole       []token.Token
	restoredAll bool // the state restored ran all the leading includes
	scratch     bool // out and full come from outPool (restore)
}

// Preprocess preprocesses src, the content of filename, registering every
// file it reads in fset.
func Preprocess(fset *gotoken.FileSet, filename string, src []byte, cfg *Config) *Result {
	p := &pp{
		fset:      fset,
		macros:    make(map[string]*Macro, 256),
		files:     make(map[string]*srcFile),
		bundled:   make(map[string]*srcFile),
		floor:     -1,
		total:     maxTotal,
		baseFile:  filename,
		keywordOf: token.Keywords,
	}
	if cfg != nil {
		p.cfg = *cfg
	}
	if p.cfg.ReadFile == nil {
		p.cfg.ReadFile = os.ReadFile
	}
	// Most of a small unit's tokens come from its headers: the output
	// starts with room for those of the leading includes (which runPrefix
	// knows) and the rest, so that the slice is allocated once. A unit
	// has about a token per 5 bytes (one in ten, with other headers, more
	// than one per 2). After a cached state, the output follows the
	// state's tokens in one slice, with room for own and for as many as
	// the last unit that started from the state added (restore).
	own := len(src)/4 + 16
	p.reserve = own + int(headerTokens.Load())
	p.reserveCached = own + 48
	p.read = append(p.read, filename)
	// The unit's leading #include lines run before the unit's file is
	// registered, so that the positions in the headers they read do not
	// depend on the unit's size and a cached result of them can be reused.
	text := string(src)
	done := p.runPrefix(filename, leadingIncludes(text))
	prefix := p.outLen()

	main := p.newFile(filename, text, false, -1)
	p.files[filepath.Clean(filename)] = main
	p.mainFile = main
	p.push(main)
	p.skipIncludes(p.inputs[0], done)
	p.run()
	eof := p.eofToken
	eof.Flags = token.BOL
	if len(p.out) == cap(p.out) {
		p.grow()
	}
	p.out = append(p.out, eof)
	if n := int64(p.outLen() - own - prefix); n > 0 {
		// a moving estimate, leaning up: units of a project share headers
		old := headerTokens.Load()
		headerTokens.Store(max(n, (old*7+n)/8))
	}
	if s := p.restored; s != nil && p.restoredAll {
		s.after.Store(int64(max(p.outLen()-s.ntokens-own, 0)) + 1)
	}
	toks := p.tokens()
	return &Result{Tokens: toks, Diags: p.diags, Files: p.read, Macros: p.macros, Missing: p.missing, MissingAt: p.missingAt, Prefix: p.from}
}

// headerTokens estimates how many tokens a unit's headers other than its
// leading includes add, from the units preprocessed before (shared by
// concurrent calls; a stale value only costs a reallocation).
var headerTokens atomic.Int64

// runText preprocesses a synthetic file of directives (predefined and
// command-line macros), so that those macros have real positions.
func (p *pp) runText(name, text string) {
	f := p.newFile(name, text, true, -1)
	f.bundled = false
	p.push(f)
	p.run()
	p.out, p.full, p.nfull = p.out[:0], nil, 0
}

func (p *pp) newFile(name, src string, synthetic bool, dirIdx int) *srcFile {
	tf := p.fset.AddFile(name, -1, len(src))
	tf.SetLinesForContent([]byte(src))
	dir := filepath.Dir(name)
	if synthetic {
		dir = "."
	}
	f := &srcFile{name: name, dir: dir, src: src, tf: tf, dirIdx: dirIdx}
	p.added = append(p.added, f)
	return f
}

func (p *pp) push(f *srcFile) {
	in := &input{f: f, condBase: len(p.conds)}
	// Big sources may legitimately expand to many tokens; runaway macros
	// are caught by the per-invocation budget long before this one.
	p.total += 4 * len(f.src)
	in.lx.Init(f.tf, f.src, &p.diags)
	f.active++
	p.inputs = append(p.inputs, in)
}

// popInput closes the innermost file at its end.
func (p *pp) popInput() {
	in := p.inputs[len(p.inputs)-1]
	// one error for each of the innermost few: a file cut short (or
	// generated) may leave thousands open
	const maxUnterminated = 10
	unlisted := 0
	if n := len(p.conds) - in.condBase; n > maxUnterminated {
		unlisted = n - maxUnterminated
		p.conds = append(p.conds[:in.condBase+1], p.conds[len(p.conds)-maxUnterminated+1:]...)
	}
	for len(p.conds) > in.condBase {
		c := p.conds[len(p.conds)-1]
		if len(p.conds)-1 == in.condBase && unlisted > 0 {
			p.errorf(c.pos, "unterminated conditional directive (#if without #endif), with %d more inside it not listed", unlisted)
		} else {
			p.errorf(c.pos, "unterminated conditional directive (#if without #endif)")
		}
		p.conds = p.conds[:len(p.conds)-1]
		in.guard = guardNone
	}
	p.setSkip()
	if in.guard == guardAfter {
		in.f.guard = in.guardName
	}
	in.f.active--
	p.inputs = p.inputs[:len(p.inputs)-1]
}

func (p *pp) setSkip() {
	p.skip = len(p.conds) > 0 && p.conds[len(p.conds)-1].skipping
}

func (p *pp) errorf(pos token.Pos, format string, args ...any) {
	p.diags.Add(pos, p.spanEnd(pos), diag.Error, diag.RulePreprocessor, format, args...)
}

func (p *pp) warnf(pos token.Pos, format string, args ...any) {
	p.diags.Add(pos, p.spanEnd(pos), diag.Warning, diag.RulePreprocessor, format, args...)
}

// spanEnd returns the end of the token that starts at pos (a name, a
// number, a "..." or <...> header name, a directive's '#' with its name,
// else one character), so that a diagnostic covers what it is about; NoPos
// when pos is not in a file the preprocessor read. Diagnostics are rare,
// so the file is looked up by a scan.
func (p *pp) spanEnd(pos token.Pos) token.Pos {
	tf := p.fset.File(pos)
	if tf == nil {
		return gotoken.NoPos
	}
	var src string
	for _, files := range []map[string]*srcFile{p.files, p.bundled} {
		for _, f := range files {
			if f != nil && f.tf == tf {
				src = f.src
			}
		}
	}
	off := tf.Offset(pos)
	if off >= len(src) {
		return gotoken.NoPos
	}
	lineEnd := strings.IndexByte(src[off:], '\n')
	if lineEnd < 0 {
		lineEnd = len(src) - off
	}
	line := src[off : off+lineEnd]
	if line == "" {
		return pos
	}
	word := func(i int) int {
		number := i < len(line) && line[i] >= '0' && line[i] <= '9'
		for i < len(line) && (isIdentByte(line[i]) || number && line[i] == '.') {
			i++
		}
		return i
	}
	n := 1
	switch c := line[0]; {
	case isIdentByte(c):
		n = word(0)
	case c == '"' || c == '<':
		closing := byte('"')
		if c == '<' {
			closing = '>'
		}
		if i := strings.IndexByte(line[1:], closing); i >= 0 {
			n = i + 2
		}
	case c == '#':
		i := 1
		for i < len(line) && (line[i] == ' ' || line[i] == '\t') {
			i++
		}
		n = max(word(i), 1)
	}
	return tf.Pos(off + n)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// run copies tokens to the output, expanding macros, until the outermost
// input ends.
func (p *pp) run() {
	for {
		t := p.next()
		switch t.Kind {
		case token.EOF:
			p.eofToken = t
			last := len(p.inputs) == 1
			p.popInput()
			if last {
				return
			}
			continue
		case token.Ident:
			if t.Flags&token.NoExpand == 0 {
				if m := p.macros[t.Text]; m != nil {
					if p.expandOrMark(&t, m) {
						continue
					}
				} else if t.Text == "_Pragma" && p.pragmaOperator(&t) {
					break
				}
			}
			// After Berkeley UPC's "#pragma upc c_code" the file is C: the
			// UPC keywords are identifiers until "#pragma upc upc_code".
			if p.keywordOf[t.Text] && !(p.cCode && token.UPCKeywords[t.Text]) {
				t.Kind = token.Keyword
			}
		case token.Pragma:
			switch strings.Join(strings.Fields(t.Text), " ") {
			case "upc c_code":
				p.cCode = true
			case "upc upc_code":
				p.cCode = false
			}
		case token.Number:
			kind, msg := classifyNumber(t.Text)
			if msg != "" {
				p.errorf(t.SitePos(), "%s", msg)
			}
			t.Kind = kind
		}
		if p.carryBOL {
			t.Flags |= token.BOL
			p.carryBOL = false
		}
		if len(p.out) == cap(p.out) {
			p.grow()
		}
		p.out = append(p.out, t)
	}
}

// next returns the next token to rescan: from the innermost macro context,
// or from the current file once no context is left. Inside expandList it
// returns EOF at the end of the list instead of reading further.
func (p *pp) next() token.Token {
	for {
		n := len(p.ctx)
		if n == 0 {
			return p.fileNext()
		}
		c := &p.ctx[n-1]
		if c.i < len(c.toks) {
			c.i++
			return c.toks[c.i-1]
		}
		if n-1 == p.floor {
			return token.Token{Kind: token.EOF, Pos: p.eofPos()}
		}
		p.popContext()
	}
}

// peek returns the token next would return, without consuming it.
func (p *pp) peek() token.Token {
	for {
		n := len(p.ctx)
		if n == 0 {
			if !p.hasPending {
				p.pending = p.fileNext()
				p.hasPending = true
			}
			return p.pending
		}
		c := &p.ctx[n-1]
		if c.i < len(c.toks) {
			return c.toks[c.i]
		}
		if n-1 == p.floor {
			return token.Token{Kind: token.EOF, Pos: p.eofPos()}
		}
		p.popContext()
	}
}

func (p *pp) eofPos() token.Pos {
	if len(p.inputs) == 0 {
		return token.NoPos
	}
	return p.inputs[len(p.inputs)-1].lx.Pos(p.inputs[len(p.inputs)-1].lx.Offset())
}

func (p *pp) popContext() {
	c := &p.ctx[len(p.ctx)-1]
	if c.macro != nil {
		c.macro.disabled = false
	}
	if c.pooled {
		p.put(c.toks)
	}
	*c = context{}
	p.ctx = p.ctx[:len(p.ctx)-1]
}

// fileNext returns the next token of the current file, executing the
// directives it meets and dropping skipped groups. It returns EOF at the end
// of the current file (and again on later calls) without leaving it.
func (p *pp) fileNext() token.Token {
	if p.hasPending {
		p.hasPending = false
		return p.pending
	}
	for {
		in := p.inputs[len(p.inputs)-1]
		in.lx.Quiet = p.skip
		t := in.lx.Next()
		if t.Kind == token.Punct && t.Flags&token.BOL != 0 && t.Text == "#" {
			if pt, ok := p.directive(in, t); ok {
				return pt
			}
			continue
		}
		if t.Kind == token.EOF {
			return t
		}
		if p.skip {
			// Only directives matter in a skipped group.
			in.lx.SkipLine()
			continue
		}
		if in.guard != guardIn {
			in.guard = guardNone
		}
		return t
	}
}

// get returns an empty token slice from the pool.
func (p *pp) get() []token.Token {
	if n := len(p.pool); n > 0 {
		s := p.pool[n-1]
		p.pool = p.pool[:n-1]
		return s[:0]
	}
	return make([]token.Token, 0, 16)
}

// put returns s to the pool; huge buffers are left to the garbage collector.
func (p *pp) put(s []token.Token) {
	if cap(s) > 0 && cap(s) <= 1<<16 && len(p.pool) < 256 {
		p.pool = append(p.pool, s)
	}
}

// --- Include files ---

// resolve finds the file an #include names: "..." relative to the including
// file's directory, then the -I directories, then the bundled headers;
// <...> skips the first step. #include_next continues after the directory the
// including file was found in.
func (p *pp) resolve(from *srcFile, name string, angled, next bool) *srcFile {
	if filepath.IsAbs(name) {
		return p.disk(name, -1)
	}
	if !angled && !next {
		if from.bundled {
			if f := p.bundledFile(path.Join(from.dir, name)); f != nil {
				return f
			}
		} else if f := p.disk(filepath.Join(from.dir, name), -1); f != nil {
			return f
		}
	}
	start := 0
	if next {
		if from.bundled {
			return nil
		}
		start = from.dirIdx + 1
	}
	for i := start; i < len(p.cfg.IncludeDirs); i++ {
		if f := p.disk(filepath.Join(p.cfg.IncludeDirs[i], name), i); f != nil {
			return f
		}
	}
	return p.bundledFile(name)
}

// disk reads (once) the file at name.
func (p *pp) disk(name string, dirIdx int) *srcFile {
	name = filepath.Clean(name)
	if f, ok := p.files[name]; ok {
		return f
	}
	data, ok := p.ahead[name]
	var err error
	if !ok {
		data, err = p.cfg.ReadFile(name)
	}
	p.ahead = nil
	if err != nil {
		p.files[name] = nil
		return nil
	}
	f := p.newFile(name, string(data), false, dirIdx)
	p.files[name] = f
	p.read = append(p.read, name)
	return f
}

// bundledFile reads (once) the bundled header at name.
func (p *pp) bundledFile(name string) *srcFile {
	if p.cfg.Bundled == nil {
		return nil
	}
	name = path.Clean(name)
	if f, ok := p.bundled[name]; ok {
		return f
	}
	if !fs.ValidPath(name) {
		return nil
	}
	text, lines, ok := readBundled(p.cfg.Bundled, name)
	if !ok {
		p.bundled[name] = nil
		return nil
	}
	tf := p.fset.AddFile(BundledDir+"/"+name, -1, len(text))
	tf.SetLines(lines)
	f := &srcFile{name: BundledDir + "/" + name, src: text, tf: tf, dirIdx: -1}
	p.added = append(p.added, f)
	f.dir = path.Dir(name)
	f.bundled = true
	p.bundled[name] = f
	return f
}

// bundledTexts keeps the text and line offsets of the bundled headers
// read so far, by bundledKey: every unit whose leading includes were not
// cached reads and scans the same headers. The line offsets are shared by
// the files of every FileSet, as those of a restored state are (restore),
// and nothing changes them (a #line directive adds line information
// beside them).
var bundledTexts sync.Map

type bundledKey struct {
	fsys fs.FS
	name string
}

type bundledText struct {
	text  string
	lines []int
}

// readBundled returns the text of the bundled header name in fsys and its
// line offsets, from bundledTexts if fsys can be a map key.
func readBundled(fsys fs.FS, name string) (string, []int, bool) {
	cacheable := reflect.TypeOf(fsys).Comparable()
	if cacheable {
		if v, ok := bundledTexts.Load(bundledKey{fsys, name}); ok {
			b := v.(*bundledText)
			return b.text, b.lines, true
		}
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return "", nil, false
	}
	b := &bundledText{text: string(data), lines: lineOffsets(data)}
	if cacheable {
		bundledTexts.Store(bundledKey{fsys, name}, b)
	}
	return b.text, b.lines, true
}

// lineOffsets returns the offsets of the lines of src, as
// go/token.File.SetLinesForContent computes them.
func lineOffsets(src []byte) []int {
	var lines []int
	line := 0
	for offset, b := range src {
		if line >= 0 {
			lines = append(lines, line)
		}
		line = -1
		if b == '\n' {
			line = offset + 1
		}
	}
	return lines
}

// predefined returns the directives that define the predefined macros.
// The C11 keywords _Noreturn, _Thread_local and _Alignas, which GCC
// accepts in C99 mode and real code uses, are macros for their GNU
// spellings (the UPC 1.3 language is based on C99).
// UPC_MAX_BLOCK_SIZE is a macro, usable in #if (UPC 1.3 language
// specification, section UPC_MAX_BLOCK_SIZE), as with Berkeley UPC and GNU
// UPC; its value is types.MaxBlockSize. The library feature macros
// (__UPC_COLLECTIVE__, __UPC_NB__ ...) say which UPC 1.3 libraries the
// bundled headers declare; programs test them (#ifndef __UPC_NB__ #error).
// GCC and clang predeclare the type names __int128_t and __uint128_t; here
// they are macros for the __int128 types the parser knows. So are GCC's
// other type keywords: __complex__ is _Complex, and the interchange types
// of ISO/IEC TS 18661-3 (_Float32 ... _Float128, which glibc's headers use
// once __GNUC__ says GCC 7 or later) and __float128 are the standard type
// of their size (_Float16 is taken as float).
func predefined(staticThreads int) string {
	var b strings.Builder
	b.WriteString(`#define __STDC__ 1
#define __STDC_VERSION__ 199901L
#define __STDC_HOSTED__ 1
#define __UPC__ 1
#define __UPC_VERSION__ 201311L
#define UPC_MAX_BLOCK_SIZE 4194303
#define __UPC_COLLECTIVE__ 1
#define __UPC_TICK__ 1
#define __UPC_NB__ 1
#define __UPC_CASTABLE__ 1
#define __UPC_ATOMIC__ 1
#define __UPC_IO__ 1
#define __x86_64__ 1
#define __x86_64 1
#define __amd64__ 1
#define __amd64 1
#define __LP64__ 1
#define _LP64 1
#define __linux__ 1
#define __linux 1
#define __gnu_linux__ 1
#define __unix__ 1
#define __unix 1
#define __ELF__ 1
#define __CHAR_BIT__ 8
#define __SIZEOF_SHORT__ 2
#define __SIZEOF_INT__ 4
#define __SIZEOF_LONG__ 8
#define __SIZEOF_LONG_LONG__ 8
#define __SIZEOF_POINTER__ 8
#define __SIZEOF_FLOAT__ 4
#define __SIZEOF_DOUBLE__ 8
#define __SIZEOF_LONG_DOUBLE__ 16
#define __SIZEOF_SIZE_T__ 8
#define __SIZEOF_WCHAR_T__ 4
#define __SIZEOF_WINT_T__ 4
#define __SIZEOF_PTRDIFF_T__ 8
#define __SIZEOF_INT128__ 16
#define __int128_t __int128
#define __uint128_t unsigned __int128
#define __complex__ _Complex
#define _Float16 float
#define _Float32 float
#define _Float64 double
#define _Float32x double
#define _Float64x long double
#define _Float128 long double
#define __float128 long double
#define __float80 long double
#define __SCHAR_MAX__ 0x7f
#define __SHRT_MAX__ 0x7fff
#define __INT_MAX__ 0x7fffffff
#define __LONG_MAX__ 0x7fffffffffffffffL
#define __LONG_LONG_MAX__ 0x7fffffffffffffffLL
#define __WCHAR_MAX__ 0x7fffffff
#define __SIZE_MAX__ 0xffffffffffffffffUL
#define __PTRDIFF_MAX__ 0x7fffffffffffffffL
#define __INTMAX_MAX__ 0x7fffffffffffffffL
#define __UINTMAX_MAX__ 0xffffffffffffffffUL
#define __ORDER_LITTLE_ENDIAN__ 1234
#define __ORDER_BIG_ENDIAN__ 4321
#define __ORDER_PDP_ENDIAN__ 3412
#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__
#define _Noreturn __attribute__((__noreturn__))
#define _Thread_local __thread
#define _Alignas(x) __attribute__((__aligned__(x)))
`)
	if staticThreads > 0 {
		b.WriteString("#define __UPC_STATIC_THREADS__ 1\n#define THREADS ")
		b.WriteString(strconv.Itoa(staticThreads))
		b.WriteByte('\n')
	} else {
		b.WriteString("#define __UPC_DYNAMIC_THREADS__ 1\n")
	}
	return b.String()
}

// commandLine returns the directives for -D and -U.
func commandLine(cfg *Config) string {
	var b strings.Builder
	for _, d := range cfg.Defines {
		// A value cannot continue the directive on another line.
		d = strings.NewReplacer("\n", " ", "\r", " ").Replace(d)
		name, val, ok := strings.Cut(d, "=")
		if !ok {
			val = "1"
		}
		b.WriteString("#define " + name + " " + val + "\n")
	}
	for _, u := range cfg.Undefs {
		b.WriteString("#undef " + strings.TrimSpace(strings.ReplaceAll(u, "\n", " ")) + "\n")
	}
	return b.String()
}
