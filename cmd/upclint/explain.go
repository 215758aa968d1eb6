package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/docs"
)

func newExplainCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "explain RULE",
		Short: "Print a rule's documentation: what it reports, why, examples, fixes, limits",
		Args:  cobra.ExactArgs(1),
		ValidArgsFunction: func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
			return docs.RuleNames(), cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			page, ok := docs.Rule(args[0])
			if !ok || checks.Lookup(args[0]) == nil {
				return &exitError{exitFailure, fmt.Errorf("unknown rule %q (rules: %s)", args[0], strings.Join(ruleNames(), ", "))}
			}
			fmt.Fprint(cmd.OutOrStdout(), page)
			return nil
		},
	}
}
