/* serve_lane.c — computations off libmicrohttpd's threads: a bounded queue of jobs and a fixed
 * number of worker threads of ours. HTTP threads only queue (or refuse at once when the queue is
 * full), so the page is served while every worker computes. */
#define _POSIX_C_SOURCE 200809L
#include "cli/serve.h"
#include <pthread.h>
#include <stdlib.h>

#define MAX_WORKERS 64 /* --workers' upper bound */

struct serve_lane {
    pthread_mutex_t mu;
    pthread_cond_t more;
    serve_job *head, *tail; /* waiting, first come first run */
    int waiting, bound;
    int stopping;
    int nthreads;
    pthread_t threads[MAX_WORKERS];
};

/* The first waiting job, or NULL (stopping, nothing left); blocks while the queue is empty.
 * *stopping: the server stops (what still waits is dropped). */
static serve_job *next_job(serve_lane *l, int *stopping)
{
    pthread_mutex_lock(&l->mu);
    while (!l->head && !l->stopping)
        pthread_cond_wait(&l->more, &l->mu);
    serve_job *j = l->head;
    if (j) {
        l->head = j->next;
        if (!l->head)
            l->tail = NULL;
        l->waiting--;
    }
    *stopping = l->stopping;
    pthread_mutex_unlock(&l->mu);
    return j;
}

static void *worker(void *arg)
{
    serve_lane *l = arg;
    serve_job *j;
    int stopping;
    while ((j = next_job(l, &stopping))) {
        if (stopping || j->gone(j)) /* no one to answer: never started */
            j->drop(j);
        else
            j->run(j);
    }
    return NULL;
}

serve_lane *serve_lane_start(int workers, int bound)
{
    serve_lane *l = calloc(1, sizeof *l);
    if (!l || workers < 1 || workers > MAX_WORKERS) {
        free(l);
        return NULL;
    }
    pthread_mutex_init(&l->mu, NULL);
    pthread_cond_init(&l->more, NULL);
    l->bound = bound;
    for (; l->nthreads < workers; l->nthreads++)
        if (pthread_create(&l->threads[l->nthreads], NULL, worker, l)) {
            serve_lane_stop(l);
            serve_lane_free(l);
            return NULL;
        }
    return l;
}

/* Takes the waiting jobs whose client has gone out of the queue (lock held); they are returned
 * linked, to be dropped once the lock is released (dropping resumes a connection). */
static serve_job *take_gone(serve_lane *l)
{
    serve_job *gone = NULL, **p = &l->head;
    l->tail = NULL;
    while (*p) {
        serve_job *j = *p;
        if (j->gone(j)) {
            *p = j->next;
            j->next = gone;
            gone = j;
            l->waiting--;
        } else {
            l->tail = j;
            p = &j->next;
        }
    }
    return gone;
}

int serve_lane_submit(serve_lane *l, serve_job *j, void (*hold)(serve_job *j))
{
    pthread_mutex_lock(&l->mu);
    serve_job *gone = l->waiting >= l->bound ? take_gone(l) : NULL;
    int full = l->waiting >= l->bound || l->stopping;
    if (!full) {
        hold(j);
        j->next = NULL;
        if (l->tail)
            l->tail->next = j;
        else
            l->head = j;
        l->tail = j;
        l->waiting++;
        pthread_cond_signal(&l->more);
    }
    pthread_mutex_unlock(&l->mu);
    while (gone) {
        serve_job *next = gone->next;
        gone->drop(gone);
        gone = next;
    }
    return full ? -1 : 0;
}

void serve_lane_stop(serve_lane *l)
{
    if (!l)
        return;
    pthread_mutex_lock(&l->mu);
    l->stopping = 1;
    pthread_cond_broadcast(&l->more);
    pthread_mutex_unlock(&l->mu);
    for (int i = 0; i < l->nthreads; i++)
        pthread_join(l->threads[i], NULL);
    l->nthreads = 0;
}

void serve_lane_free(serve_lane *l)
{
    if (!l)
        return;
    pthread_cond_destroy(&l->more);
    pthread_mutex_destroy(&l->mu);
    free(l);
}
