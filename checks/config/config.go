// Package config reads upclint's project configuration file, .upclint.yaml:
//
//	include: [include, third_party/upc]   # -I, relative to this file
//	define: [N=1024]                      # -D
//	undefine: [DEBUG]                     # -U
//	threads: 8                            # --threads
//	extensions: [.upc, .c]                # --ext, for directories
//	validate-mask: ['\bper sweep\b']      # fix --validate: more timing clauses
//	exclude: ["generated/**", "*.gen.upc"]
//	enable: [syntax, typecheck]           # only these (front-end rules stay on)
//	disable: [preprocessor]
//	rules:
//	  preprocessor: {enabled: false}
//	  typecheck: {severity: warning}
//	overrides:
//	  - paths: ["legacy/**"]
//	    rules: {typecheck: {severity: note}}
//
// The file that applies to a source file is the nearest one in its
// directory or above (nearest wins; files are not merged), unless --config
// names one. Unknown or duplicate keys, unknown rules, ill-typed values,
// YAML syntax errors and a second YAML document are errors that carry the
// file, line and column. Paths and globs are relative to the
// directory of the configuration file; "**" matches any number of
// directories, a glob without "/" matches a file name at any depth, and a
// glob matching a directory covers everything below it.
package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// FileName is the name of the configuration file.
const FileName = ".upclint.yaml"

// RuleSettings configures one rule; nil fields keep the default.
type RuleSettings struct {
	Enabled  *bool
	Severity *diag.Severity
}

// Override applies rule settings to the files matching one of Paths.
type Override struct {
	Paths []string
	Rules map[string]RuleSettings
}

// Settings are the front-end settings that a configuration file gives and
// that the effective configuration of a source file carries.
type Settings struct {
	Include    []string
	Define     []string
	Undefine   []string
	Threads    int
	Extensions []string
	Exclude    []string
	// ValidateMask are regular expressions naming the output clauses
	// whose numbers fix --validate lets differ (times, rates).
	ValidateMask []string
}

// clone returns a copy of s that shares no slice with it.
func (s Settings) clone() Settings {
	return Settings{Include: slices.Clone(s.Include), Define: slices.Clone(s.Define),
		Undefine: slices.Clone(s.Undefine), Threads: s.Threads, Extensions: slices.Clone(s.Extensions),
		Exclude: slices.Clone(s.Exclude), ValidateMask: slices.Clone(s.ValidateMask)}
}

// File is one parsed configuration file.
type File struct {
	Path string // as found (relative to the working directory when below it); "" for none
	Settings
	Enable    []string
	Disable   []string
	Rules     map[string]RuleSettings
	Overrides []Override
}

// Error is a problem in a configuration file, at a position.
type Error struct {
	Path      string
	Line, Col int
	Msg       string
}

func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.Path, e.Msg)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// Load reads and parses a configuration file.
func Load(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse parses the contents of a configuration file named path.
func Parse(path string, data []byte) (*File, error) {
	f := &File{Path: path}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return f, nil // empty file
		}
		return nil, syntaxError(path, err)
	}
	var next yaml.Node
	if err := dec.Decode(&next); !errors.Is(err, io.EOF) {
		if err != nil {
			return nil, syntaxError(path, err)
		}
		return nil, &Error{Path: path, Line: next.Line, Col: next.Column,
			Msg: "a second YAML document: the configuration is one document"}
	}
	if len(doc.Content) == 0 {
		return f, nil // a document of comments only
	}
	p := &parser{path: path}
	root := doc.Content[0]
	if !p.mapping(root, "a mapping") {
		return nil, p.err
	}
	for i := 0; i+1 < len(root.Content) && p.err == nil; i += 2 {
		k, v := root.Content[i], root.Content[i+1]
		switch k.Value {
		case "include":
			f.Include = p.strings(v)
		case "define":
			f.Define = p.strings(v)
		case "undefine":
			f.Undefine = p.strings(v)
		case "threads":
			if err := v.Decode(&f.Threads); err != nil || v.Tag != "!!int" || f.Threads < 0 {
				p.fail(v, "threads must be a non-negative integer")
			}
		case "extensions":
			f.Extensions = p.strings(v)
			for j, e := range f.Extensions {
				if !strings.HasPrefix(e, ".") {
					p.fail(v.Content[j], fmt.Sprintf("extension %q must start with '.'", e))
				}
			}
		case "exclude":
			f.Exclude = p.globs(v)
		case "validate-mask":
			f.ValidateMask = p.regexps(v)
		case "enable":
			f.Enable = p.ruleNames(v)
		case "disable":
			f.Disable = p.ruleNames(v)
		case "rules":
			f.Rules = p.rules(v)
		case "overrides":
			f.Overrides = p.overrides(v)
		default:
			p.unknown(k, "include, define, undefine, threads, extensions, exclude, validate-mask, enable, disable, rules, overrides")
		}
	}
	if p.err != nil {
		return nil, p.err
	}
	return f, nil
}

