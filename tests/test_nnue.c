/*
 * test_nnue.c — the neural evaluation (board/nnue.h):
 *   - a network file read back is the network written, in every field;
 *   - bad files (missing, not a network, another version, truncated
 *     anywhere, bytes after the end, another variant, board or set of
 *     pieces, impossible sizes, weights that could overflow) are refused
 *     with the reason, and nothing is loaded;
 *   - the integer inference equals a reference computed here in double
 *     precision from the board, with features worked out independently
 *     (to the centipawn the final division truncates);
 *   - the accumulators brought up to date move by move equal the ones
 *     added up afresh, over random games and trees in variants with
 *     captures, promotions, castling, e.p., drops, gating and explosions
 *     (and a count makes sure each of these was met);
 *   - an EvalTables with a net evaluates with it; without, classically;
 *   - training on positions scored by the classical evaluation lowers the
 *     error on held-out ones, rounds to integers within a few centipawns,
 *     and gives the same net for the same seed.
 */
#include <CUnit/Basic.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "board/nnue.h"
#include "board/rules.h"
#include "commands/train.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"
#include "search/eval.h"
#include "cunit_run.h"
#include "test_rng.h"

static VariantSet set;
static Position *pos;
static MoveList *lists;          /* one per depth of a tree walk */
static uint64_t rng;
static char dir[] = "/tmp/menagerie-nnue-XXXXXX";
static char path[600];

#define TREE_DEPTH 3

static int suite_init(void)
{
    zobrist_init();
    varset_init(&set);
    varset_load_builtin(&set, stderr, "");
    pos = malloc(sizeof *pos);
    lists = malloc((TREE_DEPTH + 2) * sizeof *lists);
    if (!pos || !lists || !mkdtemp(dir))
        return -1;
    snprintf(path, sizeof path, "%s/net.nnue", dir);
    return 0;
}

static int suite_clean(void)
{
    varset_free(&set);
    free(pos);
    free(lists);
    remove(path);
    rmdir(dir);
    return 0;
}

static const Variant *variant(const char *name)
{
    const Variant *v = varset_find(&set, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    return v;
}

/* A net for v with `buckets` output layers and random weights small
 * enough that no accumulator leaves int16 in any position. */
static NnueNet *random_bucketed_net(const Variant *v, int hidden, int buckets)
{
    NnueNet *net = nnue_net_create(v, hidden, nnue_default_hand_slots(v), buckets, 255, 1024,
                                   400);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    for (int i = 0; i < hidden; i++)
        net->ft_bias[i] = (int16_t)test_rng_in(&rng, -60, 200);
    for (long i = 0; i < (long)net->nfeatures * hidden; i++)
        net->ft_weight[i] = (int16_t)test_rng_in(&rng, -50, 50);
    for (int i = 0; i < buckets * 2 * hidden; i++)
        net->out_weight[i] = (int16_t)test_rng_in(&rng, -1500, 1500);
    for (int b = 0; b < buckets; b++)
        net->out_bias[b] = test_rng_in(&rng, -200000, 200000);
    return net;
}

static NnueNet *random_net(const Variant *v, int hidden)
{
    return random_bucketed_net(v, hidden, 1);
}

static void start(const Variant *v)
{
    char err[256];
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, v->start_fen, err, sizeof err), 0);
}

/* ---- files ------------------------------------------------------------------ */

static void save(const NnueNet *net)
{
    char err[256];
    int rc = nnue_save(net, path, err, sizeof err);
    if (rc)
        fprintf(stderr, "\n    %s\n", err);
    CU_ASSERT_EQUAL_FATAL(rc, 0);
}

