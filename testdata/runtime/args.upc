// Program arguments reach every thread's main.
// args: alpha beta
// expect-all: 3 alpha beta
#include <upc.h>
#include <stdio.h>
int main(int argc, char **argv)
{
    printf("%d %s %s\n", argc, argv[1], argv[2]);
    return 0;
}
