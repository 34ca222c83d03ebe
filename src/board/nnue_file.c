/*
 * nnue_file.c — reading and writing network files (the format is in
 * nnue.h and menagerie(6)).
 *
 * Every number is little-endian whatever the machine; a file is read
 * whole and checked against the variant it is to evaluate before any of
 * it is used, so a wrong, truncated or damaged file is refused with the
 * reason and nothing else changes.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "board/nnue.h"

#define HEADER_FIXED 92          /* bytes before the piece ids */
#define NAME_BYTES   48
#define ID_BYTES     4

_Static_assert(NAME_BYTES == MAX_NAME, "the file holds a variant name whole");
_Static_assert(ID_BYTES == sizeof ((PieceType *)0)->id, "the file holds a piece id whole");

/* ---- little-endian numbers ------------------------------------------------------ */

static uint32_t get_u32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t get_u16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static int32_t get_i32(const uint8_t *p)
{
    uint32_t u = get_u32(p);
    return u <= INT32_MAX ? (int32_t)u : (int32_t)(u - 0x80000000u) + INT32_MIN;
}

static int16_t get_i16(const uint8_t *p)
{
    uint16_t u = get_u16(p);
    return u <= INT16_MAX ? (int16_t)u : (int16_t)((int)u - 65536);
}

static void put_u32(uint8_t *p, uint32_t x)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(x >> (8 * i));
}

static void put_u16(uint8_t *p, uint16_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
}

/* ---- reading ------------------------------------------------------------------- */

typedef struct {
    FILE *in;
    const char *path;
    char *err;
    size_t errsize;
    NnueLoadStatus status;
} Reader;

static void fail(Reader *r, NnueLoadStatus status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(Reader *r, NnueLoadStatus status, const char *fmt, ...)
{
    if (r->status != NNUE_LOAD_OK)
        return;
    r->status = status;
    int n = snprintf(r->err, r->errsize, "%s: ", r->path);
    if (n < 0 || (size_t)n >= r->errsize)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err + n, r->errsize - (size_t)n, fmt, ap);
    va_end(ap);
}

/* Read exactly n bytes; false after saying what was missing. */
static bool read_bytes(Reader *r, void *buf, size_t n, const char *what)
{
    size_t got = fread(buf, 1, n, r->in);
    if (got == n)
        return true;
    if (ferror(r->in))
        fail(r, NNUE_LOAD_IO, "cannot read: %s", strerror(errno));
    else
        fail(r, NNUE_LOAD_FORMAT, "truncated: %zu bytes of %s expected, %zu found", n, what, got);
    return false;
}

/* n int16 values into out. */
static bool read_i16s(Reader *r, int16_t *out, size_t n, const char *what)
{
    uint8_t buf[4096];
    size_t done = 0;
    while (done < n) {
        size_t k = n - done < sizeof buf / 2 ? n - done : sizeof buf / 2;
        size_t got = fread(buf, 2, k, r->in);
        for (size_t i = 0; i < got; i++)
            out[done + i] = get_i16(buf + 2 * i);
        done += got;
        if (got < k) {
            if (ferror(r->in))
                fail(r, NNUE_LOAD_IO, "cannot read: %s", strerror(errno));
            else
                fail(r, NNUE_LOAD_FORMAT, "truncated: %zu values of %s expected, %zu found",
                     n, what, done);
            return false;
        }
    }
    return true;
}

typedef struct {
    char variant[NAME_BYTES + 1];
    int files, ranks, ntypes, hand_slots, flip, activation, buckets;
    uint32_t nfeatures, hidden;
    int32_t qa, qb, scale;
    char ids[MAX_PIECE_TYPES][ID_BYTES + 1];
} Header;

