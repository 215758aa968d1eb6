package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
)

func newConfigCmd() *cobra.Command {
	var configFile string
	cmd := &cobra.Command{
		Use:   "config [file]",
		Short: "Print the effective configuration for a file",
		Long: `Print the configuration that "upclint check" uses for a source file (by
default a file in the current directory): the configuration file that
applies (the nearest .upclint.yaml in the file's directory or above, or
--config), the front-end settings and every rule's enablement and severity
after overrides. The output is YAML.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			path := "_.upc"
			if len(args) == 1 {
				path = args[0]
			}
			r, err := newResolver(configFile)
			if err != nil {
				return fail(err)
			}
			f, err := r.For(path)
			if err != nil {
				return fail(err)
			}
			printEffective(cmd.OutOrStdout(), f.For(path))
			return nil
		},
	}
	cmd.Flags().StringVar(&configFile, "config", "", "use configuration `file` instead of the nearest .upclint.yaml")
	return cmd
}

func printEffective(w io.Writer, e *config.Effective) {
	if e.ConfigFile == "" {
		fmt.Fprintln(w, "# no configuration file")
	} else {
		fmt.Fprintf(w, "# configuration: %s\n", e.ConfigFile)
	}
	list := func(key string, vals []string) {
		quoted := make([]string, len(vals))
		for i, v := range vals {
			quoted[i] = fmt.Sprintf("%q", v)
		}
		fmt.Fprintf(w, "%s: [%s]\n", key, strings.Join(quoted, ", "))
	}
	list("include", e.Include)
	list("define", e.Define)
	list("undefine", e.Undefine)
	fmt.Fprintf(w, "threads: %d\n", e.Threads)
	list("extensions", e.Extensions)
	list("exclude", e.Exclude)
	fmt.Fprintln(w, "rules:")
	for _, r := range checks.Rules() {
		st := e.Rules[r.Name]
		fmt.Fprintf(w, "  %s: {enabled: %t, severity: %s}\n", r.Name, st.Enabled, st.Severity)
	}
}
