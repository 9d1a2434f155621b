/*
 * loopback_bind: an LD_PRELOAD guard that keeps a process's sockets on its own address.
 *
 * Nacos binds its gRPC ports (2.x) and its raft port on the wildcard address whatever
 * server.address says, and clients bind their UDP push receivers the same way. The lab binds
 * nothing but the addresses the experiment gives, so every process it starts runs with this
 * library preloaded and its own address in UPGRADE_LAB_ADDRESS (an IPv4 literal; 127.0.0.1 when
 * unset):
 *
 *  - a bind() to the wildcard address (0.0.0.0 or ::) is turned into a bind() to that address
 *    (or its IPv4-mapped IPv6 form, which IPv4 clients reach);
 *  - a connect() from a socket not yet bound, to a loopback destination, first binds the socket
 *    to that address (port 0), so that the peer, the kernel's socket table and the lab's
 *    firewall rules all see which process a connection comes from. Only when the variable is set
 *    to a loopback address other than 127.0.0.1: otherwise the kernel's own choice stands (for a
 *    loopback destination it is 127.0.0.1 anyway, and the ports it picks are its own).
 *
 * Every other bind() and connect() goes through unchanged. The JDK, Netty's native transport and
 * bolt all bind and connect through libc, so these two functions cover them.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

typedef int (*bind_function)(int, const struct sockaddr *, socklen_t);
typedef int (*connect_function)(int, const struct sockaddr *, socklen_t);

static bind_function next_bind;
static connect_function next_connect;
static struct in_addr own_address;     /* network order */
static int own_address_given;          /* UPGRADE_LAB_ADDRESS was set and parsed */
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void initialise(void) {
    next_bind = (bind_function) dlsym(RTLD_NEXT, "bind");
    next_connect = (connect_function) dlsym(RTLD_NEXT, "connect");
    own_address.s_addr = htonl(INADDR_LOOPBACK);
    const char *given = getenv("UPGRADE_LAB_ADDRESS");
    if (given != NULL && inet_pton(AF_INET, given, &own_address) == 1) {
        own_address_given = 1;
    } else {
        own_address.s_addr = htonl(INADDR_LOOPBACK);
    }
}

static int is_loopback_v4(struct in_addr address) {
    return (ntohl(address.s_addr) >> 24) == 127;
}

/* ::ffff:a.b.c.d for this process's address */
static void own_mapped(struct in6_addr *out) {
    memset(out, 0, sizeof *out);
    out->s6_addr[10] = 0xff;
    out->s6_addr[11] = 0xff;
    memcpy(&out->s6_addr[12], &own_address, 4);
}

int bind(int fd, const struct sockaddr *address, socklen_t length) {
    pthread_once(&once, initialise);
    if (address != NULL && address->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in v4;
        memcpy(&v4, address, sizeof v4);
        if (v4.sin_addr.s_addr == htonl(INADDR_ANY)) {
            v4.sin_addr = own_address;
            return next_bind(fd, (const struct sockaddr *) &v4, sizeof v4);
        }
    } else if (address != NULL && address->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 v6;
        memcpy(&v6, address, sizeof v6);
        if (IN6_IS_ADDR_UNSPECIFIED(&v6.sin6_addr)) {
            own_mapped(&v6.sin6_addr);
            return next_bind(fd, (const struct sockaddr *) &v6, sizeof v6);
        }
    }
    return next_bind(fd, address, length);
}

/* Whether fd is a TCP or UDP socket that nothing has bound yet. */
static int unbound_stream_or_datagram(int fd, int family) {
    int type = 0;
    socklen_t type_length = sizeof type;
    if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &type_length) != 0
            || (type != SOCK_STREAM && type != SOCK_DGRAM)) {
        return 0;
    }
    struct sockaddr_storage local;
    socklen_t local_length = sizeof local;
    if (getsockname(fd, (struct sockaddr *) &local, &local_length) != 0 || local.ss_family != family) {
        return 0;
    }
    if (family == AF_INET) {
        const struct sockaddr_in *v4 = (const struct sockaddr_in *) &local;
        return v4->sin_port == 0 && v4->sin_addr.s_addr == htonl(INADDR_ANY);
    }
    const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *) &local;
    return v6->sin6_port == 0 && IN6_IS_ADDR_UNSPECIFIED(&v6->sin6_addr);
}

/* Binds fd to this process's address, port 0, before it connects to destination; quietly does nothing when it should not. */
static void bind_own_source(int fd, const struct sockaddr *destination, socklen_t length) {
    if (!own_address_given || !is_loopback_v4(own_address) || own_address.s_addr == htonl(INADDR_LOOPBACK)
            || destination == NULL) {
        return;
    }
    if (destination->sa_family == AF_INET && length >= sizeof(struct sockaddr_in)) {
        struct sockaddr_in to;
        memcpy(&to, destination, sizeof to);
        if (is_loopback_v4(to.sin_addr) && unbound_stream_or_datagram(fd, AF_INET)) {
            struct sockaddr_in from = {.sin_family = AF_INET, .sin_port = 0, .sin_addr = own_address};
            next_bind(fd, (const struct sockaddr *) &from, sizeof from);
        }
    } else if (destination->sa_family == AF_INET6 && length >= sizeof(struct sockaddr_in6)) {
        struct sockaddr_in6 to;
        memcpy(&to, destination, sizeof to);
        struct in_addr mapped;
        memcpy(&mapped, &to.sin6_addr.s6_addr[12], 4);
        if (IN6_IS_ADDR_V4MAPPED(&to.sin6_addr) && is_loopback_v4(mapped) && unbound_stream_or_datagram(fd, AF_INET6)) {
            struct sockaddr_in6 from;
            memset(&from, 0, sizeof from);
            from.sin6_family = AF_INET6;
            own_mapped(&from.sin6_addr);
            next_bind(fd, (const struct sockaddr *) &from, sizeof from);
        }
    }
}

int connect(int fd, const struct sockaddr *address, socklen_t length) {
    pthread_once(&once, initialise);
    bind_own_source(fd, address, length);
    return next_connect(fd, address, length);
}