static bool read_header(Reader *r, Header *h)
{
    uint8_t b[HEADER_FIXED];
    size_t got = fread(b, 1, sizeof b, r->in);
    if (got >= 8 && memcmp(b, NNUE_MAGIC, 8) != 0) {
        fail(r, NNUE_LOAD_FORMAT, "not a Menagerie network (no %s at the start)", NNUE_MAGIC);
        return false;
    }
    if (got < sizeof b) {
        if (ferror(r->in))
            fail(r, NNUE_LOAD_IO, "cannot read: %s", strerror(errno));
        else
            fail(r, NNUE_LOAD_FORMAT, "truncated: %zu bytes of header expected, %zu found",
                 sizeof b, got);
        return false;
    }
    uint32_t version = get_u32(b + 8);
    if (version < 1 || version > NNUE_VERSION) {
        fail(r, NNUE_LOAD_FORMAT, "format version %u; this program reads versions 1 to %d",
             (unsigned)version, NNUE_VERSION);
        return false;
    }
    memcpy(h->variant, b + 12, NAME_BYTES);
    h->variant[NAME_BYTES] = '\0';
    h->files = get_u16(b + 60);
    h->ranks = get_u16(b + 62);
    h->ntypes = get_u16(b + 64);
    h->hand_slots = get_u16(b + 66);
    /* version 1: u16 flip, the activation CReLU; 2: u8 flip, u8 activation */
    h->flip = version == 1 ? get_u16(b + 68) : b[68];
    h->activation = version == 1 ? NNUE_CRELU : b[69];
    h->buckets = get_u16(b + 70) ? get_u16(b + 70) : 1;
    h->nfeatures = get_u32(b + 72);
    h->hidden = get_u32(b + 76);
    h->qa = get_i32(b + 80);
    h->qb = get_i32(b + 84);
    h->scale = get_i32(b + 88);
    if (h->ntypes < 1 || h->ntypes > MAX_PIECE_TYPES) {
        fail(r, NNUE_LOAD_FORMAT, "%d piece types (1 to %d)", h->ntypes, MAX_PIECE_TYPES);
        return false;
    }
    for (int t = 0; t < h->ntypes; t++) {
        if (!read_bytes(r, h->ids[t], ID_BYTES, "piece ids"))
            return false;
        h->ids[t][ID_BYTES] = '\0';
    }
    return true;
}

/* The piece ids as text ("P N B R Q K"). */
static void ids_text(const char (*ids)[ID_BYTES + 1], int n, char *out, size_t size)
{
    size_t k = 0;
    out[0] = '\0';
    for (int t = 0; t < n && k + ID_BYTES + 2 < size; t++)
        k += (size_t)snprintf(out + k, size - k, "%s%s", t ? " " : "", ids[t]);
}

