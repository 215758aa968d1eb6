package translate

import (
	"fmt"
	gotoken "go/token"
	"os"
	"strings"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
)

// ProgramUnit is one translated file of a program.
type ProgramUnit struct {
	Path string
	C    []byte
	Unit *grammar.Unit
}

// TranslateProgram translates the files of one program (its translation
// units), cfg(path) configuring each file's front end. The unit that
// defines main numbers its files from 0 in runtime locations; every other
// unit numbers its own after those of the units before it and registers
// them, so that a runtime report or a statistics line names the file it
// comes from. A unit with front-end errors stops the translation with a
// *FrontEndError, returned with the units loaded so far.
func TranslateProgram(paths []string, cfg func(path string) *grammar.Config, opts Options) ([]ProgramUnit, error) {
	units := make([]ProgramUnit, len(paths))
	mainAt := -1
	for i, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			return units[:i], err
		}
		u := grammar.Load(gotoken.NewFileSet(), path, src, cfg(path))
		units[i] = ProgramUnit{Path: path, Unit: u}
		if err := CheckFrontEnd(u); err != nil {
			return units[:i+1], err
		}
		if mainAt < 0 && definesMain(u) {
			mainAt = i
		}
	}
	// the unit holding main first: its file table is the program's
	order := make([]int, 0, len(paths))
	if mainAt >= 0 {
		order = append(order, mainAt)
	}
	for i := range paths {
		if i != mainAt {
			order = append(order, i)
		}
	}
	base := 0
	for _, i := range order {
		u := units[i].Unit
		o := opts
		o.Source = nil
		o.FileBase = base
		c, err := Translate(u, o)
		if err != nil {
			return units, fmt.Errorf("%s: %w", units[i].Path, err)
		}
		units[i].C = c
		base += userFiles(u)
	}
	return units, nil
}

// definesMain reports whether u's own file defines main.
func definesMain(u *grammar.Unit) bool {
	for _, fd := range u.Info.Funcs {
		if fd.Obj != nil && fd.Obj.Name() == "main" && fd.Decl != nil {
			if tf := u.Fset.File(fd.Decl.Start()); tf != nil && tf.Name() == u.File.Name {
				return true
			}
		}
	}
	return false
}

// userFiles counts the files of u that are not bundled headers: a bound on
// the entries of its file table.
func userFiles(u *grammar.Unit) int {
	n := 0
	for _, f := range u.Files {
		if !strings.HasPrefix(f, cpp.BundledDir+"/") && !strings.HasPrefix(f, "<") {
			n++
		}
	}
	return max(n, 1)
}
