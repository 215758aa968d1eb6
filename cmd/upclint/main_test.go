package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"upclint": main})
}

// TestScripts runs the command-line scenarios in testdata/script: each
// .txtar file runs upclint and compares its output and exit status.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script"})
}
