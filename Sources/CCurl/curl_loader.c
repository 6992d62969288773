#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// One pointer per function we call, typed from libcurl's own declarations.
#define LIBCURL_FUNCTIONS(X) \
    X(curl_global_init) X(curl_easy_init) X(curl_easy_cleanup) X(curl_easy_perform) \
    X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all) X(curl_easy_setopt) \
    X(curl_easy_getinfo)

static struct {
#define X(name) __typeof__(name) *name;
    LIBCURL_FUNCTIONS(X)
#undef X
} libcurl;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int loaded;
static char failure[256];

static void load(void) {
    // The soname of libcurl 7.16 and later (Debian's libcurl4).
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(failure, sizeof failure, "remote toggles need libcurl.so.4 (Debian: libcurl4): %s", dlerror());
        return;
    }
#define X(name) \
    libcurl.name = (__typeof__(name) *)dlsym(library, #name); \
    if (libcurl.name == NULL) { \
        snprintf(failure, sizeof failure, "libcurl.so.4 lacks %s", #name); \
        return; \
    }
    LIBCURL_FUNCTIONS(X)
#undef X
    // Not thread-safe in libcurl: pthread_once runs it exactly once, before any use.
    CURLcode code = libcurl.curl_global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(failure, sizeof failure, "curl_global_init failed: %s", libcurl.curl_easy_strerror(code));
        return;
    }
    loaded = 1;
}

int ccurl_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (!loaded && error != NULL && size > 0) {
        snprintf(error, size, "%s", failure);
    }
    return loaded;
}

CURL *ccurl_easy_init(void) { return libcurl.curl_easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { libcurl.curl_easy_cleanup(handle); }
CURLcode ccurl_easy_perform(CURL *handle) { return libcurl.curl_easy_perform(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return libcurl.curl_easy_strerror(code); }
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string) {
    return libcurl.curl_slist_append(list, string);
}
void ccurl_slist_free_all(struct curl_slist *list) { libcurl.curl_slist_free_all(list); }

CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value) {
    return libcurl.curl_easy_setopt(handle, option, value);
}
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return libcurl.curl_easy_getinfo(handle, info, value);
}