static void test_round_trip(void)
{
    const char *names[] = { "chess", "shogi", "xiangqi", "crazyhouse" };
    const int buckets[] = { 1, 3, 1, 16 };
    rng = 11;
    for (int i = 0; i < 4; i++) {
        const Variant *v = variant(names[i]);
        NnueNet *net = random_bucketed_net(v, 32, buckets[i]);
        save(net);
        char err[256];
        NnueLoadStatus st;
        NnueNet *back = nnue_load(path, v, &st, err, sizeof err);
        CU_ASSERT_PTR_NOT_NULL_FATAL(back);
        CU_ASSERT_EQUAL(st, NNUE_LOAD_OK);
        CU_ASSERT_STRING_EQUAL(back->variant, net->variant);
        CU_ASSERT_EQUAL(back->files, net->files);
        CU_ASSERT_EQUAL(back->ranks, net->ranks);
        CU_ASSERT_EQUAL(back->ntypes, net->ntypes);
        CU_ASSERT_EQUAL(back->hand_slots, net->hand_slots);
        CU_ASSERT_EQUAL(back->flip, net->flip);
        CU_ASSERT_EQUAL(back->nfeatures, net->nfeatures);
        CU_ASSERT_EQUAL(back->hidden, net->hidden);
        CU_ASSERT_EQUAL(back->qa, net->qa);
        CU_ASSERT_EQUAL(back->qb, net->qb);
        CU_ASSERT_EQUAL(back->scale, net->scale);
        CU_ASSERT_EQUAL(back->buckets, buckets[i]);
        CU_ASSERT_EQUAL(back->bucket_pieces, net->bucket_pieces);
        CU_ASSERT(memcmp(back->out_bias, net->out_bias, sizeof net->out_bias) == 0);
        CU_ASSERT(memcmp(back->piece_ids, net->piece_ids, sizeof net->piece_ids) == 0);
        CU_ASSERT(memcmp(back->black_square, net->black_square, sizeof net->black_square) == 0);
        CU_ASSERT(memcmp(back->ft_bias, net->ft_bias, 32 * sizeof(int16_t)) == 0);
        CU_ASSERT(memcmp(back->ft_weight, net->ft_weight,
                         (size_t)net->nfeatures * 32 * sizeof(int16_t)) == 0);
        CU_ASSERT(memcmp(back->out_weight, net->out_weight,
                         (size_t)buckets[i] * 64 * sizeof(int16_t)) == 0);
        nnue_net_free(back);
        nnue_net_free(net);
    }
    /* the fields, where the format says (little-endian whatever the machine) */
    const Variant *v = variant("shogi");
    NnueNet *net = random_net(v, 16);
    net->out_bias[0] = -2;
    save(net);
    FILE *in = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    unsigned char b[96];
    CU_ASSERT_EQUAL_FATAL(fread(b, 1, sizeof b, in), sizeof b);
    CU_ASSERT(memcmp(b, "MENANNUE", 8) == 0);
    CU_ASSERT(b[8] == 1 && b[9] == 0 && b[10] == 0 && b[11] == 0);
    CU_ASSERT_STRING_EQUAL((char *)b + 12, "shogi");
    CU_ASSERT(b[60] == 9 && b[62] == 9 && b[64] == v->ntypes && b[66] == NNUE_HAND_SLOTS);
    CU_ASSERT(b[68] == (v->rotated ? 1 : 0));
    CU_ASSERT(b[70] == 0 && b[71] == 0);   /* one bucket: as files from before buckets */
    CU_ASSERT(b[72] + 256 * b[73] == net->nfeatures);
    CU_ASSERT(b[76] == 16 && b[80] == 255 && b[84] == 0 && b[85] == 4 && b[88] == 144);
    CU_ASSERT(memcmp(b + 92, v->piece[0].id, strlen(v->piece[0].id)) == 0);
    CU_ASSERT_EQUAL(fseek(in, -4, SEEK_END), 0);
    CU_ASSERT_EQUAL(fread(b, 1, 4, in), 4);
    CU_ASSERT(b[0] == 0xFE && b[1] == 0xFF && b[2] == 0xFF && b[3] == 0xFF);
    CU_ASSERT_EQUAL(ftell(in), 92 + 4 * v->ntypes + 2 * (16 + (long)net->nfeatures * 16 + 32) + 4);
    fclose(in);
    nnue_net_free(net);
}

/* Load path for v: refused with `status` and a message containing `words`. */
static void expect_refused(const Variant *v, NnueLoadStatus status, const char *words)
{
    char err[256] = "";
    NnueLoadStatus st;
    NnueNet *net = nnue_load(path, v, &st, err, sizeof err);
    CU_ASSERT_PTR_NULL(net);
    CU_ASSERT_EQUAL(st, status);
    if (!strstr(err, words) || !strstr(err, path))
        fprintf(stderr, "\n    expected '%s' in: %s\n", words, err);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, words));
    CU_ASSERT_PTR_NOT_NULL(strstr(err, path));
    nnue_net_free(net);
}

