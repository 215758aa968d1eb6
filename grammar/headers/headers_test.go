package headers

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// cHeaders are the bundled C library headers; their macro values, types,
// struct layouts and declarations are compared with the system's.
var cHeaders = []string{
	"alloca.h", "argp.h", "arpa/inet.h", "assert.h", "complex.h", "ctype.h", "dirent.h",
	"dlfcn.h", "endian.h", "err.h", "errno.h", "execinfo.h", "fcntl.h",
	"fenv.h", "float.h", "fnmatch.h", "getopt.h", "glob.h", "grp.h", "inttypes.h", "iso646.h", "libgen.h",
	"limits.h", "locale.h", "malloc.h", "math.h", "memory.h", "netdb.h", "netinet/in.h", "netinet/tcp.h", "omp.h",
	"poll.h", "pthread.h", "pwd.h", "regex.h", "sched.h", "semaphore.h", "setjmp.h", "signal.h", "stdarg.h",
	"stdalign.h", "stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h", "stdnoreturn.h", "string.h",
	"strings.h", "sys/file.h", "sys/ioctl.h", "sys/ipc.h", "sys/mman.h", "sys/param.h", "sys/statvfs.h", "syslog.h", "termios.h",
	"sys/resource.h", "sys/select.h", "sys/shm.h", "sys/socket.h", "sys/stat.h",
	"sys/syscall.h", "sys/uio.h",
	"sys/sysinfo.h", "sys/time.h", "sys/timeb.h", "sys/times.h",
	"sys/types.h", "sys/utsname.h", "sys/wait.h", "tgmath.h", "time.h",
	"unistd.h", "values.h", "wchar.h", "wctype.h",
}

// upcHeaders use the shared qualifier, so they are only C once "shared" is
// defined away.
var upcHeaders = []string{
	"bupc_collectivev.h", "bupc_extensions.h", "bupc_extern.h", "pupc.h", "upc.h", "upc_atomic.h",
	"upc_castable.h", "upc_collective.h", "upc_io.h", "upc_nb.h",
	"upc_relaxed.h", "upc_strict.h", "upc_tick.h", "upc_types.h",
}

// internalHeaders are included by the others, never by a program, and are
// not compiled alone. Each type bits/upclint_types.h defines is requested
// by the including header, so it has no include guard.
var internalHeaders = []string{"bits/upclint_types.h", "bits/upclint_pthreadtypes.h", "bits/upclint_wait.h"}

// requiredMacros must be defined by the bundled headers (and, being in
// cHeaders, are then compared with the system's values).
var requiredMacros = []string{
	"EXIT_FAILURE", "EXIT_SUCCESS", "RAND_MAX", "MB_CUR_MAX",
	"INT_MAX", "INT_MIN", "UINT_MAX", "LONG_MAX", "LONG_MIN", "ULONG_MAX",
	"LLONG_MAX", "LLONG_MIN", "ULLONG_MAX", "CHAR_BIT", "CHAR_MAX", "CHAR_MIN",
	"SCHAR_MAX", "SCHAR_MIN", "UCHAR_MAX", "SHRT_MAX", "SHRT_MIN", "USHRT_MAX",
	"PATH_MAX", "SSIZE_MAX",
	"DBL_MAX", "DBL_MIN", "DBL_EPSILON", "DBL_DIG", "DBL_MANT_DIG", "FLT_MAX",
	"FLT_MIN", "FLT_EPSILON", "FLT_DIG", "LDBL_MAX", "LDBL_EPSILON", "FLT_RADIX",
	"EOF", "BUFSIZ", "FILENAME_MAX", "FOPEN_MAX", "L_tmpnam", "TMP_MAX",
	"SEEK_SET", "SEEK_CUR", "SEEK_END", "_IOFBF", "_IOLBF", "_IONBF",
	"O_RDONLY", "O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC", "O_APPEND",
	"O_EXCL", "O_NONBLOCK", "F_GETFL", "F_SETFL",
	"EINVAL", "ENOMEM", "EAGAIN", "ERANGE", "EDOM", "ENOENT", "EEXIST",
	"EINTR", "EACCES", "EBADF", "ETIMEDOUT", "EWOULDBLOCK",
	"SIGINT", "SIGTERM", "SIGSEGV", "SIGKILL", "SIGABRT", "SIGUSR1",
	"SIGALRM", "SIGCHLD", "SIGPIPE", "SIG_BLOCK", "SA_RESTART", "SA_SIGINFO",
	"CLOCKS_PER_SEC", "CLOCK_MONOTONIC", "CLOCK_REALTIME",
	"CLOCK_PROCESS_CPUTIME_ID",
	"INT8_MAX", "INT16_MAX", "INT32_MAX", "INT32_MIN", "INT64_MAX",
	"INT64_MIN", "UINT8_MAX", "UINT16_MAX", "UINT32_MAX", "UINT64_MAX",
	"SIZE_MAX", "INTPTR_MAX", "UINTPTR_MAX", "PTRDIFF_MAX", "INTMAX_MAX",
	"INT_FAST16_MAX", "INT_FAST32_MAX",
	"PRId32", "PRId64", "PRIu64", "PRIx64", "PRIX64", "PRIu32", "PRIdMAX",
	"PRIuPTR", "PRIdFAST16", "SCNd64", "SCNu8",
	"M_PI", "M_E", "M_SQRT2", "M_LN2", "HUGE_VAL", "INFINITY", "NAN",
	"FP_NAN", "FP_NORMAL",
	"STDIN_FILENO", "STDOUT_FILENO", "STDERR_FILENO",
	"R_OK", "W_OK", "X_OK", "F_OK", "_SC_NPROCESSORS_ONLN", "_SC_PAGESIZE",
	"S_IRUSR", "S_IWUSR", "S_IXUSR", "S_IRWXU", "S_IFMT", "S_IFDIR", "S_IFREG",
	"true", "false", "__bool_true_false_are_defined",
	"no_argument", "required_argument", "optional_argument",
	"RUSAGE_SELF", "RUSAGE_CHILDREN", "RLIMIT_STACK", "RLIM_INFINITY",
	"ITIMER_REAL",
	"PROT_READ", "MAP_SHARED", "MAP_ANONYMOUS", "MAP_FAILED", "WNOHANG",
	"FD_SETSIZE", "LC_ALL", "FE_TONEAREST", "FE_ALL_EXCEPT", "SCHED_FIFO",
	"CPU_SETSIZE", "PTHREAD_CREATE_JOINABLE", "PTHREAD_ONCE_INIT", "DT_DIR",
	"MAXPATHLEN", "POLLIN", "RTLD_NOW", "MAXINT", "MAXDOUBLE", "ARGP_KEY_ARG",
	"ARGP_ERR_UNKNOWN", "OPTION_ARG_OPTIONAL", "WEOF", "M_MMAP_THRESHOLD",
}

