/*
 * loopback_bind: an LD_PRELOAD guard that keeps a process's sockets on loopback.
 *
 * Nacos binds its gRPC ports (2.x) and its raft port on the wildcard address whatever
 * server.address says. The lab may bind nothing but loopback, so every Nacos node it starts
 * runs with this library preloaded: a bind() to the wildcard address (0.0.0.0 or ::) is turned
 * into a bind() to 127.0.0.1 (or ::ffff:127.0.0.1, which IPv4 clients dialling 127.0.0.1
 * reach). Every other bind() goes through unchanged. The JDK, Netty's native transport and
 * bolt all bind through libc, so this one function covers them.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_function)(int, const struct sockaddr *, socklen_t);

static bind_function real_bind(void) {
    static bind_function next;
    if (next == NULL) {
        next = (bind_function) dlsym(RTLD_NEXT, "bind");
    }
    return next;
}

int bind(int fd, const struct sockaddr *address, socklen_t length) {
    if (address != NULL && address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in v4;
        memcpy(&v4, address, sizeof v4);
        if (v4.sin_addr.s_addr == htonl(INADDR_ANY)) {
            v4.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
            return real_bind()(fd, (const struct sockaddr *) &v4, sizeof v4);
        }
    } else if (address != NULL && address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 v6;
        memcpy(&v6, address, sizeof v6);
        if (IN6_IS_ADDR_UNSPECIFIED(&v6.sin6_addr)) {
            static const unsigned char mapped_loopback[16] =
                {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1};
            memcpy(&v6.sin6_addr, mapped_loopback, sizeof mapped_loopback);
            return real_bind()(fd, (const struct sockaddr *) &v6, sizeof v6);
        }
    }
    return real_bind()(fd, address, length);
}