/* The file at path, read whole. */
static unsigned char *slurp(long *size)
{
    FILE *in = fopen(path, "rb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(in);
    fseek(in, 0, SEEK_END);
    *size = ftell(in);
    rewind(in);
    unsigned char *b = malloc((size_t)*size + 8);
    CU_ASSERT_EQUAL_FATAL(fread(b, 1, (size_t)*size, in), (size_t)*size);
    fclose(in);
    return b;
}

static void spill(const unsigned char *b, long size)
{
    FILE *out = fopen(path, "wb");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    CU_ASSERT_EQUAL(fwrite(b, 1, (size_t)size, out), (size_t)size);
    fclose(out);
}

static void test_bad_files(void)
{
    const Variant *chess = variant("chess");
    rng = 12;
    remove(path);
    expect_refused(chess, NNUE_LOAD_IO, "cannot open");

    NnueNet *net = random_net(chess, 16);
    save(net);
    long size;
    unsigned char *good = slurp(&size);
    unsigned char *b = malloc((size_t)size + 8);

    /* cut anywhere: in the header, the piece ids, each block of weights */
    long cuts[] = { 0, 5, 8, 40, 91, 92, 95, 92 + 24, 92 + 24 + 31, size / 2, size - 70,
                    size - 4, size - 1 };
    for (size_t i = 0; i < sizeof cuts / sizeof cuts[0]; i++) {
        spill(good, cuts[i]);
        expect_refused(chess, NNUE_LOAD_FORMAT, cuts[i] < 8 ? "truncated: " : "truncated");
    }
    memcpy(b, good, (size_t)size);
    b[size] = 0;
    spill(b, size + 1);
    expect_refused(chess, NNUE_LOAD_FORMAT, "more bytes after the weights");

    memcpy(b, good, (size_t)size);
    b[0] = 'X';
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "not a Menagerie network");

    memcpy(b, good, (size_t)size);
    b[8] = 3;
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "format version 3");

    memcpy(b, good, (size_t)size);
    b[76] = 24;               /* hidden 24: not a whole number of chunks */
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "hidden layer of 24");

    memcpy(b, good, (size_t)size);
    b[72] ^= 1;               /* features that do not match the shape */
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "features");

    memcpy(b, good, (size_t)size);
    b[68] = 7;                /* no such flip */
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "board flip 7 (0 or 1)");

    memcpy(b, good, (size_t)size);
    b[66] = NNUE_HAND_SLOTS_MAX + 1;
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "hand slots (at most");

    memcpy(b, good, (size_t)size);
    b[70] = NNUE_BUCKETS_MAX + 1;
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "17 output buckets (at most 16)");

    spill(good, size);
    expect_refused(variant("xiangqi"), NNUE_LOAD_VARIANT, "a network for variant 'chess', not 'xiangqi'");

    /* same name, another board; same name and board, other pieces */
    NnueNet *capa = random_net(variant("capablanca"), 16);
    strcpy(capa->variant, "chess");
    save(capa);
    expect_refused(chess, NNUE_LOAD_VARIANT, "a network for a 10x8 board; chess is played on 8x8");
    nnue_net_free(capa);
    NnueNet *makruk = random_net(variant("makruk"), 16);
    strcpy(makruk->variant, "chess");
    save(makruk);
    expect_refused(chess, NNUE_LOAD_VARIANT, "a network for the pieces");
    nnue_net_free(makruk);

    /* output weights that could overflow the 32-bit sum: refused when
       written, and when read */
    char err[256];
    int32_t bias = net->out_bias[0];
    net->out_bias[0] = INT32_MAX - 1000;
    CU_ASSERT_NOT_EQUAL(nnue_save(net, path, err, sizeof err), 0);
    CU_ASSERT_PTR_NOT_NULL(strstr(err, "output weights too large"));
    net->out_bias[0] = bias;
    memcpy(b, good, (size_t)size);
    b[size - 4] = 0x00;       /* out_bias 0x7FFFFC00 */
    b[size - 3] = 0xFC;
    b[size - 2] = 0xFF;
    b[size - 1] = 0x7F;
    spill(b, size);
    expect_refused(chess, NNUE_LOAD_FORMAT, "output weights too large");

    /* a good file after all that is read */
    spill(good, size);
    NnueNet *ok = nnue_load(path, chess, NULL, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL(ok);
    nnue_net_free(ok);
    nnue_net_free(net);
    free(good);
    free(b);
}

