/* Function-like macros that generate one function per element type. */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>
#include <inttypes.h>

#define NPER 32

#define DEFINE_SHARED_VEC(T, NAME) \
    shared [NPER] T NAME##_data[NPER * THREADS];

#define DEFINE_OPS(T, NAME, FMT)                                              \
    static void NAME##_fill(T base)                                           \
    {                                                                         \
        int i_;                                                               \
        upc_forall (i_ = 0; i_ < NPER * THREADS; i_++; &NAME##_data[i_])      \
            NAME##_data[i_] = (T)(base + (T)i_);                              \
    }                                                                         \
    static T NAME##_local_sum(void)                                           \
    {                                                                         \
        const T *p_ = (const T *)&NAME##_data[MYTHREAD * NPER];               \
        T s_ = 0;                                                             \
        int i_;                                                               \
        for (i_ = 0; i_ < NPER; i_++)                                         \
            s_ += p_[i_];                                                     \
        return s_;                                                            \
    }                                                                         \
    static void NAME##_print(const char *label)                               \
    {                                                                         \
        printf("%s[%d] " FMT "\n", label, MYTHREAD, NAME##_local_sum());      \
    }

#define FOR_EACH_TYPE(X)          \
    X(int, ivec, "%d")            \
    X(long, lvec, "%ld")          \
    X(double, dvec, "%g")         \
    X(uint64_t, uvec, "%" PRIu64)

#define DECL_DATA(T, NAME, FMT) DEFINE_SHARED_VEC(T, NAME)
#define DECL_OPS(T, NAME, FMT) DEFINE_OPS(T, NAME, FMT)

FOR_EACH_TYPE(DECL_DATA)
FOR_EACH_TYPE(DECL_OPS)

int main(void)
{
    ivec_fill(1);
    lvec_fill(2L);
    dvec_fill(0.5);
    uvec_fill(3u);
    upc_barrier;
    ivec_print("int");
    lvec_print("long");
    dvec_print("double");
    printf("uvec[%d] %llu\n", MYTHREAD, (unsigned long long)uvec_local_sum());
    return 0;
}
