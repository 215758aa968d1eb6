package runtime

import (
	"context"
	"testing"
)

func TestSmoke(t *testing.T) {
	bin, err := BuildFiles(context.Background(), []string{"csrc/testdata/hello.c"}, BuildOptions{CacheDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Run(context.Background(), bin, Options{Threads: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v\n%s", res, res.Stdout)
	for _, tr := range res.Threads {
		t.Logf("%d %q", tr.Thread, tr.Stdout)
	}
	t.Logf("%+v", res.Stats.Total)
}
