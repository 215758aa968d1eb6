package cpp

import (
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/lexer"
	"github.com/upclint/upclint/grammar/token"
)

// Most units begin with a few #include lines of bundled headers (<upc.h>,
// <stdio.h>, ...), and preprocessing those headers is most of the work of
// a small unit. What they produce depends only on the command line and on
// the headers named, so Preprocess runs a unit's leading #include lines
// before it registers the unit's own file in the FileSet: the headers then
// get the same positions in every unit, and the state after each leading
// #include (macros, tokens, diagnostics, the files registered with their
// line tables) can be kept in a PrefixCache and reused by the next unit
// that starts with the same lines, as a precompiled header would be.
//
// A leading #include is one of the unit's first directives, before any
// other token, of the form #include "name" or <name>, whose lexing reports
// nothing. The leading includes run one at a time, and stop (the rest of the
// unit is preprocessed as usual) before an #include that names a file on
// disk or a missing header. A state is kept only if it read no file through
// Config.ReadFile, and then it records the paths it looked for in vain; a
// unit reuses it only if they are still absent.

// maxLeading bounds the leading includes considered.
const maxLeading = 64

// PrefixCache keeps the preprocessor states after the leading #include
// lines of units, for the units that follow. It is safe for concurrent use;
// its states are never modified once stored.
type PrefixCache struct {
	mu      sync.Mutex
	off     bool
	limit   int // tokens kept, at most (roughly 48 bytes each)
	tokens  int
	entries map[prefixKey]*prefixState
	hits    int
}

// NoPrefixCache is a PrefixCache that keeps nothing.
var NoPrefixCache = &PrefixCache{off: true}

// NewPrefixCache returns an empty cache that keeps up to about limit tokens
// (<= 0 means 1<<21), counting what later stages attach to its states
// (Attach); when full, it is emptied.
func NewPrefixCache(limit int) *PrefixCache {
	if limit <= 0 {
		limit = 1 << 21
	}
	return &PrefixCache{limit: limit, entries: make(map[prefixKey]*prefixState)}
}

// Hits reports how many times a state was reused.
func (c *PrefixCache) Hits() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}

type prefixKey struct {
	bundled any // Config.Bundled
	text    string
}

func (c *PrefixCache) get(k prefixKey) *prefixState {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.entries[k]
}

func (c *PrefixCache) hit() {
	c.mu.Lock()
	c.hits++
	c.mu.Unlock()
}

func (c *PrefixCache) put(k prefixKey, s *prefixState) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[k]; ok {
		return
	}
	n := len(s.out) + 16
	if c.tokens+n > c.limit {
		c.empty()
		if n > c.limit {
			return
		}
	}
	c.entries[k] = s
	s.cache = c
	c.tokens += n
}

// empty drops every state, as a long-running server moving between
// projects starts over. c.mu is held.
func (c *PrefixCache) empty() {
	clear(c.entries)
	c.tokens = 0
}

// prefixState is the preprocessor's state after some leading includes.
// The tokens and files are those added since the state it grew from, so
// that the states of longer prefixes do not repeat their parents'.
type prefixState struct {
	parent   *prefixState
	ntokens  int       // tokens produced, with the parents'
	nfiles   int       // files registered, with the parents'
	files    []fileRec // the files registered after the parent's, in order
	bundled  []bundledRec
	probes   []string // paths looked for through Config.ReadFile and not found
	macros   map[string]*Macro
	stack    map[string][]*Macro
	out      []token.Token // the tokens produced after the parent's
	diags    diag.List
	reported map[token.Pos]bool
	eof      token.Token

	counter, includes, includedBytes, total, budget int
	topSite                                         token.Pos
	topName                                         string
	cCode, carryBOL, exceeded                       bool
	overrunReported, totalReported, deepReported    bool

	// attached is what later stages derived from the tokens (Attach).
	attached atomic.Pointer[any]
	units    atomic.Int32 // units that started from the state
	cache    *PrefixCache // the cache that keeps the state, if any
	// after is 1 + how many tokens beyond its estimate of its own the last
	// unit that restored the state added (the tokens of the includes after
	// the leading ones restored), or 0
	after atomic.Int64
}

