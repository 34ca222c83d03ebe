/*
 * nnue.c — the network's features, its accumulators (added up afresh, or
 * brought up to date from an ancestor's by the changes position_make
 * noted) and its output layer (see nnue.h).
 *
 * Hot path: no allocation.  The loops over the hidden layer are
 * nnue_kernels.c's, portable or SIMD as the CPU allows; here they get
 * the lists of rows to add and take off, which the SIMD versions apply
 * in one pass over the accumulator however many features change.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "board/nnue.h"
#include "board/nnue_kernels.h"

/* ---- the net ------------------------------------------------------------------- */

int nnue_default_hand_slots(const Variant *v)
{
    bool hand = v->hand.enabled || v->hand.gating || v->hand.captures != CAPTURES_DISCARD;
    return hand ? NNUE_HAND_SLOTS : 0;
}

/* The square Black's view puts sq on: the ranks mirrored, or the board
 * turned half round. */
static void set_black_squares(NnueNet *net)
{
    for (int sq = 0; sq < MAX_SQUARES; sq++) {
        if (sq >= net->nsq) {
            net->black_square[sq] = 0;
            continue;
        }
        int f = sq % net->files, r = sq / net->files;
        int to = net->flip == NNUE_FLIP_ROTATE ? net->nsq - 1 - sq
                                                : (net->ranks - 1 - r) * net->files + f;
        net->black_square[sq] = (uint8_t)to;
    }
}

void nnue_net_set_flip(NnueNet *net, NnueFlip flip)
{
    net->flip = flip;
    set_black_squares(net);
}

const char *nnue_activation_name(NnueActivation a)
{
    return a == NNUE_SCRELU ? "screlu" : "crelu";
}

int nnue_activation_parse(const char *name)
{
    return strcmp(name, "crelu") == 0 ? NNUE_CRELU : strcmp(name, "screlu") == 0 ? NNUE_SCRELU
                                                                                  : -1;
}

bool nnue_net_check(const NnueNet *net, char *err, size_t errsize)
{
    /* SCReLU squares into 16 bits: x^2 >> 8 of x up to qa (then at most qa) */
    if (net->activation == NNUE_SCRELU && net->qa > 255) {
        snprintf(err, errsize, "SCReLU with qa %d: at most 255", (int)net->qa);
        return false;
    }
    /* the largest sum: every activation at qa, every sign aligned */
    for (int b = 0; b < net->buckets; b++) {
        int32_t bias = net->out_bias[b];
        const int16_t *w = net->out_weight + (size_t)b * 2 * net->hidden;
        int64_t worst = bias < 0 ? -(int64_t)bias : bias;
        for (int i = 0; i < 2 * net->hidden; i++)
            worst += (int64_t)net->qa * abs(w[i]);
        if (worst > INT32_MAX) {
            snprintf(err, errsize, "output weights too large: the output sum could reach %lld, "
                     "beyond 32 bits", (long long)worst);
            return false;
        }
    }
    return true;
}

/* Pieces on the board in v's start position (at least 1): the buckets'
 * scale. */
static int start_pieces(const Variant *v)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            n += v->start_count[c][t];
    return n > 0 ? n : 1;
}

/* n zeroed int16s on a cache line's start (a row of 32 of them or more
 * then never straddles two, which the 32-byte loads of the AVX2 loops
 * would otherwise do one time in four); free() frees them. */
static int16_t *alloc_lines(size_t n)
{
    size_t size = (n * sizeof(int16_t) + 63) / 64 * 64;
    int16_t *p = aligned_alloc(64, size);
    if (p)
        memset(p, 0, size);
    return p;
}