type parser struct {
	path string
	err  *Error
}

func (p *parser) fail(n *yaml.Node, msg string) {
	if p.err == nil {
		p.err = &Error{Path: p.path, Line: n.Line, Col: n.Column, Msg: msg}
	}
}

func (p *parser) unknown(k *yaml.Node, known string) {
	p.fail(k, fmt.Sprintf("unknown key %q (known keys: %s)", k.Value, known))
}

// yamlLine matches the position yaml.v3 puts in front of its syntax errors.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): `)

// syntaxError turns a YAML syntax error into an Error at its line.
func syntaxError(path string, err error) *Error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{Path: path, Line: line, Col: 1, Msg: msg[len(m[0]):]}
	}
	return &Error{Path: path, Msg: strings.TrimPrefix(msg, "yaml: ")}
}

// mapping checks that n is a mapping without duplicate keys.
func (p *parser) mapping(n *yaml.Node, what string) bool {
	if !p.expect(n, yaml.MappingNode, what) {
		return false
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if seen[k.Value] {
			p.fail(k, fmt.Sprintf("duplicate key %q", k.Value))
			return false
		}
		seen[k.Value] = true
	}
	return true
}

func (p *parser) expect(n *yaml.Node, kind yaml.Kind, what string) bool {
	if n.Kind != kind {
		p.fail(n, "expected "+what)
		return false
	}
	return true
}

func (p *parser) strings(n *yaml.Node) []string {
	if !p.expect(n, yaml.SequenceNode, "a list of strings") {
		return nil
	}
	out := make([]string, 0, len(n.Content))
	for _, e := range n.Content {
		if !p.expect(e, yaml.ScalarNode, "a string") {
			return nil
		}
		out = append(out, e.Value)
	}
	return out
}

func (p *parser) globs(n *yaml.Node) []string {
	gs := p.strings(n)
	for i, g := range gs {
		if _, err := path.Match(strings.ReplaceAll(g, "**", "*"), ""); err != nil {
			p.fail(n.Content[i], fmt.Sprintf("bad glob %q: %v", g, err))
		}
	}
	return gs
}

func (p *parser) regexps(n *yaml.Node) []string {
	res := p.strings(n)
	for i, r := range res {
		if _, err := regexp.Compile(r); err != nil {
			p.fail(n.Content[i], fmt.Sprintf("bad regular expression %q: %v", r, err))
		}
	}
	return res
}

func (p *parser) ruleName(n *yaml.Node) bool {
	if checks.Lookup(n.Value) == nil {
		p.fail(n, fmt.Sprintf("unknown rule %q (see upclint rules)", n.Value))
		return false
	}
	return true
}

func (p *parser) ruleNames(n *yaml.Node) []string {
	names := p.strings(n)
	for i := range names {
		p.ruleName(n.Content[i])
	}
	return names
}

