package translate

import (
	"strings"
)

// libChunk is a piece of C library support emitted into translated
// programs that use it. Functions take the UPC arguments (pointers-to-shared
// as upcr_sptr_t) and the call's location last.
type libChunk struct {
	rank int // emission order: dependencies have lower ranks
	deps []string
	text string
}

var libChunks = map[string]libChunk{
	"upct_common": {rank: 0, text: `#include <time.h>
#define UPCT_IN_NOSYNC 2
#define UPCT_OUT_NOSYNC 8
static inline void upct_sync_in(int flags) { if (!(flags & UPCT_IN_NOSYNC)) upcr_coll_barrier(); }
static inline void upct_sync_out(int flags) { if (!(flags & UPCT_OUT_NOSYNC)) upcr_coll_barrier(); }
/* a transfer a collective makes with plain loads and stores */
static inline void upct_copy(upcr_sptr_t dst, upcr_sptr_t src, size_t n, upcr_loc_t loc)
{
	if (n == 0)
		return;
	if (dst.thread != (uint32_t)MYTHREAD)
		upcr_model_transfer((int)dst.thread, n, loc);
	else if (src.thread != (uint32_t)MYTHREAD)
		upcr_model_transfer((int)src.thread, n, loc);
	memmove(upcr_addr(dst), upcr_addr(src), n);
}
static inline void upct_enter(const char *name, upcr_sptr_t dst, upcr_sptr_t src, uint64_t n, int flags, size_t bytes, upcr_loc_t loc)
{
	uint64_t a[4] = {upcr_sptr_bits(dst), upcr_sptr_bits(src), n, (uint64_t)flags};
	upcr_coll_enter(name, a, 4, bytes, loc);
}`},
	"upc_all_broadcast": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_broadcast(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, int flags, upcr_loc_t loc)
{
	upct_enter("upc_all_broadcast", dst, src, nbytes, flags, nbytes, loc);
	upct_sync_in(flags);
	upct_copy(upcr_add(dst, (int64_t)MYTHREAD * (int64_t)nbytes, 1, nbytes), src, nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_all_scatter": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_scatter(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, int flags, upcr_loc_t loc)
{
	upct_enter("upc_all_scatter", dst, src, nbytes, flags, nbytes, loc);
	upct_sync_in(flags);
	upct_copy(upcr_add(dst, (int64_t)MYTHREAD * (int64_t)nbytes, 1, nbytes),
		  upcr_add(src, (int64_t)MYTHREAD * (int64_t)nbytes, 1, 0), nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_all_gather": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_gather(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, int flags, upcr_loc_t loc)
{
	upct_enter("upc_all_gather", dst, src, nbytes, flags, nbytes, loc);
	upct_sync_in(flags);
	upct_copy(upcr_add(dst, (int64_t)MYTHREAD * (int64_t)nbytes, 1, 0),
		  upcr_add(src, (int64_t)MYTHREAD * (int64_t)nbytes, 1, nbytes), nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_all_gather_all": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_gather_all(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, int flags, upcr_loc_t loc)
{
	int64_t T = THREADS, me = MYTHREAD, n = (int64_t)nbytes;
	upct_enter("upc_all_gather_all", dst, src, nbytes, flags, nbytes * (size_t)T, loc);
	upct_sync_in(flags);
	for (int64_t j = 0; j < T; j++)
		upct_copy(upcr_add(dst, me * n * T + j * n, 1, (size_t)(n * T)), upcr_add(src, j * n, 1, nbytes), nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_all_exchange": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_exchange(upcr_sptr_t dst, upcr_sptr_t src, size_t nbytes, int flags, upcr_loc_t loc)
{
	int64_t T = THREADS, me = MYTHREAD, n = (int64_t)nbytes;
	upct_enter("upc_all_exchange", dst, src, nbytes, flags, nbytes * (size_t)T, loc);
	upct_sync_in(flags);
	for (int64_t j = 0; j < T; j++)
		upct_copy(upcr_add(dst, me * n * T + j * n, 1, (size_t)(n * T)),
			  upcr_add(src, j * n * T + me * n, 1, (size_t)(n * T)), nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_all_permute": {rank: 1, deps: []string{"upct_common"}, text: `static void upc_all_permute(upcr_sptr_t dst, upcr_sptr_t src, upcr_sptr_t perm, size_t nbytes, int flags, upcr_loc_t loc)
{
	upct_enter("upc_all_permute", dst, src, nbytes, flags, nbytes, loc);
	upct_sync_in(flags);
	int to = upcr_get_int(upcr_add(perm, MYTHREAD, sizeof(int), 1), loc);
	upct_copy(upcr_add(dst, (int64_t)to * (int64_t)nbytes, 1, nbytes),
		  upcr_add(src, (int64_t)MYTHREAD * (int64_t)nbytes, 1, nbytes), nbytes, loc);
	upct_sync_out(flags);
	upcr_coll_exit();
}`},
	"upc_ticks_now": {rank: 1, deps: []string{"upct_common"}, text: `static uint64_t upc_ticks_now(upcr_loc_t loc)
{
	struct timespec ts;
	(void)loc;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}`},
	"upc_ticks_to_ns":         {rank: 1, text: `static uint64_t upc_ticks_to_ns(uint64_t t, upcr_loc_t loc) { (void)loc; return t; }`},
	"bupc_ticks_now":          {rank: 2, deps: []string{"upc_ticks_now"}, text: `static uint64_t bupc_ticks_now(upcr_loc_t loc) { return upc_ticks_now(loc); }`},
	"bupc_ticks_to_us":        {rank: 1, text: `static uint64_t bupc_ticks_to_us(uint64_t t, upcr_loc_t loc) { (void)loc; return t / 1000; }`},
	"bupc_ticks_to_ns":        {rank: 1, text: `static uint64_t bupc_ticks_to_ns(uint64_t t, upcr_loc_t loc) { (void)loc; return t; }`},
	"bupc_tick_overheadus":    {rank: 1, text: `static double bupc_tick_overheadus(upcr_loc_t loc) { (void)loc; return 0.05; }`},
	"bupc_tick_granularityus": {rank: 1, text: `static double bupc_tick_granularityus(upcr_loc_t loc) { (void)loc; return 0.001; }`},
	"bupc_poll":               {rank: 1, text: `static void bupc_poll(upcr_loc_t loc) { (void)loc; }`},
	"upc_cast":                {rank: 1, text: `static void *upc_cast(upcr_sptr_t p, upcr_loc_t loc) { (void)loc; return upcr_isnull(p) ? NULL : upcr_addr(p); }`},
	"bupc_cast":               {rank: 1, text: `static void *bupc_cast(upcr_sptr_t p, upcr_loc_t loc) { (void)loc; return upcr_isnull(p) ? NULL : upcr_addr(p); }`},
	"bupc_castable":           {rank: 1, text: `static int bupc_castable(upcr_sptr_t p, upcr_loc_t loc) { (void)p; (void)loc; return 1; }`},
	"bupc_thread_castable":    {rank: 1, text: `static int bupc_thread_castable(unsigned t, upcr_loc_t loc) { (void)loc; return t < (unsigned)THREADS; }`},
	"bupc_thread_distance":    {rank: 1, text: `static int bupc_thread_distance(int a, int b, upcr_loc_t loc) { (void)loc; return a == b ? 0 : 1; }`},
	"upc_memcpy_nbi":          {rank: 1, text: `static void upc_memcpy_nbi(upcr_sptr_t d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memcpy(d, s, n, loc); }`},
	"upc_memget_nbi":          {rank: 1, text: `static void upc_memget_nbi(void *d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memget(d, s, n, loc); }`},
	"upc_memput_nbi":          {rank: 1, text: `static void upc_memput_nbi(upcr_sptr_t d, const void *s, size_t n, upcr_loc_t loc) { upcr_memput(d, s, n, loc); }`},
	"upc_memset_nbi":          {rank: 1, text: `static void upc_memset_nbi(upcr_sptr_t d, int c, size_t n, upcr_loc_t loc) { upcr_memset(d, c, n, loc); }`},
	"upc_synci":               {rank: 1, text: `static void upc_synci(upcr_loc_t loc) { (void)loc; }`},
	"upc_synci_attempt":       {rank: 1, text: `static int upc_synci_attempt(upcr_loc_t loc) { (void)loc; return 1; }`},
	// Non-blocking copies complete at once; a handle is a non-null token.
	"upc_memcpy_nb":           {rank: 1, text: `static upc_handle_t upc_memcpy_nb(upcr_sptr_t d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memcpy(d, s, n, loc); return (upc_handle_t)1; }`},
	"upc_memget_nb":           {rank: 1, text: `static upc_handle_t upc_memget_nb(void *d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memget(d, s, n, loc); return (upc_handle_t)1; }`},
	"upc_memput_nb":           {rank: 1, text: `static upc_handle_t upc_memput_nb(upcr_sptr_t d, const void *s, size_t n, upcr_loc_t loc) { upcr_memput(d, s, n, loc); return (upc_handle_t)1; }`},
	"upc_memset_nb":           {rank: 1, text: `static upc_handle_t upc_memset_nb(upcr_sptr_t d, int c, size_t n, upcr_loc_t loc) { upcr_memset(d, c, n, loc); return (upc_handle_t)1; }`},
	"upc_sync":                {rank: 1, text: `static void upc_sync(upc_handle_t h, upcr_loc_t loc) { (void)h; (void)loc; }`},
	"upc_sync_attempt":        {rank: 1, text: `static int upc_sync_attempt(upc_handle_t h, upcr_loc_t loc) { (void)h; (void)loc; return 1; }`},
	"bupc_memcpy_async":       {rank: 1, text: `static bupc_handle_t bupc_memcpy_async(upcr_sptr_t d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memcpy(d, s, n, loc); return (bupc_handle_t)1; }`},
	"bupc_memget_async":       {rank: 1, text: `static bupc_handle_t bupc_memget_async(void *d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memget(d, s, n, loc); return (bupc_handle_t)1; }`},
	"bupc_memput_async":       {rank: 1, text: `static bupc_handle_t bupc_memput_async(upcr_sptr_t d, const void *s, size_t n, upcr_loc_t loc) { upcr_memput(d, s, n, loc); return (bupc_handle_t)1; }`},
	"bupc_memset_async":       {rank: 1, text: `static bupc_handle_t bupc_memset_async(upcr_sptr_t d, int c, size_t n, upcr_loc_t loc) { upcr_memset(d, c, n, loc); return (bupc_handle_t)1; }`},
	"bupc_memcpy_asynci":      {rank: 1, text: `static void bupc_memcpy_asynci(upcr_sptr_t d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memcpy(d, s, n, loc); }`},
	"bupc_memget_asynci":      {rank: 1, text: `static void bupc_memget_asynci(void *d, upcr_sptr_t s, size_t n, upcr_loc_t loc) { upcr_memget(d, s, n, loc); }`},
	"bupc_memput_asynci":      {rank: 1, text: `static void bupc_memput_asynci(upcr_sptr_t d, const void *s, size_t n, upcr_loc_t loc) { upcr_memput(d, s, n, loc); }`},
	"bupc_memset_asynci":      {rank: 1, text: `static void bupc_memset_asynci(upcr_sptr_t d, int c, size_t n, upcr_loc_t loc) { upcr_memset(d, c, n, loc); }`},
	"bupc_waitsync":           {rank: 1, text: `static void bupc_waitsync(bupc_handle_t h, upcr_loc_t loc) { (void)h; (void)loc; }`},
	"bupc_trysync":            {rank: 1, text: `static int bupc_trysync(bupc_handle_t h, upcr_loc_t loc) { (void)h; (void)loc; return 1; }`},
	"bupc_waitsync_all":       {rank: 1, text: `static void bupc_waitsync_all(bupc_handle_t *h, size_t n, upcr_loc_t loc) { (void)h; (void)n; (void)loc; }`},
	"bupc_trysync_all":        {rank: 1, text: `static int bupc_trysync_all(bupc_handle_t *h, size_t n, upcr_loc_t loc) { (void)h; (void)n; (void)loc; return 1; }`},
	"bupc_waitsync_some":      {rank: 1, text: `static void bupc_waitsync_some(bupc_handle_t *h, size_t n, upcr_loc_t loc) { for (size_t i = 0; i < n; i++) h[i] = (bupc_handle_t)0; (void)loc; }`},
	"bupc_waitsynci":          {rank: 1, text: `static void bupc_waitsynci(upcr_loc_t loc) { (void)loc; }`},
	"bupc_trysynci":           {rank: 1, text: `static int bupc_trysynci(upcr_loc_t loc) { (void)loc; return 1; }`},
	"bupc_begin_accessregion": {rank: 1, text: `static void bupc_begin_accessregion(upcr_loc_t loc) { (void)loc; }`},
	"bupc_end_accessregion":   {rank: 1, text: `static bupc_handle_t bupc_end_accessregion(upcr_loc_t loc) { (void)loc; return (bupc_handle_t)0; }`},
}

// reduceTypes maps the suffix of upc_all_reduceT to the C type.
var reduceTypes = map[string]struct {
	c     string
	isInt bool
}{
	"C": {"signed char", true}, "UC": {"unsigned char", true}, "S": {"short", true}, "US": {"unsigned short", true},
	"I": {"int", true}, "UI": {"unsigned int", true}, "L": {"long", true}, "UL": {"unsigned long", true},
	"F": {"float", false}, "D": {"double", false}, "LD": {"long double", false},
}

// reduceText generates upc_all_reduceT or upc_all_prefix_reduceT. One
// thread (the one with affinity to dst) combines the elements in index
// order, so UPC_NONCOMM_FUNC is honoured.
func reduceText(name string) string {
	sfx := reduceSuffix(name)
	rt := reduceTypes[sfx]
	prefix := strings.HasPrefix(name, "upc_all_prefix_reduce")
	intOps := ""
	if rt.isInt {
		intOps = `
	case 2: return a & b;
	case 3: return a | b;
	case 4: return a ^ b;`
	}
	comb := "upct_comb" + sfx
	var b strings.Builder
	b.WriteString("#ifndef UPCT_COMB_" + sfx + "\n#define UPCT_COMB_" + sfx + "\n")
	b.WriteString("static inline @T@ " + comb + "(int op, @T@ a, @T@ b, @T@ (*f)(@T@, @T@))\n{\n\tswitch (op) {\n\tcase 0: return a + b;\n\tcase 1: return a * b;" + intOps + `
	case 5: return a && b;
	case 6: return a || b;
	case 7: return a < b ? a : b;
	case 8: return a > b ? a : b;
	default: return f(a, b);
	}
}
#endif
`)
	if prefix {
		b.WriteString(`static void NAME_(upcr_sptr_t dst, upcr_sptr_t src, int op, size_t nelems, size_t blk, @T@ (*f)(@T@, @T@), int flags, upcr_loc_t loc)
{
	upct_enter("NAME_", dst, src, nelems, flags, nelems * sizeof(@T@), loc);
	upct_sync_in(flags);
	if (MYTHREAD == 0) {
		@T@ acc = 0;
		for (size_t i = 0; i < nelems; i++) {
			upcr_sptr_t s = upcr_add(src, (int64_t)i, sizeof(@T@), blk);
			upcr_sptr_t d = upcr_add(dst, (int64_t)i, sizeof(@T@), blk);
			@T@ v = *(@T@ *)upcr_addr(s);
			acc = i == 0 ? v : ` + comb + `(op, acc, v, f);
			*(@T@ *)upcr_addr(d) = acc;
			if (s.thread != 0)
				upcr_model_transfer((int)s.thread, sizeof(@T@), loc);
			if (d.thread != 0)
				upcr_model_transfer((int)d.thread, sizeof(@T@), loc);
		}
	}
	upct_sync_out(flags);
	upcr_coll_exit();
}
`)
	} else {
		b.WriteString(`static void NAME_(upcr_sptr_t dst, upcr_sptr_t src, int op, size_t nelems, size_t blk, @T@ (*f)(@T@, @T@), int flags, upcr_loc_t loc)
{
	upct_enter("NAME_", dst, src, nelems, flags, nelems * sizeof(@T@), loc);
	upct_sync_in(flags);
	if ((uint32_t)MYTHREAD == dst.thread) {
		@T@ acc = 0;
		for (size_t i = 0; i < nelems; i++) {
			upcr_sptr_t s = upcr_add(src, (int64_t)i, sizeof(@T@), blk);
			@T@ v = *(@T@ *)upcr_addr(s);
			acc = i == 0 ? v : ` + comb + `(op, acc, v, f);
			if (s.thread != dst.thread)
				upcr_model_transfer((int)s.thread, sizeof(@T@), loc);
		}
		*(@T@ *)upcr_addr(dst) = acc;
	}
	upct_sync_out(flags);
	upcr_coll_exit();
}
`)
	}
	s := b.String()
	s = strings.ReplaceAll(s, "NAME_", name)
	s = strings.ReplaceAll(s, "@T@", rt.c)
	return s
}