NnueNet *nnue_net_create(const Variant *v, int hidden, int hand_slots, int buckets, int32_t qa,
                         int32_t qb, int32_t scale)
{
    if (hidden < NNUE_CHUNK || hidden > NNUE_HIDDEN_MAX || hidden % NNUE_CHUNK
        || hand_slots < 0 || hand_slots > NNUE_HAND_SLOTS_MAX
        || buckets < 1 || buckets > NNUE_BUCKETS_MAX
        || v->files * v->ranks > MAX_SQUARES || v->ntypes < 1 || v->ntypes > MAX_PIECE_TYPES
        || qa < 1 || qa > INT16_MAX || qb < 1 || qb > INT16_MAX || scale < 1)
        return NULL;
    NnueNet *net = calloc(1, sizeof *net);
    if (!net)
        return NULL;
    snprintf(net->variant, sizeof net->variant, "%s", v->name);
    net->files = v->files;
    net->ranks = v->ranks;
    net->nsq = v->files * v->ranks;
    net->ntypes = v->ntypes;
    for (int t = 0; t < v->ntypes; t++)
        memcpy(net->piece_ids[t], v->piece[t].id, sizeof net->piece_ids[t]);
    net->hand_slots = hand_slots;
    net->flip = v->rotated ? NNUE_FLIP_ROTATE : NNUE_FLIP_RANKS;
    net->nfeatures = 2 * net->ntypes * (net->nsq + hand_slots);
    net->hidden = hidden;
    net->buckets = buckets;
    net->bucket_pieces = start_pieces(v);
    net->qa = qa;
    net->qb = qb;
    net->scale = scale;
    net->ft_bias = alloc_lines((size_t)hidden);
    net->ft_weight = alloc_lines((size_t)net->nfeatures * (size_t)hidden);
    net->out_weight = alloc_lines((size_t)buckets * 2 * (size_t)hidden);
    if (!net->ft_bias || !net->ft_weight || !net->out_weight) {
        nnue_net_free(net);
        return NULL;
    }
    set_black_squares(net);
    return net;
}

void nnue_net_free(NnueNet *net)
{
    if (!net)
        return;
    free(net->ft_bias);
    free(net->ft_weight);
    free(net->out_weight);
    free(net);
}

/* ---- features ---------------------------------------------------------------- */

int nnue_active_features(const NnueNet *net, const Position *pos, int view, int *out)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < pos->nlist[c]; i++) {
            int sq = pos->list[c][i];
            out[n++] = nnue_piece_feature(net, view, pos->board[sq], sq);
        }
    if (!net->hand_slots)
        return n;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < net->ntypes; t++)
            for (int k = 0; k < pos->hand[c][t] && k < net->hand_slots; k++)
                out[n++] = nnue_hand_feature(net, view, c, t, k);
    return n;
}

/* ---- accumulators ------------------------------------------------------------- */

/* Rows the kernels take in one pass (a refresh may need more: several). */
#define ROWS_PER_PASS 64

void nnue_accumulate(const NnueNet *net, const int *features, int n, int16_t *acc)
{
    int h = net->hidden;
    const int16_t *rows[ROWS_PER_PASS];
    const int16_t *from = net->ft_bias;
    int i = 0;
    do {
        int k = 0;
        for (; k < ROWS_PER_PASS && i < n; k++, i++)
            rows[k] = net->ft_weight + (size_t)features[i] * h;
        nnue_kernels->update(acc, from, rows, k, NULL, 0, h);
        from = acc;
    } while (i < n);
}

void nnue_refresh(const NnueNet *net, const Position *pos, int16_t *acc)
{
    int features[NNUE_MAX_ACTIVE];
    for (int view = 0; view < 2; view++) {
        int n = nnue_active_features(net, pos, view, features);
        nnue_accumulate(net, features, n, acc + view * net->hidden);
    }
}

int nnue_output(const NnueNet *net, const int16_t *us, const int16_t *them, int bucket)
{
    int h = net->hidden;
    const int16_t *w = net->out_weight + (size_t)bucket * 2 * h;
    int16_t qa = (int16_t)net->qa;
    int32_t (*dot)(const int16_t *, const int16_t *, int, int16_t) =
        net->activation == NNUE_SCRELU ? nnue_kernels->dot_squared : nnue_kernels->dot_clipped;
    int32_t sum = net->out_bias[bucket] + dot(us, w, h, qa) + dot(them, w + h, h, qa);
    return (int)((int64_t)sum * net->scale / ((int64_t)net->qa * net->qb));
}

/* The child's accumulators: the parent's with the entry's changes, the
 * rows turned on and off gathered so that one pass applies them all. */
static void apply_changes(const NnueNet *net, const NnueEntry *e, const int16_t *parent,
                          int16_t *child)
{
    int h = net->hidden;
    for (int view = 0; view < 2; view++) {
        const int16_t *on[NNUE_MAX_CHANGES], *off[NNUE_MAX_CHANGES];
        int non = 0, noff = 0;
        for (int i = 0; i < e->n; i++) {
            const NnueChange *c = &e->change[i];
            int f = c->hand ? nnue_hand_feature(net, view, code_color(c->code),
                                                code_type(c->code), c->where)
                            : nnue_piece_feature(net, view, c->code, c->where);
            if (f < 0)
                continue;
            const int16_t *row = net->ft_weight + (size_t)f * h;
            if (c->sign > 0)
                on[non++] = row;
            else
                off[noff++] = row;
        }
        nnue_kernels->update(child + view * h, parent + view * h, on, non, off, noff, h);
    }
}

