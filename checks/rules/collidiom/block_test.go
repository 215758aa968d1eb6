package collidiom_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/fixes/fixtest"
)

// TestBlockBroadcastRefused: block copies that are not a broadcast of
// thread 0's block get no upc_all_broadcast.
func TestBlockBroadcastRefused(t *testing.T) {
	const head = "#include <upc_relaxed.h>\n#include <upc_collective.h>\n#define N 8\n"
	cases := map[string]string{
		// the inner loop fills half a block: block t is not all written
		"half block": "shared [N] long d[N * THREADS];\nvoid f(void) {\n    int t, k;\n    if (MYTHREAD == 0) {\n        for (t = 0; t < THREADS; t++)\n            for (k = 0; k < N / 2; k++)\n                d[t * N + k] = k;\n    }\n    upc_barrier;\n}\n",
		// each thread gets its own values: a scatter
		"depends on t": "shared [N] long d[N * THREADS];\nvoid f(void) {\n    int t, k;\n    if (MYTHREAD == 0) {\n        for (t = 0; t < THREADS; t++)\n            for (k = 0; k < N; k++)\n                d[t * N + k] = t + k;\n    }\n    upc_barrier;\n}\n",
		// the root is not thread 0, where the temporary lies
		"root 1": "shared [N] long d[N * THREADS];\nvoid f(void) {\n    int t, k;\n    if (MYTHREAD == 1) {\n        for (t = 0; t < THREADS; t++)\n            for (k = 0; k < N; k++)\n                d[t * N + k] = k;\n    }\n    upc_barrier;\n}\n",
		// code after the loop in the branch would run before the copy
		"not last": "shared [N] long d[N * THREADS];\nshared long z;\nvoid f(void) {\n    int t, k;\n    if (MYTHREAD == 0) {\n        for (t = 0; t < THREADS; t++)\n            for (k = 0; k < N; k++)\n                d[t * N + k] = k;\n        z = d[N];\n    }\n    upc_barrier;\n}\n",
		// the source reads shared data
		"shared source": "shared [N] long d[N * THREADS];\nshared [N] long s[N * THREADS];\nvoid f(void) {\n    int t, k;\n    if (MYTHREAD == 0) {\n        for (t = 0; t < THREADS; t++)\n            for (k = 0; k < N; k++)\n                d[t * N + k] = s[k];\n    }\n    upc_barrier;\n}\n",
	}
	dir := t.TempDir()
	for name, body := range cases {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, strings.ReplaceAll(name, " ", "_")+".upc")
			if err := os.WriteFile(path, []byte(head+body), 0o644); err != nil {
				t.Fatal(err)
			}
			got, _ := fixtest.FixFile(t, path, "collidiom")
			if strings.Contains(string(got), "upc_all_broadcast") {
				t.Errorf("rewritten into a broadcast:\n%s", got)
			}
		})
	}
}