/* ---- inference against a reference ---------------------------------------------- */

/* The features of the position as `view` sees it, from the definition in
 * nnue.h, worked out here without the engine's helpers. */
static int reference_features(const NnueNet *net, int view, int *out)
{
    const Variant *v = pos->v;
    int nsq = v->files * v->ranks, n = 0;
    for (int sq = 0; sq < nsq; sq++) {
        uint8_t code = pos->board[sq];
        if (code == EMPTY || code == HOLE)
            continue;
        int type = (code - 1) / 2, color = (code - 1) % 2;
        int vsq = sq;
        if (view == BLACK)
            vsq = v->rotated ? nsq - 1 - sq
                             : (v->ranks - 1 - sq / v->files) * v->files + sq % v->files;
        out[n++] = ((color == view ? 0 : 1) * v->ntypes + type) * nsq + vsq;
    }
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < v->ntypes; t++)
            for (int k = 0; k < pos->hand[c][t] && k < net->hand_slots; k++)
                out[n++] = 2 * v->ntypes * nsq + ((c == view ? 0 : 1) * v->ntypes + t)
                         * net->hand_slots + k;
    return n;
}

/* Pieces on the board of pos. */
static int pieces_on_board(void)
{
    int n = 0;
    for (int sq = 0; sq < pos->v->files * pos->v->ranks; sq++)
        n += pos->board[sq] != EMPTY && pos->board[sq] != HOLE;
    return n;
}

/* The output bucket by the definition in nnue.h: with B buckets, n
 * pieces on the board and `at_start` at the variant's start,
 * min(B - 1, (n - 1) x B / at_start). */
static int reference_bucket(const NnueNet *net, int at_start)
{
    int b = (pieces_on_board() - 1) * net->buckets / at_start;
    return b < net->buckets ? b : net->buckets - 1;
}

/* The network's value in double precision, from its weights read as
 * the real numbers they stand for (weight / qa, / qb). */
static double reference_eval(const NnueNet *net, int at_start)
{
    int h = net->hidden, features[NNUE_MAX_ACTIVE], bucket = reference_bucket(net, at_start);
    const int16_t *out = net->out_weight + (long)bucket * 2 * h;
    double y = net->out_bias[bucket] / ((double)net->qa * net->qb);
    for (int half = 0; half < 2; half++) {
        int view = half == 0 ? pos->side : !pos->side;
        int n = reference_features(net, view, features);
        for (int i = 0; i < h; i++) {
            double a = net->ft_bias[i] / (double)net->qa;
            for (int k = 0; k < n; k++)
                a += net->ft_weight[(long)features[k] * h + i] / (double)net->qa;
            double act = a < 0 ? 0 : a > 1 ? 1 : a;
            y += act * out[half * h + i] / (double)net->qb;
        }
    }
    return y * net->scale;
}

static Move random_move(void)
{
    MoveList *ml = &lists[0];
    rules_legal_moves(pos, ml);
    Move none = { 0 };
    return ml->n ? ml->m[test_rng_next(&rng) % ml->n] : none;
}