static inline int16_t *stack_acc(const NnueStack *st, int idx)
{
    return st->acc + (size_t)idx * 2 * st->net->hidden;
}

/* The hash of the position entry j stands for on pos's line. */
static inline uint64_t key_at(const NnueStack *st, const Position *pos, int idx, int j)
{
    return j == idx ? pos->hash : pos->undo[st->base + j].hash;
}

/* The nearest entry at or below idx whose sums are known and from which
 * the noted changes lead to pos, or -1 when adding up afresh is cheaper
 * (or the only way: the line left the stack, a copy of the position
 * wrote over it, a move changed too much). */
static int usable_ancestor(const NnueStack *st, const Position *pos, int idx)
{
    int budget = pos->nlist[WHITE] + pos->nlist[BLACK], cost = 0;
    for (int j = idx;; j--) {
        const NnueEntry *e = &st->entry[j];
        if (e->key != key_at(st, pos, idx, j))
            return -1;
        if (e->computed)
            return j;
        if (e->refresh || j == 0 || e->parent_key != key_at(st, pos, idx, j - 1))
            return -1;
        cost += e->n + 1;
        if (cost > budget)
            return -1;
    }
}

const int16_t *nnue_accumulators(const NnueNet *net, const Position *pos, int16_t *scratch)
{
    NnueStack *st = pos->nnue;
    int idx = st ? pos->ply - st->base : -1;
    if (!st || st->net != net || idx < 0 || idx >= st->cap) {
        nnue_refresh(net, pos, scratch);
        return scratch;
    }
    int from = usable_ancestor(st, pos, idx);
    if (from < 0) {
        nnue_refresh(net, pos, stack_acc(st, idx));
        st->entry[idx].key = pos->hash;
        st->entry[idx].computed = true;
        return stack_acc(st, idx);
    }
    for (int j = from + 1; j <= idx; j++) {
        apply_changes(net, &st->entry[j], stack_acc(st, j - 1), stack_acc(st, j));
        st->entry[j].computed = true;
    }
    return stack_acc(st, idx);
}

int nnue_evaluate(const NnueNet *net, const Position *pos)
{
    _Alignas(64) int16_t scratch[2 * NNUE_HIDDEN_MAX];
    const int16_t *acc = nnue_accumulators(net, pos, scratch);
    int h = net->hidden, us = pos->side;
    return nnue_output(net, acc + us * h, acc + (1 - us) * h, nnue_bucket(net, pos));
}

/* ---- the stack ----------------------------------------------------------------- */

NnueStack *nnue_stack_create(const NnueNet *net, int plies)
{
    NnueStack *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->net = net;
    st->hidden = net->hidden;
    st->cap = plies;
    st->entry = calloc((size_t)plies, sizeof *st->entry);
    st->acc = alloc_lines((size_t)plies * 2 * (size_t)net->hidden);
    if (!st->entry || !st->acc) {
        nnue_stack_free(st);
        return NULL;
    }
    return st;
}

void nnue_stack_free(NnueStack *st)
{
    if (!st)
        return;
    free(st->entry);
    free(st->acc);
    free(st);
}

NnueStack *nnue_stack_for(NnueStack *st, const NnueNet *net, int plies)
{
    if (st && st->hidden == net->hidden && st->cap == plies) {
        st->net = net;
        return st;
    }
    nnue_stack_free(st);
    return nnue_stack_create(net, plies);
}

void nnue_stack_attach(NnueStack *st, Position *pos)
{
    st->base = pos->ply;
    st->rec = NULL;
    NnueEntry *root = &st->entry[0];
    nnue_refresh(st->net, pos, stack_acc(st, 0));
    root->key = pos->hash;
    root->computed = true;
    root->refresh = false;
    root->n = 0;
    pos->nnue = st;
}

/* ---- hooks ---------------------------------------------------------------------- */

void nnue_begin_move(NnueStack *st, int ply, uint64_t key)
{
    int idx = ply - st->base;
    if (idx < 0 || idx >= st->cap) {
        st->rec = NULL;
        return;
    }
    NnueEntry *e = &st->entry[idx];
    e->computed = false;
    e->refresh = idx == 0;     /* the root made again (a replay below it): no parent here */
    e->n = 0;
    e->key = 0;
    e->parent_key = key;
    st->rec = e;
}

void nnue_end_move(NnueStack *st, uint64_t key)
{
    if (st->rec)
        st->rec->key = key;
    st->rec = NULL;
}
