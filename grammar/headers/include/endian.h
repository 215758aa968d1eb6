/* <endian.h>: byte order, as glibc defines it on x86-64. */
#ifndef _UPCLINT_ENDIAN_H
#define _UPCLINT_ENDIAN_H
#define __LITTLE_ENDIAN 1234
#define __BIG_ENDIAN 4321
#define __PDP_ENDIAN 3412
#define __BYTE_ORDER __LITTLE_ENDIAN
#define __FLOAT_WORD_ORDER __BYTE_ORDER
#define LITTLE_ENDIAN __LITTLE_ENDIAN
#define BIG_ENDIAN __BIG_ENDIAN
#define PDP_ENDIAN __PDP_ENDIAN
#define BYTE_ORDER __BYTE_ORDER

/* Conversions between the host order (little-endian) and big- or
   little-endian values of 16, 32 and 64 bits. */
#define _UPCLINT_BSWAP16(x) ((unsigned short)((((x) >> 8) & 0xffu) | (((x) & 0xffu) << 8)))
#define _UPCLINT_BSWAP32(x) ((unsigned int)(_UPCLINT_BSWAP16((x) >> 16) | ((unsigned int)_UPCLINT_BSWAP16(x) << 16)))
#define _UPCLINT_BSWAP64(x) ((unsigned long)(_UPCLINT_BSWAP32((x) >> 32) | ((unsigned long)_UPCLINT_BSWAP32(x) << 32)))
#define htobe16(x) _UPCLINT_BSWAP16(x)
#define htole16(x) ((unsigned short)(x))
#define be16toh(x) _UPCLINT_BSWAP16(x)
#define le16toh(x) ((unsigned short)(x))
#define htobe32(x) _UPCLINT_BSWAP32(x)
#define htole32(x) ((unsigned int)(x))
#define be32toh(x) _UPCLINT_BSWAP32(x)
#define le32toh(x) ((unsigned int)(x))
#define htobe64(x) _UPCLINT_BSWAP64(x)
#define htole64(x) ((unsigned long)(x))
#define be64toh(x) _UPCLINT_BSWAP64(x)
#define le64toh(x) ((unsigned long)(x))
#endif /* _UPCLINT_ENDIAN_H */
