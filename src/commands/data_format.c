/*
 * data_format.c — the bytes of binary training data (data_format.h).
 *
 * All numbers are little-endian.  The header:
 *   8 bytes  "MNGRDATA"
 *   1 byte   format version (1)
 *   1 byte   n, then n bytes: the variant's name
 *   8 bytes  the fingerprint of the variant's rules
 *   2 bytes  n, then n bytes: how the data was made (text)
 * Then records, each
 *   4 bytes  n, the payload's length
 *   n bytes  the payload
 *   4 bytes  FNV-1a of the payload
 * A payload:
 *   1 byte   White's half points (0, 1, 2), plus 128 when the end follows:
 *            varint game number, varint plies, 1 byte n + n bytes reason
 *   varint   segments, each
 *            varint n + n bytes: its start FEN (n = 0: the start position)
 *            entries: varint e; when e & 1 the position before the move is
 *              recorded, a zigzag varint score (White's view) follows;
 *              e >> 1 is the move's index in the playable moves plus one,
 *              0 for the segment's last position
 *            4 bytes  FNV-1a of the last position's FEN (the replay's check)
 */
#include <stdlib.h>
#include <string.h>
#include "commands/data_format.h"
#include "util/alloc.h"

/* ---- bytes ------------------------------------------------------------------- */

void databuf_put(DataBuf *d, const void *bytes, size_t n)
{
    if (d->len + n > d->cap) {
        d->cap = (d->len + n) * 2 + 256;
        d->b = alloc_realloc(d->b, d->cap);
    }
    if (n)   /* (memcpy may not be given NULL, even for nothing) */
        memcpy(d->b + d->len, bytes, n);
    d->len += n;
}

void databuf_byte(DataBuf *d, unsigned byte)
{
    uint8_t b = (uint8_t)byte;
    databuf_put(d, &b, 1);
}

void databuf_varint(DataBuf *d, uint64_t x)
{
    while (x >= 0x80) {
        databuf_byte(d, (unsigned)(x & 0x7f) | 0x80);
        x >>= 7;
    }
    databuf_byte(d, (unsigned)x);
}

static void databuf_u32(DataBuf *d, uint32_t x)
{
    uint8_t b[4] = { (uint8_t)x, (uint8_t)(x >> 8), (uint8_t)(x >> 16), (uint8_t)(x >> 24) };
    databuf_put(d, b, 4);
}

void databuf_free(DataBuf *d)
{
    free(d->b);
    memset(d, 0, sizeof *d);
}

unsigned datacur_byte(DataCursor *c)
{
    if (c->bad || c->p >= c->end) {
        c->bad = true;
        return 0;
    }
    return *c->p++;
}

uint64_t datacur_varint(DataCursor *c)
{
    uint64_t x = 0;
    for (int shift = 0; shift < 64; shift += 7) {
        unsigned b = datacur_byte(c);
        x |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return c->bad ? 0 : x;
    }
    c->bad = true;
    return 0;
}

const uint8_t *datacur_bytes(DataCursor *c, size_t n)
{
    if (c->bad || (size_t)(c->end - c->p) < n) {
        c->bad = true;
        return NULL;
    }
    const uint8_t *at = c->p;
    c->p += n;
    return at;
}