func (p *parser) rules(n *yaml.Node) map[string]RuleSettings {
	if !p.mapping(n, "a mapping from rule names to settings") {
		return nil
	}
	out := map[string]RuleSettings{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if !p.ruleName(k) || !p.mapping(v, "a mapping (enabled, severity)") {
			return nil
		}
		var rs RuleSettings
		for j := 0; j+1 < len(v.Content); j += 2 {
			rk, rv := v.Content[j], v.Content[j+1]
			switch rk.Value {
			case "enabled":
				var b bool
				if err := rv.Decode(&b); err != nil {
					p.fail(rv, "enabled must be true or false")
					return nil
				}
				rs.Enabled = &b
			case "severity":
				s, ok := ParseSeverity(rv.Value)
				if !ok || rv.Kind != yaml.ScalarNode {
					p.fail(rv, fmt.Sprintf("severity must be error, warning or note, not %q", rv.Value))
					return nil
				}
				rs.Severity = &s
			default:
				p.unknown(rk, "enabled, severity")
				return nil
			}
		}
		out[k.Value] = rs
	}
	return out
}

func (p *parser) overrides(n *yaml.Node) []Override {
	if !p.expect(n, yaml.SequenceNode, "a list of overrides") {
		return nil
	}
	var out []Override
	for _, e := range n.Content {
		if !p.mapping(e, "an override (paths, rules)") {
			return nil
		}
		var o Override
		for j := 0; j+1 < len(e.Content); j += 2 {
			k, v := e.Content[j], e.Content[j+1]
			switch k.Value {
			case "paths":
				o.Paths = p.globs(v)
			case "rules":
				o.Rules = p.rules(v)
			default:
				p.unknown(k, "paths, rules")
			}
		}
		if p.err != nil {
			return nil
		}
		if len(o.Paths) == 0 {
			p.fail(e, "an override needs paths")
			return nil
		}
		out = append(out, o)
	}
	return out
}

// ParseSeverity parses "error", "warning" or "note".
func ParseSeverity(s string) (diag.Severity, bool) {
	switch s {
	case "error":
		return diag.Error, true
	case "warning":
		return diag.Warning, true
	case "note":
		return diag.Note, true
	}
	return 0, false
}

// Find returns the nearest configuration file in dir or above, or "".
// The result is relative to the working directory when it lies below it.
func Find(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		p := filepath.Join(abs, FileName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return relToWD(p)
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return ""
		}
		abs = parent
	}
}

func relToWD(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}

// Resolver finds and caches the configuration of source files.
type Resolver struct {
	// Fixed, when set (--config), applies to every file.
	Fixed *File

	mu    sync.Mutex
	files map[string]*File // by configuration path
	dirs  map[string]string
}

// NewResolver returns a resolver that finds each file's nearest
// configuration file or, when file is not empty (--config), applies that
// one to every file.
func NewResolver(file string) (*Resolver, error) {
	r := &Resolver{}
	if file != "" {
		f, err := Load(file)
		if err != nil {
			return nil, err
		}
		r.Fixed = f
	}
	return r, nil
}

