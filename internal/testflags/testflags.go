// Package testflags reads the front-end flags a test program asks for in
// its "// upclint-flags:" comment, for the tests of every layer (cfg,
// checks, fixes), below all of them.
package testflags

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar"
)

// Read reads the program at path and its flags (see Parse).
func Read(path string) ([]byte, grammar.Config, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, grammar.Config{}, err
	}
	cfg, err := Parse(path, src)
	return src, cfg, err
}

// Parse reads the `// upclint-flags:` comment of a file (within its
// first five lines). Include directories are relative to the file.
func Parse(path string, src []byte) (grammar.Config, error) {
	var cfg grammar.Config
	lines := strings.SplitN(string(src), "\n", 6)
	for _, l := range lines[:min(len(lines), 5)] {
		_, after, ok := strings.Cut(l, "// upclint-flags:")
		if !ok {
			continue
		}
		f := strings.Fields(after)
		for i := 0; i < len(f); i++ {
			arg := f[i]
			// val returns the flag's value, attached ("-DN=1", "--threads=4")
			// or in the next field ("-D N=1", "--threads 4").
			val := func(prefix string) (string, error) {
				if v, ok := strings.CutPrefix(arg, prefix); ok && v != "" {
					return v, nil
				}
				if i+1 >= len(f) {
					return "", fmt.Errorf("%s: flag %s needs a value", path, arg)
				}
				i++
				return f[i], nil
			}
			var v string
			var err error
			switch {
			case strings.HasPrefix(arg, "-D"):
				v, err = val("-D")
				cfg.Defines = append(cfg.Defines, v)
			case strings.HasPrefix(arg, "-U"):
				v, err = val("-U")
				cfg.Undefs = append(cfg.Undefs, v)
			case strings.HasPrefix(arg, "-I"):
				v, err = val("-I")
				cfg.IncludeDirs = append(cfg.IncludeDirs, filepath.Join(filepath.Dir(path), v))
			case arg == "--threads" || strings.HasPrefix(arg, "--threads="):
				v, err = val("--threads=")
				if err == nil {
					cfg.StaticThreads, err = strconv.Atoi(v)
				}
			default:
				err = fmt.Errorf("%s: unknown flag %q in upclint-flags", path, arg)
			}
			if err != nil {
				return cfg, err
			}
		}
	}
	return cfg, nil
}
