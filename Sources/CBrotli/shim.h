// The encoder only (Debian's libbrotli-dev: libbrotlienc, which links libbrotlicommon).
#include <brotli/encode.h>
