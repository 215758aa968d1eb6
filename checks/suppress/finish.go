package suppress

import (
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
)

// Settings say where Finish takes the configuration and the comments of
// files from.
type Settings struct {
	// Analysed returns the configuration finding i was analysed with (the
	// configuration of its translation unit); nil, or a nil result, keeps
	// the finding's severity.
	Analysed func(i int) *config.Effective
	// Config returns the configuration of a file: an unusedignore finding
	// takes its severity from the configuration of the file that holds
	// the comment. Nil: the defaults.
	Config func(path string) *config.Effective
	// Enabled reports whether rule ran for the file path: a suppression
	// of a rule that did not run is not unused. Nil: Config(path) says.
	Enabled func(path, rule string) bool
	// Read reads a file for its suppression comments.
	Read func(string) ([]byte, error)
	// Comments, if set, holds the comments of the files already read.
	Comments *Index
}

// Finish is the post-processing of the findings of an analysis shared by
// upclint check, the language server and upclint fix: each finding takes
// the severity that the configuration it was analysed with gives its rule;
// suppression comments silence findings and add unusedignore findings
// (see Apply), which take the severity the configuration of their file
// gives unusedignore. units are the translation units analysed. The
// result is in report order.
func Finish(findings []checks.Finding, units []string, s Settings) []checks.Finding {
	if s.Analysed != nil {
		for i := range findings {
			if e := s.Analysed(i); e != nil {
				findings[i].Severity = e.Severity(findings[i].Rule, findings[i].Severity)
			}
		}
	}
	conf := func(path string) *config.Effective {
		if s.Config == nil {
			return nil
		}
		return s.Config(path)
	}
	enabled := s.Enabled
	if enabled == nil {
		enabled = func(path, rule string) bool {
			e := conf(path)
			return e == nil || e.Enabled(rule)
		}
	}
	if s.Comments != nil {
		findings = s.Comments.Apply(findings, units, s.Read, enabled)
	} else {
		findings = Apply(findings, units, s.Read, enabled)
	}
	for i := range findings {
		if f := &findings[i]; f.Rule == Rule {
			if e := conf(f.Pos.Path); e != nil {
				f.Severity = e.Severity(f.Rule, f.Severity)
			}
		}
	}
	return findings
}
