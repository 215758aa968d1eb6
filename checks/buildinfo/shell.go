package buildinfo

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// Shell is the shell that make runs recipes with inside a capture
// (SHELL=...): it runs /bin/sh on the same arguments after pointing the
// commands that call a compiler by a path (/opt/upc/bin/upcc, or /upcc
// when the Makefile's $(UPC) is unset) at the recorder of that compiler,
// which the PATH alone would not reach. It returns the exit status.
func Shell(args []string) int {
	args = slices.Clone(args)
	// make runs $(SHELL) $(.SHELLFLAGS) 'recipe line'; .SHELLFLAGS is -c,
	// or -ec in POSIX mode.
	if n := len(args); n >= 2 && strings.HasPrefix(args[n-2], "-") && strings.Contains(args[n-2], "c") {
		args[n-1] = rewriteCompilerPaths(args[n-1], os.Getenv(envDir))
	}
	cmd := exec.Command("/bin/sh", args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) && ee.ExitCode() > 0 {
			return ee.ExitCode()
		}
		return 1
	}
	return 0
}

// commandPrefixes are shell words after which the next word is still in
// command position.
var commandPrefixes = []string{"then", "do", "else", "elif", "if", "while", "until", "!", "{", "exec", "time"}

// rewriteCompilerPaths rewrites, in the shell command line s, each
// command word that names a compiler of Compilers by a path into an
// assignment of that path to the recorder's environment and the
// recorder in dir: "/opt/upcc -c a.upc" becomes
// "UPCLINT_CAPTURE_REAL='/opt/upcc' '<dir>/upcc' -c a.upc". Only plain
// words (no quotes, no expansions) are rewritten; the rest of the line is
// kept byte for byte.
func rewriteCompilerPaths(s, dir string) string {
	if dir == "" {
		return s
	}
	var b strings.Builder
	last := 0
	cmdPos := true
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == '\n' || c == ';' || c == '&' || c == '|' || c == '(' || c == ')':
			cmdPos = c != ')'
			i++
		case c == '#' && cmdPos:
			// a comment runs to the end of the line
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			start := i
			plain := true
			for i < len(s) && !strings.ContainsRune(" \t\n;&|()", rune(s[i])) {
				switch s[i] {
				case '\'', '"':
					plain = false
					q := s[i]
					i++
					for i < len(s) && s[i] != q {
						if q == '"' && s[i] == '\\' {
							i++
						}
						i++
					}
					i++
				case '\\':
					plain = false
					i += 2
				case '$', '`', '<', '>':
					plain = false
					i++
				default:
					i++
				}
			}
			i = min(i, len(s))
			w := s[start:i]
			if !cmdPos {
				continue
			}
			switch {
			case plain && strings.Contains(w, "=") && !strings.HasPrefix(w, "="):
				// an assignment before the command
			case slices.Contains(commandPrefixes, w):
			default:
				cmdPos = false
				if plain && strings.Contains(w, "/") && slices.Contains(Compilers, filepath.Base(w)) {
					b.WriteString(s[last:start])
					b.WriteString(envReal + "=" + shellQuote(w) + " " + shellQuote(filepath.Join(dir, filepath.Base(w))))
					last = i
				}
			}
		}
	}
	b.WriteString(s[last:])
	return b.String()
}
