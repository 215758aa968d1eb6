// Package csrc holds the C sources of the bundled UPC runtime: the header
// translated programs include (upcr.h) and the implementation the build
// step compiles once per content hash. CONTRACT.md describes the C that the
// UPC-to-C translator must emit against this header.
package csrc

import (
	"embed"
	"io/fs"
	"sort"
	"strings"
)

// The C files live in src/ because the go command refuses .c files in a
// package that does not use cgo.
//
//go:embed src/*.h src/*.c
var embedded embed.FS

//go:embed CONTRACT.md
var contract string

// FS holds the runtime sources (upcr.h, upcr_internal.h, upcr_*.c) at its
// root.
var FS = mustSub(embedded, "src")

func mustSub(f fs.FS, dir string) fs.FS {
	s, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	return s
}

// Contract returns CONTRACT.md, the translation contract.
func Contract() string { return contract }

// Header is the name of the header translated programs include.
const Header = "upcr.h"

// Files returns the names of the runtime's source files: headers first,
// then the .c files, in a fixed order so that content hashes are stable.
func Files() []string {
	ents, err := fs.ReadDir(FS, ".")
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	var h, c []string
	for _, e := range ents {
		switch n := e.Name(); {
		case strings.HasSuffix(n, ".h"):
			h = append(h, n)
		case strings.HasSuffix(n, ".c"):
			c = append(c, n)
		}
	}
	sort.Strings(h)
	sort.Strings(c)
	return append(h, c...)
}

// Sources returns the .c files that make up the runtime library.
func Sources() []string {
	var c []string
	for _, n := range Files() {
		if strings.HasSuffix(n, ".c") {
			c = append(c, n)
		}
	}
	return c
}

// Read returns the content of one embedded file.
func Read(name string) ([]byte, error) { return fs.ReadFile(FS, name) }