// Prefix is a cached preprocessor state that a unit started from: the
// first Tokens() tokens of its Result are those of every unit that starts
// from it, at the same positions. Later stages attach what they derive
// from those tokens (the parsed declarations) to it, and so share it as
// long as the state is kept.
type Prefix = prefixState

// Tokens reports how many tokens the state produced.
func (s *prefixState) Tokens() int { return s.ntokens }

// Units reports how many units started from s, or from a state grown from
// s, so far (the current one included): a later stage may keep what it
// derives only for a state that serves more than one unit.
func (s *prefixState) Units() int { return int(s.units.Load()) }

// Parent returns the state s grew from (after fewer leading includes), or
// nil.
func (s *prefixState) Parent() *Prefix { return s.parent }

// Attached returns the value attached to s, or nil.
func (s *prefixState) Attached() any {
	if v := s.attached.Load(); v != nil {
		return *v
	}
	return nil
}

// Attach attaches v to s unless a value is attached already, and returns
// the value attached. Values must not be modified once attached: concurrent
// units read them. cost is v's size in tokens' worth of memory, which
// counts towards the limit of the cache that keeps s.
func (s *prefixState) Attach(v any, cost int) any {
	if !s.attached.CompareAndSwap(nil, &v) {
		return s.Attached()
	}
	if c := s.cache; c != nil {
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.tokens += cost; c.tokens > c.limit {
			c.empty()
		}
	}
	return v
}

type fileRec struct {
	name, dir string
	src       string
	bundled   bool
	lines     []int
}

type bundledRec struct {
	name  string
	file  int // index in files; -1: no such header
	guard string
	once  bool
}

// leadInclude is a leading #include line.
type leadInclude struct {
	name   string
	angled bool
}

// leadingIncludes returns the leading #include lines of src, lexed as the
// unit's own lexer will lex them.
func leadingIncludes(src string) []leadInclude {
	var diags diag.List
	var lx lexer.Lexer
	lx.Init(nil, src, &diags)
	var incs []leadInclude
	var line []token.Token
	for len(incs) < maxLeading {
		hash := lx.Next()
		if hash.Kind != token.Punct || hash.Text != "#" || hash.Flags&token.BOL == 0 || lx.AtLineEnd() {
			break
		}
		if name := lx.Next(); name.Kind != token.Ident || name.Text != "include" {
			break
		}
		line = line[:0]
		for !lx.AtLineEnd() {
			line = append(line, lx.Next())
		}
		if len(diags) > 0 || len(line) == 0 || line[0].Kind != token.String && !line[0].Is("<") {
			break
		}
		name, angled, ok := headerName(line)
		if !ok {
			break
		}
		incs = append(incs, leadInclude{name, angled})
	}
	return incs
}

// skipIncludes reads the first n directives of the unit's file, the leading
// includes runPrefix has run, as directive would.
func (p *pp) skipIncludes(in *input, n int) {
	if n == 0 {
		return
	}
	in.guard = guardNone // an #include came first
	lx := &in.lx
	for range n {
		lx.Next()
		lx.AtLineEnd()
		lx.Next()
		for !lx.AtLineEnd() {
			lx.Next()
		}
	}
}

// runPrefix defines the predefined and command-line macros and runs the
// leading includes incs of the unit filename, reusing and filling the
// cache. It returns how many of incs it ran.
func (p *pp) runPrefix(filename string, incs []leadInclude) int {
	c := p.cfg.Prefixes
	if c != nil && (c.off || p.cfg.Bundled != nil && !reflect.TypeOf(p.cfg.Bundled).Comparable()) {
		c = nil
	}
	var keys []prefixKey
	if c != nil {
		keys = p.prefixKeys(filename, incs)
	}
	done := -1
	for j := len(keys) - 1; j >= 0; j-- {
		if s := c.get(keys[j]); s != nil && p.absent(s.probes) {
			p.restore(s, j == len(incs))
			c.hit()
			done = j
			break
		}
	}
	if done < 0 {
		p.defineBuiltins()
		p.runText("<built-in>", predefined(p.cfg.StaticThreads))
		if cl := commandLine(&p.cfg); cl != "" {
			p.runText("<command-line>", cl)
		}
		done = 0
		p.out = make([]token.Token, 0, p.reserve)
		if c != nil && p.reusable() {
			c.put(keys[0], p.snapshot())
		}
	}
	from := &srcFile{dir: filepath.Dir(filename), dirIdx: -1}
	for done < len(incs) {
		if !p.leadingInclude(from, incs[done]) {
			break
		}
		done++
		if c == nil {
			continue
		}
		if !p.reusable() {
			break
		}
		c.put(keys[done], p.snapshot())
	}
	// every state on the way counts the unit: a later stage keeps what it
	// derives for a state that leads to several units, though each of them
	// may go on with includes of its own
	for s := p.from; s != nil; s = s.parent {
		s.units.Add(1)
	}
	return done
}

