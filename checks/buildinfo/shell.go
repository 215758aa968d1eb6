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
	for _, cmd := range simpleCommands(s) {
		w := cmd[commandWord(s, cmd)]
		word := s[w.start:w.end]
		if w.plain && strings.Contains(word, "/") && slices.Contains(Compilers, filepath.Base(word)) {
			b.WriteString(s[last:w.start])
			b.WriteString(envReal + "=" + shellQuote(word) + " " + shellQuote(filepath.Join(dir, filepath.Base(word))))
			last = w.end
		}
	}
	b.WriteString(s[last:])
	return b.String()
}

// shellWord is a word of a shell command line, s[start:end].
type shellWord struct {
	start, end int
	plain      bool // no quotes, escapes, expansions or redirections
}

// simpleCommands splits the shell command line s into its simple
// commands (separated by ; & | && || ( ) and newlines), each a list of
// words; comments are dropped. It is not a full shell parser (no
// here-documents, no keywords but those of commandPrefixes), which is
// enough for the recipes of Makefiles.
func simpleCommands(s string) [][]shellWord {
	var cmds [][]shellWord
	var cur []shellWord
	flush := func() {
		if len(cur) > 0 {
			cmds = append(cmds, cur)
			cur = nil
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && s[i+1] == '\n':
			i += 2 // a continued line
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte("\n;&|()", c) >= 0:
			flush()
			i++
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			w := shellWord{start: i, plain: true}
			for i < len(s) && strings.IndexByte(" \t\n;&|()", s[i]) < 0 {
				switch s[i] {
				case '\'', '"':
					w.plain = false
					q := s[i]
					for i++; i < len(s) && s[i] != q; i++ {
						if q == '"' && s[i] == '\\' {
							i++
						}
					}
					i++
				case '\\':
					w.plain = false
					i += 2
				case '$', '`', '<', '>':
					w.plain = false
					i++
				default:
					i++
				}
			}
			w.end = min(i, len(s))
			i = w.end
			cur = append(cur, w)
		}
	}
	flush()
	return cmds
}

// commandWord returns the index in cmd of the word that names the
// program: after assignments (X=1 cc ...) and keywords (then cc ...);
// len(cmd)-1 when every word is one of those.
func commandWord(s string, cmd []shellWord) int {
	for i, w := range cmd {
		word := s[w.start:w.end]
		isAssign := w.plain && strings.Contains(word, "=") && !strings.HasPrefix(word, "=")
		if !isAssign && !slices.Contains(commandPrefixes, word) {
			return i
		}
	}
	return len(cmd) - 1
}
