package runtime

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

func buildTestProgram(t testing.TB, name string, opts BuildOptions) string {
	t.Helper()
	opts.CacheDir = testCache
	bin, err := BuildFiles(context.Background(), []string{filepath.Join(testdataDir, name+".c")}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// procParent returns the parent pid and state of a live process, or
// ok=false if it no longer exists.
func procParent(pid int) (ppid int, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	// pid (comm) state ppid ...: comm may contain spaces, so cut at the
	// last parenthesis.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], true
}

// assertNoLeftovers checks that no thread process of the run and no
// child of the test process remains, zombie or alive.
func assertNoLeftovers(t *testing.T, res *Result) {
	t.Helper()
	for _, th := range res.Threads {
		if th.Pid == 0 {
			t.Errorf("thread %d has no pid in the report", th.Thread)
			continue
		}
		if ppid, state, ok := procParent(th.Pid); ok && (ppid == res.LauncherPid || ppid == os.Getpid()) {
			t.Errorf("thread %d (pid %d) still exists, state %s", th.Thread, th.Pid, state)
		}
	}
	if _, state, ok := procParent(res.LauncherPid); ok {
		t.Errorf("launcher (pid %d) still exists, state %s", res.LauncherPid, state)
	}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if ppid, state, ok := procParent(pid); ok && ppid == res.LauncherPid {
			t.Errorf("process %d (state %s) is still a child of the launcher", pid, state)
		}
	}
}

func TestNoZombiesAfterDeadlock(t *testing.T) {
	bin := buildTestProgram(t, "neg_lockdeadlock", BuildOptions{})
	res, err := Run(context.Background(), bin, Options{Threads: 4, DeadlockAfter: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if f := res.Fatal(); f == nil || f.Kind != "deadlock" {
		t.Fatalf("want a deadlock report, got %+v", res.Reports)
	}
	for _, th := range res.Threads {
		if !th.Killed || th.Signal != "SIGKILL" {
			t.Errorf("thread %d: killed=%v signal=%q, want killed by the launcher", th.Thread, th.Killed, th.Signal)
		}
	}
	assertNoLeftovers(t, res)
}

func TestNoZombiesAfterTimeout(t *testing.T) {
	bin := buildTestProgram(t, "neg_timeout", BuildOptions{})
	res, err := Run(context.Background(), bin, Options{Threads: 3, Timeout: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if !res.TimedOut || res.Status != 124 {
		t.Fatalf("TimedOut=%v status=%d, want a timeout (124)", res.TimedOut, res.Status)
	}
	assertNoLeftovers(t, res)
}

// Cancelling the context stops a running program: the launcher gets
// SIGTERM, kills its threads, reaps them and still writes its report.
func TestCancelStopsAllThreads(t *testing.T) {
	bin := buildTestProgram(t, "neg_timeout", BuildOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	res, err := Run(ctx, bin, Options{Threads: 4})
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		t.Fatal(err)
	}
	if res == nil {
		t.Fatal("no result")
	}
	if res.Interrupted != "SIGTERM" || res.Status != 128+15 {
		t.Fatalf("Interrupted=%q status=%d, want SIGTERM/143", res.Interrupted, res.Status)
	}
	assertNoLeftovers(t, res)
}

func TestCrashStopsOthers(t *testing.T) {
	bin := buildTestProgram(t, "neg_crash", BuildOptions{})
	res, err := Run(context.Background(), bin, Options{Threads: 4})
	if err != nil {
		t.Fatal(err)
	}
	if res.Threads[1].Signal != "SIGSEGV" || res.Threads[1].Killed {
		t.Errorf("thread 1: %+v, want SIGSEGV", res.Threads[1])
	}
	assertNoLeftovers(t, res)
}

// Output reaches the live writer line by line while the program runs,
// and each thread's output is also kept separately.
func TestLiveOutput(t *testing.T) {
	bin := buildTestProgram(t, "hello", BuildOptions{})
	var live bytes.Buffer
	res, err := Run(context.Background(), bin, Options{Threads: 3, Stdout: &live})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(live.String()), "\n")
	if len(lines) != 3 {
		t.Fatalf("live output %q, want 3 lines", live.String())
	}
	for i, th := range res.Threads {
		want := "hello from thread " + strconv.Itoa(i) + " of 3\n"
		if string(th.Stdout) != want {
			t.Errorf("thread %d stdout %q, want %q", i, th.Stdout, want)
		}
	}
}

func TestStaticThreadsMismatch(t *testing.T) {
	bin := buildTestProgram(t, "hello", BuildOptions{StaticThreads: 4})
	_, err := Run(context.Background(), bin, Options{Threads: 2})
	if err == nil || !strings.Contains(err.Error(), "static THREADS=4") {
		t.Fatalf("err = %v, want a static THREADS mismatch", err)
	}
	res, err := Run(context.Background(), bin, Options{Threads: 4})
	if err != nil || res.Err() != nil {
		t.Fatalf("static THREADS=4 with 4 threads: %v %v", err, res.Err())
	}
}

func TestBuildCache(t *testing.T) {
	cache := t.TempDir()
	hdr := mustRead(t, filepath.Join(testdataDir, "testprog.h"))
	src := []Source{{Name: "hello.c", Code: mustRead(t, filepath.Join(testdataDir, "hello.c"))},
		{Name: "testprog.h", Code: hdr}}
	ctx := context.Background()
	// Concurrent first builds: all succeed and agree on the path.
	var wg sync.WaitGroup
	paths := make([]string, 4)
	errs := make([]error, 4)
	for i := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = Build(ctx, src, BuildOptions{CacheDir: cache})
		}()
	}
	wg.Wait()
	for i := range paths {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		if paths[i] != paths[0] {
			t.Fatalf("builds disagree: %s vs %s", paths[i], paths[0])
		}
	}
	start := time.Now()
	p, err := Build(ctx, src, BuildOptions{CacheDir: cache})
	if err != nil || p != paths[0] {
		t.Fatalf("cached build: %v %s", err, p)
	}
	t.Logf("cached build took %v", time.Since(start))
	// A header is part of the key: editing it rebuilds the program.
	edited := []Source{src[0], {Name: "testprog.h", Code: append([]byte("/* edited */\n"), hdr...)}}
	if p, err := Build(ctx, edited, BuildOptions{CacheDir: cache}); err != nil || p == paths[0] {
		t.Fatalf("build with an edited header: %v, path %s (the unedited build's is %s)", err, p, paths[0])
	}
	// A different program reuses the compiled runtime; a compile error
	// is reported with the compiler's message.
	_, err = Build(ctx, []Source{{Name: "bad.c", Code: []byte("int upcr_user_main(int c, char **v) { return x; }")}},
		BuildOptions{CacheDir: cache})
	var be *BuildError
	if !errors.As(err, &be) || !strings.Contains(be.Output, "bad.c") {
		t.Fatalf("want a BuildError naming bad.c, got %v", err)
	}
	rts, _ := filepath.Glob(filepath.Join(cache, "rt-*"))
	if len(rts) != 1 {
		t.Errorf("runtime compiled into %d directories, want 1", len(rts))
	}
	leftovers, _ := filepath.Glob(filepath.Join(cache, "tmp-*"))
	if len(leftovers) != 0 {
		t.Errorf("temporary build directories left behind: %v", leftovers)
	}
}

func mustRead(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Inject mode delays each remote operation by its modeled cost: with a
// 1 ms latency the stats program's 11 remote reads on thread 1 take at
// least 22 ms of wall time, and the model reports the same order.
func TestInjectDelaysRemoteOperations(t *testing.T) {
	bin := buildTestProgram(t, "stats", BuildOptions{})
	net := &NetModel{O: 0, L: time.Millisecond, G: 0}
	res, err := Run(context.Background(), bin, Options{Threads: 2, Net: net, Inject: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Err(); err != nil {
		t.Fatal(err)
	}
	if res.Wall < 22*time.Millisecond {
		t.Errorf("wall time %v, want at least 22ms of injected latency", res.Wall)
	}
	if !res.Stats.Net.Inject || res.Stats.Modeled() < 22*time.Millisecond {
		t.Errorf("stats: inject=%v modeled=%v, want inject and at least 22ms", res.Stats.Net.Inject, res.Stats.Modeled())
	}
}

// The modeled time of a hot spot grows with THREADS: every thread reads
// thread 0's scalar once per phase in the stats program's line 13.
func TestModelHotSpotGrowsWithThreads(t *testing.T) {
	bin := buildTestProgram(t, "stats", BuildOptions{})
	var prev time.Duration
	for _, n := range []int{2, 4, 8} {
		res, err := Run(context.Background(), bin, Options{Threads: n})
		if err != nil {
			t.Fatal(err)
		}
		m := res.Stats.Modeled()
		if m <= prev {
			t.Errorf("THREADS=%d: modeled %v, not more than %v with fewer threads", n, m, prev)
		}
		prev = m
	}
}

// A hot spot between two collectives that synchronise all threads is
// charged in its own phase: coll_hotspot.c has six phases (start-up, the
// first reduction's IN_ALLSYNC barrier, its tree and final barrier, the
// reads of dst closed by the second reduction's IN_ALLSYNC barrier, the
// second tree, exit), so its modeled time is
//
//	6·2(o+L)·ceil(log2 T) + 2·ceil(log2 T)·(2o+2L+9G) + max(2o+2L+8G, (T-1)(o+8G))
//
// (a reduction's parent reads each child's 8-byte partial and its flag
// byte; the binomial tree's critical path is the root's ceil(log2 T)
// reads). From THREADS = 13 on the last term is the hot spot on thread 0,
// linear in THREADS. --check's argument comparison adds a barrier that
// the model does not charge.
func TestModelHotSpotBetweenCollectives(t *testing.T) {
	bin := buildTestProgram(t, "coll_hotspot", BuildOptions{})
	net := DefaultNet
	o, L, G := float64(net.O), float64(net.L), net.G
	for _, tc := range []struct {
		threads int
		check   bool
	}{{2, false}, {8, false}, {8, true}, {32, false}, {64, false}} {
		res, err := Run(context.Background(), bin, Options{Threads: tc.threads, Check: tc.check})
		if err != nil {
			t.Fatal(err)
		}
		if err := res.Err(); err != nil {
			t.Fatal(err)
		}
		T := float64(tc.threads)
		lg := math.Ceil(math.Log2(T))
		hot := math.Max(2*o+2*L+8*G, (T-1)*(o+8*G))
		want := 6*2*(o+L)*lg + 2*lg*(2*o+2*L+9*G) + hot
		if got := res.Stats.ModeledNs; math.Abs(got-want) > 0.01 {
			t.Errorf("THREADS=%d check=%v: modeled %.3f ns, want %.3f", tc.threads, tc.check, got, want)
		}
	}
}
