// Package grammar is the front end of upclint: it preprocesses, parses and
// type-checks one UPC translation unit. The pieces live in sub-packages
// (lexer, cpp, parser, ast, types, headers); Load runs them in order.
package grammar

import (
	"cmp"
	gotoken "go/token"
	"path"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/grammar/types"
)

// Config is what a translation unit needs besides its text: the settings of
// the compiler command line that built it.
type Config struct {
	IncludeDirs   []string // -I, searched in order
	Defines       []string // -D NAME or NAME=VALUE, in command-line order
	Undefs        []string // -U NAME
	StaticThreads int      // --threads N; 0 means dynamic THREADS
	// ReadFile reads source files and headers; nil means os.ReadFile. The
	// language server passes a function that prefers unsaved editor buffers.
	ReadFile func(path string) ([]byte, error)
	// Prefixes keeps the preprocessed leading #include lines of bundled
	// headers for the units that follow; nil means one cache shared by the
	// process, cpp.NoPrefixCache none.
	Prefixes *cpp.PrefixCache
}

// sharedPrefixes is the cache of Config.Prefixes when it is nil.
var sharedPrefixes = cpp.NewPrefixCache(0)

// Unit is a loaded translation unit.
type Unit struct {
	Fset  *gotoken.FileSet
	File  *ast.File
	Info  *types.Info
	Diags diag.List // front-end diagnostics, sorted by position
	Files []string  // every file read (the source and its headers)
}

// Load preprocesses, parses and type-checks src (the contents of filename).
// It never fails: problems are diagnostics, and the tree covers every
// top-level declaration that parsed.
func Load(fset *gotoken.FileSet, filename string, src []byte, cfg *Config) *Unit {
	if cfg == nil {
		cfg = &Config{}
	}
	pp := cpp.Preprocess(fset, filename, src, &cpp.Config{
		IncludeDirs:   cfg.IncludeDirs,
		Defines:       cfg.Defines,
		Undefs:        cfg.Undefs,
		StaticThreads: cfg.StaticThreads,
		ReadFile:      cfg.ReadFile,
		Bundled:       headers.FS,
		Prefixes:      cmp.Or(cfg.Prefixes, sharedPrefixes),
	})
	u := &Unit{Fset: fset, Files: pp.Files}
	u.Diags = append(u.Diags, pp.Diags...)
	lib := libraryDecl(fset)
	deferDecl := func(t *token.Token) bool { return lib.at(t.SitePos()) }
	// Units that start with the same leading includes share the parse of
	// their tokens, kept from the second such unit on (most command lines
	// and include lists serve one unit). A unit whose own list serves no
	// other shares the parse of fewer of its includes (<upc.h> and
	// <stdio.h>, say) if that serves others.
	var file *ast.File
	var pdiags diag.List
	at, shared := (*cpp.Prefix)(nil), (*parser.Prefix)(nil)
	for s := pp.Prefix; s != nil && at == nil; s = s.Parent() {
		switch v := s.Attached().(type) {
		case *parser.Prefix:
			at, shared = s, v
		case nil:
			if s.Units() > 1 {
				at = s
			}
		}
	}
	if at != nil {
		var from *parser.Prefix // a parse to build on: that of fewer includes
		for s := at.Parent(); shared == nil && s != nil && from == nil; s = s.Parent() {
			from, _ = s.Attached().(*parser.Prefix)
		}
		var built *parser.Prefix
		file, pdiags, built = parser.ParsePrefixed(fset, filename, pp.Tokens, deferDecl, at.Tokens(), shared, from)
		switch {
		case built != nil:
			// tokens, positions, declarations: about two tokens' worth
			// of memory per token
			at.Attach(built, 2*built.Tokens())
		case shared == nil:
			// the tokens do not parse apart from what follows them: the
			// next units need not try again
			at.Attach(unparsed{}, 0)
		}
	} else {
		file, pdiags = parser.ParseFileDeferring(fset, filename, pp.Tokens, deferDecl)
	}
	u.File = file
	u.Diags = append(u.Diags, pdiags...)
	info, tdiags := types.Check(fset, file, &types.Config{StaticThreads: cfg.StaticThreads, Lazy: lib.decl, Missing: pp.Missing, Partial: len(pdiags) > 0})
	u.Info = info
	u.Diags = append(u.Diags, tdiags...)
	if len(info.Hidden) > 0 {
		// the names a missing header would declare are notes of its warning
		for i := range u.Diags {
			if d := &u.Diags[i]; d.Pos == pp.MissingAt && d.Rule == diag.RulePreprocessor {
				d.Related = append(d.Related, info.Hidden...)
				break
			}
		}
	}
	u.Diags.Sort()
	return u
}

// unparsed is attached to a cached preprocessor state whose tokens could
// not be parsed apart from the rest of a unit (parser.ParsePrefixed).
type unparsed struct{}

// libraryDecl selects the declarations of the bundled C library headers
// (<stdio.h>, <math.h>, ...), which the parser leaves unparsed and
// types.Check checks only if the unit uses what they declare: a unit uses a
// few of their hundreds of declarations, and the rest would be most of a
// small unit's time and memory. So are Berkeley's extensions (bupc*.h),
// which <upc.h> makes visible as Berkeley UPC does. The UPC headers
// (upc*.h) are few lines and are checked whole: rules and the translator
// look at their declarations.
func libraryDecl(fset *gotoken.FileSet) *library {
	return &library{fset: fset}
}

// library tells positions in the bundled C library headers; declarations
// come in runs from one file, so it remembers the last file it looked up.
type library struct {
	fset *gotoken.FileSet
	last *gotoken.File
	lib  bool
}

// at reports whether pos is in a bundled C library header.
func (l *library) at(pos gotoken.Pos) bool {
	if l.last == nil || int(pos) < l.last.Base() || int(pos) > l.last.Base()+l.last.Size() {
		l.last = l.fset.File(pos)
		l.lib = false
		if l.last != nil {
			name, ok := strings.CutPrefix(l.last.Name(), cpp.BundledDir+"/")
			base := path.Base(name)
			l.lib = ok && !strings.HasPrefix(base, "upc")
		}
	}
	return l.lib
}

// decl reports whether d is in a bundled C library header.
func (l *library) decl(d *ast.Decl) bool { return l.at(d.Start()) }
