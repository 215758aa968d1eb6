/* <getopt.h>: command-line option parsing, including the GNU long
   options. */
#ifndef _UPCLINT_GETOPT_H
#define _UPCLINT_GETOPT_H

struct option {
	const char *name;
	int has_arg;
	int *flag;
	int val;
};

#define no_argument 0
#define required_argument 1
#define optional_argument 2

extern char *optarg;
extern int optind;
extern int opterr;
extern int optopt;
extern int getopt(int argc, char * const argv[], const char *optstring);
extern int getopt_long(int argc, char * const argv[], const char *optstring, const struct option *longopts, int *longindex);
extern int getopt_long_only(int argc, char * const argv[], const char *optstring, const struct option *longopts, int *longindex);

#endif /* _UPCLINT_GETOPT_H */
