/* <upc_types.h> alone: the operation, type and flag types as ordinary values. */
#include <upc_types.h>
#include <upc.h>
#include <stdio.h>

struct op_name { upc_op_t op; const char *name; };

static const struct op_name ops[] = {
    { UPC_ADD, "add" }, { UPC_MULT, "mult" }, { UPC_AND, "and" }, { UPC_OR, "or" },
    { UPC_XOR, "xor" }, { UPC_LOGAND, "logand" }, { UPC_LOGOR, "logor" },
    { UPC_MIN, "min" }, { UPC_MAX, "max" }, { UPC_FUNC, "func" }, { UPC_NONCOMM_FUNC, "noncomm" },
};

static const upc_flag_t sync_modes[] = {
    UPC_IN_NOSYNC | UPC_OUT_NOSYNC, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC,
};

static const upc_type_t types[] = { UPC_CHAR, UPC_INT, UPC_LONG, UPC_FLOAT, UPC_DOUBLE, UPC_PTS };

int main(void)
{
    size_t k;
    int distinct = 1;

    for (k = 1; k < sizeof ops / sizeof ops[0]; k++)
        if (ops[k].op == ops[k - 1].op)
            distinct = 0;
    if (MYTHREAD == 0) {
        printf("%zu ops, %zu sync modes, %zu types\n", sizeof ops / sizeof ops[0],
               sizeof sync_modes / sizeof sync_modes[0], sizeof types / sizeof types[0]);
        puts(distinct ? "test_upc_types_h: passed" : "test_upc_types_h: failed");
    }
    return 0;
}