// notValues are object-like macros of the C headers that are not
// expressions with a fixed value (types, lvalues, member names).
var notValues = map[string]bool{
	"bool": true, "errno": true, "stdin": true, "stdout": true, "stderr": true,
	"alignas": true, "alignof": true, "noreturn": true,
	"sa_handler": true, "sa_sigaction": true,
	"st_atime": true, "st_mtime": true, "st_ctime": true,
	// Objects of the bundled headers that the system spells as constants
	// with GNU extensions, and types.
	"complex": true, "I": true, "_Complex_I": true, "FE_DFL_ENV": true,
	// Braced initializers.
	"PTHREAD_MUTEX_INITIALIZER": true, "PTHREAD_COND_INITIALIZER": true,
	"PTHREAD_RWLOCK_INITIALIZER": true,
	// Operators.
	"and": true, "and_eq": true, "bitand": true, "bitor": true, "compl": true,
	"not": true, "not_eq": true, "or": true, "or_eq": true, "xor": true,
	"xor_eq": true,
	// A member of struct hostent.
	"h_addr": true,
}

// typeNames are arithmetic typedefs whose exact type is compared.
var typeNames = []string{
	"size_t", "ssize_t", "ptrdiff_t", "wchar_t", "off_t", "pid_t", "uid_t",
	"gid_t", "mode_t", "dev_t", "ino_t", "nlink_t", "blksize_t", "blkcnt_t",
	"time_t", "clock_t", "clockid_t", "suseconds_t", "useconds_t", "id_t",
	"key_t", "sig_atomic_t", "rlim_t", "float_t", "double_t",
	"int8_t", "int16_t", "int32_t", "int64_t", "uint8_t", "uint16_t",
	"uint32_t", "uint64_t", "int_least8_t", "int_least16_t", "int_least32_t",
	"int_least64_t", "uint_least8_t", "uint_least16_t", "uint_least32_t",
	"uint_least64_t", "int_fast8_t", "int_fast16_t", "int_fast32_t",
	"int_fast64_t", "uint_fast8_t", "uint_fast16_t", "uint_fast32_t",
	"uint_fast64_t", "intptr_t", "uintptr_t", "intmax_t", "uintmax_t",
	"wint_t", "wctype_t", "nfds_t", "pthread_t", "pthread_key_t",
	"pthread_once_t", "fd_mask", "error_t", "fexcept_t", "u_int8_t",
	"u_int16_t", "u_int32_t", "u_int64_t", "ushort", "uint", "ulong",
	"quad_t", "u_quad_t", "loff_t", "daddr_t", "register_t", "fsblkcnt_t",
	"fsfilcnt_t", "socklen_t", "sa_family_t", "in_addr_t", "in_port_t",
	"fsblkcnt64_t", "fsfilcnt64_t", "blkcnt64_t", "ino64_t", "off64_t", "timer_t",
	"regoff_t", "cc_t", "speed_t", "tcflag_t",
}

