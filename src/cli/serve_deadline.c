/* serve_deadline.c — a request must arrive in time. libmicrohttpd 0.9.75 only closes a connection
 * that is idle; one that sends a header line now and then (slowloris) would hold its slot for
 * ever. Each connection is registered when libmicrohttpd opens it (its notify-connection
 * callback) with a deadline for the request in progress; a thread of ours shuts the socket down
 * past it, and libmicrohttpd, reading the end of the stream, closes the connection itself. */
#define _POSIX_C_SOURCE 200809L
#include <microhttpd.h>
#include "cli/serve.h"
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>

#define SWEEP_NS 100000000L  /* the sweep every 0.1 s: a deadline kept within that */

typedef struct watched {
    int fd;
    double deadline; /* monotonic seconds; 0: none (the request is being answered) */
    struct watched *prev, *next;
} watched;

/* The registry: entries are unlinked (under the lock) before libmicrohttpd closes their socket,
 * so a socket shut down here is always still the connection's own. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static watched *all;
static pthread_t sweeper;
static int started;
static atomic_int stopping;

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

void serve_deadline_notify(void *cls, struct MHD_Connection *c, void **socket_context,
                           enum MHD_ConnectionNotificationCode code)
{
    (void)cls;
    watched *w = *socket_context;
    pthread_mutex_lock(&lock);
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
        if (info && (w = calloc(1, sizeof *w))) { /* else unwatched: only its idle timeout */
            *w = (watched){info->connect_fd, now_s() + SERVE_HEADERS_SECONDS, NULL, all};
            if (all)
                all->prev = w;
            all = w;
        }
        *socket_context = w;
    } else if (w) {
        if (w->prev)
            w->prev->next = w->next;
        else
            all = w->next;
        if (w->next)
            w->next->prev = w->prev;
        free(w);
        *socket_context = NULL;
    }
    pthread_mutex_unlock(&lock);
}

void serve_deadline_set(struct MHD_Connection *c, double seconds)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(c, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    watched *w = info ? info->socket_context : NULL;
    if (!w)
        return;
    pthread_mutex_lock(&lock);
    w->deadline = seconds > 0 ? now_s() + seconds : 0;
    pthread_mutex_unlock(&lock);
}

/* shutdown, not close: the descriptor stays libmicrohttpd's, to close when it sees the end. */
static void *sweep(void *arg)
{
    (void)arg;
    struct timespec pause = {0, SWEEP_NS};
    while (!stopping) {
        nanosleep(&pause, NULL);
        double t = now_s();
        pthread_mutex_lock(&lock);
        for (watched *w = all; w; w = w->next)
            if (w->deadline > 0 && t > w->deadline) {
                shutdown(w->fd, SHUT_RDWR);
                w->deadline = 0;
            }
        pthread_mutex_unlock(&lock);
    }
    return NULL;
}

int serve_deadline_start(void)
{
    stopping = 0;
    started = !pthread_create(&sweeper, NULL, sweep, NULL);
    return started ? 0 : -1;
}

void serve_deadline_stop(void)
{
    if (!started)
        return;
    stopping = 1;
    pthread_join(sweeper, NULL);
    started = 0;
}
