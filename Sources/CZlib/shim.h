#include <zlib.h>

// deflateInit2 is a macro (it passes zlib.h's version and sizeof(z_stream) to
// deflateInit2_, so the library can refuse a mismatched header), which Swift
// cannot import: expose it as a function.
static inline int czlib_deflate_init2(z_streamp stream, int level, int method, int window_bits, int mem_level,
                                      int strategy) {
    return deflateInit2(stream, level, method, window_bits, mem_level, strategy);
}