// structs lists the structures (and struct typedefs) whose size and member
// offsets are compared.
var structs = map[string][]string{
	"struct group":      {"gr_name", "gr_passwd", "gr_gid", "gr_mem"},
	"struct itimerspec": {"it_interval", "it_value"},
	"struct statvfs": {"f_bsize", "f_frsize", "f_blocks", "f_bfree", "f_bavail", "f_files",
		"f_ffree", "f_favail", "f_fsid", "f_flag", "f_namemax"},
	"glob_t": {"gl_pathc", "gl_pathv", "gl_offs", "gl_flags", "gl_closedir", "gl_readdir",
		"gl_opendir", "gl_lstat", "gl_stat"},
	"regex_t":          {"re_nsub"},
	"regmatch_t":       {"rm_so", "rm_eo"},
	"sem_t":            nil,
	"struct termios":   {"c_iflag", "c_oflag", "c_cflag", "c_lflag", "c_line", "c_cc", "c_ispeed", "c_ospeed"},
	"struct winsize":   {"ws_row", "ws_col", "ws_xpixel", "ws_ypixel"},
	"fsid_t":           nil,
	"max_align_t":      nil,
	"struct timespec":  {"tv_sec", "tv_nsec"},
	"struct timeval":   {"tv_sec", "tv_usec"},
	"struct timezone":  {"tz_minuteswest", "tz_dsttime"},
	"struct itimerval": {"it_interval", "it_value"},
	"struct tm": {"tm_sec", "tm_min", "tm_hour", "tm_mday", "tm_mon",
		"tm_year", "tm_wday", "tm_yday", "tm_isdst", "tm_gmtoff", "tm_zone"},
	"struct stat": {"st_dev", "st_ino", "st_nlink", "st_mode", "st_uid",
		"st_gid", "st_rdev", "st_size", "st_blksize", "st_blocks", "st_atim",
		"st_mtim", "st_ctim"},
	"struct rusage": {"ru_utime", "ru_stime", "ru_maxrss", "ru_ixrss",
		"ru_idrss", "ru_isrss", "ru_minflt", "ru_majflt", "ru_nswap",
		"ru_inblock", "ru_oublock", "ru_msgsnd", "ru_msgrcv", "ru_nsignals",
		"ru_nvcsw", "ru_nivcsw"},
	"struct rlimit": {"rlim_cur", "rlim_max"},
	"struct tms":    {"tms_utime", "tms_stime", "tms_cutime", "tms_cstime"},
	"struct utsname": {"sysname", "nodename", "release", "version", "machine",
		"domainname"},
	"struct option":    {"name", "has_arg", "flag", "val"},
	"struct flock":     {"l_type", "l_whence", "l_start", "l_len", "l_pid"},
	"struct sigaction": {"sa_handler", "sa_sigaction", "sa_mask", "sa_flags", "sa_restorer"},
	"siginfo_t":        {"si_signo", "si_errno", "si_code"},
	"sigset_t":         nil,
	"fpos_t":           nil,
	"va_list":          nil,
	"div_t":            {"quot", "rem"},
	"ldiv_t":           {"quot", "rem"},
	"lldiv_t":          {"quot", "rem"},
	"imaxdiv_t":        {"quot", "rem"},
	"struct dirent":    {"d_ino", "d_off", "d_reclen", "d_type", "d_name"},
	"struct lconv": {"decimal_point", "grouping", "mon_grouping", "negative_sign",
		"int_frac_digits", "n_sign_posn", "int_p_cs_precedes", "int_n_sign_posn"},
	"jmp_buf":               nil,
	"sigjmp_buf":            nil,
	"fenv_t":                {"__control_word", "__eip", "__data_offset", "__mxcsr"},
	"mbstate_t":             {"__count", "__value"},
	"pthread_attr_t":        nil,
	"pthread_mutex_t":       nil,
	"pthread_mutexattr_t":   nil,
	"pthread_cond_t":        nil,
	"pthread_condattr_t":    nil,
	"pthread_rwlock_t":      nil,
	"pthread_rwlockattr_t":  nil,
	"pthread_barrier_t":     nil,
	"pthread_barrierattr_t": nil,
	"cpu_set_t":             nil,
	"struct sched_param":    {"sched_priority"},
	"fd_set":                nil,
	"struct pollfd":         {"fd", "events", "revents"},
	"struct timeb":          {"time", "millitm", "timezone", "dstflag"},
	"struct sysinfo": {"uptime", "loads", "totalram", "freeram", "sharedram",
		"bufferram", "totalswap", "freeswap", "procs", "totalhigh", "freehigh",
		"mem_unit"},
	"struct argp_option": {"name", "key", "arg", "flags", "doc", "group"},
	"struct argp": {"options", "parser", "args_doc", "doc", "children",
		"help_filter", "argp_domain"},
	"struct argp_child": {"argp", "flags", "header", "group"},
	"omp_lock_t":        nil,
	"omp_nest_lock_t":   nil,
	"struct ipc_perm": {"__key", "uid", "gid", "cuid", "cgid", "mode", "__seq",
		"__glibc_reserved1", "__glibc_reserved2"},
	"struct passwd": {"pw_name", "pw_passwd", "pw_uid", "pw_gid", "pw_gecos",
		"pw_dir", "pw_shell"},
	"struct iovec":            {"iov_base", "iov_len"},
	"struct sockaddr":         {"sa_family", "sa_data"},
	"struct sockaddr_storage": {"ss_family"},
	"struct sockaddr_in":      {"sin_family", "sin_port", "sin_addr", "sin_zero"},
	"struct in_addr":          {"s_addr"},
	"struct hostent": {"h_name", "h_aliases", "h_addrtype", "h_length",
		"h_addr_list"},
	"struct addrinfo": {"ai_flags", "ai_family", "ai_socktype", "ai_protocol",
		"ai_addrlen", "ai_addr", "ai_canonname", "ai_next"},
	"struct shmid_ds": {"shm_perm", "shm_segsz", "shm_atime", "shm_dtime",
		"shm_ctime", "shm_cpid", "shm_lpid", "shm_nattch"},
	"struct argp_state": {"root_argp", "argc", "argv", "next", "flags",
		"arg_num", "quoted", "input", "child_inputs", "hook", "name",
		"err_stream", "out_stream", "pstate"},
}