static uint32_t get_u32(const uint8_t *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint32_t data_fnv32(const void *bytes, size_t n)
{
    const uint8_t *p = bytes;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 16777619u;
    return h;
}

uint64_t data_fnv64(uint64_t h, const void *bytes, size_t n)
{
    const uint8_t *p = bytes;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 0x100000001b3ULL;
    return h;
}

/* ---- the header -------------------------------------------------------------- */

void data_header_encode(const DataHeader *h, DataBuf *out)
{
    databuf_put(out, DATA_MAGIC, DATA_MAGIC_LEN);
    databuf_byte(out, DATA_VERSION);
    size_t n = strlen(h->variant), m = strlen(h->made);
    databuf_byte(out, (unsigned)n);
    databuf_put(out, h->variant, n);
    for (int i = 0; i < 8; i++)
        databuf_byte(out, (unsigned)(h->fingerprint >> (8 * i)) & 0xff);
    databuf_byte(out, (unsigned)(m & 0xff));
    databuf_byte(out, (unsigned)(m >> 8));
    databuf_put(out, h->made, m);
}

bool data_is_binary(FILE *f)
{
    char magic[DATA_MAGIC_LEN];
    bool binary = fread(magic, 1, DATA_MAGIC_LEN, f) == DATA_MAGIC_LEN
                  && memcmp(magic, DATA_MAGIC, DATA_MAGIC_LEN) == 0;
    rewind(f);
    return binary;
}

int data_header_read(FILE *f, DataHeader *h, char *err, size_t errsize)
{
    uint8_t fixed[DATA_MAGIC_LEN + 2], fp[8], made_len[2];
    memset(h, 0, sizeof *h);
    size_t got = fread(fixed, 1, sizeof fixed, f);
    if (memcmp(fixed, DATA_MAGIC, got < DATA_MAGIC_LEN ? got : DATA_MAGIC_LEN) != 0) {
        snprintf(err, errsize, "not a Menagerie data file");
        return -1;
    }
    if (got < sizeof fixed)
        return 1;
    if (fixed[DATA_MAGIC_LEN] != DATA_VERSION) {
        snprintf(err, errsize, "data format version %u (this program reads version %d)",
                 fixed[DATA_MAGIC_LEN], DATA_VERSION);
        return -1;
    }
    size_t n = fixed[DATA_MAGIC_LEN + 1];
    if (n >= DATA_NAME_MAX) {
        snprintf(err, errsize, "a variant name of %zu bytes: not a Menagerie data file", n);
        return -1;
    }
    if (fread(h->variant, 1, n, f) != n || fread(fp, 1, 8, f) != 8 || fread(made_len, 1, 2, f) != 2)
        return 1;
    for (int i = 0; i < 8; i++)
        h->fingerprint |= (uint64_t)fp[i] << (8 * i);
    size_t m = made_len[0] | (size_t)made_len[1] << 8;
    if (m >= DATA_MADE_MAX) {
        snprintf(err, errsize, "a header of %zu bytes: not a Menagerie data file", m);
        return -1;
    }
    return fread(h->made, 1, m, f) == m ? 0 : 1;
}

/* ---- game records --------------------------------------------------------------- */

void data_game_reset(DataGame *g)
{
    DataBuf body = g->body;
    memset(g, 0, sizeof *g);
    body.len = 0;
    g->body = body;
    g->white_halves = 1;
}

void data_game_free(DataGame *g)
{
    databuf_free(&g->body);
    memset(g, 0, sizeof *g);
}

void data_game_segment(DataGame *g, const char *fen)
{
    size_t n = fen ? strlen(fen) : 0;
    databuf_varint(&g->body, n);
    databuf_put(&g->body, fen, n);
    g->segments++;
}

void data_game_ply(DataGame *g, int move_index, bool recorded, int white_score)
{
    databuf_varint(&g->body, ((uint64_t)move_index + 1) << 1 | recorded);
    if (recorded)
        databuf_varint(&g->body, zigzag(white_score));
}

void data_game_segment_end(DataGame *g, bool recorded, int white_score, uint32_t check)
{
    databuf_varint(&g->body, recorded);
    if (recorded)
        databuf_varint(&g->body, zigzag(white_score));
    databuf_u32(&g->body, check);
}

void data_game_payload(const DataGame *g, DataBuf *out)
{
    databuf_byte(out, (unsigned)g->white_halves | (g->has_end ? 0x80 : 0));
    if (g->has_end) {
        size_t n = strlen(g->reason);
        databuf_varint(out, (uint64_t)g->number);
        databuf_varint(out, (uint64_t)g->plies);
        databuf_byte(out, (unsigned)n);
        databuf_put(out, g->reason, n);
    }
    databuf_varint(out, (uint64_t)g->segments);
    databuf_put(out, g->body.b, g->body.len);
}

void data_game_frame(const DataGame *g, DataBuf *out)
{
    size_t start = out->len;
    databuf_u32(out, 0);                    /* the length, known below */
    data_game_payload(g, out);
    uint32_t n = (uint32_t)(out->len - start - 4);
    uint8_t *len = out->b + start;
    len[0] = (uint8_t)n, len[1] = (uint8_t)(n >> 8), len[2] = (uint8_t)(n >> 16);
    len[3] = (uint8_t)(n >> 24);
    databuf_u32(out, data_fnv32(out->b + start + 4, n));
}

DataRecordStatus data_record_read(FILE *f, DataBuf *buf)
{
    uint8_t len[4], sum[4];
    size_t got = fread(len, 1, 4, f);
    if (got == 0)
        return DATA_RECORD_END;
    if (got < 4)
        return DATA_RECORD_TORN;
    uint32_t n = get_u32(len);
    if (n == 0 || n > DATA_RECORD_MAX)
        return DATA_RECORD_DAMAGED;
    buf->len = 0;
    if (buf->cap < n) {
        buf->cap = n;
        buf->b = alloc_realloc(buf->b, n);
    }
    if (fread(buf->b, 1, n, f) != n || fread(sum, 1, 4, f) != 4)
        return DATA_RECORD_TORN;
    buf->len = n;
    return data_fnv32(buf->b, n) == get_u32(sum) ? DATA_RECORD_OK : DATA_RECORD_DAMAGED;
}

bool data_game_head(DataCursor *c, DataGame *head, long long *segments)
{
    unsigned first = datacur_byte(c);
    memset(head, 0, sizeof *head);
    head->white_halves = (int)(first & 3);
    head->has_end = first & 0x80;
    if (head->has_end) {
        head->number = (long long)datacur_varint(c);
        head->plies = (int)datacur_varint(c);
        size_t n = datacur_byte(c);
        const uint8_t *r = datacur_bytes(c, n);
        if (r)
            memcpy(head->reason, r, n);
    }
    *segments = (long long)datacur_varint(c);
    return !c->bad && head->white_halves <= 2 && *segments >= 0;
}
