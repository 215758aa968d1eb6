package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
)

// FrontEnd holds the compiler-like settings of the command line (-I, -D,
// -U, --threads) and the rules forced on or off (--enable, --disable);
// they add to each file's configuration.
type FrontEnd struct {
	Include  []string
	Define   []string
	Undefine []string
	Threads  int      // static THREADS; 0 means dynamic
	Enable   []string // rules to run even if the configuration disables them
	Disable  []string // rules not to run
}

// CheckRules reports an unknown rule name in Enable or Disable.
func (f *FrontEnd) CheckRules() error {
	for _, name := range slices.Concat(f.Enable, f.Disable) {
		if checks.Lookup(name) == nil {
			return fmt.Errorf("unknown rule %q in --enable/--disable (see upclint rules)", name)
		}
	}
	return nil
}

// CheckThreads reports a negative Threads.
func (f *FrontEnd) CheckThreads() error {
	if f.Threads < 0 {
		return fmt.Errorf("--threads must be positive, got %d", f.Threads)
	}
	return nil
}

// Options combines a file's effective configuration, its compilation
// database entry (nil when none) and f into the driver's options. Include
// directories are searched in the order f, database, configuration file;
// macros are applied in the order configuration file, database, f (so -D
// redefines, and an undefine is dropped when a later source defines the
// name, as a compiler processes -D and -U in order); static THREADS comes from f, else the database, else the
// configuration file.
func (f *FrontEnd) Options(e *config.Effective, db *buildinfo.Entry, jobs int) *checks.Options {
	o := &checks.Options{Jobs: jobs}
	var dbInc, dbDef, dbUndef []string
	if db != nil {
		dbInc, dbDef, dbUndef = db.Include, db.Define, db.Undefine
	}
	o.Config.IncludeDirs = slices.Concat(f.Include, dbInc, e.Include)
	o.Config.Defines = slices.Concat(e.Define, dbDef, f.Define)
	// The preprocessor applies undefines after defines: keep only those
	// that no later source defines again.
	o.Config.Undefs = slices.Concat(
		undefinedAfter(e.Undefine, dbDef, f.Define),
		undefinedAfter(dbUndef, f.Define),
		f.Undefine)
	o.Config.StaticThreads = e.Threads
	if db != nil && db.Threads > 0 {
		o.Config.StaticThreads = db.Threads
	}
	if f.Threads > 0 {
		o.Config.StaticThreads = f.Threads
	}
	o.Enabled = func(rule string) bool {
		switch {
		case slices.Contains(f.Disable, rule):
			return false
		case slices.Contains(f.Enable, rule):
			return true
		}
		return e.Enabled(rule)
	}
	return o
}

// undefinedAfter returns the names of undefs that none of the later
// definitions (NAME, NAME=VALUE or NAME(args)=VALUE) defines again.
func undefinedAfter(undefs []string, later ...[]string) []string {
	var kept []string
	for _, u := range undefs {
		redefined := false
		for _, defs := range later {
			for _, d := range defs {
				if macroName(d) == u {
					redefined = true
				}
			}
		}
		if !redefined {
			kept = append(kept, u)
		}
	}
	return kept
}

// macroName is the name a -D argument defines.
func macroName(def string) string {
	if i := strings.IndexAny(def, "=("); i >= 0 {
		return def[:i]
	}
	return def
}
