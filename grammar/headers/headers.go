// Package headers holds the header files that upclint's front end uses in
// place of the system headers when a program includes <upc.h>, <stdio.h>,
// <sys/time.h> and the like.
//
// The analyzer never reads the headers installed on the machine it runs on:
// results must not depend on the host, and the host may have no UPC
// compiler at all. The bundled files are small and written for analysis:
//
//   - They contain only C99 declarations (typedef, extern, struct, union,
//     enum) and macros. There are no function bodies, no GNU attributes, no
//     asm labels and no statement expressions, so a plain C99 parser with the
//     UPC extensions handles every one of them. The only builtins used are
//     __builtin_va_list, __builtin_va_start, __builtin_va_end,
//     __builtin_va_arg, __builtin_va_copy and __builtin_offsetof.
//   - Every header is self-contained and has an include guard (<assert.h>
//     redefines assert on each inclusion, as C requires, but guards its
//     declarations). Types that several headers declare (size_t, pid_t,
//     struct timespec, NULL ...) are defined once, in the internal
//     <bits/upclint_types.h>, which each header includes after naming the
//     types it declares, as glibc's headers do with __need_size_t.
//   - The values of the macros are those of glibc on x86-64 Linux (LP64),
//     because programs are compiled and run against the real headers by
//     upclint's runtime; the tests compare each value with what the system
//     compiler gives.
//   - The UPC headers follow the UPC 1.3 language and library
//     specifications; <bupc_extensions.h> declares the commonly used Berkeley
//     UPC extensions.
//
// FS is rooted at the include directory: it holds "upc.h", "stdio.h",
// "sys/time.h" and so on.
package headers

import (
	"embed"
	"io/fs"
)

//go:embed include
var embedded embed.FS

// FS holds the bundled headers, named as they are included ("stdio.h",
// "sys/stat.h").
var FS fs.FS = mustSub(embedded, "include")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic("headers: " + err.Error())
	}
	return sub
}