// prefixKeys returns the cache keys of the states after the first j leading
// includes, for j from 0 to len(incs).
func (p *pp) prefixKeys(filename string, incs []leadInclude) []prefixKey {
	var b strings.Builder
	b.WriteString(strconv.Itoa(p.fset.Base()))
	b.WriteString("\x00")
	b.WriteString(strconv.Itoa(p.cfg.StaticThreads))
	for _, list := range [][]string{p.cfg.Defines, p.cfg.Undefs, p.cfg.IncludeDirs} {
		b.WriteString("\x01")
		for _, s := range list {
			b.WriteString(strconv.Quote(s))
		}
	}
	keys := make([]prefixKey, 0, len(incs)+1)
	keys = append(keys, prefixKey{p.cfg.Bundled, b.String()})
	quoted := false
	for _, inc := range incs {
		if inc.angled {
			b.WriteString("\x02<")
		} else {
			b.WriteString("\x02\"")
			if !quoted {
				// "name" is looked for next to the unit first
				quoted = true
				b.WriteString(strconv.Quote(filepath.Dir(filename)))
			}
		}
		b.WriteString(strconv.Quote(inc.name))
		keys = append(keys, prefixKey{p.cfg.Bundled, b.String()})
	}
	return keys
}

// leadingInclude runs the leading include inc as the unit's #include
// would, reporting false (having done nothing) if it does not name a
// bundled header.
func (p *pp) leadingInclude(from *srcFile, inc leadInclude) bool {
	f := p.resolveLeading(from, inc.name, inc.angled)
	if f == nil {
		return false
	}
	if p.guarded(f) {
		return true
	}
	if p.includes+1 > maxIncludes || p.includedBytes+len(f.src) > maxIncludedBytes {
		return false
	}
	p.includes++
	p.includedBytes += len(f.src)
	p.outer = 1
	p.push(f)
	p.run()
	p.outer = 0
	return true
}

// resolveLeading is resolve for a leading include, without reading a file
// it finds on disk: it returns nil for one, as for a missing header.
func (p *pp) resolveLeading(from *srcFile, name string, angled bool) *srcFile {
	if filepath.IsAbs(name) {
		return nil
	}
	var paths []string
	if !angled {
		paths = append(paths, filepath.Join(from.dir, name))
	}
	for _, dir := range p.cfg.IncludeDirs {
		paths = append(paths, filepath.Join(dir, name))
	}
	for _, path := range paths {
		path = filepath.Clean(path)
		if f, ok := p.files[path]; ok {
			if f != nil {
				return nil
			}
			continue
		}
		if data, err := p.cfg.ReadFile(path); err == nil {
			p.ahead = map[string][]byte{path: data} // disk reads it next
			return nil
		}
		p.files[path] = nil
	}
	return p.bundledFile(name)
}

// reusable reports whether the current state, between two leading
// includes, may serve other units: it depends on nothing but the key.
func (p *pp) reusable() bool {
	if len(p.read) != 1 || len(p.missing) > 0 || p.lineInfo || p.baseUsed ||
		len(p.inputs) > 0 || len(p.ctx) > 0 || p.hasPending || len(p.conds) > 0 || p.floor != -1 {
		return false
	}
	for _, f := range p.files {
		if f != nil {
			return false
		}
	}
	return true
}

