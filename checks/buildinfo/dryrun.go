package buildinfo

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// makeDirRe matches make's "Entering directory" and "Leaving directory"
// lines (-w), with ` or ' quotes as make versions write them.
var makeDirRe = regexp.MustCompile("^\\S*make(?:\\[\\d+\\])?: (Entering|Leaving) directory [`'](.*)'$")

// dryRun runs make -n -B -k -w with the arguments of the build command
// args in directory wd and returns the compile commands it prints,
// the way compiledb reads a build: nothing is built, a failed target does
// not stop the others, and each command's directory is followed through
// make's directory messages and the cd commands of a recipe line.
func dryRun(ctx context.Context, args []string, wd string, stderr io.Writer) ([]record, error) {
	cmdArgs := append([]string{"-n", "-B", "-k", "-w"}, args[1:]...)
	cmd := exec.CommandContext(ctx, args[0], cmdArgs...)
	cmd.Dir = wd
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, stderr
	if err := cmd.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return nil, fmt.Errorf("running %s -n: %w", args[0], err)
		}
		// -k: what make could print is there all the same
	}
	return parseDryRun(out.Bytes(), wd), nil
}

// parseDryRun extracts the compile commands from the output of make -n -w
// run in directory wd.
func parseDryRun(out []byte, wd string) []record {
	var recs []record
	dirs := []string{wd}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 16<<20)
	var line strings.Builder
	for sc.Scan() {
		text := sc.Text()
		if strings.HasSuffix(text, "\\") {
			line.WriteString(text)
			line.WriteByte('\n')
			continue
		}
		line.WriteString(text)
		s := line.String()
		line.Reset()
		if m := makeDirRe.FindStringSubmatch(s); m != nil {
			if m[1] == "Entering" {
				dirs = append(dirs, abs(dirs[len(dirs)-1], m[2]))
			} else if len(dirs) > 1 {
				dirs = dirs[:len(dirs)-1]
			}
			continue
		}
		recs = append(recs, lineCommands(s, dirs[len(dirs)-1])...)
	}
	return recs
}

// lineCommands returns the compile commands of one recipe line run in
// dir; a cd in the line changes the directory of the commands after it.
func lineCommands(s, dir string) []record {
	var recs []record
	for _, cmd := range simpleCommands(s) {
		i := commandWord(s, cmd)
		words, err := SplitCommand(s[cmd[i].start:cmd[len(cmd)-1].end])
		if err != nil || len(words) == 0 {
			continue
		}
		for len(words) > 1 && launchers[filepath.Base(words[0])] {
			words = words[1:]
		}
		switch {
		case words[0] == "cd" && len(words) > 1:
			dir = abs(dir, words[1])
		case slices.Contains(Compilers, filepath.Base(words[0])):
			recs = append(recs, record{Directory: dir, Arguments: withoutRedirections(words), DryRun: true})
		}
	}
	return recs
}

// redirectionRe matches a redirection word: its target attached (>log,
// 2>>err) or in the next word (>, 2>).
var redirectionRe = regexp.MustCompile(`^[0-9]*(?:>>?|<)(.*)$`)

func withoutRedirections(words []string) []string {
	var out []string
	for i := 0; i < len(words); i++ {
		if m := redirectionRe.FindStringSubmatch(words[i]); m != nil {
			if m[1] == "" {
				i++ // the target is the next word
			}
			continue
		}
		out = append(out, words[i])
	}
	return out
}
