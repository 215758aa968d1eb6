package fixes

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/runtime"
)

func results(outs ...string) *runtime.Result {
	r := &runtime.Result{}
	for i, o := range outs {
		r.Threads = append(r.Threads, runtime.ThreadResult{Thread: i, Stdout: []byte(o)})
	}
	return r
}

// TestCompareVariants: a line that differs between runs of the original
// compares equal to one of its versions, or to the same text whose
// numbers differ only where the versions differ; a line the original
// always prints the same way is never masked, nor a number the versions
// agree on, nor other text.
func TestCompareVariants(t *testing.T) {
	m, _ := NewMask(false)
	for _, c := range []struct {
		name   string
		origs  []string // thread 0's output in each run of the original
		fixed  string
		equal  bool
		varies int // lines masked as differing between runs of the original
	}{
		// inprod: thread 0 prints a sum before the other threads add
		// theirs (no barrier), so the total depends on the interleaving.
		{"race total", []string{"Dot product is  59900\ndone.\n", "Dot product is  79800\ndone.\n"}, "Dot product is  19800\ndone.\n", true, 1},
		// ex_3: a read with no barrier after the writes it may see.
		{"race value", []string{"0.500000\n", "0.000000\n"}, "0.000000\n", true, 1},
		{"same runs", []string{"sum 3\n", "sum 3\n"}, "sum 4\n", false, 0},
		{"stable number", []string{"a=1 b=2\n", "a=5 b=2\n"}, "a=9 b=3\n", false, 0},
		{"varying number", []string{"a=1 b=2\n", "a=5 b=2\n"}, "a=9 b=2\n", true, 1},
		{"other text", []string{"x done\n", "y done\n"}, "z done\n", false, 0},
		{"a version", []string{"x done\n", "y done\n"}, "y done\n", true, 1},
		{"another line differs", []string{"t 1\nsum 3\n", "t 2\nsum 3\n"}, "t 7\nsum 4\n", false, 1},
		{"line count", []string{"a\nb\n", "a\n"}, "a\n", true, 1},
		// touchperf: a row of rates, padded to their field width.
		{"padded rates", []string{" 10411.860 7884.212\n", " 9411.860 6884.212\n"}, "  1356.829 1696.635\n", true, 1},
		// histo: a line printed only when updates were lost, so the
		// next line is a timing line in one run of the original.
		{"timing version", []string{"Ratio 3997/4000\nNolocks in 47(usec)\n", "Nolocks in 52(usec)\n"}, "Nolocks in 60(usec)\n", true, 2},
		{"timing version, other text", []string{"Ratio 3997/4000\n", "Nolocks in 52(usec)\n"}, "Locks in 60(usec)\n", false, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			var origs []*runtime.Result
			for _, o := range c.origs {
				origs = append(origs, results(o))
			}
			mm, masked := compareVariants(2, origs, results(c.fixed), m)
			if (mm == nil) != c.equal {
				t.Fatalf("mismatch %v, want equal %v", mm, c.equal)
			}
			n := 0
			for _, x := range masked {
				if x.Varies {
					n++
				}
			}
			if n != c.varies {
				t.Errorf("%d lines masked as varying, want %d: %+v", n, c.varies, masked)
			}
		})
	}
	// An exit status the original gave in one of its runs.
	a, b, f := results("x\n"), results("x\n"), results("x\n")
	b.Threads[0].ExitCode, f.Threads[0].ExitCode = 1, 1
	if mm, _ := compareVariants(1, []*runtime.Result{a, b}, f, m); mm != nil {
		t.Errorf("status of a run of the original: %v", mm)
	}
	f.Threads[0].ExitCode = 2
	if mm, _ := compareVariants(1, []*runtime.Result{a, b}, f, m); mm == nil || mm.Line != 0 {
		t.Errorf("status no run of the original gave: %v", mm)
	}
	s := maskedSummary([]Masked{{Original: "time 1 s"}, {Original: "Dot product is 5", Varies: true}})
	if want := `1 timing lines masked ("time # s"); 1 lines masked that differ between runs of the original ("Dot product is #")`; s != want {
		t.Errorf("summary %q, want %q", s, want)
	}
}

// TestValidateMasksWhatTheOriginalVaries: a program that prints a clock
// reading validates against a fixed text that prints the same (the line
// differs between runs of the original itself, so it is masked and
// reported), and a fixed text that changes a line the original always
// prints the same way is refused, at THREADS 1, 2, 3, 4 and 8.
func TestValidateMasksWhatTheOriginalVaries(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	src := `#include <upc.h>
#include <stdio.h>
#include <sys/time.h>

shared int v[THREADS];

int main(void)
{
    struct timeval tv;
    int i, sum = 0;
    v[MYTHREAD] = MYTHREAD + 1;
    upc_barrier;
    gettimeofday(&tv, NULL);
    if (MYTHREAD == 0) {
        for (i = 0; i < THREADS; i++)
            sum += v[i];
        printf("stamp %ld.%06ld\n", (long)tv.tv_sec, (long)tv.tv_usec);
        printf("sum %d\n", sum);
    }
    return 0;
}
`
	path := filepath.Join(t.TempDir(), "stamp.upc")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := ValidateOptions{Timeout: time.Minute, ExactOutput: true}
	same := strings.Replace(src, "int i, sum = 0;", "int i, sum = 0; /* same program */", 1)
	v, err := Validate(ctx, path, []byte(src), []byte(same), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK {
		t.Fatalf("refused: %s", v.Reason())
	}
	if s := v.MaskedSummary(); !strings.Contains(s, `differ between runs of the original ("stamp #")`) {
		t.Errorf("masked %q, want the stamp line", s)
	}
	wrong := strings.Replace(same, "sum += v[i];", "sum += v[i] + 1;", 1)
	v, err = Validate(ctx, path, []byte(src), []byte(wrong), opts)
	if err != nil {
		t.Fatal(err)
	}
	if v.OK || v.Mismatch == nil || !strings.HasPrefix(v.Mismatch.Original, "sum ") {
		t.Fatalf("a wrong sum was accepted or refused for another reason: %s", v.Reason())
	}
}