/* Is the header the shape of a network for v? */
static bool header_fits(Reader *r, const Header *h, const Variant *v)
{
    if (strcasecmp(h->variant, v->name) != 0) {
        fail(r, NNUE_LOAD_VARIANT, "a network for variant '%s', not '%s'", h->variant, v->name);
        return false;
    }
    if (h->files != v->files || h->ranks != v->ranks) {
        fail(r, NNUE_LOAD_VARIANT, "a network for a %dx%d board; %s is played on %dx%d",
             h->files, h->ranks, v->name, v->files, v->ranks);
        return false;
    }
    char vids[MAX_PIECE_TYPES][ID_BYTES + 1];
    bool same = h->ntypes == v->ntypes;
    for (int t = 0; t < v->ntypes; t++) {
        memcpy(vids[t], v->piece[t].id, ID_BYTES);
        vids[t][ID_BYTES] = '\0';
        same &= t < h->ntypes && strcmp(vids[t], h->ids[t]) == 0;
    }
    if (!same) {
        char a[MAX_PIECE_TYPES * 6], b[MAX_PIECE_TYPES * 6];
        ids_text(h->ids, h->ntypes, a, sizeof a);
        ids_text((const char (*)[ID_BYTES + 1])vids, v->ntypes, b, sizeof b);
        fail(r, NNUE_LOAD_VARIANT, "a network for the pieces %s; %s has %s", a, v->name, b);
        return false;
    }
    if (h->hand_slots > NNUE_HAND_SLOTS_MAX) {
        fail(r, NNUE_LOAD_FORMAT, "%d hand slots (at most %d)", h->hand_slots,
             NNUE_HAND_SLOTS_MAX);
        return false;
    }
    if (h->flip > NNUE_FLIP_ROTATE) {
        fail(r, NNUE_LOAD_FORMAT, "board flip %d (0 or 1)", h->flip);
        return false;
    }
    if (h->activation > NNUE_SCRELU) {
        fail(r, NNUE_LOAD_FORMAT, "activation %d (0 CReLU or 1 SCReLU)", h->activation);
        return false;
    }
    if (h->buckets > NNUE_BUCKETS_MAX) {
        fail(r, NNUE_LOAD_FORMAT, "%d output buckets (at most %d)", h->buckets,
             NNUE_BUCKETS_MAX);
        return false;
    }
    if (h->hidden < NNUE_CHUNK || h->hidden > NNUE_HIDDEN_MAX || h->hidden % NNUE_CHUNK) {
        fail(r, NNUE_LOAD_FORMAT, "hidden layer of %u: it must be a multiple of %d from %d to %d",
             (unsigned)h->hidden, NNUE_CHUNK, NNUE_CHUNK, NNUE_HIDDEN_MAX);
        return false;
    }
    uint32_t want = 2u * (uint32_t)h->ntypes * (uint32_t)(h->files * h->ranks + h->hand_slots);
    if (h->nfeatures != want) {
        fail(r, NNUE_LOAD_FORMAT, "%u features, but its board, pieces and hand make %u",
             (unsigned)h->nfeatures, (unsigned)want);
        return false;
    }
    if (h->qa < 1 || h->qa > INT16_MAX || h->qb < 1 || h->qb > INT16_MAX || h->scale < 1) {
        fail(r, NNUE_LOAD_FORMAT, "bad quantisation: qa %d, qb %d (1 to %d), scale %d (>= 1)",
             h->qa, h->qb, INT16_MAX, h->scale);
        return false;
    }
    return true;
}

static bool read_weights(Reader *r, NnueNet *net)
{
    size_t h = (size_t)net->hidden, nb = (size_t)net->buckets;
    uint8_t bias[4 * NNUE_BUCKETS_MAX];
    if (!read_i16s(r, net->ft_bias, h, "feature biases")
        || !read_i16s(r, net->ft_weight, (size_t)net->nfeatures * h, "feature weights")
        || !read_i16s(r, net->out_weight, nb * 2 * h, "output weights")
        || !read_bytes(r, bias, 4 * nb, "output biases"))
        return false;
    for (size_t b = 0; b < nb; b++)
        net->out_bias[b] = get_i32(bias + 4 * b);
    if (fgetc(r->in) != EOF) {
        fail(r, NNUE_LOAD_FORMAT, "more bytes after the weights than the header says");
        return false;
    }
    char why[160];
    if (!nnue_net_check(net, why, sizeof why)) {
        fail(r, NNUE_LOAD_FORMAT, "%s", why);
        return false;
    }
    return true;
}

/* The network r->in holds (closed here). */
static NnueNet *read_net(Reader *r, const Variant *v, NnueLoadStatus *status)
{
    NnueNet *net = NULL;
    Header h;
    if (!r->in)
        fail(r, NNUE_LOAD_IO, "cannot open: %s", strerror(errno));
    else if (read_header(r, &h) && header_fits(r, &h, v)) {
        net = nnue_net_create(v, (int)h.hidden, h.hand_slots, h.buckets, h.qa, h.qb, h.scale);
        if (!net)
            fail(r, NNUE_LOAD_IO, "out of memory");
        else {
            nnue_net_set_flip(net, (NnueFlip)h.flip);
            net->activation = (NnueActivation)h.activation;
            if (!read_weights(r, net)) {
                nnue_net_free(net);
                net = NULL;
            }
        }
    }
    if (r->in)
        fclose(r->in);
    if (status)
        *status = r->status;
    return net;
}