static void test_inference_reference(void)
{
    const char *names[] = { "chess", "shogi", "xiangqi", "crazyhouse", "grand", "chess" };
    const int buckets[] = { 1, 1, 1, 1, 1, 8 };
    rng = 13;
    for (int i = 0; i < 6; i++) {
        const Variant *v = variant(names[i]);
        NnueNet *net = random_bucketed_net(v, 32, buckets[i]);
        start(v);
        int at_start = pieces_on_board(), differ = 0, checked = 0;
        bool seen[NNUE_BUCKETS_MAX] = { false };
        double spread = 0;
        for (int ply = 0; ply < (buckets[i] > 1 ? 400 : 60); ply++) {
            double ref = reference_eval(net, at_start);
            seen[reference_bucket(net, at_start)] = true;
            int got = nnue_evaluate(net, pos);
            /* the integer sum is exact; only the final division truncates */
            if (fabs(got - ref) >= 1.0) {
                differ++;
                fprintf(stderr, "\n    %s ply %d: %d, reference %.3f\n", names[i], ply, got, ref);
            }
            spread += fabs(ref);
            checked++;
            Move m = random_move();
            if (m.kind == 0 && m.from == 0 && m.to == 0)
                break;
            position_make(pos, m);
        }
        CU_ASSERT_EQUAL(differ, 0);
        CU_ASSERT(checked > 10);
        CU_ASSERT(spread / checked > 50);   /* the values are not all near zero */
        int used = 0;
        for (int b = 0; b < buckets[i]; b++)
            used += seen[b];
        CU_ASSERT(buckets[i] == 1 || used >= 3);   /* the game went through several */
        nnue_net_free(net);
    }
}

/* ---- incremental == afresh --------------------------------------------------------- */

typedef struct {
    int moves, captures, promotions, castles, ep, drops, gates, explosions, hand_changes;
    int locusts, turns, passes;
} Seen;

static void count(Seen *seen, Move m)
{
    seen->moves++;
    bool capture = (m.kind == MOVE_NORMAL && pos->board[m.to] != EMPTY) || m.kind == MOVE_EP;
    seen->captures += capture;
    seen->promotions += (m.kind == MOVE_NORMAL || m.kind == MOVE_EP) && m.piece;
    seen->castles += m.kind == MOVE_CASTLE;
    seen->ep += m.kind == MOVE_EP;
    seen->drops += m.kind == MOVE_DROP;
    seen->gates += move_gate(m) >= 0;
    seen->explosions += capture && pos->v->rules.explosions;
    seen->hand_changes += (capture && pos->v->hand.captures != CAPTURES_DISCARD)
                        || m.kind == MOVE_DROP || move_gate(m) >= 0;
    seen->locusts += m.nvictims > 0;
    seen->turns += m.kind == MOVE_TURN;
    seen->passes += m.kind == MOVE_PASS;
}

/* Is a move one of the rare kinds worth steering random play to? */
static bool special(Move m)
{
    return m.kind == MOVE_CASTLE || m.kind == MOVE_EP || m.kind == MOVE_DROP || move_gate(m) >= 0
        || m.kind == MOVE_TURN || m.kind == MOVE_PASS
        || (m.kind == MOVE_NORMAL && (m.piece || m.nvictims || pos->board[m.to] != EMPTY));
}

/* A random legal move, a rare kind one time in two when there is one. */
static bool pick(MoveList *ml, Move *out)
{
    rules_legal_moves(pos, ml);
    if (!ml->n)
        return false;
    if (test_rng_next(&rng) % 2) {
        int nspecial = 0;
        for (int i = 0; i < ml->n; i++)
            nspecial += special(ml->m[i]);
        if (nspecial) {
            int k = (int)(test_rng_next(&rng) % (unsigned)nspecial);
            for (int i = 0; i < ml->n; i++)
                if (special(ml->m[i]) && k-- == 0) {
                    *out = ml->m[i];
                    return true;
                }
        }
    }
    *out = ml->m[test_rng_next(&rng) % ml->n];
    return true;
}

static int mismatches;

/* The accumulators pos has (the stack's, brought up to date) against
 * the ones added up afresh. */
static void check_accumulators(const NnueNet *net)
{
    static int16_t fresh[2 * NNUE_HIDDEN_MAX], scratch[2 * NNUE_HIDDEN_MAX];
    nnue_refresh(net, pos, fresh);
    const int16_t *acc = nnue_accumulators(net, pos, scratch);
    if (memcmp(acc, fresh, 2 * (size_t)net->hidden * sizeof *acc) != 0) {
        char fen[1024];
        position_get_fen(pos, fen, sizeof fen);
        if (mismatches++ < 5)
            fprintf(stderr, "\n    accumulators differ from a refresh at %s\n", fen);
    }
}

