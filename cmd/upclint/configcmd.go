package main

import (
	"github.com/spf13/cobra"

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
			r, err := config.NewResolver(configFile)
			if err != nil {
				return fail(err)
			}
			f, err := r.For(path)
			if err != nil {
				return fail(err)
			}
			f.For(path).Print(cmd.OutOrStdout())
			return nil
		},
	}
	cmd.Flags().StringVar(&configFile, "config", "", "use configuration `file` instead of the nearest .upclint.yaml")
	return cmd
}
