package pipeline

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
)

// quotedIncludes returns the names of the #include "name" lines of src.
// Angle-bracket includes name headers of the system or of libraries, not
// files of the project.
func quotedIncludes(src []byte) []string {
	var names []string
	for inc := range edit.IncludeLines(src) {
		if !inc.Angle && inc.Name != "" {
			names = append(names, inc.Name)
		}
	}
	return names
}

// includedParts returns the files found in directories (found) that
// another checked file includes with #include "...": GWU's matrix
// benchmark includes mat-opt-none.c into mat.c, which checked alone is
// not a translation unit. They are analysed as part of their includers
// (whose findings keep their real file and line), not alone. Includes are
// found by a scan of the text, which is cheap and enough to decide; the
// preprocessor still decides, under the build's macros, which of them a
// unit includes. dirsOf gives the include directories of a file (-I,
// database, configuration). A cycle of files that only include each other
// keeps its first file as a unit; a file larger than maxSize (which the
// analysis skips) is not read. The result maps each part to the unit
// that includes it (through other parts, maybe); the second result counts
// the lines of the parts.
func includedParts(paths []string, found map[string]bool, dirsOf func(string) []string, maxSize int64) (map[string]string, int) {
	index := make(map[string]string, len(paths))
	for _, p := range paths {
		if a, err := filepath.Abs(p); err == nil {
			index[a] = p
		}
	}
	edges := map[string][]string{}
	lines := map[string]int{}
	includedBy := map[string]bool{}
	for _, p := range paths {
		if st, err := os.Stat(p); err != nil || st.Size() > maxSize {
			continue // the analysis reports it
		}
		src, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		lines[p] = bytes.Count(src, []byte{'\n'}) + 1
		for _, name := range quotedIncludes(src) {
			if t := resolveInclude(name, p, dirsOf, index); t != "" && t != p {
				edges[p] = append(edges[p], t)
				includedBy[t] = true
			}
		}
	}
	visited := map[string]bool{}
	roots := map[string]bool{}
	unit := map[string]string{}
	var visit func(p, root string)
	visit = func(p, root string) {
		if visited[p] {
			return
		}
		visited[p] = true
		unit[p] = root
		for _, t := range edges[p] {
			visit(t, root)
		}
	}
	for _, p := range paths {
		if !found[p] || !includedBy[p] {
			roots[p] = true
			visit(p, p)
		}
	}
	for _, p := range paths {
		if !visited[p] {
			roots[p] = true
			visit(p, p)
		}
	}
	parts := map[string]string{}
	n := 0
	for _, p := range paths {
		if !roots[p] {
			parts[p] = unit[p]
			n += lines[p]
		}
	}
	return parts, n
}

// IncludedParts returns the files of files.Paths that another of them
// includes with #include "...", each with the unit that includes it, as
// upclint check analyses them (see includedParts); include gives a file's
// include directories.
func IncludedParts(files *Files, include func(string) []string) map[string]string {
	parts, _ := includedParts(files.Paths, files.Found, include, checks.DefaultMaxFileSize)
	return parts
}

// resolveInclude returns the checked file that #include "name" in file
// from names, searching from's directory then dirsOf(from) as the
// preprocessor does, or "" when the first file found is not checked or
// there is none.
func resolveInclude(name, from string, dirsOf func(string) []string, index map[string]string) string {
	var cands []string
	if filepath.IsAbs(name) {
		cands = []string{name}
	} else {
		cands = append(cands, filepath.Join(filepath.Dir(from), name))
		for _, d := range dirsOf(from) {
			cands = append(cands, filepath.Join(d, name))
		}
	}
	for _, c := range cands {
		a, err := filepath.Abs(c)
		if err != nil {
			continue
		}
		if p, ok := index[a]; ok {
			return p
		}
		if _, err := os.Stat(a); err == nil {
			return ""
		}
	}
	return ""
}

// dedupFindings removes repeated findings from sorted findings: a part
// included by several units, or a header, is analysed with each of them.
func dedupFindings(fs []checks.Finding) []checks.Finding {
	return slices.CompactFunc(fs, func(a, b checks.Finding) bool {
		return a.Pos == b.Pos && a.End == b.End && a.Rule == b.Rule && a.Message == b.Message
	})
}
