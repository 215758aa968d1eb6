package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

type runFlags struct {
	fe        frontEndFlags
	threads   int
	stats     bool
	statsJSON string
	profile   string
	net       string
	inject    bool
	check     bool
	timeout   string
	keep      string
	cc        string
	noFast    bool
	backend   string
}

func newRunCmd() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run [flags] file.upc... [-- args]",
		Short: "Translate a UPC program to C, build it and run it on the bundled runtime",
		Long: `run translates UPC source files to C, compiles them with the system C
compiler against the bundled UPC runtime and runs the program with -n threads.
Each thread's output is relayed line by line. The exit status is nonzero if any
thread failed (non-zero exit, crash, deadlock, barrier mismatch, timeout).

A program that cannot be built is not run and exits with status 2: when the
front end reports errors (syntax, typecheck, preprocessor; warnings do not stop
it), they are printed as "file:line:col: error: message [rule]" and nothing is
compiled; a C compiler failure is reported likewise.

Several files make one program (its translation units). As upcc does, each
file's directory is searched for #include <...> after the -I directories.
Arguments after "--" are passed to the program.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			files, progArgs := args, []string(nil)
			if n := cmd.ArgsLenAtDash(); n >= 0 {
				files, progArgs = args[:n], args[n:]
			}
			if len(files) == 0 {
				return &exitError{code: exitFailure, err: errors.New("no UPC source files")}
			}
			return runProgram(cmd.Context(), &f, files, progArgs, cmd.OutOrStdout(), cmd.ErrOrStderr())
		},
	}
	f.fe.register(cmd)
	fl := cmd.Flags()
	fl.IntVarP(&f.threads, "nthreads", "n", 4, "number of UPC threads `N`")
	fl.BoolVar(&f.stats, "stats", false, "print communication statistics as a table")
	fl.StringVar(&f.statsJSON, "stats-json", "", "write communication statistics as JSON to `file`")
	fl.StringVar(&f.profile, "profile", "", "write the communication profile as one self-contained HTML `file` (shaded source, thread-to-thread matrix, per-thread totals)")
	fl.StringVar(&f.net, "net", "", "network model `o=..,L=..,G=..` (o and L durations such as 0.3us, G in ns per byte)")
	fl.BoolVar(&f.inject, "inject", false, "delay remote operations by their modeled cost")
	fl.BoolVar(&f.check, "check", false, "runtime checks: shared array and allocation bounds, use after free, casts to local, bulk copy ranges, collective arguments")
	fl.StringVar(&f.timeout, "timeout", "", "stop the program after `T` (seconds, or a duration like 30s)")
	fl.StringVar(&f.keep, "keep", "", "keep the translated C in `dir`")
	fl.StringVar(&f.cc, "cc", "", "C `compiler` (default $CC, else cc; mpicc for --backend mpi)")
	fl.StringVar(&f.backend, "backend", "smp", "runtime `backend`: smp (processes sharing memory) or mpi (MPI-3 one-sided, started with mpirun; $UPCLINT_MPIRUN_FLAGS adds mpirun flags)")
	fl.BoolVar(&f.noFast, "no-fastloop", false, "no single-thread loop versions: upc_forall tests every iteration's affinity even with THREADS=1 (slower; as a compiler without that specialisation)")
	return cmd
}

// parseTimeout accepts plain seconds ("30", "1.5") or a Go duration ("30s").
func parseTimeout(s string) (time.Duration, error) {
	if s == "" {
		return 0, nil
	}
	if v, err := strconv.ParseFloat(s, 64); err == nil {
		return time.Duration(v * float64(time.Second)), nil
	}
	return time.ParseDuration(s)
}

// parseNet parses "o=0.3us,L=1.5us,G=0.08".
func parseNet(s string) (*runtime.NetModel, error) {
	if s == "" {
		return nil, nil
	}
	m := runtime.DefaultNet
	for _, part := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return nil, fmt.Errorf("--net: %q is not key=value", part)
		}
		switch k {
		case "o", "O", "L", "l":
			d, err := time.ParseDuration(v)
			if err != nil {
				f, ferr := strconv.ParseFloat(v, 64)
				if ferr != nil {
					return nil, fmt.Errorf("--net %s: %w", k, err)
				}
				d = time.Duration(f * float64(time.Microsecond)) // plain numbers are microseconds
			}
			if k == "o" || k == "O" {
				m.O = d
			} else {
				m.L = d
			}
		case "G", "g":
			f, err := strconv.ParseFloat(strings.TrimSuffix(v, "ns"), 64)
			if err != nil {
				return nil, fmt.Errorf("--net G: %w", err)
			}
			m.G = f
		default:
			return nil, fmt.Errorf("--net: unknown parameter %q (want o, L, G)", k)
		}
	}
	return &m, nil
}

// withSourceDir returns cfg with file's directory appended to the include
// directories: Berkeley upcc compiles each file with -I of its directory,
// and programs written for it include their headers with <...>.
func withSourceDir(cfg *grammar.Config, file string) *grammar.Config {
	c := *cfg
	c.IncludeDirs = append(append([]string(nil), cfg.IncludeDirs...), filepath.Dir(file))
	return &c
}

func runProgram(ctx context.Context, f *runFlags, files, progArgs []string, stdout, stderr io.Writer) error {
	if ctx == nil {
		ctx = context.Background()
	}
	timeout, err := parseTimeout(f.timeout)
	if err != nil {
		return &exitError{code: exitFailure, err: fmt.Errorf("--timeout: %w", err)}
	}
	if err := runtime.ValidBackend(f.backend); err != nil {
		return &exitError{code: exitFailure, err: fmt.Errorf("--backend: %w", err)}
	}
	net, err := parseNet(f.net)
	if err != nil {
		return &exitError{code: exitFailure, err: err}
	}
	if f.fe.threads > 0 && f.threads != f.fe.threads {
		if f.threads == 4 {
			f.threads = f.fe.threads
		} else {
			return &exitError{code: exitFailure, err: fmt.Errorf("-n %d differs from --threads %d", f.threads, f.fe.threads)}
		}
	}
	cfg := &grammar.Config{IncludeDirs: f.fe.includes, Defines: f.fe.defines, Undefs: f.fe.undefs, StaticThreads: f.fe.threads}
	units, err := translate.TranslateProgram(files, func(file string) *grammar.Config { return withSourceDir(cfg, file) },
		translate.Options{NoFastLoop: f.noFast, Check: f.check})
	var fe *translate.FrontEndError
	if errors.As(err, &fe) {
		for _, d := range fe.Diags {
			fmt.Fprintln(stderr, d)
		}
		return &exitError{code: exitFailure, err: fmt.Errorf("%s: not run: the front end reported %d error(s)", fe.File, len(fe.Diags))}
	}
	if err != nil {
		return &exitError{code: exitFailure, err: err}
	}
	var srcs []runtime.Source
	for _, pu := range units {
		name := strings.TrimSuffix(filepath.Base(pu.Path), filepath.Ext(pu.Path)) + ".c"
		srcs = append(srcs, runtime.Source{Name: name, Code: pu.C})
		if f.keep != "" {
			if err := os.MkdirAll(f.keep, 0o755); err != nil {
				return &exitError{code: exitFailure, err: err}
			}
			if err := os.WriteFile(filepath.Join(f.keep, name), pu.C, 0o644); err != nil {
				return &exitError{code: exitFailure, err: err}
			}
		}
	}
	if f.keep != "" {
		if err := runtime.RuntimeSources(f.keep); err != nil {
			return &exitError{code: exitFailure, err: err}
		}
	}
	bin, err := runtime.Build(ctx, srcs, runtime.BuildOptions{CC: f.cc, StaticThreads: f.fe.threads, Backend: f.backend})
	if err != nil {
		return &exitError{code: exitFailure, err: err}
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := runtime.Run(ctx, bin, runtime.Options{
		Threads: f.threads, Args: progArgs, Timeout: timeout, Net: net, Inject: f.inject, Check: f.check,
		Stdout: stdout, Stderr: stderr, Backend: f.backend,
	})
	if err != nil && res == nil {
		return &exitError{code: exitFailure, err: err}
	}
	if f.stats && res.Stats != nil {
		if err := printStats(stdout, res.Stats); err != nil {
			return &exitError{code: exitFailure, err: err}
		}
	}
	if f.statsJSON != "" && res.Stats != nil {
		b, _ := json.MarshalIndent(res.Stats, "", "  ")
		if err := os.WriteFile(f.statsJSON, append(b, '\n'), 0o644); err != nil {
			return &exitError{code: exitFailure, err: err}
		}
	}
	if f.profile != "" && res.Stats != nil {
		if err := writeProfile(ctx, f.profile, f, files, res.Stats); err != nil {
			return &exitError{code: exitFailure, err: fmt.Errorf("--profile: %w", err)}
		}
	}
	if rerr := res.Err(); rerr != nil {
		code := res.Status
		if code == 0 || code > 125 {
			code = 1
		}
		return &exitError{code: code}
	}
	return err
}

// printStats writes the per-thread and per-line counters of s as tables to w.
func printStats(w io.Writer, s *runtime.Stats) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "thread\tlocal rd\tlocal wr\tremote rd\tremote wr\tremote bytes\tbulk\tbulk bytes\tbarriers\tlocks\tcollectives\tmodeled ms\t")
	row := func(name string, c runtime.Counters) {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t\n", name, c.LocalReads, c.LocalWrites,
			c.RemoteReads, c.RemoteWrites, c.RemoteReadBytes+c.RemoteWriteBytes, c.BulkRemote+c.BulkLocal,
			c.BulkRemoteBytes+c.BulkLocalBytes, c.Barriers, c.LockOps, c.Collectives, c.CommNs/1e6)
	}
	for _, c := range s.PerThread {
		row(strconv.Itoa(c.Thread), c)
	}
	row("total", s.Total)
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(s.Lines) > 0 {
		lines := append([]runtime.LineStats(nil), s.Lines...)
		sort.SliceStable(lines, func(i, j int) bool {
			return lines[i].RemoteReads+lines[i].RemoteWrites+lines[i].Bulk > lines[j].RemoteReads+lines[j].RemoteWrites+lines[j].Bulk
		})
		fmt.Fprintln(w)
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "line\tremote rd\tremote wr\tremote bytes\tbulk\tbulk bytes\tthreads\t")
		for i, l := range lines {
			if i == 20 {
				break
			}
			fmt.Fprintf(tw, "%s:%d\t%d\t%d\t%d\t%d\t%d\t%d\t\n", filepath.Base(l.File), l.Line, l.RemoteReads, l.RemoteWrites,
				l.RemoteBytes, l.Bulk, l.BulkBytes, l.Threads)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	_, err := fmt.Fprintf(w, "modeled communication time: %v (o=%v L=%v G=%gns/B)\n", s.Modeled(),
		time.Duration(s.Net.ONs), time.Duration(s.Net.LNs), s.Net.GNsByte)
	return err
}
