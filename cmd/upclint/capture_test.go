package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestCaptureCorpus captures real Makefiles of the development corpus
// (UPCLINT_CORPUS, the Berkeley UPC 2.x test tree) with no UPC compiler
// installed, each copied to the script's work directory, and checks the
// captured files with the database: testdata/capture-corpus.
func TestCaptureCorpus(t *testing.T) {
	corpus := os.Getenv("UPCLINT_CORPUS")
	if corpus == "" {
		t.Skip("UPCLINT_CORPUS is not set")
	}
	testscript.Run(t, testscript.Params{
		Dir: "testdata/capture-corpus",
		Setup: func(env *testscript.Env) error {
			env.Setenv("CORPUS", corpus)
			return nil
		},
	})
}
