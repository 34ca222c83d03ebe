/*
 * data_replay.c — fingerprints and replays of binary data (data_replay.h).
 */
#include <stdlib.h>
#include <string.h>
#include "board/rules.h"
#include "commands/data_replay.h"
#include "notation/fen.h"
#include "util/alloc.h"

#define WALKS      8      /* fixed walks the fingerprint follows ... */
#define WALK_PLIES 40     /* ... this many plies each at most */

/* ---- the moves, in an order of their own ------------------------------------------ */

static uint64_t move_key(const Move *m)
{
    return (uint64_t)m->from << 56 | (uint64_t)m->to << 48 | (uint64_t)m->kind << 40
         | (uint64_t)m->piece << 32 | (uint64_t)m->victim[0] << 24 | (uint64_t)m->victim[1] << 16
         | (uint64_t)m->nvictims << 8 | m->flags;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = move_key(a), y = move_key(b);
    return x < y ? -1 : x > y;
}

void data_playable_moves(Position *pos, MoveList *ml)
{
    rules_playable_moves(pos, ml);
    data_sort_moves(ml);
}

void data_sort_moves(MoveList *ml)
{
    qsort(ml->m, (size_t)ml->n, sizeof ml->m[0], by_key);
}

/* ---- the fingerprint ---------------------------------------------------------- */

static uint64_t hash_moves(uint64_t h, const MoveList *ml)
{
    for (int i = 0; i < ml->n; i++) {
        const Move *m = &ml->m[i];
        uint8_t bytes[8] = { m->from, m->to, m->kind, m->piece, m->victim[0], m->victim[1],
                             m->nvictims, m->flags };
        h = data_fnv64(h, bytes, sizeof bytes);
    }
    uint32_t n = (uint32_t)ml->n;
    return data_fnv64(h, &n, sizeof n);
}

uint64_t data_fingerprint(const Variant *v)
{
    Position *pos = alloc_realloc(NULL, sizeof *pos);
    MoveList *ml = alloc_realloc(NULL, sizeof *ml);
    uint64_t h = DATA_FNV64_START;
    int size[2] = { v->files, v->ranks };
    h = data_fnv64(h, size, sizeof size);
    for (int walk = 0; walk < WALKS; walk++) {
        position_start(pos, v);
        uint64_t step = 0x9E3779B97F4A7C15ULL * (uint64_t)(walk + 1);
        GameEnd end;
        for (int ply = 0; ply < WALK_PLIES && !rules_game_end(pos, &end); ply++) {
            data_playable_moves(pos, ml);
            h = hash_moves(h, ml);
            if (ml->n == 0)
                break;
            step = step * 6364136223846793005ULL + 1442695040888963407ULL;
            position_make(pos, ml->m[(step >> 33) % (uint64_t)ml->n]);
        }
        char fen[FEN_MAX];
        position_get_fen(pos, fen, sizeof fen);
        h = data_fnv64(h, fen, strlen(fen));
    }
    free(pos);
    free(ml);
    return h;
}

uint32_t data_position_check(const Position *pos)
{
    char fen[FEN_MAX];
    position_get_fen(pos, fen, sizeof fen);
    return data_fnv32(fen, strlen(fen));
}

int data_move_index(const MoveList *ml, Move m)
{
    int alike = -1;     /* the same move with other flags: a search's copy */
    for (int i = 0; i < ml->n; i++)
        if (move_equal(ml->m[i], m)) {
            if (ml->m[i].flags == m.flags)
                return i;
            alike = alike < 0 ? i : alike;
        }
    return alike;
}

/* ---- replaying ------------------------------------------------------------------ */

static int fail(char *err, size_t errsize, const char *what)
{
    snprintf(err, errsize, "%s", what);
    return -1;
}

/* Set up a segment's start position from the cursor. */
static int segment_start(DataReplayer *r, DataCursor *c, char *err, size_t errsize)
{
    size_t n = (size_t)datacur_varint(c);
    if (n >= FEN_MAX)
        return fail(err, errsize, "a start position longer than a FEN can be");
    const uint8_t *text = datacur_bytes(c, n);
    if (c->bad)
        return fail(err, errsize, "a record cut short");
    if (n == 0) {
        position_start(r->pos, r->v);
        return 0;
    }
    char fen[FEN_MAX], why[256];
    memcpy(fen, text, n);
    fen[n] = '\0';
    if (position_set_fen(r->pos, r->v, fen, why, sizeof why) != 0) {
        snprintf(err, errsize, "a start position the variant refuses: %s", why);
        return -1;
    }
    return 0;
}

/* One segment: its positions to fn, its moves made; 1 when fn stopped. */
static int replay_segment(DataReplayer *r, DataCursor *c, double result, DataPositionFn fn,
                          void *ctx, char *err, size_t errsize)
{
    if (segment_start(r, c, err, errsize) != 0)
        return -1;
    for (int ply = 0;; ply++) {
        uint64_t e = datacur_varint(c);
        int score = e & 1 ? (int)unzigzag(datacur_varint(c)) : 0;
        if (c->bad)
            return fail(err, errsize, "a record cut short");
        if (e & 1 && fn && !fn(ctx, r->pos, score, result))
            return 1;
        if (e >> 1 == 0)
            break;
        if (ply >= MAX_PLY_HISTORY - 2)
            return fail(err, errsize, "a segment longer than a game can be");
        data_playable_moves(r->pos, r->moves);
        uint64_t index = (e >> 1) - 1;
        if (index >= (uint64_t)r->moves->n)
            return fail(err, errsize, "a move that is not among the playable ones: the variant "
                                      "or the engine's move generation changed since it was made");
        position_make(r->pos, r->moves->m[index]);
    }
    const uint8_t *check = datacur_bytes(c, 4);
    if (!check)
        return fail(err, errsize, "a record cut short");
    uint32_t want = (uint32_t)check[0] | (uint32_t)check[1] << 8 | (uint32_t)check[2] << 16
                    | (uint32_t)check[3] << 24;
    if (want != data_position_check(r->pos))
        return fail(err, errsize, "its moves do not lead where they did: the variant or the "
                                  "engine's move generation changed since it was made");
    return 0;
}

int data_replay(DataReplayer *r, const DataBuf *payload, DataGame *head, DataPositionFn fn,
                void *ctx, char *err, size_t errsize)
{
    DataCursor c = { payload->b, payload->b + payload->len, false };
    long long segments;
    if (!data_game_head(&c, head, &segments))
        return fail(err, errsize, "a malformed game record");
    double result = head->white_halves / 2.0;
    for (long long s = 0; s < segments; s++) {
        int rc = replay_segment(r, &c, result, fn, ctx, err, errsize);
        if (rc != 0)
            return rc;
    }
    return c.p == c.end ? 0 : fail(err, errsize, "bytes after a game's last segment");
}

long data_count_positions(const DataBuf *payload, DataGame *head)
{
    DataCursor c = { payload->b, payload->b + payload->len, false };
    long long segments;
    long positions = 0;
    if (!data_game_head(&c, head, &segments))
        return -1;
    for (long long s = 0; s < segments && !c.bad; s++) {
        datacur_bytes(&c, (size_t)datacur_varint(&c));
        for (;;) {
            uint64_t e = datacur_varint(&c);
            if (c.bad)
                break;
            if (e & 1) {
                datacur_varint(&c);
                positions++;
            }
            if (e >> 1 == 0)
                break;
        }
        datacur_bytes(&c, 4);
    }
    return c.bad || c.p != c.end ? -1 : positions;
}
