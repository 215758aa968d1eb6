package checks_test

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/cpp"
)

// corpusFindingsEnv names a file holding every finding of the development
// corpus, printed with every field, as TestCorpusFindingsGolden writes it.
// The file stays outside the repository: it quotes the corpus's lines.
const corpusFindingsEnv = "UPCLINT_CORPUS_FINDINGS"

var updateCorpusFindings = flag.Bool("update-corpus-findings", false,
	"write the development corpus's findings to $"+corpusFindingsEnv)

// TestCorpusFindingsGolden compares every finding of every unit of the
// development corpus (messages, positions, notes, fixes; in headers too)
// with the file named by UPCLINT_CORPUS_FINDINGS, written by an earlier
// run with -update-corpus-findings. A change meant to make the analyses
// faster, not different, writes the file before and compares after: the
// findings must be byte-identical.
func TestCorpusFindingsGolden(t *testing.T) {
	golden := os.Getenv(corpusFindingsEnv)
	if golden == "" {
		t.Skipf("set %s to a file of the corpus's findings (written with -update-corpus-findings) to run", corpusFindingsEnv)
	}
	units := loadCorpus(t)
	got := unitFindings(t, units, cpp.NewPrefixCache(0))
	var b bytes.Buffer
	for i, u := range units {
		fmt.Fprintf(&b, "== %s %v %v %v %d\n%s", u.Rel, u.Define, u.Undefine, u.Include, u.Threads, got[i])
	}
	if *updateCorpusFindings {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(want, b.Bytes()) {
		return
	}
	wantUnits, gotUnits := strings.Split(string(want), "\n== "), strings.Split(b.String(), "\n== ")
	if len(wantUnits) != len(gotUnits) {
		t.Fatalf("%d units, the golden has %d", len(gotUnits), len(wantUnits))
	}
	bad := 0
	for i := range gotUnits {
		if gotUnits[i] == wantUnits[i] {
			continue
		}
		if bad++; bad <= 5 {
			t.Errorf("findings differ from the golden:\nwant:\n%s\ngot:\n%s", wantUnits[i], gotUnits[i])
		}
	}
	t.Errorf("%d of %d units differ", bad, len(gotUnits))
}