// absent reports whether none of paths can be read now.
func (p *pp) absent(paths []string) bool {
	for _, path := range paths {
		if _, err := p.cfg.ReadFile(path); err == nil {
			return false
		}
	}
	return true
}

// snapshot returns a copy of the current state. The macros become shared:
// this unit too copies one before changing it.
func (p *pp) snapshot() *prefixState {
	s := &prefixState{
		parent:          p.from,
		ntokens:         p.outLen(),
		nfiles:          len(p.added),
		macros:          maps.Clone(p.macros),
		diags:           slices.Clone(p.diags),
		reported:        maps.Clone(p.reported),
		eof:             p.eofToken,
		counter:         p.counter,
		includes:        p.includes,
		includedBytes:   p.includedBytes,
		total:           p.total,
		budget:          p.budget,
		topSite:         p.topSite,
		topName:         p.topName,
		cCode:           p.cCode,
		carryBOL:        p.carryBOL,
		exceeded:        p.exceeded,
		overrunReported: p.overrunReported,
		totalReported:   p.totalReported,
		deepReported:    p.deepReported,
	}
	for _, m := range s.macros {
		if !m.shared {
			m.shared = true
		}
	}
	if p.macroStack != nil {
		s.stack = make(map[string][]*Macro, len(p.macroStack))
		for k, v := range p.macroStack {
			s.stack[k] = slices.Clone(v)
			for _, m := range v {
				if m != nil && !m.shared {
					m.shared = true
				}
			}
		}
	}
	for i := range s.diags {
		s.diags[i].Related = slices.Clip(s.diags[i].Related)
	}
	var ntokens, nfiles int
	if s.parent != nil {
		ntokens, nfiles = s.parent.ntokens, s.parent.nfiles
	}
	s.out = p.outFrom(ntokens)
	index := make(map[*srcFile]int, len(p.added))
	for i, f := range p.added {
		index[f] = i
		if i >= nfiles {
			s.files = append(s.files, fileRec{name: f.name, dir: f.dir, src: f.src, bundled: f.bundled, lines: f.tf.Lines()})
		}
	}
	for name, f := range p.bundled {
		r := bundledRec{name: name, file: -1}
		if f != nil {
			r.file, r.guard, r.once = index[f], f.guard, f.once
		}
		s.bundled = append(s.bundled, r)
	}
	for path := range p.files {
		s.probes = append(s.probes, path)
	}
	slices.Sort(s.probes)
	p.from = s
	return s
}

// outLen reports how many tokens the unit has, with those of the state
// restored.
func (p *pp) outLen() int { return p.outBase + p.nfull + len(p.out) }

// grow makes room in the full output for more tokens. The output grows by
// chunks, each as large as half the tokens so far after the state
// restored, which are copied once into one slice at the end (tokens), not
// every time the output grows.
func (p *pp) grow() {
	if len(p.out) > 0 {
		p.full = append(p.full, p.out)
		p.nfull += len(p.out)
	}
	p.out = make([]token.Token, 0, max((p.outLen()-p.outBase)/2, 1024))
}

// outFrom returns a new slice of the tokens after the first i, which
// must not be those of the state restored.
func (p *pp) outFrom(i int) []token.Token {
	toks := make([]token.Token, 0, p.outLen()-i)
	i -= p.outBase
	for _, c := range p.full {
		if i < len(c) {
			toks = append(toks, c[max(i, 0):]...)
		}
		i -= len(c)
	}
	return append(toks, p.out[max(i, 0):]...)
}

// tokens returns the unit's tokens: those of the state restored, if any,
// and the output after them, in a slice of their size (it lives as long
// as the unit, File.Tokens).
func (p *pp) tokens() []token.Token {
	if n := p.outLen(); p.restored != nil && len(p.full) == 0 && cap(p.whole) >= n && cap(p.whole)-n <= n/4 {
		return p.whole[:n] // the output fitted after the state's tokens
	}
	if p.restored == nil && len(p.full) == 0 {
		// give back a slack of more than a quarter for one copy
		if cap(p.out)-len(p.out) > len(p.out)/4 {
			p.out = append(make([]token.Token, 0, len(p.out)), p.out...)
		}
		return p.out
	}
	toks := make([]token.Token, p.outBase, p.outLen())
	if p.whole != nil {
		copy(toks, p.whole[:p.outBase])
	} else if p.restored != nil {
		p.copyRestored(toks, p.restored)
	}
	for _, c := range p.full {
		toks = append(toks, c...)
	}
	toks = append(toks, p.out...)
	if p.scratch {
		// the output was copied: its largest chunk serves the next unit
		big := p.out
		for _, c := range p.full {
			clear(c)
			if cap(c) > cap(big) {
				big = c
			}
		}
		clear(p.out)
		outPool.Put(&big)
		p.out, p.full, p.scratch = nil, nil, false
	}
	return toks
}

