package pipeline

import (
	"fmt"
	"slices"

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
// redefines); static THREADS comes from f, else the database, else the
// configuration file.
func (f *FrontEnd) Options(e *config.Effective, db *buildinfo.Entry, jobs int) *checks.Options {
	o := &checks.Options{Jobs: jobs}
	var dbInc, dbDef, dbUndef []string
	if db != nil {
		dbInc, dbDef, dbUndef = db.Include, db.Define, db.Undefine
	}
	o.Config.IncludeDirs = slices.Concat(f.Include, dbInc, e.Include)
	o.Config.Defines = slices.Concat(e.Define, dbDef, f.Define)
	o.Config.Undefs = slices.Concat(e.Undefine, dbUndef, f.Undefine)
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
