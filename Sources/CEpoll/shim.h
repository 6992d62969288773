// Linux epoll and eventfd, which the Glibc module does not export (HTTPServer's Poller).
#include <sys/epoll.h>
#include <sys/eventfd.h>
