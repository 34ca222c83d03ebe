/*
 * io.c — reader thread, event queue and serialized output (see io.h).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "io.h"

typedef struct IoItem {
    struct IoItem *next;
    IoEvent kind;
    char text[];
} IoItem;

static struct {
    pthread_mutex_t lock;
    pthread_cond_t  ready;
    IoItem *head, *tail;
    FILE *in;
    bool started;
} queue = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, NULL, NULL, false };

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static char debug_prefix[32] = "# ";

static void queue_push(IoEvent kind, const char *text)
{
    size_t len = text ? strlen(text) : 0;
    IoItem *it = malloc(sizeof *it + len + 1);
    if (!it)
        abort();
    it->next = NULL;
    it->kind = kind;
    memcpy(it->text, text ? text : "", len + 1);
    pthread_mutex_lock(&queue.lock);
    if (queue.tail)
        queue.tail->next = it;
    else
        queue.head = it;
    queue.tail = it;
    pthread_cond_signal(&queue.ready);
    pthread_mutex_unlock(&queue.lock);
}

/* Strip the line end (\n, \r\n) and trailing blanks. */
static void chomp(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '
                     || s[n - 1] == '\t'))
        s[--n] = '\0';
}

/* One line as read (a NUL ends it early), cut to IO_LINE_MAX - 1. */
static void push_line(char *line)
{
    if (strlen(line) >= IO_LINE_MAX)
        line[IO_LINE_MAX - 1] = '\0';
    chomp(line);
    queue_push(IO_LINE, line);
}

static void *reader_main(void *arg)
{
    (void)arg;
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, queue.in) >= 0)
        push_line(line);
    free(line);
    queue_push(IO_EOF, NULL);
    return NULL;
}

void io_feed(const char *text, size_t len)
{
    char *line = malloc(IO_LINE_MAX);
    if (!line)
        abort();
    size_t start = 0;
    while (start < len) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        size_t n = end - start < IO_LINE_MAX - 1 ? end - start : IO_LINE_MAX - 1;
        memcpy(line, text + start, n);
        line[n] = '\0';
        push_line(line);
        start = end + 1;
    }
    free(line);
    queue_push(IO_EOF, NULL);
}

void io_reset(void)
{
    pthread_mutex_lock(&queue.lock);
    IoItem *it = queue.head;
    queue.head = queue.tail = NULL;
    pthread_mutex_unlock(&queue.lock);
    while (it) {
        IoItem *next = it->next;
        free(it);
        it = next;
    }
}

void io_start(FILE *in)
{
    if (queue.started)
        return;
    queue.started = true;
    queue.in = in;
    setvbuf(stdout, NULL, _IOLBF, 0);
    pthread_t t;
    if (pthread_create(&t, NULL, reader_main, NULL) != 0) {
        perror("menagerie: pthread_create");
        exit(1);
    }
    pthread_detach(t);
}

IoEvent io_next(char *buf, size_t size)
{
    pthread_mutex_lock(&queue.lock);
    while (!queue.head)
        pthread_cond_wait(&queue.ready, &queue.lock);
    IoItem *it = queue.head;
    queue.head = it->next;
    if (!queue.head)
        queue.tail = NULL;
    pthread_mutex_unlock(&queue.lock);
    IoEvent kind = it->kind;
    if (size > 0)
        snprintf(buf, size, "%s", it->text);
    free(it);
    if (kind == IO_EOF)
        queue_push(IO_EOF, NULL);   /* stays at the end: EOF is final */
    return kind;
}

bool io_pending(void)
{
    pthread_mutex_lock(&queue.lock);
    bool any = queue.head != NULL;
    pthread_mutex_unlock(&queue.lock);
    return any;
}

void io_post_search_done(unsigned id)
{
    char text[16];
    snprintf(text, sizeof text, "%u", id);
    queue_push(IO_SEARCH_DONE, text);
}

void io_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

void io_set_debug_prefix(const char *prefix)
{
    pthread_mutex_lock(&out_lock);
    snprintf(debug_prefix, sizeof debug_prefix, "%s", prefix);
    pthread_mutex_unlock(&out_lock);
}

void io_debug(const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&out_lock);
    fprintf(stdout, "%s%s\n", debug_prefix, buf);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

void io_print_block(const char *text)
{
    pthread_mutex_lock(&out_lock);
    fputs(text, stdout);
    if (*text && text[strlen(text) - 1] != '\n')
        fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
}

const char *io_debug_prefix(void)
{
    return debug_prefix;
}

FILE *io_block_open(IoBlock *b)
{
    b->text = NULL;
    b->len = 0;
    b->f = open_memstream(&b->text, &b->len);
    return b->f ? b->f : stdout;
}

void io_block_print(IoBlock *b)
{
    if (!b->f)
        return;
    fclose(b->f);
    if (b->len)
        io_print_block(b->text);
    free(b->text);
    b->f = NULL;
}
