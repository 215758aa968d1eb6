package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
)

// ruleNames lists the registered rules.
func ruleNames() []string {
	var names []string
	for _, r := range checks.Rules() {
		names = append(names, r.Name)
	}
	return names
}

// completeWords completes a flag value from a fixed list.
func completeWords(words ...string) cobra.CompletionFunc {
	return func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return words, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeList completes the last element of a comma-separated list of
// words (--enable a,b,<TAB>), keeping what was typed before it.
func completeList(words func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		done := ""
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			done = toComplete[:i+1]
		}
		var out []string
		for _, w := range words() {
			out = append(out, done+w)
		}
		return out, cobra.ShellCompDirectiveNoFileComp
	}
}

// completeFormat completes --format: a format name, or after "name:" a
// file.
func completeFormat(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	if strings.Contains(toComplete, ":") {
		return nil, cobra.ShellCompDirectiveDefault
	}
	return report.Formats, cobra.ShellCompDirectiveNoFileComp
}

// completeSources completes the paths of check and fix: UPC files and
// directories.
func completeSources(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
	return []string{"upc"}, cobra.ShellCompDirectiveFilterFileExt
}

// flagCompletions are the value completions of flags, by name, for every
// command that has the flag.
var flagCompletions = map[string]cobra.CompletionFunc{
	"format":   completeFormat,
	"fail-on":  completeWords("error", "warning", "note", "none"),
	"color":    completeWords("auto", "always", "never"),
	"progress": completeWords("auto", "always", "never"),
	"enable":   completeList(ruleNames),
	"disable":  completeList(ruleNames),
	"rules":    completeList(ruleNames),
	"ext":      completeList(func() []string { return []string{".upc", ".c", ".h"} }),
	"config": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return []string{"yaml", "yml"}, cobra.ShellCompDirectiveFilterFileExt
	},
	"build-path": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	},
	"include": func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	},
}

// registerCompletions adds the completion command and shell completions
// to the commands of root: flag values, rule names, and UPC files as the
// paths of check and fix.
func registerCompletions(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, cmd := range root.Commands() {
		for name, fn := range flagCompletions {
			if cmd.Flags().Lookup(name) != nil {
				_ = cmd.RegisterFlagCompletionFunc(name, fn)
			}
		}
		switch cmd.Name() {
		case "completion":
			// An unknown shell is an error, not the command's help.
			cmd.RunE = func(cmd *cobra.Command, args []string) error {
				if len(args) == 0 {
					return cmd.Help()
				}
				return fmt.Errorf("unknown shell %q (want bash, zsh, fish or powershell)", args[0])
			}
		case "check", "fix":
			cmd.ValidArgsFunction = completeSources
		case "dump":
			cmd.ValidArgsFunction = func(c *cobra.Command, args []string, s string) ([]string, cobra.ShellCompDirective) {
				if len(args) == 0 {
					return []string{"ast", "cfg", "ssa"}, cobra.ShellCompDirectiveNoFileComp
				}
				return completeSources(c, args, s)
			}
		}
	}
}