static void walk(const NnueNet *net, int depth, Seen *seen)
{
    check_accumulators(net);
    if (depth == 0)
        return;
    MoveList *ml = &lists[depth];
    for (int k = 0; k < 3; k++) {
        Move m;
        if (!pick(ml, &m))
            return;
        count(seen, m);
        position_make(pos, m);
        walk(net, depth - 1, seen);
        position_unmake(pos);
        check_accumulators(net);
    }
}

/* Random games from the start: at each ply a small tree below it, and
 * the game goes on; sometimes several plies pass unevaluated (the lazy
 * update then walks several entries), and past the stack's depth it
 * counts from scratch. */
static void incremental_games(const char *name, int games, int plies, Seen *seen)
{
    const Variant *v = variant(name);
    NnueNet *net = random_net(v, 32);
    NnueStack *st = nnue_stack_create(net, 40);
    CU_ASSERT_PTR_NOT_NULL_FATAL(st);
    for (int g = 0; g < games; g++) {
        start(v);
        nnue_stack_attach(st, pos);
        CU_ASSERT_PTR_EQUAL(pos->nnue, st);
        for (int ply = 0; ply < plies; ply++) {
            if (test_rng_next(&rng) % 3 == 0)
                walk(net, TREE_DEPTH, seen);
            Move m;
            if (!pick(&lists[0], &m))
                break;
            count(seen, m);
            position_make(pos, m);
        }
        check_accumulators(net);
    }
    nnue_stack_free(st);
    nnue_net_free(net);
}

static void test_incremental_equals_refresh(void)
{
    Seen seen = { 0 };
    rng = 14;
    mismatches = 0;
    incremental_games("chess", 6, 70, &seen);
    incremental_games("crazyhouse", 4, 60, &seen);
    incremental_games("shogi", 3, 60, &seen);
    incremental_games("xiangqi", 2, 50, &seen);
    incremental_games("atomic", 3, 50, &seen);
    incremental_games("seirawan", 3, 50, &seen);
    incremental_games("grand", 2, 50, &seen);
    incremental_games("lionchess", 3, 50, &seen);   /* locust victims, turns */
    incremental_games("janggi", 2, 50, &seen);      /* the rules' pass */
    CU_ASSERT_EQUAL(mismatches, 0);
    /* every kind of change was met */
    CU_ASSERT(seen.captures > 0);
    CU_ASSERT(seen.promotions > 0);
    CU_ASSERT(seen.castles > 0);
    CU_ASSERT(seen.ep > 0);
    CU_ASSERT(seen.drops > 0);
    CU_ASSERT(seen.gates > 0);
    CU_ASSERT(seen.explosions > 0);
    CU_ASSERT(seen.hand_changes > 0);
    CU_ASSERT(seen.locusts > 0);
    CU_ASSERT(seen.turns > 0);
    CU_ASSERT(seen.passes > 0);
}

/* A copy of a position shares its stack (a protocol writing out a PV
 * plays the moves on a copy): the entries it writes over must not
 * mislead the original. */
static void test_copies_do_not_mislead(void)
{
    const Variant *v = variant("chess");
    rng = 15;
    mismatches = 0;
    NnueNet *net = random_net(v, 16);
    NnueStack *st = nnue_stack_create(net, 40);
    Position *copy = malloc(sizeof *copy);
    start(v);
    nnue_stack_attach(st, pos);
    for (int round = 0; round < 20; round++) {
        Move m;
        if (!pick(&lists[0], &m))
            break;
        position_make(pos, m);
        check_accumulators(net);
        /* the copy goes back below and plays other moves over the
           original's line */
        memcpy(copy, pos, sizeof *copy);
        Position *keep = pos;
        pos = copy;
        position_unmake(pos);
        for (int k = 0; k < 3; k++) {
            Move c;
            if (!pick(&lists[1], &c))
                break;
            position_make(pos, c);
            check_accumulators(net);
        }
        pos = keep;
        check_accumulators(net);
    }
    CU_ASSERT_EQUAL(mismatches, 0);
    free(copy);
    nnue_stack_free(st);
    nnue_net_free(net);
}

/* ---- the evaluation -------------------------------------------------------------- */

