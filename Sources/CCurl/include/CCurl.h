// libcurl, loaded with dlopen on first use instead of linked.
//
// Why: libcurl brings OpenSSL, GnuTLS (whose constructor initialises
// p11-kit at start-up), Kerberos, LDAP, SSH and more: megabytes of resident
// memory in every process, although only a server given --toggles-url ever
// makes a request. Only such a process maps them.
//
// The types come from libcurl's own header (Debian's libcurl4-openssl-dev).
// Call ccurl_load() (once, any thread) before any other function here;
// CurlClient does.
#ifndef MOMENTS_CCURL_H
#define MOMENTS_CCURL_H

#include <stddef.h>
#include <curl/curl.h>

/// Loads libcurl.so.4, resolves the functions below and runs
/// curl_global_init, once per process. Returns 1 on success; 0 with a
/// message in `error` (at most `size` bytes).
int ccurl_load(char *error, size_t size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_perform(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *string);
void ccurl_slist_free_all(struct curl_slist *list);

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot
// call: one typed wrapper per argument type we pass.
CURLcode ccurl_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value);
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode ccurl_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback value);
CURLcode ccurl_getinfo_long(CURL *handle, CURLINFO info, long *value);

#endif
