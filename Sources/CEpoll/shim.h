// Linux epoll, which the Glibc module does not export (HTTPServer's Poller).
#include <sys/epoll.h>