NnueNet *nnue_load(const char *path, const Variant *v, NnueLoadStatus *status, char *err,
                   size_t errsize)
{
    Reader r = { fopen(path, "rb"), path, err, errsize, NNUE_LOAD_OK };
    return read_net(&r, v, status);
}

NnueNet *nnue_load_bytes(const void *bytes, size_t size, const char *name, const Variant *v,
                         NnueLoadStatus *status, char *err, size_t errsize)
{
    /* a read-only memory stream: the reader stays one for files and memory */
    Reader r = { fmemopen((void *)bytes, size, "rb"), name, err, errsize, NNUE_LOAD_OK };
    return read_net(&r, v, status);
}

/* ---- writing ------------------------------------------------------------------- */

static bool write_i16s(FILE *out, const int16_t *x, size_t n)
{
    uint8_t buf[4096];
    for (size_t done = 0; done < n;) {
        size_t k = n - done < sizeof buf / 2 ? n - done : sizeof buf / 2;
        for (size_t i = 0; i < k; i++)
            put_u16(buf + 2 * i, (uint16_t)x[done + i]);
        if (fwrite(buf, 2, k, out) != k)
            return false;
        done += k;
    }
    return true;
}

static bool write_net(FILE *out, const NnueNet *net)
{
    uint8_t b[HEADER_FIXED];
    memset(b, 0, sizeof b);
    memcpy(b, NNUE_MAGIC, 8);
    /* CReLU as version 1, the bytes of before activations had a field */
    bool v1 = net->activation == NNUE_CRELU;
    put_u32(b + 8, v1 ? 1 : NNUE_VERSION);
    strncpy((char *)b + 12, net->variant, NAME_BYTES);
    put_u16(b + 60, (uint16_t)net->files);
    put_u16(b + 62, (uint16_t)net->ranks);
    put_u16(b + 64, (uint16_t)net->ntypes);
    put_u16(b + 66, (uint16_t)net->hand_slots);
    if (v1)
        put_u16(b + 68, (uint16_t)net->flip);
    else
        b[68] = (uint8_t)net->flip, b[69] = (uint8_t)net->activation;
    put_u16(b + 70, (uint16_t)(net->buckets == 1 ? 0 : net->buckets));   /* as before buckets */
    put_u32(b + 72, (uint32_t)net->nfeatures);
    put_u32(b + 76, (uint32_t)net->hidden);
    put_u32(b + 80, (uint32_t)net->qa);
    put_u32(b + 84, (uint32_t)net->qb);
    put_u32(b + 88, (uint32_t)net->scale);
    if (fwrite(b, 1, sizeof b, out) != sizeof b)
        return false;
    for (int t = 0; t < net->ntypes; t++) {
        char id[ID_BYTES] = { 0 };
        memcpy(id, net->piece_ids[t], ID_BYTES);
        if (fwrite(id, 1, ID_BYTES, out) != ID_BYTES)
            return false;
    }
    size_t h = (size_t)net->hidden, nb = (size_t)net->buckets;
    uint8_t bias[4 * NNUE_BUCKETS_MAX];
    for (size_t i = 0; i < nb; i++)
        put_u32(bias + 4 * i, (uint32_t)net->out_bias[i]);
    return write_i16s(out, net->ft_bias, h)
        && write_i16s(out, net->ft_weight, (size_t)net->nfeatures * h)
        && write_i16s(out, net->out_weight, nb * 2 * h)
        && fwrite(bias, 1, 4 * nb, out) == 4 * nb;
}

int nnue_save(const NnueNet *net, const char *path, char *err, size_t errsize)
{
    if (!nnue_net_check(net, err, errsize))
        return -1;
    FILE *out = fopen(path, "wb");
    if (!out) {
        snprintf(err, errsize, "%s: cannot create: %s", path, strerror(errno));
        return -1;
    }
    bool ok = write_net(out, net);
    if (fclose(out) != 0)
        ok = false;
    if (!ok) {
        snprintf(err, errsize, "%s: cannot write: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}
