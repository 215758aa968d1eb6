package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
)

func newConfigCmd() *cobra.Command {
	var configFile, buildPath string
	cmd := &cobra.Command{
		Use:   "config [file]",
		Short: "Print the effective configuration for a file",
		Long: `Print the configuration that "upclint check" uses for a source file (by
default a file in the current directory): the configuration file that
applies (the nearest .upclint.yaml in the file's directory or above, or
--config), the front-end settings and every rule's enablement and severity
after overrides, then the compilation database found for the file (in its
directory or above, or their build/; or -p) and the settings of its entry.
The output is YAML.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := "_.upc"
			if len(args) == 1 {
				path = args[0]
			}
			r, err := config.NewResolver(configFile)
			if err != nil {
				return fail(err)
			}
			f, err := r.For(path)
			if err != nil {
				return fail(err)
			}
			f.For(path).Print(cmd.OutOrStdout())
			var db *buildinfo.DB
			if buildPath != "" {
				db, err = buildinfo.Load(buildPath)
			} else {
				db, err = buildinfo.NewFinder().For(path)
			}
			if err != nil {
				return fail(err)
			}
			printEntry(cmd.OutOrStdout(), db, path)
			return nil
		},
	}
	cmd.Flags().StringVar(&configFile, "config", "", "use configuration `file` instead of the nearest .upclint.yaml")
	cmd.Flags().StringVarP(&buildPath, "build-path", "p", "", "read `dir`/compile_commands.json instead of the one found above the file")
	return cmd
}

// printEntry prints the compilation database of path and its entry for
// the file, in the YAML of config's output.
func printEntry(w io.Writer, db *buildinfo.DB, path string) {
	if db == nil {
		fmt.Fprintln(w, "# no compilation database")
		return
	}
	fmt.Fprintf(w, "# compilation database: %s\n", db.Path)
	e := db.Lookup(path)
	if e == nil {
		fmt.Fprintln(w, "# (no entry for this file)")
		return
	}
	q := func(vals []string) string {
		out := make([]string, len(vals))
		for i, v := range vals {
			out[i] = fmt.Sprintf("%q", v)
		}
		return "[" + strings.Join(out, ", ") + "]"
	}
	fmt.Fprintf(w, "compile_command: {compiler: %q, include: %s, define: %s, undefine: %s, threads: %d}\n",
		e.Compiler, q(e.Include), q(e.Define), q(e.Undefine), e.Threads)
}
