/*
 * io.c — reader thread, event queue and serialized output (see io.h).
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "util/alloc.h"
#include "protocol/io.h"
#include "util/number.h"

typedef struct IoItem {
    struct IoItem *next;
    IoMessage msg;
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

/* Queue an event; `text` (may be NULL) is copied, at most `len` bytes. */
static void queue_push(IoEvent kind, const char *text, size_t len, unsigned search_id)
{
    IoItem *it = alloc_memory(sizeof *it);
    it->next = NULL;
    it->msg.kind = kind;
    it->msg.search_id = search_id;
    it->msg.text = alloc_memory(len + 1);
    if (len)
        memcpy(it->msg.text, text, len);
    it->msg.text[len] = '\0';
    pthread_mutex_lock(&queue.lock);
    if (queue.tail)
        queue.tail->next = it;
    else
        queue.head = it;
    queue.tail = it;
    pthread_cond_signal(&queue.ready);
    pthread_mutex_unlock(&queue.lock);
}

/* The length of s without the line end (\n, \r\n) and trailing blanks. */
static size_t chomped_length(const char *s, size_t n)
{
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' '
                     || s[n - 1] == '\t'))
        n--;
    return n;
}

typedef struct {
    char  *text;
    size_t len, cap;
    bool   too_long;
} LineBuffer;

/* Read one line into b, keeping at most IO_LINE_MAX + 2 bytes of it (a
 * carriage return and one byte more than allowed): memory stays bounded
 * whatever comes in, and the rest of an overlong line is read and dropped
 * so the next line starts where it should.  False at end of input. */
static bool read_line(FILE *in, LineBuffer *b)
{
    int ch;
    b->len = 0;
    b->too_long = false;
    while ((ch = getc(in)) != EOF && ch != '\n') {
        if (b->len >= IO_LINE_MAX + 2) {
            b->too_long = true;
            continue;
        }
        if (b->len + 1 >= b->cap) {
            size_t cap = b->cap ? b->cap * 2 : 256;
            b->text = alloc_realloc(b->text, cap);
            b->cap = cap;
        }
        b->text[b->len++] = (char)ch;
    }
    if (ch == EOF && b->len == 0 && !b->too_long)
        return false;
    b->len = chomped_length(b->text, b->len);
    b->too_long = b->too_long || b->len > IO_LINE_MAX;
    return true;
}

/* Queue every line of `in`, then end of input. */
static void queue_lines(FILE *in)
{
    LineBuffer b = { NULL, 0, 0, false };
    while (read_line(in, &b)) {
        if (b.too_long)
            queue_push(IO_LINE_TOO_LONG, b.text, IO_QUOTE_MAX, 0);
        else
            queue_push(IO_LINE, b.text, b.len, 0);
    }
    free(b.text);
    queue_push(IO_EOF, NULL, 0, 0);
}

static void *reader_main(void *arg)
{
    (void)arg;
    queue_lines(queue.in);
    return NULL;
}

void io_feed(const char *text, size_t len)
{
    /* the same line reader as the thread's, over the bytes in memory */
    FILE *in = len ? fmemopen((void *)text, len, "r") : NULL;
    if (!in) {
        queue_push(IO_EOF, NULL, 0, 0);
        return;
    }
    queue_lines(in);
    fclose(in);
}

void io_reset(void)
{
    pthread_mutex_lock(&queue.lock);
    IoItem *it = queue.head;
    queue.head = queue.tail = NULL;
    pthread_mutex_unlock(&queue.lock);
    while (it) {
        IoItem *next = it->next;
        io_release(&it->msg);
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

void io_next(IoMessage *m)
{
    pthread_mutex_lock(&queue.lock);
    while (!queue.head)
        pthread_cond_wait(&queue.ready, &queue.lock);
    IoItem *it = queue.head;
    queue.head = it->next;
    if (!queue.head)
        queue.tail = NULL;
    pthread_mutex_unlock(&queue.lock);
    *m = it->msg;
    free(it);
    if (m->kind == IO_EOF)
        queue_push(IO_EOF, NULL, 0, 0);   /* stays at the end: EOF is final */
}

void io_release(IoMessage *m)
{
    free(m->text);
    m->text = NULL;
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
    queue_push(IO_SEARCH_DONE, NULL, 0, id);
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

void io_prompt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    vfprintf(stdout, fmt, ap);
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
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&out_lock);
    fputs(debug_prefix, stdout);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&out_lock);
    va_end(ap);
}

/* The phrase for a number refused with status st. */
static void refusal(NumberStatus st, const char *what, const char *text, long long lo,
                    long long hi, char *why, size_t whysize)
{
    char problem[96];
    if (st == NUMBER_MISSING)
        snprintf(why, whysize, "%s needs a number", what);
    else if (st == NUMBER_MALFORMED)
        snprintf(why, whysize, "%s '%s' %s", what, text, number_problem(st, lo, hi, problem,
                                                                         sizeof problem));
    else
        snprintf(why, whysize, "%s %s %s", what, text, number_problem(st, lo, hi, problem,
                                                                      sizeof problem));
}

bool io_int_clamped(const char *what, const char *text, long long lo, long long hi,
                    long long *out, char *why, size_t whysize)
{
    int clamped;
    NumberStatus st = number_parse_int_clamped(text, lo, hi, out, &clamped);
    if (st != NUMBER_OK) {
        refusal(st, what, text, lo, hi, why, whysize);
        return false;
    }
    if (clamped)
        io_debug("%s %s is out of range (%lld to %lld), using %lld", what, text, lo, hi, *out);
    return true;
}

bool io_real_clamped(const char *what, const char *text, double lo, double hi,
                     double *out, char *why, size_t whysize)
{
    int clamped;
    NumberStatus st = number_parse_real_clamped(text, lo, hi, out, &clamped);
    if (st != NUMBER_OK) {
        refusal(st, what, text, (long long)lo, (long long)hi, why, whysize);
        return false;
    }
    if (clamped)
        io_debug("%s %s is out of range (%.15g to %.15g), using %.15g", what, text, lo, hi,
                 *out);
    return true;
}

bool io_int_in_range(const char *what, const char *text, long long lo, long long hi,
                     long long *out, char *why, size_t whysize)
{
    NumberStatus st = number_parse_int(text, lo, hi, out);
    if (st == NUMBER_OK)
        return true;
    refusal(st, what, text, lo, hi, why, whysize);
    return false;
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