static void test_tables_use_the_net(void)
{
    const Variant *v = variant("chess");
    rng = 16;
    EvalTables *et = eval_tables_create(v);
    CU_ASSERT_PTR_NOT_NULL_FATAL(et);
    start(v);
    Move m = random_move();
    position_make(pos, m);
    int classical = eval_position(et, pos);
    NnueNet *net = random_net(v, 16);
    int nn = nnue_evaluate(net, pos);
    CU_ASSERT_NOT_EQUAL(nn, classical);
    eval_tables_set_net(et, net);
    CU_ASSERT_PTR_EQUAL(eval_tables_net(et), net);
    CU_ASSERT_EQUAL(eval_position(et, pos), nn < -(EVAL_MAX - 1) ? -(EVAL_MAX - 1)
                                           : nn > EVAL_MAX - 1 ? EVAL_MAX - 1 : nn);
    eval_tables_set_net(et, NULL);      /* frees it */
    CU_ASSERT_EQUAL(eval_position(et, pos), classical);
    eval_tables_set_net(et, random_net(v, 16));
    eval_tables_destroy(et);             /* frees the net too (ASan would see a leak) */
}

/* ---- training -------------------------------------------------------------------- */

static char data_path[600];

/* Positions of random games of v scored by its classical evaluation
 * (white's view), with a result that follows the score. */
