package grammar

import (
	gotoken "go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/types"
)

// publicNames returns the names a unit's file scope and macros declare,
// except reserved ones (leading underscore).
func publicNames(pp *cpp.Result, info *types.Info) map[string]bool {
	names := map[string]bool{}
	for n := range info.FileScope.Names() {
		if !strings.HasPrefix(n, "_") {
			names[n] = true
		}
	}
	for n := range pp.Macros {
		if !strings.HasPrefix(n, "_") {
			names[n] = true
		}
	}
	return names
}

// systemNames returns the public names a unit that includes header sees,
// with the system's headers (as gcc) and with the bundled ones.
func systemNames(env *gccEnv, header string) (sys, own map[string]bool) {
	src := "#include <" + header + ">\n"
	fset := gotoken.NewFileSet()
	spp := cpp.Preprocess(fset, "/x/s.c", []byte(cText("/x/s.c", src)), &cpp.Config{IncludeDirs: env.dirs, Defines: env.defines, Prefixes: cpp.NoPrefixCache})
	sf, _ := parser.ParseFile(fset, "s.c", spp.Tokens)
	sinfo, _ := types.Check(fset, sf, nil)
	fset2 := gotoken.NewFileSet()
	bpp := cpp.Preprocess(fset2, "/x/b.c", []byte(src), &cpp.Config{Bundled: headers.FS, Prefixes: cpp.NoPrefixCache})
	bf, _ := parser.ParseFile(fset2, "b.c", bpp.Tokens)
	binfo, _ := types.Check(fset2, bf, nil)
	return publicNames(spp, sinfo), publicNames(bpp, binfo)
}

// visibleThrough lists names that real programs use with only the given
// header included, because glibc's makes them visible (directly or through
// the headers it includes; some only with _GNU_SOURCE, which the bundle
// does not model: it declares them all): the bundled header must too.
var visibleThrough = map[string][]string{
	"stdlib.h": {"int64_t", "int32_t", "uint", "ulong", "ushort", "u_char", "pid_t", "off_t", "ssize_t",
		"time_t", "fd_set", "select", "alloca", "WEXITSTATUS", "WIFEXITED", "pthread_t", "mkostemp", "qsort_r",
		"reallocarray", "secure_getenv", "ptsname", "ecvt", "BYTE_ORDER", "htobe32"},
	"string.h":    {"bzero", "bcopy", "bcmp", "index", "rindex", "ffs", "strcasecmp", "rawmemchr", "strverscmp", "explicit_bzero"},
	"strings.h":   {"ffsl", "ffsll"},
	"sys/types.h": {"pthread_mutex_t", "LITTLE_ENDIAN", "be64toh", "off64_t", "fsid_t"},
	"unistd.h": {"environ", "chroot", "daemon", "getgroups", "getpgid", "seteuid", "setreuid", "getpass",
		"sethostname", "F_LOCK", "swab", "unlinkat", "ualarm"},
	"limits.h":   {"LONG_BIT", "WORD_BIT", "NZERO", "PTHREAD_STACK_MIN", "LOGIN_NAME_MAX", "TTY_NAME_MAX"},
	"math.h":     {"MAXFLOAT", "isinff", "isnanf", "finitef", "drem", "significand", "lgamma_r", "signgam", "exp10f", "sincosl"},
	"time.h":     {"timer_t", "timer_create", "timezone", "daylight", "tzname", "strptime", "timelocal"},
	"sys/time.h": {"TIMEVAL_TO_TIMESPEC", "futimes", "lutimes", "adjtime"},
	"pthread.h":  {"PTHREAD_MUTEX_ROBUST", "PTHREAD_PRIO_INHERIT", "PTHREAD_RWLOCK_PREFER_WRITER_NP", "PTHREAD_STACK_MIN"},
	"signal.h":   {"NSIG", "SI_QUEUE", "SEGV_MAPERR", "SIGEV_THREAD", "SA_ONESHOT"},
	"fcntl.h":    {"O_DIRECT", "O_NOATIME", "F_SETOWN", "AT_REMOVEDIR", "POSIX_FADV_DONTNEED", "posix_fadvise", "S_IRUSR"},
	"sys/mman.h": {"MAP_NONBLOCK", "MADV_DONTFORK", "mremap"},
	"errno.h":    {"EREMOTEIO", "EDEADLOCK", "program_invocation_name"},
	"stdio.h":    {"getc_unlocked", "putc_unlocked", "fileno_unlocked", "open_memstream", "tempnam", "setlinebuf", "getw", "renameat"},
}

// TestBundleDeclaresWhatGlibcDoes: the names of visibleThrough are visible
// through the system's header (checked with gcc's environment, so the
// table is right) and through the bundled one.
func TestBundleDeclaresWhatGlibcDoes(t *testing.T) {
	if _, err := os.Stat("/usr/include/stdlib.h"); err != nil {
		t.Skip("no system headers in /usr/include")
	}
	env := findGCC(t)
	env.defines = append(env.defines, "_GNU_SOURCE=1")
	for h, names := range visibleThrough {
		sys, own := systemNames(env, h)
		for _, n := range names {
			if !sys[n] && !own[n] {
				t.Errorf("%s: %s is visible through neither the system's header nor the bundled one", h, n)
			} else if !sys[n] {
				t.Errorf("%s: %s is not visible through the system's header", h, n)
			} else if !own[n] {
				t.Errorf("%s: %s is not visible through the bundled header", h, n)
			}
		}
	}
}

// TestBundleCoverageReport lists, for each bundled C header, the public
// names glibc's header makes visible (with _GNU_SOURCE) and the bundled one
// does not: where to look for what programs may miss.
func TestBundleCoverageReport(t *testing.T) {
	if os.Getenv("UPCLINT_COVERAGE") == "" {
		t.Skip("a report: set UPCLINT_COVERAGE=1")
	}
	env := findGCC(t)
	env.defines = append(env.defines, "_GNU_SOURCE=1")
	var hs []string
	_ = fs.WalkDir(headers.FS, ".", func(p string, d fs.DirEntry, err error) error {
		base := filepath.Base(p)
		if err == nil && !d.IsDir() && !strings.HasPrefix(base, "upc") && !strings.HasPrefix(base, "bupc") && !strings.HasPrefix(p, "bits/") && p != "pupc.h" {
			hs = append(hs, p)
		}
		return nil
	})
	for _, h := range hs {
		sys, own := systemNames(env, h)
		var miss []string
		for n := range sys {
			if !own[n] {
				miss = append(miss, n)
			}
		}
		sort.Strings(miss)
		t.Logf("%s: %d of %d missing: %s", h, len(miss), len(sys), strings.Join(miss, " "))
	}
}
