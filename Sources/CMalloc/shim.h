// glibc's malloc tuning, which the Glibc module does not export (moments-bff's MallocArenas).
#include <malloc.h>
