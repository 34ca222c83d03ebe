/*
 * train_samples.c — positions as the net's features (train_samples.h).
 */
#include <stdlib.h>
#include <string.h>
#include "commands/train_samples.h"
#include "util/alloc.h"

void train_samples_free(Samples *s)
{
    free(s->first);
    free(s->count);
    free(s->feat);
    free(s->stm);
    free(s->bucket);
    free(s->held);
    free(s->score);
    free(s->result);
    free(s->classical);
    free(s->target);
}

/* The active features of pos as `view` sees it, with every square's file
 * mirrored when `mirror` (nnue_active_features otherwise). */
static int features(const NnueNet *net, const Position *pos, int view, bool mirror, int *out)
{
    if (!mirror)
        return nnue_active_features(net, pos, view, out);
    int n = 0, files = net->files;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->nlist[c]; i++) {
            int sq = pos->list[c][i], f = sq % files;
            out[n++] = nnue_piece_feature(net, view, pos->board[sq], sq - f + files - 1 - f);
        }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < net->ntypes; t++)
            for (int k = 0; k < pos->hand[c][t] && k < net->hand_slots; k++)
                out[n++] = nnue_hand_feature(net, view, c, t, k);
    return n;
}

static void add_sample(Collector *c, const Position *pos, int score, double result,
                       int classical, bool mirror, bool held)
{
    Samples *s = c->s;
    if (s->n == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 4096;
        s->first = alloc_realloc(s->first, s->cap * sizeof *s->first);
        s->count = alloc_realloc(s->count, s->cap * sizeof *s->count);
        s->stm = alloc_realloc(s->stm, s->cap * sizeof *s->stm);
        s->bucket = alloc_realloc(s->bucket, s->cap * sizeof *s->bucket);
        s->held = alloc_realloc(s->held, s->cap * sizeof *s->held);
        s->score = alloc_realloc(s->score, s->cap * sizeof *s->score);
        s->result = alloc_realloc(s->result, s->cap * sizeof *s->result);
        s->classical = alloc_realloc(s->classical, s->cap * sizeof *s->classical);
    }
    if (s->nfeat + 2 * NNUE_MAX_ACTIVE > s->featcap) {
        s->featcap = s->featcap ? 2 * s->featcap : 1 << 20;
        s->feat = alloc_realloc(s->feat, s->featcap * sizeof *s->feat);
    }
    size_t i = s->n++;
    s->first[i] = s->nfeat;
    for (int view = 0; view < 2; view++) {
        int n = features(c->shape, pos, view, mirror, c->buf);
        for (int k = 0; k < n; k++)
            s->feat[s->nfeat++] = (uint16_t)c->buf[k];
        s->count[i] = (uint16_t)n;
    }
    s->stm[i] = (uint8_t)pos->side;
    s->bucket[i] = (uint8_t)nnue_bucket(c->shape, pos);
    s->held[i] = held;
    s->score[i] = (float)score;
    s->result[i] = (float)result;
    s->classical[i] = (float)classical;
}

bool train_collect(void *ctx, const Position *pos, int score, double result)
{
    Collector *c = ctx;
    int classical = eval_position(c->et, pos);
    bool held = train_held_out(pos->hash, c->validation);   /* a mirror image goes along */
    add_sample(c, pos, score, result, classical, false, held);
    if (c->mirror)
        add_sample(c, pos, score, result, classical, true, held);
    return true;
}

bool train_held_out(uint64_t hash, double share)
{
    /* a fixed salt, then a 64-bit finaliser (splitmix64's): the low bits
       of a Zobrist hash alone would do, but not for any hash */
    uint64_t z = hash ^ 0x6A09E667F3BCC909ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    z ^= z >> 31;
    return (double)(z >> 11) * (1.0 / 9007199254740992.0) < share;
}

bool train_mirrorable(const Variant *v)
{
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        int f = sq % v->files;
        if (!v->geom.hole[sq] != !v->geom.hole[sq - f + v->files - 1 - f])
            return false;
    }
    return true;
}

