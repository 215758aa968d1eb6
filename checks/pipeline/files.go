package pipeline

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
)

// Files are the translation units of a run, in order, each with its
// effective configuration.
type Files struct {
	Paths     []string
	Effective map[string]*config.Effective
	// Found are the files found in a directory rather than named; only
	// they may turn out to be parts of other files (see includedParts).
	Found map[string]bool
}

func (fs *Files) add(path string, e *config.Effective) {
	if _, dup := fs.Effective[path]; !dup {
		fs.Effective[path] = e
		fs.Paths = append(fs.Paths, path)
	}
}

// CollectOptions tune Collect.
type CollectOptions struct {
	// Extensions of the files looked for in directories; empty means the
	// extensions of the directory's configuration (default .upc).
	Extensions []string
	// StrictDirConfig loads the configuration of every directory named,
	// reporting a bad one even when Extensions make it unnecessary (as
	// upclint check does).
	StrictDirConfig bool
}

// Collect expands paths into the files to analyse: a named file always,
// and in a named directory (recursively) the files with the right
// extensions that its configuration does not exclude. A file found twice
// is listed once.
func Collect(r *config.Resolver, paths []string, o CollectOptions) (*Files, error) {
	fs := &Files{Effective: map[string]*config.Effective{}, Found: map[string]bool{}}
	for _, arg := range paths {
		st, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		exts := o.Extensions
		if st.IsDir() && (len(exts) == 0 || o.StrictDirConfig) {
			dirCfg, err := r.For(filepath.Join(arg, config.FileName))
			if err != nil {
				return nil, err
			}
			if len(exts) == 0 {
				exts = dirCfg.Extensions
			}
		}
		found, err := checks.CollectFiles([]string{arg}, exts)
		if err != nil {
			return nil, err
		}
		for _, f := range found {
			fc, err := r.For(f)
			if err != nil {
				return nil, err
			}
			if st.IsDir() && fc.Excluded(f) {
				continue
			}
			if _, dup := fs.Effective[f]; dup {
				continue
			}
			fs.add(f, fc.For(f))
			if st.IsDir() {
				fs.Found[f] = true
			}
		}
	}
	return fs, nil
}

// addDB adds the files of the compilation database written by a UPC
// compiler or with a UPC extension (exts, else the configuration's), less
// the configuration's excludes.
func (fs *Files) addDB(r *config.Resolver, db *buildinfo.DB, exts []string) error {
	for _, entry := range db.Entries() {
		f := relToWD(entry.File)
		fc, err := r.For(f)
		if err != nil {
			return err
		}
		e := fc.For(f)
		fileExts := exts
		if len(fileExts) == 0 {
			fileExts = e.Extensions
		}
		if !entry.UPCCompiler() && !slices.Contains(fileExts, filepath.Ext(f)) || fc.Excluded(f) {
			continue
		}
		fs.add(f, e)
	}
	return nil
}

// relToWD returns path relative to the working directory when it lies
// below it, so that reports show the paths a user would type.
func relToWD(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}