// outPool keeps output buffers (*[]token.Token, cleared) that units after a
// restored state wrote their tokens to before tokens copied them: a unit
// that does not know how many tokens will follow the state's fills one,
// which the next unit reuses instead of allocating its own.
var outPool sync.Pool

// scratchOut returns an empty output buffer of at least n tokens from
// outPool, or a new one.
func scratchOut(n int) []token.Token {
	if b, ok := outPool.Get().(*[]token.Token); ok && cap(*b) >= n {
		return (*b)[:0]
	}
	return make([]token.Token, 0, n)
}

// copyRestored copies the tokens of s and its parents into toks, and
// returns toks.
func (p *pp) copyRestored(toks []token.Token, s *prefixState) []token.Token {
	for x := s; x != nil; x = x.parent {
		n := 0
		if x.parent != nil {
			n = x.parent.ntokens
		}
		copy(toks[n:x.ntokens], x.out)
	}
	return toks
}

// restore sets the state of a fresh preprocessor to s, registering its
// files in the FileSet with the same positions as when s was taken. all
// tells whether s ran all the unit's leading includes.
func (p *pp) restore(s *prefixState, all bool) {
	var chain []*prefixState
	for x := s; x != nil; x = x.parent {
		chain = append(chain, x)
	}
	// The state's tokens are copied into the unit's slice, followed by
	// the output while it has room: as much as the last unit that started
	// from s with nothing more to include first added (the same includes
	// further down, most likely), and the unit's own. Otherwise what will
	// follow is not known: the output starts apart, and tokens joins them.
	p.restoredAll = all
	if n := s.after.Load(); n > 0 && all {
		room := p.reserveCached + int(n-1)
		p.whole = p.copyRestored(make([]token.Token, s.ntokens, s.ntokens+room), s)
		p.out = p.whole[s.ntokens:]
	} else {
		p.out = scratchOut(p.reserveCached)
		p.scratch = true
	}
	p.restored, p.outBase = s, s.ntokens
	for _, x := range slices.Backward(chain) {
		for _, r := range x.files {
			tf := p.fset.AddFile(r.name, -1, len(r.src))
			tf.SetLines(r.lines)
			p.added = append(p.added, &srcFile{name: r.name, dir: r.dir, src: r.src, bundled: r.bundled, dirIdx: -1, tf: tf})
		}
	}
	p.from = s
	for _, r := range s.bundled {
		var f *srcFile
		if r.file >= 0 {
			f = p.added[r.file]
			f.guard, f.once = r.guard, r.once
		}
		p.bundled[r.name] = f
	}
	for _, path := range s.probes {
		p.files[path] = nil
	}
	p.macros = maps.Clone(s.macros)
	if s.stack != nil {
		p.macroStack = make(map[string][]*Macro, len(s.stack))
		for k, v := range s.stack {
			p.macroStack[k] = slices.Clone(v)
		}
	}
	p.diags = slices.Clone(s.diags)
	for i := range p.diags {
		p.diags[i].Related = slices.Clip(p.diags[i].Related)
	}
	p.reported = maps.Clone(s.reported)
	p.eofToken = s.eof
	p.counter, p.includes, p.includedBytes, p.total, p.budget = s.counter, s.includes, s.includedBytes, s.total, s.budget
	p.topSite, p.topName = s.topSite, s.topName
	p.cCode, p.carryBOL, p.exceeded = s.cCode, s.carryBOL, s.exceeded
	p.overrunReported, p.totalReported, p.deepReported = s.overrunReported, s.totalReported, s.deepReported
}
