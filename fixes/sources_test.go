package fixes

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestValidateSources: a file of a program built from several files (GWU's
// nqueens.c sched.c gen.c) is validated by linking the others with it; a
// wrong fixed text is still refused.
func TestValidateSources(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	dir := t.TempDir()
	sum := `#include <upc.h>
shared long v[4*THREADS];
long total(void)
{
    long s = 0;
    int i;
    for (i = 0; i < 4*THREADS; i++)
        s += v[i];
    return s;
}
`
	main := `#include <upc.h>
#include <stdio.h>
extern shared long v[4*THREADS];
long total(void);
int main(void)
{
    int i;
    upc_forall (i = 0; i < 4*THREADS; i++; &v[i])
        v[i] = i;
    upc_barrier;
    printf("thread %d: %ld\n", MYTHREAD, total());
    return 0;
}
`
	path := filepath.Join(dir, "sum.upc")
	for name, text := range map[string]string{"sum.upc": sum, "main.upc": main} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := ValidateOptions{Threads: []int{1, 3}, Timeout: time.Minute}
	v, err := Validate(ctx, path, []byte(sum), []byte(sum), opts)
	if err != nil {
		t.Fatal(err)
	}
	if v.OK || v.Err == nil || !strings.Contains(v.Err.Error(), "no main function") {
		t.Fatalf("alone: %s, want no main function", v.Reason())
	}
	opts.Sources = []string{path, filepath.Join(dir, "main.upc")}
	same := strings.Replace(sum, "long s = 0;", "long s = 0; /* the same */", 1)
	if v, err = Validate(ctx, path, []byte(sum), []byte(same), opts); err != nil || !v.OK {
		t.Fatalf("with its other file: %v %s", err, v.Reason())
	}
	wrong := strings.Replace(sum, "s += v[i];", "s += v[i] * 2;", 1)
	if v, err = Validate(ctx, path, []byte(sum), []byte(wrong), opts); err != nil || v.OK || v.Mismatch == nil {
		t.Fatalf("a wrong text: %v %s", err, v.Reason())
	}
}