static void write_data(const Variant *v, int games)
{
    snprintf(data_path, sizeof data_path, "%s/train.data", dir);
    FILE *out = fopen(data_path, "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(out);
    EvalTables *et = eval_tables_create(v);
    fprintf(out, "# random games scored by the classical evaluation\n");
    for (int g = 0; g < games; g++) {
        start(v);
        for (int ply = 0; ply < 80; ply++) {
            Move m = random_move();
            if (m.kind == 0 && m.from == 0 && m.to == 0)
                break;
            position_make(pos, m);
            if (ply < 6 || test_rng_next(&rng) % 8)     /* a few from each game */
                continue;
            int e = eval_position(et, pos), white = pos->side == WHITE ? e : -e;
            if (white > 1500 || white < -1500)
                continue;
            char fen[1024];
            position_get_fen(pos, fen, sizeof fen);
            fprintf(out, "%s | %d | %s\n", fen, white,
                    white > 150 ? "1.0" : white < -150 ? "0.0" : "0.5");
        }
    }
    eval_tables_destroy(et);
    fclose(out);
}

/* A small net on the one data file: quick, and learning scores alone. */
static void small_training(TrainOptions *o, const char *const files[1])
{
    train_default_options(o);
    o->files = files;
    o->nfiles = 1;
    o->hidden = 16;
    o->batch = 64;
    o->lambda = 0;
}

/* train_run with its log thrown away. */
static NnueNet *train_quietly(const Variant *v, const TrainOptions *o, TrainReport *rep)
{
    FILE *quiet = fopen("/dev/null", "w");
    CU_ASSERT_PTR_NOT_NULL_FATAL(quiet);
    NnueNet *net = train_run(v, o, quiet, rep);
    fclose(quiet);
    return net;
}

static void test_training_lowers_the_error(void)
{
    const Variant *v = variant("chess");
    rng = 17;
    write_data(v, 300);
    const char *files[] = { data_path };
    TrainOptions o;
    small_training(&o, files);
    o.epochs = 30;
    o.threads = 2;
    TrainReport rep, again;
    NnueNet *net = train_quietly(v, &o, &rep);
    NnueNet *twin = train_quietly(v, &o, &again);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    CU_ASSERT_PTR_NOT_NULL_FATAL(twin);
    CU_ASSERT(rep.positions > 1000);
    CU_ASSERT(rep.held_out > 50);
    if (rep.loss_end > rep.loss_start / 3)
        fprintf(stderr, "\n    held-out error %g -> %g\n", rep.loss_start, rep.loss_end);
    CU_ASSERT(rep.loss_end < rep.loss_start / 3);
    CU_ASSERT(rep.quant_mean < 3);
    CU_ASSERT(rep.quant_max < 20);
    /* the same seed and threads: the same net */
    CU_ASSERT(memcmp(net->ft_weight, twin->ft_weight,
                     (size_t)net->nfeatures * net->hidden * sizeof(int16_t)) == 0);
    CU_ASSERT(memcmp(net->out_weight, twin->out_weight, 2 * 16 * sizeof(int16_t)) == 0);
    /* it evaluates like the classical evaluation it learnt from: a
       queen up is good, a queen down bad */
    char err[256];
    CU_ASSERT_EQUAL(position_set_fen(pos, v, "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                                     err, sizeof err), 0);
    CU_ASSERT(nnue_evaluate(net, pos) > 200);
    CU_ASSERT_EQUAL(position_set_fen(pos, v, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
                                     err, sizeof err), 0);
    CU_ASSERT(nnue_evaluate(net, pos) < -200);
    nnue_net_free(net);
    nnue_net_free(twin);
    remove(data_path);
}

/* Output buckets start as one layer and learn apart: each is fitted to
 * the positions with its number of pieces. */
static void test_training_output_buckets(void)
{
    const Variant *v = variant("chess");
    rng = 19;
    write_data(v, 300);
    const char *files[] = { data_path };
    TrainOptions o;
    small_training(&o, files);
    o.epochs = 30;
    o.buckets = 4;
    TrainReport rep;
    NnueNet *net = train_quietly(v, &o, &rep);
    CU_ASSERT_PTR_NOT_NULL_FATAL(net);
    CU_ASSERT_EQUAL(net->buckets, 4);
    CU_ASSERT(rep.loss_end < rep.loss_start / 3);
    CU_ASSERT(rep.quant_mean < 3);
    int h = net->hidden, apart = 0;
    for (int b = 1; b < 4; b++)
        apart += memcmp(net->out_weight, net->out_weight + b * 2 * h, 2 * (size_t)h * 2) != 0;
    CU_ASSERT(apart >= 2);   /* the random games reach at least three buckets */
    save(net);
    char err[256];
    NnueNet *back = nnue_load(path, v, NULL, err, sizeof err);
    CU_ASSERT_PTR_NOT_NULL(back);
    nnue_net_free(back);
    nnue_net_free(net);
    remove(data_path);
}

static long long weight_mass(const NnueNet *net)
{
    long long sum = 0;
    for (size_t i = 0; i < (size_t)net->nfeatures * net->hidden; i++)
        sum += net->ft_weight[i] < 0 ? -net->ft_weight[i] : net->ft_weight[i];
    return sum;
}

static void test_weight_decay_shrinks_the_weights(void)
{
    const Variant *v = variant("chess");
    rng = 23;
    write_data(v, 100);
    const char *files[] = { data_path };
    TrainOptions o;
    small_training(&o, files);
    o.epochs = 10;
    TrainReport rep;
    NnueNet *plain = train_quietly(v, &o, &rep);
    o.decay = 20;
    NnueNet *decayed = train_quietly(v, &o, &rep);
    CU_ASSERT_PTR_NOT_NULL_FATAL(plain);
    CU_ASSERT_PTR_NOT_NULL_FATAL(decayed);
    long long a = weight_mass(plain), b = weight_mass(decayed);
    if (b >= a / 2)
        fprintf(stderr, "\n    feature weights without decay %lld, with %lld\n", a, b);
    CU_ASSERT(b < a / 2);
    nnue_net_free(plain);
    nnue_net_free(decayed);
    remove(data_path);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("nnue", suite_init, suite_clean);
    CU_add_test(s, "a network file read back is the one written", test_round_trip);
    CU_add_test(s, "bad network files are refused with the reason", test_bad_files);
    CU_add_test(s, "inference equals a double-precision reference", test_inference_reference);
    CU_add_test(s, "incremental accumulators equal a refresh", test_incremental_equals_refresh);
    CU_add_test(s, "copies of a position do not mislead its stack", test_copies_do_not_mislead);
    CU_add_test(s, "evaluation tables use their network", test_tables_use_the_net);
    CU_add_test(s, "training lowers the held-out error", test_training_lowers_the_error);
    CU_add_test(s, "weight decay shrinks the weights", test_weight_decay_shrinks_the_weights);
    CU_add_test(s, "output buckets train apart", test_training_output_buckets);
    return cunit_run_registry();
}