// For returns the configuration file that applies to the source file path:
// Fixed, or the nearest one, or an empty File when there is none.
func (r *Resolver) For(path string) (*File, error) {
	if r.Fixed != nil {
		return r.Fixed, nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.files == nil {
		r.files, r.dirs = map[string]*File{}, map[string]string{}
	}
	dir := filepath.Dir(path)
	cf, ok := r.dirs[dir]
	if !ok {
		cf = Find(dir)
		r.dirs[dir] = cf
	}
	if cf == "" {
		return &File{}, nil
	}
	if f, ok := r.files[cf]; ok {
		return f, nil
	}
	f, err := Load(cf)
	if err != nil {
		return nil, err
	}
	r.files[cf] = f
	return f, nil
}

// Dir is the directory paths in the file are relative to.
func (f *File) Dir() string {
	if f.Path == "" {
		return "."
	}
	return filepath.Dir(f.Path)
}

// Effective is the configuration of one source file: the front-end
// settings and every rule's enablement and severity.
type Effective struct {
	ConfigFile string // "" when none applies
	Settings          // Include holds absolute paths or paths relative to the working directory
	Rules      map[string]RuleState
}

// RuleState is a rule's effective setting.
type RuleState struct {
	Enabled  bool
	Severity diag.Severity // the rule's default unless SeveritySet
	// SeveritySet is true when the configuration sets the severity; it then
	// replaces the severity of every finding of the rule (the front end may
	// report a rule's findings at several severities).
	SeveritySet bool
}

// For computes the effective configuration of the source file path.
func (f *File) For(path string) *Effective {
	e := &Effective{ConfigFile: f.Path, Settings: f.clone(), Rules: map[string]RuleState{}}
	if len(e.Extensions) == 0 {
		e.Extensions = []string{".upc"}
	}
	for i, d := range e.Include {
		if !filepath.IsAbs(d) {
			e.Include[i] = filepath.Join(f.Dir(), d)
		}
	}
	for _, r := range checks.Rules() {
		on := !slices.Contains(f.Disable, r.Name) &&
			(len(f.Enable) == 0 || r.Kind == checks.KindFrontEnd || slices.Contains(f.Enable, r.Name))
		e.Rules[r.Name] = RuleState{Enabled: on, Severity: r.Severity}
	}
	apply := func(rules map[string]RuleSettings) {
		for name, rs := range rules {
			st := e.Rules[name]
			if rs.Enabled != nil {
				st.Enabled = *rs.Enabled
			}
			if rs.Severity != nil {
				st.Severity, st.SeveritySet = *rs.Severity, true
			}
			e.Rules[name] = st
		}
	}
	apply(f.Rules)
	for _, o := range f.Overrides {
		if f.matchAny(o.Paths, path) {
			apply(o.Rules)
		}
	}
	return e
}

// Enabled reports whether rule is enabled; unknown rules are.
func (e *Effective) Enabled(rule string) bool {
	st, ok := e.Rules[rule]
	return !ok || st.Enabled
}

// Severity returns the severity of a finding of rule reported at def.
func (e *Effective) Severity(rule string, def diag.Severity) diag.Severity {
	if st, ok := e.Rules[rule]; ok && st.SeveritySet {
		return st.Severity
	}
	return def
}

// RulesKey identifies the rule settings, so that files with the same
// settings can be analysed together.
func (e *Effective) RulesKey() string {
	var b strings.Builder
	for _, r := range checks.Rules() {
		st := e.Rules[r.Name]
		fmt.Fprintf(&b, "%s=%t/%d/%t;", r.Name, st.Enabled, st.Severity, st.SeveritySet)
	}
	return b.String()
}

// Excluded reports whether path matches one of the file's exclude globs.
func (f *File) Excluded(path string) bool { return f.matchAny(f.Exclude, path) }

// matchAny reports whether path (a source file) matches one of globs,
// taken relative to the configuration file's directory.
func (f *File) matchAny(globs []string, p string) bool {
	if len(globs) == 0 {
		return false
	}
	absDir, err1 := filepath.Abs(f.Dir())
	absP, err2 := filepath.Abs(p)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(absDir, absP)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return false
	}
	rel = filepath.ToSlash(rel)
	for _, g := range globs {
		if Match(g, rel) {
			return true
		}
	}
	return false
}

// Match reports whether the slash-separated relative path rel matches the
// glob g: "**" matches any number of path elements, a glob without "/"
// matches the name of any element, and a glob matching a directory
// matches everything below it.
func Match(g, rel string) bool {
	g = strings.TrimPrefix(strings.TrimSuffix(g, "/"), "./")
	if !strings.Contains(g, "/") {
		g = "**/" + g
	}
	return matchParts(strings.Split(g, "/"), strings.Split(rel, "/"))
}

func matchParts(g, p []string) bool {
	if len(g) == 0 {
		return true // a directory matched: everything below it too
	}
	if g[0] == "**" {
		for i := 0; i <= len(p); i++ {
			if matchParts(g[1:], p[i:]) {
				return true
			}
		}
		return false
	}
	if len(p) == 0 {
		return false
	}
	ok, err := path.Match(g[0], p[0])
	return err == nil && ok && matchParts(g[1:], p[1:])
}
