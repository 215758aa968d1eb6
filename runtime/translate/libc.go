package translate

// libChunk is a piece of C library support emitted into translated
// programs that use it. Functions take the UPC arguments (pointers-to-shared
// as upcr_sptr_t) and the call's location last.
type libChunk struct {
	rank int // emission order: dependencies have lower ranks
	deps []string
	text string
}

var libChunks = map[string]libChunk{
	"upct_time": {rank: 0, text: "#include <time.h>"},
	"upc_ticks_now": {rank: 1, deps: []string{"upct_time"}, text: `static uint64_t upc_ticks_now(upcr_loc_t loc)
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
