package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/fixes"
)

// fixFlags are fix's flags beyond the front end's.
type fixFlags struct {
	fe              frontEndFlags
	files           filesFlags
	unsafe          bool
	rules           []string
	diff            bool
	validate        bool
	validateMain    string
	validateThreads []int
	validateMask    []string
	exactOutput     bool
	allowCostlier   bool
	net             string
	cc              string
	backend         string
	report          string
}

func newFixCmd() *cobra.Command {
	var ff fixFlags
	cmd := &cobra.Command{
		Use:   "fix [flags] [paths...]",
		Short: "Apply the rules' suggested fixes to UPC files",
		Long: `Apply the rules' suggested rewrites to UPC files.

Paths are chosen as by "upclint check". Only safe fixes are applied unless
--unsafe is given. The fixes of each file are merged; overlapping fixes are
resolved in finding order and the file is analysed again until no fix is
left (5 rounds, not counting a round that left a fix out for overlapping
another; 100 at most), so a second run changes nothing. Files are written
atomically with their mode and line endings kept; a file with a syntax
error is never edited. --diff prints a unified diff and writes nothing.

--validate runs the original and the fixed program of each changed file on
the bundled runtime (translated to C and built with the C compiler) with
THREADS 1, 2, 3, 4 and 8 (--validate-threads); a fixed text is kept only
if every thread's output and exit status match and it communicates no more
than the original (remote operations, bytes and modeled time with each
THREADS count; the report says by how much when it does), and no fix's
own lines communicate more than they did. Output lines
compare exactly except the numbers in the clauses of a line that report a
time or a rate ("time = 0.12 seconds", "80 MB/s", "elapsed 3ms"; a clause
ends at , ; | or a tab), and those of a table's rows under a heading that
names a time or a rate ("Rate (MB/s)", "Latency (us)"). A line that still differs is compared with up to
four more runs of the original: where the original's own runs differ, the
fixed program may print one of their versions, or numbers that differ only
where theirs do. The report lists the lines so masked, and a line that
differs in anything else is a mismatch. --validate-mask names more
such clauses (also validate-mask in .upclint.yaml), --validate-exact masks
nothing; --validate-allow-costlier keeps fixes that communicate more. When a file's fixes fail
together, they are tried again one at a time in the order they were
applied (each added to those kept so far, at most 8 extra validations per
file): the fixes that pass are kept, the others are reported with their
rule, line and first differing output line. The report gives, per file and
per kept fix, the communication (remote operations, bytes, modeled time)
before and after; a fix's figures are those of the source lines it
rewrites, from the runtime's per-line statistics at the largest THREADS.
A file without main is linked with --validate-main.

Exit status:
  0  nothing left to fix: no finding remains
  1  findings remain (or, with --diff, fixes would be applied)
  2  the tool could not do its job (bad flag, unreadable or unwritable file)`,
		Example: `  upclint fix kernel.upc
  upclint fix --diff --rules forall src/
  upclint fix --unsafe --validate --validate-threads 1,2,4 kernel.upc`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFix(cmd, &ff, args)
		},
	}
	ff.fe.register(cmd)
	ff.files.register(cmd, "fix", "fix")
	fl := cmd.Flags()
	fl.BoolVar(&ff.unsafe, "unsafe", false, "also apply fixes that need review")
	fl.StringSliceVar(&ff.rules, "rules", nil, "apply only the fixes of these `rules` (comma-separated)")
	fl.BoolVar(&ff.diff, "diff", false, "print a unified diff of the fixes and write nothing")
	fl.BoolVar(&ff.validate, "validate", false, "run original and fixed programs on the bundled runtime; keep the fixes whose outputs match")
	fl.StringVar(&ff.validateMain, "validate-main", "", "link `file` (with main) when validating a file that has no main")
	fl.IntSliceVar(&ff.validateThreads, "validate-threads", nil, "THREADS `counts` for --validate (default 1,2,3,4,8)")
	fl.StringArrayVar(&ff.validateMask, "validate-mask", nil, "a `regexp` naming more output clauses whose numbers --validate lets differ (repeatable; times and rates are masked by default)")
	fl.BoolVar(&ff.exactOutput, "validate-exact", false, "--validate compares every output line exactly (no timing mask)")
	fl.BoolVar(&ff.allowCostlier, "validate-allow-costlier", false, "--validate keeps fixes that communicate more than the original (collectives that pay off beyond the THREADS counts run)")
	fl.StringVar(&ff.net, "net", "", "network model of --validate's statistics `o=..,L=..,G=..` (default o=0.3us,L=1.5us,G=0.08ns/B)")
	fl.StringVar(&ff.cc, "cc", "", "C `compiler` for --validate (default $CC, else cc)")
	fl.StringVar(&ff.backend, "backend", "smp", "runtime `backend` of --validate: smp or mpi (MPI-3, started with mpirun)")
	fl.StringVar(&ff.report, "report", "", "write an HTML `file`: per fix the diff and, with --validate, the communication of both versions shaded line by line")
	return cmd
}

func runFix(cmd *cobra.Command, ff *fixFlags, args []string) error {
	net, err := parseNet(ff.net)
	if err != nil {
		return fail(err)
	}
	f, err := fixes.New(fixes.Settings{FrontEnd: ff.fe.frontEnd(), ConfigFile: ff.files.configFile, Extensions: ff.files.exts,
		Jobs: ff.files.jobs, Unsafe: ff.unsafe, Rules: ff.rules,
		Validate: ff.validate, ValidateOptions: fixes.ValidateOptions{Main: ff.validateMain,
			Threads: ff.validateThreads, Net: net, CC: ff.cc, Backend: ff.backend,
			MaskPatterns: ff.validateMask, ExactOutput: ff.exactOutput, AllowCostlier: ff.allowCostlier},
		Progress: ff.files.progressBar(cmd)})
	if err != nil {
		return fail(err)
	}
	if err := ff.files.check(); err != nil {
		return fail(err)
	}
	out, err := f.Fix(cmd.Context(), args)
	if err != nil {
		return fail(err)
	}
	code, err := out.Write(cmd.OutOrStdout(), cmd.ErrOrStderr(), ff.diff)
	if err != nil {
		return fail(err)
	}
	if ff.report != "" {
		if err := out.WriteReportFile(ff.report); err != nil {
			return fail(fmt.Errorf("--report: %w", err))
		}
	}
	if code != exitOK {
		return &exitError{code: code}
	}
	return nil
}
