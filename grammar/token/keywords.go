package token

// Keywords maps every reserved word the parser recognises to true. GNU
// alternate spellings (__inline__, __restrict__, ...) are keywords too, so a
// translation unit that uses them parses without a -D.
var Keywords = map[string]bool{
	// C99
	"auto": true, "break": true, "case": true, "char": true, "const": true,
	"continue": true, "default": true, "do": true, "double": true, "else": true,
	"enum": true, "extern": true, "float": true, "for": true, "goto": true,
	"if": true, "inline": true, "int": true, "long": true, "register": true,
	"restrict": true, "return": true, "short": true, "signed": true,
	"sizeof": true, "static": true, "struct": true, "switch": true,
	"typedef": true, "union": true, "unsigned": true, "void": true,
	"volatile": true, "while": true, "_Bool": true, "_Complex": true,
	"_Imaginary": true,
	// GNU
	"__attribute__": true, "__attribute": true, "__extension__": true,
	"__asm__": true, "__asm": true, "asm": true, "__inline__": true,
	"__inline": true, "__restrict__": true, "__restrict": true,
	"__typeof__": true, "__typeof": true, "typeof": true, "__const": true,
	"__const__": true, "__volatile__": true, "__signed__": true,
	"__signed": true, "__builtin_va_list": true, "__builtin_va_arg": true,
	"__builtin_offsetof": true, "__alignof__": true, "__alignof": true,
	"__label__": true, "__thread": true, "__int128": true, "_Alignof": true,
	// C11, accepted by GCC in every mode
	"_Static_assert": true,
	// UPC 1.3
	"shared": true, "strict": true, "relaxed": true, "upc_forall": true,
	"upc_barrier": true, "upc_notify": true, "upc_wait": true,
	"upc_fence": true, "upc_localsizeof": true, "upc_blocksizeof": true,
	"upc_elemsizeof": true, "MYTHREAD": true, "THREADS": true,
	"UPC_MAX_BLOCK_SIZE": true,
}

// UPCKeywords are the UPC 1.3 additions to the C keywords. Real code uses
// some of them as ordinary identifiers where a C compiler would accept it
// (struct members, labels), so the parser accepts them there.
var UPCKeywords = map[string]bool{
	"shared": true, "strict": true, "relaxed": true, "upc_forall": true,
	"upc_barrier": true, "upc_notify": true, "upc_wait": true,
	"upc_fence": true, "upc_localsizeof": true, "upc_blocksizeof": true,
	"upc_elemsizeof": true, "MYTHREAD": true, "THREADS": true,
	"UPC_MAX_BLOCK_SIZE": true,
}