func TestHeadersPresent(t *testing.T) {
	names := append(append(append([]string{}, cHeaders...), upcHeaders...), internalHeaders...)
	for _, name := range names {
		if _, err := fs.Stat(FS, name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Nothing else: every file is listed above, so every file is tested.
	listed := map[string]bool{}
	for _, name := range names {
		listed[name] = true
	}
	for _, name := range allFiles(t) {
		if !listed[name] {
			t.Errorf("%s is not in the test's header lists", name)
		}
	}
}

func allFiles(t *testing.T) []string {
	t.Helper()
	var names []string
	err := fs.WalkDir(FS, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			names = append(names, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	return names
}

func readHeader(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSimpleSyntax checks the promises of the package comment that a plain
// C99 parser relies on.
func TestSimpleSyntax(t *testing.T) {
	forbidden := regexp.MustCompile(`__attribute__|__asm|\basm\b|__restrict|__extension__|__typeof|typeof|\binline\b|\(\{|__inline|_Pragma`)
	builtin := regexp.MustCompile(`__builtin_\w+`)
	allowed := map[string]bool{
		"__builtin_va_list": true, "__builtin_va_start": true, "__builtin_va_end": true,
		"__builtin_va_arg": true, "__builtin_va_copy": true, "__builtin_offsetof": true,
	}
	guard := regexp.MustCompile(`(?m)^#ifndef (_UPCLINT_\w+_H)\n#define (_UPCLINT_\w+_H)\n`)
	keywordDefs := regexp.MustCompile(`(?m)^#\s*define\s+(UPC_MAX_BLOCK_SIZE|THREADS|MYTHREAD|shared|strict|relaxed|upc_\w+sizeof)\b`)
	for _, name := range allFiles(t) {
		src := stripComments(readHeader(t, name))
		if m := forbidden.FindString(src); m != "" {
			t.Errorf("%s: uses %q", name, m)
		}
		for _, b := range builtin.FindAllString(src, -1) {
			if !allowed[b] {
				t.Errorf("%s: uses %s", name, b)
			}
		}
		if m := keywordDefs.FindStringSubmatch(src); m != nil {
			t.Errorf("%s: defines the language keyword %s", name, m[1])
		}
		if regexp.MustCompile(`\)\s*\{`).MatchString(stripDirectives(src)) {
			t.Errorf("%s: seems to contain a function body", name)
		}
		switch name {
		case "upc_strict.h", "upc_relaxed.h":
			// Every inclusion asserts the pragma: no guard by design.
			continue
		case "bits/upclint_types.h":
			// Every inclusion defines what the includer asks for.
			continue
		}
		if m := guard.FindStringSubmatch(strings.TrimLeft(src, " \n")); m == nil || m[1] != m[2] {
			t.Errorf("%s: does not start with an include guard", name)
		}
	}
}

var commentRE = regexp.MustCompile(`(?s)/\*.*?\*/`)

func stripComments(s string) string { return commentRE.ReplaceAllString(s, "") }

var directiveRE = regexp.MustCompile(`(?m)^[ \t]*#(?:[^\\\n]|\\[^\n]|\\\n)*`)

// stripDirectives removes preprocessing directives (with their continuation
// lines), leaving the declarations.
func stripDirectives(s string) string { return directiveRE.ReplaceAllString(s, "") }

// objectMacros returns the object-like macros a header defines.
func objectMacros(src string) []string {
	src = strings.ReplaceAll(stripComments(src), "\\\n", " ")
	re := regexp.MustCompile(`(?m)^\s*#\s*define\s+([A-Za-z_]\w*)(\(?)`)
	var names []string
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		if m[2] == "" {
			names = append(names, m[1])
		}
	}
	return names
}

func findCC(t *testing.T) string {
	t.Helper()
	for _, cc := range []string{os.Getenv("CC"), "cc", "gcc", "clang"} {
		if cc == "" {
			continue
		}
		if p, err := exec.LookPath(cc); err == nil {
			return p
		}
	}
	t.Skip("no C compiler found")
	return ""
}

// writeHeaders copies the bundled headers to a directory for the compiler.
func writeHeaders(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "include")
	for _, name := range allFiles(t) {
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, []byte(readHeader(t, name)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func run(t *testing.T, name string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(name, args...)
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	err := cmd.Run()
	return out.String(), err
}

// valueProgram prints, for every macro, typedef and structure, its type and
// value (or size and member offsets) in a form that only depends on them.
func valueProgram(macros []string) string {
	var b strings.Builder
	for _, h := range cHeaders {
		fmt.Fprintf(&b, "#include <%s>\n", h)
	}
	b.WriteString(`
static void show_other(const char *n, size_t sz, ...) { printf("%s other size=%zu\n", n, sz); }
static void show_str(const char *n, size_t sz, const char *v) { (void)sz; printf("%s string \"%s\"\n", n, v); }
static void show_b(const char *n, size_t sz, _Bool v) { (void)sz; printf("%s _Bool %d\n", n, (int)v); }
static void show_c(const char *n, size_t sz, char v) { (void)sz; printf("%s char %d\n", n, (int)v); }
static void show_sc(const char *n, size_t sz, signed char v) { (void)sz; printf("%s schar %d\n", n, (int)v); }
static void show_uc(const char *n, size_t sz, unsigned char v) { (void)sz; printf("%s uchar %d\n", n, (int)v); }
static void show_s(const char *n, size_t sz, short v) { (void)sz; printf("%s short %d\n", n, (int)v); }
static void show_us(const char *n, size_t sz, unsigned short v) { (void)sz; printf("%s ushort %d\n", n, (int)v); }
static void show_i(const char *n, size_t sz, int v) { (void)sz; printf("%s int %d\n", n, v); }
static void show_u(const char *n, size_t sz, unsigned v) { (void)sz; printf("%s uint %u\n", n, v); }
static void show_l(const char *n, size_t sz, long v) { (void)sz; printf("%s long %ld\n", n, v); }
static void show_ul(const char *n, size_t sz, unsigned long v) { (void)sz; printf("%s ulong %lu\n", n, v); }
static void show_ll(const char *n, size_t sz, long long v) { (void)sz; printf("%s llong %lld\n", n, v); }
static void show_ull(const char *n, size_t sz, unsigned long long v) { (void)sz; printf("%s ullong %llu\n", n, v); }
static void show_f(const char *n, size_t sz, float v) { (void)sz; printf("%s float %a\n", n, (double)v); }
static void show_d(const char *n, size_t sz, double v) { (void)sz; printf("%s double %a\n", n, v); }
static void show_ld(const char *n, size_t sz, long double v) { (void)sz; printf("%s ldouble %La\n", n, v); }
#define SHOW(n, x) _Generic((x), \
	char *: show_str, const char *: show_str, _Bool: show_b, char: show_c, \
	signed char: show_sc, unsigned char: show_uc, short: show_s, \
	unsigned short: show_us, int: show_i, unsigned: show_u, long: show_l, \
	unsigned long: show_ul, long long: show_ll, unsigned long long: show_ull, \
	float: show_f, double: show_d, long double: show_ld, \
	default: show_other)(n, sizeof(x), (x))
int main(void) {
`)
	for _, m := range macros {
		fmt.Fprintf(&b, "#ifdef %[1]s\n\tSHOW(\"macro %[1]s\", %[1]s);\n#else\n\tprintf(\"macro %[1]s undefined\\n\");\n#endif\n", m)
	}
	for _, ty := range typeNames {
		fmt.Fprintf(&b, "\tSHOW(\"type %[1]s\", (%[1]s)1);\n", ty)
	}
	names := make([]string, 0, len(structs))
	for s := range structs {
		names = append(names, s)
	}
	sort.Strings(names)
	for _, s := range names {
		fmt.Fprintf(&b, "\tprintf(\"sizeof(%[1]s) = %%zu\\n\", sizeof(%[1]s));\n", s)
		for _, f := range structs[s] {
			fmt.Fprintf(&b, "\tprintf(\"offsetof(%[1]s, %[2]s) = %%zu, size %%zu\\n\", offsetof(%[1]s, %[2]s), sizeof(((%[1]s *)0)->%[2]s));\n", s, f)
		}
	}
	b.WriteString("\treturn 0;\n}\n")
	return b.String()
}

// TestValuesMatchSystem compiles one program twice, against the system
// headers and against the bundled ones (with -nostdinc), and requires the
// same output: every object-like macro of the bundled C headers has the
// system's value and type, every arithmetic typedef the system's type, and
// every listed structure the system's size and member offsets.
func TestValuesMatchSystem(t *testing.T) {
	cc := findCC(t)
	inc := writeHeaders(t)

	seen := map[string]bool{}
	var macros []string
	// NULL is defined in the internal header.
	for _, h := range append(append([]string{}, cHeaders...), internalHeaders...) {
		for _, m := range objectMacros(readHeader(t, h)) {
			if seen[m] || notValues[m] || strings.HasPrefix(m, "_UPCLINT") {
				continue
			}
			seen[m] = true
			macros = append(macros, m)
		}
	}
	for _, m := range requiredMacros {
		if !seen[m] {
			t.Errorf("required macro %s is not defined by the bundled C headers", m)
		}
	}
	if len(macros) < 60 {
		t.Fatalf("only %d macros found", len(macros))
	}

	dir := t.TempDir()
	src := filepath.Join(dir, "values.c")
	if err := os.WriteFile(src, []byte(valueProgram(macros)), 0o644); err != nil {
		t.Fatal(err)
	}
	// The system build sees everything glibc can declare; the bundled
	// headers do not depend on feature macros.
	common := []string{"-std=gnu11", "-D_GNU_SOURCE", "-w", src, "-lm"}
	sysExe, bunExe := filepath.Join(dir, "system"), filepath.Join(dir, "bundled")
	if out, err := run(t, cc, append([]string{"-o", sysExe}, common...)...); err != nil {
		t.Fatalf("compiling against the system headers: %v\n%s", err, out)
	}
	if out, err := run(t, cc, append([]string{"-nostdinc", "-I", inc, "-o", bunExe}, common...)...); err != nil {
		t.Fatalf("compiling against the bundled headers: %v\n%s", err, out)
	}
	want, err := run(t, sysExe)
	if err != nil {
		t.Fatalf("running the system build: %v\n%s", err, want)
	}
	got, err := run(t, bunExe)
	if err != nil {
		t.Fatalf("running the bundled build: %v\n%s", err, got)
	}
	wantLines, gotLines := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wantLines) != len(gotLines) {
		t.Fatalf("outputs differ in length:\nsystem:\n%s\nbundled:\n%s", want, got)
	}
	compared := 0
	for i := range wantLines {
		if wantLines[i] != gotLines[i] {
			t.Errorf("system: %s\n\t bundled: %s", wantLines[i], gotLines[i])
		}
		if strings.HasPrefix(wantLines[i], "macro ") && !strings.HasSuffix(wantLines[i], " undefined") {
			compared++
		}
	}
	t.Logf("compared %d macros, %d types, %d structures", compared, len(typeNames), len(structs))
}

// TestDeclarationsMatchSystem redeclares every extern declaration of the
// bundled C headers after the system headers: C rejects a redeclaration
// whose type is not compatible, so each prototype and variable must agree
// with glibc's. The declarations are taken in the default feature mode (the
// one programs are compiled in), which matters for strerror_r, and after the
// header's own macros are expanded, so that prototypes a macro declares for
// each type (<complex.h>) are compared too.
func TestDeclarationsMatchSystem(t *testing.T) {
	cc := findCC(t)
	inc := writeHeaders(t)
	declRE := regexp.MustCompile(`(?s)\bextern\s[^;{}#]*;`)
	callee := regexp.MustCompile(`\b([A-Za-z_]\w*)\s*\(`)
	var b strings.Builder
	for _, h := range cHeaders {
		fmt.Fprintf(&b, "#include <%s>\n", h)
	}
	n := 0
	for _, h := range cHeaders {
		for _, d := range declRE.FindAllString(ownText(t, cc, inc, h), -1) {
			fmt.Fprintf(&b, "/* %s */\n", h)
			for _, m := range callee.FindAllStringSubmatch(d, -1) {
				switch m[1] {
				case "int", "void", "char", "long", "double", "float", "short", "unsigned":
				default:
					fmt.Fprintf(&b, "#undef %s\n", m[1])
				}
			}
			b.WriteString(d + "\n")
			n++
		}
	}
	if n < 300 {
		t.Fatalf("only %d declarations found", n)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "decls.c")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, cc, "-std=gnu11", "-fsyntax-only", "-w", src); err != nil {
		t.Fatalf("bundled declarations conflict with the system's: %v\n%s", err, out)
	}
	t.Logf("%d declarations agree with the system headers", n)
}

// ownText returns header h preprocessed alone against the bundled headers,
// keeping only the text that comes from h itself (by the line markers of
// cc -E), not from the headers it includes.
func ownText(t *testing.T, cc, inc, h string) string {
	t.Helper()
	src := filepath.Join(t.TempDir(), "own.c")
	if err := os.WriteFile(src, []byte("#include <"+h+">\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(cc, "-E", "-nostdinc", "-I", inc, "-std=gnu11", src)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: cc -E: %v", h, err)
	}
	own := "/" + filepath.FromSlash(h) + `"`
	var b strings.Builder
	keep := false
	for _, line := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(line, "# ") {
			fields := strings.Fields(line)
			keep = len(fields) >= 3 && strings.HasSuffix(fields[2], own)
			continue
		}
		if keep {
			b.WriteString(line + "\n")
		}
	}
	return b.String()
}

// TestHeadersAreC99 compiles each bundled header alone, then all of them
// together, then code using their function-like macros, as strict C99 with
// nothing from the system. The UPC headers are compiled with shared defined
// away (the pragmas of upc_strict.h and upc_relaxed.h are then unknown
// pragmas, which C ignores).
func TestHeadersAreC99(t *testing.T) {
	cc := findCC(t)
	inc := writeHeaders(t)
	dir := t.TempDir()
	flags := []string{"-fsyntax-only", "-nostdinc", "-I", inc, "-std=c99", "-pedantic-errors",
		"-Wall", "-Wextra", "-Werror", "-Wno-unknown-pragmas", "-Wno-unused-function"}
	compile := func(name, src string, upc bool) {
		t.Helper()
		file := filepath.Join(dir, name+".c")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		args := append([]string{}, flags...)
		if upc {
			args = append(args, "-Dshared=")
		}
		if out, err := run(t, cc, append(args, "-x", "c", file)...); err != nil {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
	for i, h := range cHeaders {
		compile(fmt.Sprintf("c%d", i), fmt.Sprintf("#include <%s>\nint upclint_unit;\n", h), false)
	}
	for i, h := range upcHeaders {
		compile(fmt.Sprintf("upc%d", i), fmt.Sprintf("#include <%s>\nint upclint_unit;\n", h), true)
	}

	var all strings.Builder
	for _, h := range append(append([]string{}, upcHeaders...), cHeaders...) {
		fmt.Fprintf(&all, "#include <%s>\n", h)
	}
	// Twice, to check the guards.
	everything := all.String() + all.String()
	compile("all", everything+"int upclint_unit;\n", true)

	uses := `
static int sum(int n, ...) {
	va_list ap, aq;
	int i, s = 0;
	va_start(ap, n);
	va_copy(aq, ap);
	for (i = 0; i < n; i++)
		s += va_arg(ap, int);
	va_end(aq);
	va_end(ap);
	return s;
}
struct pair { int a; double b; };
int uses(double x, const char *path) {
	struct stat st;
	struct timeval t0, t1, dt;
	struct sigaction sa;
	int64_t big = INT64_C(1) << 40;
	uint64_t ubig = UINT64_C(3);
	int r = 0;
	assert(x > 0.0);
	if (isnan(x) || isinf(x) || !isfinite(x) || signbit(x) || isnormal(x))
		r++;
	if (fpclassify(x) == FP_ZERO || isless(x, 1.0))
		r++;
	if (stat(path, &st) == 0 && (S_ISDIR(st.st_mode) || S_ISREG(st.st_mode)))
		r += (int)st.st_mtime;
	gettimeofday(&t0, NULL);
	gettimeofday(&t1, NULL);
	timersub(&t1, &t0, &dt);
	timeradd(&t1, &t0, &dt);
	if (timercmp(&t1, &t0, >) && timerisset(&dt))
		timerclear(&dt);
	sa.sa_handler = SIG_IGN;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	r += (int)offsetof(struct pair, b) + sum(2, 1, 2) + (int)(big + (int64_t)ubig);
	r += errno == EINVAL;
	{
		fd_set fds;
		cpu_set_t cpus;
		pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
		pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
		int status = 0;
		double complex z = 1.0 + 2.0 * I;
		FD_ZERO(&fds);
		FD_SET(3, &fds);
		FD_CLR(4, &fds);
		CPU_ZERO(&cpus);
		CPU_SET(1, &cpus);
		CPU_CLR(2, &cpus);
		r += FD_ISSET(3, &fds) + CPU_ISSET(1, &cpus);
		if (WIFEXITED(status) && !WIFSIGNALED(status) && !WIFSTOPPED(status))
			r += WEXITSTATUS(status) + WTERMSIG(status);
		r += pthread_mutex_lock(&mu) + pthread_cond_signal(&cv) + (int)creal(z);
		r += MIN(1, 2) + MAX(howmany(5, 2), roundup(5, 2)) + (int)sizeof(jmp_buf);
		if (r not_eq 0 and mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) == MAP_FAILED)
			r++;
	}
	printf("%" PRId64 " %" PRIu64 "\n", big, ubig);
	return r;
}
`
	compile("uses", everything+uses, true)
	compile("uses_ndebug", "#define NDEBUG 1\n"+everything+uses, true)

	upcUses := `
signed char add_c(signed char a, signed char b) { return (signed char)(a + b); }
int upc_uses(void) {
	upc_lock_t *l = upc_all_lock_alloc();
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD, UPC_ATOMIC_HINT_DEFAULT);
	upc_handle_t h = upc_memget_nb(0, 0, 0);
	upc_file_t *f = upc_all_fopen("f", UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
	upc_tick_t t = upc_ticks_now();
	bupc_tick_t bt = bupc_ticks_now();
	int v = bupc_allv_reduce_all(int, 1, UPC_ADD);
	long w = bupc_allv_broadcast(long, 2L, 0);
	int64_t old = bupc_atomicI64_fetchadd_strict(0, 1);
	upc_lock(l);
	upc_unlock(l);
	upc_all_reduceC(0, 0, UPC_FUNC, 1, 0, add_c, UPC_IN_NOSYNC | UPC_OUT_MYSYNC);
	upc_sync(h);
	upc_all_fclose(f);
	upc_all_atomicdomain_free(d);
	return v + (int)w + (int)old + (int)upc_ticks_to_ns(t) + (int)bupc_ticks_to_us(bt) +
		(h == UPC_COMPLETE_HANDLE) + (UPC_TICK_MAX > UPC_TICK_MIN) + UPC_CASTABLE_ALL;
}
`
	compile("upc_uses", everything+upcUses, true)
}

// TestUPCValues checks the values the runtime relies on.
func TestUPCValues(t *testing.T) {
	cc := findCC(t)
	inc := writeHeaders(t)
	want := map[string]int64{
		"UPC_IN_ALLSYNC": 0, "UPC_IN_MYSYNC": 1, "UPC_IN_NOSYNC": 2,
		"UPC_OUT_ALLSYNC": 0, "UPC_OUT_MYSYNC": 4, "UPC_OUT_NOSYNC": 8,
		"UPC_ADD": 0, "UPC_MULT": 1, "UPC_AND": 2, "UPC_OR": 3, "UPC_XOR": 4,
		"UPC_LOGAND": 5, "UPC_LOGOR": 6, "UPC_MIN": 7, "UPC_MAX": 8,
		"UPC_FUNC": 9, "UPC_NONCOMM_FUNC": 10,
	}
	names := make([]string, 0, len(want))
	for n := range want {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("#include <upc_collective.h>\n#include <upc_atomic.h>\n#include <stdio.h>\n")
	// The values are plain constants, usable in #if.
	for _, n := range names {
		fmt.Fprintf(&b, "#if %s != %d\n#error %s\n#endif\n", n, want[n], n)
	}
	b.WriteString("int main(void) {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\tprintf(\"%[1]s %%ld\\n\", (long)%[1]s);\n", n)
	}
	// Operation values of upc_atomic.h must not collide with upc_op_t ones.
	b.WriteString(`	{
		long ops[] = { UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND,
			UPC_LOGOR, UPC_MIN, UPC_MAX, UPC_FUNC, UPC_NONCOMM_FUNC, UPC_SUB,
			UPC_INC, UPC_DEC, UPC_GET, UPC_SET, UPC_CSWAP };
		unsigned i, j;
		for (i = 0; i < sizeof ops / sizeof ops[0]; i++)
			for (j = 0; j < i; j++)
				if (ops[i] == ops[j])
					printf("collision %u %u\n", i, j);
	}
	return 0;
}
`)
	dir := t.TempDir()
	src, exe := filepath.Join(dir, "upc.c"), filepath.Join(dir, "upc")
	if err := os.WriteFile(src, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := run(t, cc, "-std=c99", "-nostdinc", "-I", inc, "-Dshared=", "-w", "-o", exe, src); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	out, err := run(t, exe)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var expect strings.Builder
	for _, n := range names {
		fmt.Fprintf(&expect, "%s %d\n", n, want[n])
	}
	if out != expect.String() {
		t.Errorf("got:\n%s\nwant:\n%s", out, expect.String())
	}
}

// TestTypeRequests: every type a header requests from the internal header
// is one it defines (a misspelt request would silently declare nothing),
// and each request is undefined again so the next includer starts afresh.
func TestTypeRequests(t *testing.T) {
	internal := readHeader(t, "bits/upclint_types.h")
	offered := regexp.MustCompile(`(?m)^#if defined\((_UPCLINT_NEED_\w+)\)`).FindAllStringSubmatch(internal, -1)
	if len(offered) < 10 {
		t.Fatalf("only %d types offered", len(offered))
	}
	known := map[string]bool{}
	for _, m := range offered {
		known[m[1]] = true
		if !strings.Contains(internal, "\n#undef "+m[1]+"\n") {
			t.Errorf("%s is not undefined after use", m[1])
		}
	}
	request := regexp.MustCompile(`(?m)^#define (_UPCLINT_NEED_\w+)`)
	requested := 0
	for _, name := range allFiles(t) {
		for _, m := range request.FindAllStringSubmatch(readHeader(t, name), -1) {
			requested++
			if !known[m[1]] {
				t.Errorf("%s requests %s, which bits/upclint_types.h does not define", name, m[1])
			}
		}
	}
	if requested < 20 {
		t.Errorf("only %d requests found", requested)
	}
}
