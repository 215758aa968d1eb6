package main

import (
	"context"
	"errors"
	"os"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/lsp"
)

func newLSPCmd() *cobra.Command {
	var logFile string
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server on standard input and output",
		Long: `Run upclint's language server (LSP 3.17) on standard input and output:
live diagnostics, quick fixes, layout hovers, go-to-definition and document
symbols in any editor with an LSP client. See docs/editors.md for setup.

Settings come from the editor (initializationOptions or
workspace/didChangeConfiguration: includeDirs, defines, undefines, threads,
enable, disable, debounceMs) and from .upclint.yaml files.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) (rerr error) {
			logw := cmd.ErrOrStderr()
			if logFile != "" {
				f, err := os.OpenFile(logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
				if err != nil {
					return &exitError{exitFailure, err}
				}
				defer func() {
					if err := f.Close(); err != nil && rerr == nil {
						rerr = &exitError{exitFailure, err}
					}
				}()
				logw = f
			}
			srv := lsp.NewServer(lsp.Options{Version: version, Log: logw})
			err := srv.Serve(context.Background(), cmd.InOrStdin(), cmd.OutOrStdout())
			switch {
			case err == nil:
				return nil
			case errors.Is(err, lsp.ErrExitWithoutShutdown):
				return &exitError{code: 1}
			default:
				return &exitError{exitFailure, err}
			}
		},
	}
	cmd.Flags().StringVar(&logFile, "log", "", "append the server's log to `file` instead of standard error")
	return cmd
}
