/*
 * test_multileg.c — the engine's multi-leg moves (board/multileg.h)
 * against the xbetza library's reference generator:
 *  - every `ml-` case of the XBoard 4.9.1 vectors the loader accepts, set
 *    up as a variant and a position, gives the vector's move set;
 *  - on random positions of test variants holding every kind of
 *    multi-leg piece, each piece's moves equal xb_generate's, the attack
 *    test agrees with them, and make/unmake keep board, hands and hash;
 *  - a locust capture of the king is check, as XBoard's CheckTest has it;
 *  - moves written leg by leg read back, and the errors of wrong ones;
 *  - the perft positions of the shipped multi-leg variants, node by node.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <CUnit/Basic.h>
#include "board/attack.h"
#include "board/movegen.h"
#include "board/multileg.h"
#include "board/rules.h"
#include "board/zobrist.h"
#include "catalog/variant_load.h"
#include "notation/fen.h"
#include "notation/move_text.h"
#include "cunit_run.h"
#include "strset.h"

static char srcdir[512] = ".";
static Position *pos;

/* ---- string sets (strset.h) ---------------------------------------------- */

static bool set_equal(StrSet *a, StrSet *b)
{
    strset_norm(a);
    strset_norm(b);
    if (a->n != b->n)
        return false;
    for (int i = 0; i < a->n; i++)
        if (strcmp(a->item[i], b->item[i]))
            return false;
    return true;
}

static void set_print(const char *label, const StrSet *s)
{
    fprintf(stderr, "      %-9s", label);
    for (int i = 0; i < s->n; i++)
        fprintf(stderr, " %s", s->item[i]);
    fprintf(stderr, "\n");
}

/* ---- one piece's moves as text -------------------------------------------- */

/* "v1x,v2x>to" with an x on `to` when it captures there, ">to" without victims. */
static void key_text(const Variant *v, int from, int to, const uint8_t *victim, int nvictims,
                     bool capture, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = 0;
    for (int i = 0; i < nvictims; i++) {
        if (i > 0 && victim[i] == victim[0])
            continue;            /* taken again where it was taken: once */
        n += (size_t)snprintf(buf + n, size - n, "%s%c%dx", i ? "," : "",
                              'a' + var_file(v, victim[i]), var_rank(v, victim[i]) + 1);
    }
    snprintf(buf + n, size - n, ">%c%d%s", 'a' + var_file(v, to), var_rank(v, to) + 1,
             capture && to != from ? "x" : "");
}

/* The engine's pseudo-legal moves of the piece on `from`, a promotion and
 * the plain move to the same square once (the library knows no
 * promotions); false when a plain move came twice. */
static bool engine_moves(Position *p, int from, StrSet *out)
{
    MoveList *ml = malloc(sizeof *ml);
    ml->n = 0;
    movegen_piece(p, ml, from);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < ml->n; i++) {
            Move m = ml->m[i];
            bool promotes = m.kind == MOVE_NORMAL && m.piece;
            if (promotes != (pass == 1))
                continue;
            char key[64];
            int to = m.kind == MOVE_TURN ? m.from : m.to;
            bool capture = m.kind == MOVE_NORMAL && p->board[to] != EMPTY;
            key_text(p->v, from, to, m.victim, m.nvictims, capture, key, sizeof key);
            if (!promotes || !strset_has(out, key))
                strset_add(out, key);
        }
    int n = out->n;
    strset_norm(out);
    free(ml);
    return n == out->n;
}

typedef struct {
    const Variant *v;
    int from;
    StrSet *out;
    int target;       /* attack test: the square asked about, -1 */
    bool takes;       /* some move takes on `target` */
} LibSink;

static void lib_move(const XbMove *m, void *ctx)
{
    LibSink *s = ctx;
    uint8_t victim[3];
    for (int i = 0; i < m->nvictims && i < 3; i++)
        victim[i] = (uint8_t)m->victim[i];
    if (s->target >= 0) {
        bool takes = (m->to == s->target && m->kind == XB_MOVE_CAPTURE);
        for (int i = 0; i < m->nvictims; i++)
            takes |= m->victim[i] == s->target;
        s->takes |= takes;
        return;
    }
    char key[64];
    key_text(s->v, s->from, m->to, victim, m->nvictims,
             m->kind == XB_MOVE_CAPTURE || m->kind == XB_MOVE_CAPTURE_OWN, key, sizeof key);
    strset_add(s->out, key);
}

/* The position as the library's board view, for the piece on `from`. */
static void board_view(const Position *p, int from, XbBoardView *view)
{
    const Variant *v = p->v;
    uint8_t code = p->board[from];
    int color = code_color(code);
    xb_view_init(view, &v->geom, color);
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        uint8_t c = p->board[sq];
        if (c == EMPTY || c == HOLE || sq == from)
            continue;
        view->occ[sq] = code_color(c) == color ? XB_FRIEND : XB_ENEMY;
        view->royal[sq] = v->piece[code_type(c)].royal;
    }
    view->virgin = sqset_has(&p->virgin, from);
    int back = from + (color ? v->files : -v->files);
    view->virgin2 = back >= 0 && back < v->files * v->ranks && v->start_board[back] == code;
    view->royal_mover = v->piece[code_type(code)].royal;
}

static void library_moves(const Position *p, int from, StrSet *out)
{
    const PieceType *pt = &p->v->piece[code_type(p->board[from])];
    XbBoardView view;
    board_view(p, from, &view);
    LibSink s = { p->v, from, out, -1, false };
    xb_generate(&pt->moves, &pt->table, &view, from, lib_move, &s);
    strset_norm(out);
}

/* Does the library find a move of the piece on `from` that takes a royal
 * standing on `target`? */
static bool library_takes(const Position *p, int from, int target)
{
    const PieceType *pt = &p->v->piece[code_type(p->board[from])];
    XbBoardView view;
    board_view(p, from, &view);
    view.occ[target] = XB_ENEMY;
    view.royal[target] = 1;
    LibSink s = { p->v, from, NULL, target, false };
    xb_generate(&pt->moves, &pt->table, &view, from, lib_move, &s);
    return s.takes;
}

/* Engine and library agree on the piece on `from`; prints what differs. */
static bool same_as_library(Position *p, int from, const char *where)
{
    StrSet got = { 0 }, want = { 0 };
    bool once = engine_moves(p, from, &got);
    library_moves(p, from, &want);
    bool ok = once && set_equal(&got, &want);
    if (!ok) {
        char fen[FEN_MAX];
        position_get_fen(p, fen, sizeof fen);
        fprintf(stderr, "\n    %s: %s, piece on %c%d%s\n", where, fen, 'a' + var_file(p->v, from),
                var_rank(p->v, from) + 1, once ? "" : " (a move came twice)");
        set_print("engine", &got);
        set_print("library", &want);
    }
    strset_free(&got);
    strset_free(&want);
    return ok;
}

/* ---- the XBoard 4.9.1 vectors ------------------------------------------------ */

enum { F_CASE, F_BETZA, F_BOARD, F_SIDE, F_PIECE, F_TYPE, F_VIRGIN, F_FEN, F_STATUS,
       F_QUIET, F_CAPTURE, F_CAPOWN, F_LOCUST, F_NOTINIT, F_NFIELDS };
static const char *const field_names[F_NFIELDS] = {
    "case", "betza", "board", "side", "piece", "piece-type", "virgin", "fen", "status",
    "quiet", "capture", "capture-own", "locust", "not-in-initial-position"
};

typedef struct {
    char *f[F_NFIELDS];
} Vector;

static int load_vectors(Vector **out)
{
    char path[700];
    snprintf(path, sizeof path, "%s/tests/data/xbetza-vectors.txt", srcdir);
    FILE *fp = fopen(path, "r");
    if (!fp)
        return 0;
    Vector *vs = NULL, cur;
    int n = 0;
    memset(&cur, 0, sizeof cur);
    char line[2048];
    while (fgets(line, sizeof line, fp)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!strcmp(line, "end")) {
            vs = realloc(vs, (size_t)(n + 1) * sizeof *vs);
            vs[n++] = cur;
            memset(&cur, 0, sizeof cur);
            continue;
        }
        char *colon = strstr(line, ": ");
        if (!colon)
            continue;
        *colon = 0;
        for (int i = 0; i < F_NFIELDS; i++)
            if (!strcmp(line, field_names[i])) {
                free(cur.f[i]);
                cur.f[i] = strdup(colon + 2);
            }
    }
    fclose(fp);
    *out = vs;
    return n;
}

/* "d5x-d6-d5x" (the squares after the start, x where a piece goes) as a key. */
static void locust_key(const char *path, char *buf, size_t size)
{
    char tmp[256];
    snprintf(tmp, sizeof tmp, "%s", path);
    char *parts[8];
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(tmp, "-", &save); t && n < 8; t = strtok_r(NULL, "-", &save))
        parts[n++] = t;
    size_t len = 0;
    buf[0] = 0;
    int nv = 0;
    char first[8] = "";
    for (int i = 0; i < n - 1; i++) {
        size_t l = strlen(parts[i]);
        if (l == 0 || parts[i][l - 1] != 'x')
            continue;
        if (nv > 0 && !strcmp(parts[i], first))
            continue;
        if (nv == 0)
            snprintf(first, sizeof first, "%s", parts[i]);
        len += (size_t)snprintf(buf + len, size - len, "%s%s", nv++ ? "," : "", parts[i]);
    }
    snprintf(buf + len, size - len, ">%s", n ? parts[n - 1] : "");
}

static void add_words(StrSet *s, const char *words, const char *prefix, bool locust)
{
    if (!words || !strcmp(words, "-"))
        return;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", words);
    char *save = NULL;
    for (char *w = strtok_r(tmp, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
        char key[128];
        if (locust)
            locust_key(w, key, sizeof key);
        else
            snprintf(key, sizeof key, "%s%s%s", prefix, w, !strcmp(prefix, ">") ? "" : "");
        strset_add(s, key);
    }
}

/* The variant and position of a vector; false when the loader refuses
 * the string (a case only XBoard reads so). */
static bool setup_vector(const Vector *vec, VariantSet *set, const Variant **vout)
{
    char letter = 'X';
    if (!strcmp(vec->f[F_TYPE], "king"))
        letter = 'K';
    else if (!strcmp(vec->f[F_TYPE], "pawn"))
        letter = 'P';
    const char *defaults[][3] = {
        { "X", "mover", "W" }, { "M", "man", "K" }, { "K", "king", "K" },
        { "P", "pawn", "fmWfcF" }, { "R", "rook", "R" }, { "N", "knight", "N" },
    };
    char yaml[4096], name[64];
    snprintf(name, sizeof name, "%.60s", vec->f[F_CASE]);
    for (char *c = name; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    int n = snprintf(yaml, sizeof yaml, "name: %s\nboard: %s\npieces:\n", name, vec->f[F_BOARD]);
    for (size_t i = 0; i < sizeof defaults / sizeof defaults[0]; i++)
        n += snprintf(yaml + n, sizeof yaml - (size_t)n, "  %s: {name: %s, moves: '%s'%s}\n",
                      defaults[i][0], defaults[i][1],
                      defaults[i][0][0] == letter ? vec->f[F_BETZA] : defaults[i][2],
                      defaults[i][0][0] == 'K' ? ", royal: true" : "");
    snprintf(yaml + n, sizeof yaml - (size_t)n, "start: '%s %c - - 0 1'\n", vec->f[F_FEN],
             !strcmp(vec->f[F_SIDE], "black") ? 'b' : 'w');
    FILE *quiet = fopen("/dev/null", "w");
    int errors = varset_load_text(set, name, yaml, quiet, "");
    fclose(quiet);
    *vout = varset_find(set, name);
    return errors == 0 && *vout;
}

static int square_of(const Variant *v, const char *name)
{
    return var_square(v, name[0] - 'a', atoi(name + 1) - 1);
}

static void test_vectors(void)
{
    Vector *vs = NULL;
    int nv = load_vectors(&vs), checked = 0, refused_normative = 0;
    CU_ASSERT_FATAL(nv > 200);
    for (int i = 0; i < nv; i++) {
        const Vector *vec = &vs[i];
        if (!vec->f[F_CASE] || strncmp(vec->f[F_CASE], "ml-", 3))
            continue;
        VariantSet set;
        varset_init(&set);
        const Variant *v;
        if (!setup_vector(vec, &set, &v)) {
            if (!strcmp(vec->f[F_STATUS], "normative")) {
                fprintf(stderr, "\n    %s: refused by the loader\n", vec->f[F_CASE]);
                refused_normative++;
            }
            varset_free(&set);
            continue;
        }
        char err[200];
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, v->start_fen, err, sizeof err), 0);
        int from = square_of(v, vec->f[F_PIECE]);
        if (!strcmp(vec->f[F_VIRGIN], "no"))
            pos->virgin.w[from >> 6] &= ~((uint64_t)1 << (from & 63));
        StrSet got = { 0 }, want = { 0 };
        CU_ASSERT(engine_moves(pos, from, &got));
        add_words(&want, vec->f[F_QUIET], ">", false);
        StrSet caps = { 0 };
        add_words(&caps, vec->f[F_CAPTURE], ">", false);
        add_words(&caps, vec->f[F_CAPOWN], ">", false);
        for (int k = 0; k < caps.n; k++) {
            char key[64];
            snprintf(key, sizeof key, "%sx", caps.item[k]);
            strset_add(&want, key);
        }
        strset_free(&caps);
        add_words(&want, vec->f[F_LOCUST], "", true);
        bool ok = set_equal(&got, &want);
        if (!ok) {
            fprintf(stderr, "\n    %s (%s):\n", vec->f[F_CASE], vec->f[F_BETZA]);
            set_print("engine", &got);
            set_print("vector", &want);
        }
        CU_ASSERT(ok);
        checked++;
        strset_free(&got);
        strset_free(&want);
        varset_free(&set);
    }
    for (int i = 0; i < nv; i++)
        for (int j = 0; j < F_NFIELDS; j++)
            free(vs[i].f[j]);
    free(vs);
    CU_ASSERT_EQUAL(refused_normative, 0);
    CU_ASSERT(checked >= 28);
}

/* ---- random positions ------------------------------------------------------- */

static VariantSet zoo;

static uint32_t rng = 20240611;
static uint32_t rnd(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

/* A random position of v: each square occupied with probability
 * density/100 by a random non-royal piece, one royal each; false when
 * the FEN reader refuses it (the side not to move in check). */
static bool random_position(const Variant *v, int density)
{
    char board[MAX_SQUARES][4];
    int royal = NO_TYPE;
    for (int t = 0; t < v->ntypes && royal == NO_TYPE; t++)
        if (v->piece[t].royal)
            royal = t;
    for (int sq = 0; sq < v->files * v->ranks; sq++) {
        board[sq][0] = 0;
        if (v->geom.hole[sq] || (int)(rnd() % 100) >= density)
            continue;
        int t = (int)(rnd() % (uint32_t)v->ntypes);
        if (t == royal)
            continue;
        snprintf(board[sq], sizeof board[sq], "%s", v->piece[t].id);
        if (rnd() & 1) {
            char *letter = board[sq] + (board[sq][0] == '+');   /* +X: promoted */
            *letter = (char)(*letter - 'A' + 'a');
        }
    }
    for (int c = 0; c < 2 && royal != NO_TYPE; c++) {
        int sq;
        do
            sq = (int)(rnd() % (uint32_t)(v->files * v->ranks));
        while (v->geom.hole[sq]);
        board[sq][0] = (char)(c ? v->piece[royal].letter - 'A' + 'a' : v->piece[royal].letter);
        board[sq][1] = 0;
    }
    char fen[FEN_MAX];
    size_t n = 0;
    for (int r = v->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < v->files; f++) {
            int sq = var_square(v, f, r);
            if (!v->geom.hole[sq] && !board[sq][0]) {
                empty++;
                continue;
            }
            if (empty)
                n += (size_t)snprintf(fen + n, sizeof fen - n, "%d", empty);
            empty = 0;
            n += (size_t)snprintf(fen + n, sizeof fen - n, "%s", v->geom.hole[sq] ? "*" : board[sq]);
        }
        if (empty)
            n += (size_t)snprintf(fen + n, sizeof fen - n, "%d", empty);
        if (r)
            fen[n++] = '/';
    }
    snprintf(fen + n, sizeof fen - n, "%s %c - - 0 1", v->has_drops ? "[]" : "",
             (rnd() & 1) ? 'b' : 'w');
    char err[200];
    int r = position_set_fen(pos, v, fen, err, sizeof err);
    return r == 0;
}

/* Has the piece of this type a move of several legs?  Lame paths (the
 * mao, afsW) count: the engine compiles them to lame leaps instead of
 * walking them (PieceType.has_multileg is false), and they must still move
 * as the library says, each move once. */
static bool written_with_legs(const PieceType *pt)
{
    for (int g = 0; g < pt->moves.ngroups; g++)
        if (pt->moves.group[g].nlegs > 1)
            return true;
    return false;
}

/* Up to `wanted` random positions of v (with `least` pieces and up to
 * `spread` more), in at most `tries`: the side to move's multi-leg pieces
 * against the library.  Returns the failures (it stops after 5), and
 * counts the positions and pieces compared. */
static int compare_random_positions(const Variant *v, int tries, int wanted, int least,
                                    int spread, const char *label, int *positions, int *pieces)
{
    int failures = 0;
    *positions = *pieces = 0;
    for (int i = 0; i < tries && *positions < wanted && failures < 5; i++) {
        if (!random_position(v, least + (int)(rnd() % (unsigned)spread)))
            continue;
        (*positions)++;
        for (int k = 0; k < pos->nlist[pos->side]; k++) {
            int from = pos->list[pos->side][k];
            if (!written_with_legs(&v->piece[code_type(pos->board[from])]))
                continue;
            (*pieces)++;
            if (!same_as_library(pos, from, label))
                failures++;
        }
    }
    return failures;
}

static void test_random_positions(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    int positions, pieces;
    CU_ASSERT_EQUAL(compare_random_positions(v, 5000, 400, 5, 30, "random position",
                                             &positions, &pieces), 0);
    CU_ASSERT(positions > 300 && pieces > 2000);
}

static void test_attacks(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    int failures = 0, tested = 0;
    for (int i = 0, n = 0; i < 2000 && n < 100 && failures < 5; i++) {
        if (!random_position(v, 5 + (int)(rnd() % 30)))
            continue;
        n++;
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < pos->nlist[c]; k++) {
                int from = pos->list[c][k];
                if (!written_with_legs(&v->piece[code_type(pos->board[from])]))
                    continue;
                for (int target = 0; target < v->files * v->ranks; target++) {
                    if (target == from || v->geom.hole[target])
                        continue;
                    bool want = library_takes(pos, from, target);
                    bool got = attack_from(pos, from, target);
                    tested++;
                    if (got != want && failures++ < 5) {
                        char fen[FEN_MAX];
                        position_get_fen(pos, fen, sizeof fen);
                        fprintf(stderr, "\n    %s: piece on %c%d, target %c%d: engine %d, library %d\n",
                                fen, 'a' + var_file(v, from), var_rank(v, from) + 1,
                                'a' + var_file(v, target), var_rank(v, target) + 1, got, want);
                    }
                }
            }
    }
    CU_ASSERT_EQUAL(failures, 0);
    CU_ASSERT(tested > 10000);
}

/* Everything make must change and unmake must give back. */
typedef struct {
    uint8_t board[MAX_SQUARES], mark[MAX_SQUARES];
    int hand[2][MAX_PIECE_TYPES], count[2][MAX_PIECE_TYPES], nlist[2];
    uint64_t hash;
    SquareSet virgin;
} Snapshot;

static void snapshot(const Position *p, Snapshot *s)
{
    memcpy(s->board, p->board, sizeof s->board);
    memcpy(s->mark, p->mark, sizeof s->mark);
    memcpy(s->hand, p->hand, sizeof s->hand);
    memcpy(s->count, p->count, sizeof s->count);
    s->nlist[0] = p->nlist[0];
    s->nlist[1] = p->nlist[1];
    s->hash = p->hash;
    s->virgin = p->virgin;
}

static bool lists_agree(const Position *p)
{
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < p->nlist[c]; i++) {
            int sq = p->list[c][i];
            if (p->board[sq] == EMPTY || code_color(p->board[sq]) != c || p->list_index[sq] != i)
                return false;
        }
    return true;
}

static int hand_total(const Position *p)
{
    int n = 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < p->v->ntypes; t++)
            n += p->hand[c][t];
    return n;
}

static void test_make_unmake(void)
{
    const char *names[] = { "mlzoo", "mlzoohouse" };
    int failures = 0, locusts = 0, passes = 0;
    MoveList *ml = malloc(sizeof *ml);
    for (int vi = 0; vi < 2; vi++) {
        const Variant *v = varset_find(&zoo, names[vi]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(v);
        for (int i = 0, n = 0; i < 6000 && n < 300 && failures < 5; i++) {
            if (!random_position(v, 10 + (int)(rnd() % 30)))
                continue;
            n++;
            Snapshot before, after;
            snapshot(pos, &before);
            rules_legal_moves(pos, ml);
            for (int k = 0; k < ml->n; k++) {
                Move m = ml->m[k];
                int onboard = pos->nlist[0] + pos->nlist[1];
                int hands = hand_total(pos);
                position_make(pos, m);
                bool ok = pos->hash == position_compute_hash(pos) && lists_agree(pos);
                if (m.kind == MOVE_NORMAL && m.nvictims) {
                    locusts++;
                    int taken = onboard - (pos->nlist[0] + pos->nlist[1]);
                    ok &= taken >= 1 && taken <= 3;
                    if (v->has_drops)
                        ok &= hand_total(pos) - hands == taken;
                    for (int j = 0; j < m.nvictims; j++)
                        ok &= m.victim[j] == m.to || pos->board[m.victim[j]] == EMPTY;
                }
                if (m.kind == MOVE_TURN) {
                    passes++;
                    ok &= !memcmp(pos->board, before.board, sizeof before.board);
                    /* irreversible, as XBoard counts it (a kill square) */
                    ok &= pos->halfmove == 0 && pos->rep_plies == 0;
                }
                position_unmake(pos);
                snapshot(pos, &after);
                ok &= !memcmp(&before, &after, sizeof before) && lists_agree(pos);
                if (!ok && failures++ < 5) {
                    char fen[FEN_MAX];
                    position_get_fen(pos, fen, sizeof fen);
                    fprintf(stderr, "\n    %s: %s: move %d (%d victims) not made and unmade right\n",
                            names[vi], fen, k, m.nvictims);
                }
            }
        }
    }
    free(ml);
    CU_ASSERT_EQUAL(failures, 0);
    if (locusts < 1000 || passes < 100)
        fprintf(stderr, "\n    only %d locust moves and %d passes\n", locusts, passes);
    CU_ASSERT(locusts >= 1000 && passes >= 100);
}

/* Gating (seirawan): a lion that passes or takes without moving, still
 * on its first square, leaves no square for a piece from hand. */
static void test_gating(void)
{
    const Variant *v = varset_find(&zoo, "mlgating");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    char err[200];
    /* the lion on d1 can pass (e2 is empty) and take c2 and come back */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "rnblkbnr/pppppppp/8/8/8/8/PPpP1PPP/RNBLKBNR[HEhe] w "
                                           "KQBCDFGkqbcdfg - 0 1", err, sizeof err), 0);
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    int passes = 0, igui = 0, gated = 0, bad = 0;
    for (int i = 0; i < ml->n; i++) {
        Move m = ml->m[i];
        passes += m.kind == MOVE_TURN;
        igui += m.kind == MOVE_NORMAL && m.nvictims && m.to == m.from;
        gated += move_gate(m) >= 0;
        bad += move_gate(m) >= 0 && m.to == m.from;
        Snapshot before, after;
        snapshot(pos, &before);
        position_make(pos, m);
        bad += !lists_agree(pos) || pos->hash != position_compute_hash(pos);
        position_unmake(pos);
        snapshot(pos, &after);
        bad += memcmp(&before, &after, sizeof before) != 0;
    }
    free(ml);
    CU_ASSERT(passes == 1 && igui == 1 && gated > 20);
    CU_ASSERT_EQUAL(bad, 0);
}

/* A board with holes: the squares that are no squares hold no virgin
 * piece (reading them as pieces once indexed the piece table with 127). */
static void test_holes_not_virgin(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    char err[200];
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, v->start_fen, err, sizeof err), 0);
    int holes = 0;
    for (int sq = 0; sq < v->files * v->ranks; sq++)
        if (v->geom.hole[sq]) {
            holes++;
            CU_ASSERT(!sqset_has(&pos->virgin, sq));
        }
    CU_ASSERT_EQUAL(holes, 4);
}

/* XBoard's CheckTest counts a locust capture of the king as check when
 * the move can be completed: the checker's jump needs the square behind. */
static void test_locust_check(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    char err[200];
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/10/10/10/4k5/3C6/10/10/10/*3K4* b - - 0 1",
                                           err, sizeof err), 0);
    CU_ASSERT(attack_in_check(pos, BLACK));
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/10/10/5n4/4k5/3C6/10/10/10/*3K4* b - - 0 1",
                                           err, sizeof err), 0);
    CU_ASSERT(!attack_in_check(pos, BLACK));
    /* the rifle rook takes only by going there and back */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/10/10/10/3k6/10/10/10/3F6/*3K4* b - - 0 1",
                                           err, sizeof err), 0);
    CU_ASSERT(attack_in_check(pos, BLACK));
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/10/10/10/3k6/10/3n6/10/3F6/*3K4* b - - 0 1",
                                           err, sizeof err), 0);
    CU_ASSERT(!attack_in_check(pos, BLACK));
}

/* Does some move of the piece on `from` (engine_moves keys) contain
 * `part` (or, exact, is it)? */
static bool some_move_has(int from, const char *part, bool exact)
{
    StrSet got = { 0 };
    engine_moves(pos, from, &got);
    bool found = false;
    for (int i = 0; i < got.n && !found; i++)
        found = exact ? strcmp(got.item[i], part) == 0 : strstr(got.item[i], part) != NULL;
    strset_free(&got);
    return found;
}

/* capture-rules (janggi's cannons) bind multi-leg moves too: a victim the
 * rules spare is taken neither on the way nor at the end, and not
 * attacked; a piece that may not be hopped over stops a hopping leg.  The
 * same position without the rules shows the moves exist.  (Squares are
 * named by their file and rank from 1: d5 is the lion's / werewolf's.) */
static void test_capture_rules(void)
{
    const char *fen = "*3k4*/10/10/10/4n5/3L6/10/10/10/*3K4* w - - 0 1";
    const char *hop = "*3k4*/10/10/10/4n5/3W6/10/10/10/*3K4* w - - 0 1";
    const char *names[] = { "mlzoo", "mlrules" };
    char err[200];
    for (int i = 0; i < 2; i++) {
        const Variant *v = varset_find(&zoo, names[i]);
        CU_ASSERT_PTR_NOT_NULL_FATAL(v);
        bool ruled = i == 1;
        int d5 = var_square(v, 3, 4), e6 = var_square(v, 4, 5);
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fen, err, sizeof err), 0);
        CU_ASSERT_EQUAL(some_move_has(d5, "e6x", false), !ruled);
        CU_ASSERT_EQUAL(attack_from(pos, d5, e6), !ruled);
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, hop, err, sizeof err), 0);
        CU_ASSERT_EQUAL(some_move_has(d5, ">f7", true), !ruled);     /* hop, no victim */
        CU_ASSERT(some_move_has(d5, "e6x>f7", true));                  /* it may still take */
    }
}

/* ---- chu shogi ------------------------------------------------------------ */

static VariantSet builtin;

/* Random chu positions: every multi-leg piece (lions, eagles, falcons)
 * moves as xb_generate says, intermediate squares and victims included. */
static void test_random_chu(void)
{
    const Variant *v = varset_find(&builtin, "chu");
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    int positions, pieces;
    CU_ASSERT_EQUAL(compare_random_positions(v, 3000, 300, 10, 40, "random chu position",
                                             &positions, &pieces), 0);
    CU_ASSERT(positions > 200 && pieces > 200);
}

/* Random positions of a shipped multi-leg variant: every multi-leg piece
 * of the side to move moves as xb_generate says (intermediate squares and
 * victims included), and every multi-leg piece of either side attacks a
 * square exactly when some library move of it takes there; with
 * `every_piece`, every piece of the side to move is compared too.  Adds to
 * *pieces the pieces compared. */
static int random_shipped_failures(const char *name, int wanted, bool every_piece, int *pieces)
{
    const Variant *v = varset_find(&builtin, name);
    CU_ASSERT_PTR_NOT_NULL_FATAL(v);
    int positions = 0, failures = 0;
    for (int i = 0; i < 10 * wanted && positions < wanted && failures < 5; i++) {
        if (!random_position(v, 10 + (int)(rnd() % 40)))
            continue;
        positions++;
        for (int c = 0; c < 2; c++)
            for (int k = 0; k < pos->nlist[c]; k++) {
                int from = pos->list[c][k];
                bool legs = written_with_legs(&v->piece[code_type(pos->board[from])]);
                if (c == pos->side && (legs || every_piece)) {
                    (*pieces)++;
                    failures += !same_as_library(pos, from, name);
                }
                if (!legs)
                    continue;
                for (int target = 0; target < v->files * v->ranks; target++) {
                    if (target == from || v->geom.hole[target])
                        continue;
                    if (attack_from(pos, from, target) != library_takes(pos, from, target)
                        && failures++ < 5)
                        fprintf(stderr, "\n    %s: piece on %c%d, target %c%d: engine and library "
                                "disagree on the attack\n", name, 'a' + var_file(v, from),
                                var_rank(v, from) + 1, 'a' + var_file(v, target),
                                var_rank(v, target) + 1);
                }
            }
    }
    CU_ASSERT(positions == wanted);
    return failures;
}

/* The chess-board multi-leg variants: the lion, the checker (a jump over
 * a neighbour), the long leaper (a locust capture from afar). */
static void test_random_shipped(void)
{
    const char *names[] = { "lionchess", "checkerchess", "longleaper" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        int pieces = 0;
        CU_ASSERT_EQUAL(random_shipped_failures(names[i], 300, false, &pieces), 0);
        if (pieces < 200)
            fprintf(stderr, "\n    %s: only %d pieces compared\n", names[i], pieces);
        CU_ASSERT(pieces >= 200);
    }
}

/* HaChu's sho, dai and cashew shogi: every piece of the side to move of
 * random positions moves as xb_generate says (dressed letters such as C',
 * L! are types of their own), and the multi-leg pieces (lions, lion dogs,
 * hook movers) attack as their moves take. */
static void test_random_hachu_variants(void)
{
    const struct { const char *name; int positions; } cases[] = {
        { "sho", 300 }, { "dai", 60 }, { "cashew-shogi", 100 }
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int pieces = 0;
        CU_ASSERT_EQUAL(random_shipped_failures(cases[i].name, cases[i].positions, true, &pieces), 0);
        if (pieces < 1500)
            fprintf(stderr, "\n    %s: only %d pieces compared\n", cases[i].name, pieces);
        CU_ASSERT(pieces >= 1500);
    }
}

/* Is `text` (XBoard's notation) a legal move of chu after `moves`? */
static bool chu_legal(const char *fen, const char *moves, const char *text)
{
    const Variant *v = varset_find(&builtin, "chu");
    char err[200], why[200], buf[400];
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fen, err, sizeof err), 0);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
        Move m;
        CU_ASSERT_FATAL(move_parse(pos, tok, true, &m, why, sizeof why));
        position_make(pos, m);
    }
    Move m;
    return move_parse(pos, text, true, &m, why, sizeof why);
}

/* The lion takes without moving (igui), as XBoard's and HaChu's lion
 * does (HaChu played it against the engine, which refused it when the
 * lion was written KNADcaKmabK, the string HaChu sends for other
 * variants: there the leg after a capture never turns back). */
static void test_chu_lion_igui(void)
{
    const char *fen = "k11/12/12/12/6n5/7P4/12/12/12/12/12/K11 b - - 0 1";
    CU_ASSERT(chu_legal(fen, "", "g8h7,h7g8"));    /* igui */
    CU_ASSERT(chu_legal(fen, "", "g8g9,g9g8"));    /* a turn */
    CU_ASSERT(chu_legal(fen, "", "g8h7,h7i6"));
    CU_ASSERT(chu_legal(fen, "", "g8h7"));
}

/* rules.lion-trading as XBoard 4.9.1 applies it. */
static void test_chu_lion_trading(void)
{
    /* the lion on e5 takes the lion on g7 from afar: not while a gold on
       g8 protects it, unless it takes a gold on f6 on the way; over a
       pawn it may not */
    const char *guarded = "k11/12/12/12/6g5/6n5/12/4N7/12/12/12/K11 w - - 0 1";
    const char *alone = "k11/12/12/12/12/6n5/12/4N7/12/12/12/K11 w - - 0 1";
    const char *gold = "k11/12/12/12/6g5/6n5/5g6/4N7/12/12/12/K11 w - - 0 1";
    const char *pawn = "k11/12/12/12/6g5/6n5/5p6/4N7/12/12/12/K11 w - - 0 1";
    CU_ASSERT(!chu_legal(guarded, "", "e5g7"));
    CU_ASSERT(chu_legal(alone, "", "e5g7"));
    CU_ASSERT(chu_legal(gold, "", "e5f6,f6g7"));
    CU_ASSERT(!chu_legal(pawn, "", "e5f6,f6g7"));
    /* the promoted kirin is a lion, taking or taken */
    CU_ASSERT(!chu_legal("k11/12/12/12/6g5/6n5/12/4+O7/12/12/12/K11 w - - 0 1", "", "e5g7"));
    CU_ASSERT(!chu_legal("k11/12/12/12/6g5/6+o5/12/4N7/12/12/12/K11 w - - 0 1", "", "e5g7"));
    CU_ASSERT(chu_legal("k11/12/12/12/12/6+o5/12/4N7/12/12/12/K11 w - - 0 1", "", "e5g7"));
    /* next to it, a protected lion may be taken */
    CU_ASSERT(chu_legal("k11/12/12/12/6g5/6n5/5N6/12/12/12/12/K11 w - - 0 1", "", "f6g7"));
    /* counter-strike: after the rook took the lion on g7, the black rook
       may not take the lion on c5; after a quiet rook move it may */
    const char *rooks = "k1r9/12/12/12/12/6n5/12/2N9/12/12/6R5/K11 w - - 0 1";
    CU_ASSERT(!chu_legal(rooks, "g2g7", "c12c5"));
    CU_ASSERT(chu_legal(rooks, "g2g6", "c12c5"));
    /* XBoard: after it, no lion may end on a lion, not even a lion */
    CU_ASSERT(!chu_legal("k11/12/12/12/12/6n5/12/2N9/1+o10/12/6R5/K11 w - - 0 1", "g2g7", "b4c5"));
    /* HaChu: a lion taken on the way (here by the horned falcon's igui)
       counts too (XBoard's reading would allow the rook's reply) */
    const char *falcon = "k1r9/12/12/12/12/12/6n5/2N3+H5/12/12/12/K11 w - - 0 1";
    CU_ASSERT(chu_legal(falcon, "", "g5g6,g6g5"));
    CU_ASSERT(!chu_legal(falcon, "g5g6,g6g5", "c12c5"));
    CU_ASSERT(chu_legal(falcon, "g5g6,g6g5", "c12c6"));
    /* a lion that took a lion gives no such protection */
    CU_ASSERT(chu_legal("k1r9/12/12/12/12/6n5/5N6/2N9/12/12/12/K11 w - - 0 1", "f6g7", "c12c5"));
}

/* Is `text` (standard ranks) a legal move of elven chess in `fen`? */
static bool elven_legal(const char *fen, const char *text)
{
    const Variant *v = varset_find(&builtin, "elven");
    char err[200], why[200];
    CU_ASSERT_FATAL(v != NULL);
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, fen, err, sizeof err), 0);
    Move m;
    return move_parse(pos, text, false, &m, why, sizeof why);
}

/* lion-trading near-protected (elven's warlock): a protected warlock may
 * not be taken from the next square either, nor by igui or stepping on;
 * and Black's castling files are White's turned round (symmetry: rotate). */
static void test_elven_rules(void)
{
    const char *guarded = "k9/10/10/6p3/5l4/4L5/10/10/10/K9 w - - 0 1";
    const char *alone = "k9/10/10/10/5l4/4L5/10/10/10/K9 w - - 0 1";
    CU_ASSERT(!elven_legal(guarded, "e5f6"));
    CU_ASSERT(!elven_legal(guarded, "e5f6,f6e5"));
    CU_ASSERT(!elven_legal(guarded, "e5f6,f6f7"));
    CU_ASSERT(!elven_legal(guarded, "e5e6,e6f6"));
    CU_ASSERT(elven_legal(alone, "e5f6"));
    CU_ASSERT(elven_legal(alone, "e5f6,f6e5"));
    CU_ASSERT(elven_legal(alone, "e5f6,f6f7"));
    /* the king castles three squares; Black's king stands on e10 */
    const char *castle = "r3k4r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1";
    CU_ASSERT(elven_legal(castle, "e10h10"));
    CU_ASSERT(elven_legal(castle, "e10b10"));
    CU_ASSERT(!elven_legal(castle, "e10i10"));
    CU_ASSERT(!elven_legal(castle, "e10c10"));
    CU_ASSERT(elven_legal("r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1i1"));
    CU_ASSERT(elven_legal("r3k4r/10/10/10/10/10/10/10/10/R4K3R w KQkq - 0 1", "f1c1"));
}

/* Promotion as HaChu allows it by default: on entering the zone, and by a
 * capture inside it or leaving it; pawns must promote on the last rank. */
static void test_chu_promotion(void)
{
    /* a gold on c9, inside the zone: a quiet step may not promote, a
       capture may */
    const char *inside = "k11/12/2p9/2G9/12/12/12/12/12/12/12/K11 w - - 0 1";
    CU_ASSERT(!chu_legal(inside, "", "c9b9+"));
    CU_ASSERT(chu_legal(inside, "", "c9b9"));
    CU_ASSERT(chu_legal(inside, "", "c9c10+"));
    CU_ASSERT(chu_legal(inside, "", "c9c10"));
    /* leaving the zone: only by a capture */
    CU_ASSERT(chu_legal("k11/12/12/2G9/2p9/12/12/12/12/12/12/K11 w - - 0 1", "", "c9c8+"));
    CU_ASSERT(!chu_legal("k11/12/12/2G9/12/12/12/12/12/12/12/K11 w - - 0 1", "", "c9c8+"));
    /* entering it by a step; outside it none */
    CU_ASSERT(chu_legal("k11/12/12/12/2G9/12/12/12/12/12/12/K11 w - - 0 1", "", "c8c9+"));
    CU_ASSERT(!chu_legal("k11/12/12/12/12/2G9/12/12/12/12/12/K11 w - - 0 1", "", "c7c8+"));
    /* a lance entering the last rank must promote (it could not move
       again); a pawn stepping there inside the zone may not (HaChu) */
    const char *lance = "k11/12/12/12/12/2L9/12/12/12/12/12/K11 w - - 0 1";
    CU_ASSERT(chu_legal(lance, "", "c7c12+"));
    CU_ASSERT(!chu_legal(lance, "", "c7c12"));
    CU_ASSERT(chu_legal(lance, "", "c7c11"));
    CU_ASSERT(!chu_legal("k11/2P9/12/12/12/12/12/12/12/12/12/K11 w - - 0 1", "", "c11c12+"));
}

/* royals: last: with king and crown prince neither is in check; with one
 * left it is. */
static void test_chu_two_royals(void)
{
    /* the black rook on a11 attacks the king on a1; the prince on l1 */
    const char *two = "k11/r11/12/12/12/12/12/12/12/12/12/K10+E w - - 0 1";
    CU_ASSERT(chu_legal(two, "", "l1l2"));
    const char *one = "k11/r11/12/12/12/12/12/12/12/12/12/K11 w - - 0 1";
    CU_ASSERT(!chu_legal(one, "", "a1a2"));
    CU_ASSERT(chu_legal(one, "", "a1b2"));
}

/* ---- the shipped variants' perft trees ------------------------------------- */

static long tree_checks(int depth, int *failures)
{
    long n = 0;
    for (int k = 0; k < pos->nlist[pos->side] && *failures < 5; k++) {
        int from = pos->list[pos->side][k];
        const PieceType *pt = &pos->v->piece[code_type(pos->board[from])];
        if (!pt->has_multileg)
            continue;
        n++;
        if (!same_as_library(pos, from, "perft tree"))
            (*failures)++;
    }
    if (depth == 0)
        return n;
    MoveList *ml = malloc(sizeof *ml);
    rules_legal_moves(pos, ml);
    for (int i = 0; i < ml->n && *failures < 5; i++) {
        position_make(pos, ml->m[i]);
        n += tree_checks(depth - 1, failures);
        position_unmake(pos);
    }
    free(ml);
    return n;
}

/* Does either side have a piece with multi-leg moves? */
static bool has_multileg_piece(const Position *p)
{
    for (int c = 0; c < 2; c++)
        for (int k = 0; k < p->nlist[c]; k++)
            if (p->v->piece[code_type(p->board[p->list[c][k]])].has_multileg)
                return true;
    return false;
}

/* Every position of the variant's perft file (tests/data/perft/NAME.perft)
 * and its tree to depth 3 (2 on boards above 100 squares).  Returns the
 * positions. */
static int check_perft_file(const Variant *v, int *failures)
{
    char path[700], line[1024];
    snprintf(path, sizeof path, "%s/tests/data/perft/%s.perft", srcdir, v->name);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    int n = 0;
    while (fgets(line, sizeof line, f) && *failures < 5) {
        if (strncmp(line, "fen ", 4) != 0)
            continue;
        line[strcspn(line, "\r\n")] = 0;
        char err[200];
        CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, line + 4, err, sizeof err), 0);
        /* depth 3; 2 on large boards (chu shogi: 300,000 nodes a case) */
        long checked = tree_checks(v->files * v->ranks > 100 ? 2 : 3, failures);
        /* (a case about other rules may have no multi-leg piece: tenjiku's
           range captures and burns) */
        if (has_multileg_piece(pos))
            CU_ASSERT(checked > 100);
        n++;
    }
    fclose(f);
    return n;
}

/* The shipped multi-leg variants: their perft positions, node by node to
 * depth 3, give the library's moves for every multi-leg piece (the
 * counts in the perft files rest on this). */
static void test_shipped_trees(void)
{
    int shipped = 0;
    for (int i = 0; i < builtin.count; i++) {
        const Variant *v = varset_ready(&builtin, builtin.items[i]);
        if (!v->has_multileg)
            continue;
        shipped++;
        int failures = 0;
        int positions = check_perft_file(v, &failures);
        if (positions == 0)
            fprintf(stderr, "\n    %s: no tests/data/perft/%s.perft\n", v->name, v->name);
        CU_ASSERT(positions >= 4);
        CU_ASSERT_EQUAL(failures, 0);
    }
    CU_ASSERT(shipped >= 1);
}

/* ---- notation --------------------------------------------------------------- */

/* Every legal move of random positions reads back from its own text. */
static void test_notation_round_trip(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    MoveList *ml = malloc(sizeof *ml);
    int failures = 0, legs = 0;
    for (int i = 0, n = 0; i < 8000 && n < 400 && failures < 5; i++) {
        if (!random_position(v, 15 + (int)(rnd() % 30)))
            continue;
        n++;
        rules_legal_moves(pos, ml);
        for (int k = 0; k < ml->n; k++)
            for (int cecp = 0; cecp < 2; cecp++) {
                char text[48], why[160];
                Move m;
                move_to_string(pos, ml->m[k], cecp, text, sizeof text);
                legs += strchr(text, ',') != NULL;
                bool ok = move_parse(pos, text, cecp, &m, why, sizeof why)
                       && move_equal(m, ml->m[k]);
                if (!ok && failures++ < 5)
                    fprintf(stderr, "\n    '%s' does not read back (%s)\n", text, why);
            }
    }
    free(ml);
    CU_ASSERT_EQUAL(failures, 0);
    if (legs <= 1000)
        fprintf(stderr, "\n    only %d moves written with legs\n", legs);
    CU_ASSERT(legs > 1000);
}

/* The text `text` is the legal move written `as` (NULL: refused, the
 * reason containing `reason`). */
static void check_parse(const char *text, const char *as, const char *reason)
{
    Move m;
    char why[200] = "", out[48] = "";
    bool ok = move_parse(pos, text, false, &m, why, sizeof why);
    if (ok)
        move_to_string(pos, m, false, out, sizeof out);
    bool good = as ? ok && !strcmp(out, as) : !ok && strstr(why, reason);
    if (!good)
        fprintf(stderr, "\n    '%s': %s '%s'\n", text, ok ? "read as" : "refused:", ok ? out : why);
    CU_ASSERT(good);
}

static void test_notation_cases(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    char err[200];
    /* a lion on e4 between enemies on d5 and f5; the king far away */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/6k3/10/10/3n1n4/4L5/10/10/10/*3K4* w - - 0 1",
                                           err, sizeof err), 0);
    check_parse("e5e6,e6f7", "e5f7", NULL);                 /* merged: e6 is empty */
    check_parse("e5f6,f6g7", "e5f6,f6g7", NULL);            /* takes f6 */
    check_parse("e5h8", NULL, "cannot move");
    check_parse("e5d6,d6c7", "e5d6,d6c7", NULL);            /* takes d6 on the way */
    check_parse("e5c7;d6", "e5d6,d6c7", NULL);              /* XBoard's own record */
    check_parse("e5e6,e6e5", "e5e6,e6e5", NULL);            /* a pass */
    check_parse("e5e5", "e5e6,e6e5", NULL);
    check_parse("e5d5,d5e5", "e5e6,e6e5", NULL);
    check_parse("e5d6,d6e5", NULL, "cannot go to d6 and come back");
    check_parse("e5d6,d7c7", NULL, "the legs do not join");
    check_parse("e5d6,d6d7,d7c7,c7b7", NULL, "more than three legs");
    check_parse("e5d6,", NULL, "leg 2 is not two squares");
    check_parse("e5c7;", NULL, "no kill square");
    /* e5-e7 goes straight (D) or through a victim: the plain move is the leap */
    check_parse("e5e7", "e5e7", NULL);
    check_parse("e5d6,d6e7", "e5d6,d6e7", NULL);
    check_parse("e5f6,f6e7", "e5f6,f6e7", NULL);
    check_parse("e5e6,e6e7", "e5e7", NULL);
    /* the checker takes d6 only by jumping on to e7 */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/6k3/10/10/4n5/3C6/10/10/10/*3K4* w - - 0 1",
                                           err, sizeof err), 0);
    check_parse("d5f7", NULL, "takes on its way from d5 to f7; write the legs, as d5e6,e6f7");
    check_parse("d5e6,e6f7", "d5e6,e6f7", NULL);
    check_parse("d5f7;e6", "d5e6,e6f7", NULL);
    /* two ways through different victims to one square: ambiguous */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/6k3/10/10/3n1n4/4L5/10/10/10/*3K4* w - - 0 1",
                                           err, sizeof err), 0);
    check_parse("e5e6,e6e5", "e5e6,e6e5", NULL);
    /* the double capturer: two victims, XBoard's kill squares last-chosen first */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/6k3/10/3n6/3n6/3D6/10/10/10/*3K4* w - - 0 1",
                                           err, sizeof err), 0);
    check_parse("d5d6,d6d7,d7d8", "d5d6,d6d7,d7d8", NULL);
    check_parse("d5d8;d7d6", "d5d6,d6d7,d7d8", NULL);
    check_parse("d5d8;d6d7", NULL, "does not take that way");
    check_parse("d5d8", NULL, "takes on its way");
}

/* Two victims that a plain move cannot tell apart: "ambiguous". */
static void test_notation_ambiguous(void)
{
    const Variant *v = varset_find(&zoo, "mlzoo");
    char err[200];
    /* the lion on e5 reaches d7 by taking d6 or e6 on its way; d7 is
       not a direct leap from e5 when... it is (N): so ask for c7, which
       it reaches only through d6 */
    CU_ASSERT_EQUAL_FATAL(position_set_fen(pos, v, "*8*/6k3/10/10/3nn5/4L5/10/10/10/*3K4* w - - 0 1",
                                           err, sizeof err), 0);
    check_parse("e5d7", "e5d7", NULL);
    Move m;
    char why[200];
    /* e5 -> d6x -> d7 and e5 -> e6x -> d7 are two moves besides the leap;
       e5 -> e6x -> e7 and e5 -> d6x -> e7 too, but e7 is also a D leap.
       f7 is reached through e6 only; c7 through d6 only */
    CU_ASSERT(!move_parse(pos, "e5e5", false, &m, why, sizeof why) || m.kind == MOVE_TURN);
    check_parse("e5d6,d6d7", "e5d6,d6d7", NULL);
    check_parse("e5e6,e6d7", "e5e6,e6d7", NULL);
}

int main(int argc, char **argv)
{
    const char *env = getenv("top_srcdir");
    if (argc > 1)
        snprintf(srcdir, sizeof srcdir, "%s", argv[1]);
    else if (env)
        snprintf(srcdir, sizeof srcdir, "%s", env);
    zobrist_init();
    pos = malloc(sizeof *pos);
    varset_init(&zoo);
    varset_init(&builtin);
    char path[700];
    snprintf(path, sizeof path, "%s/tests/data/multileg/zoo.yaml", srcdir);
    if (varset_load_builtin(&zoo, stderr, "") != 0 || varset_load_path(&zoo, path, stderr, "") != 0
        || varset_load_builtin(&builtin, stderr, "") != 0)
        return 1;
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 2;
    CU_pSuite s = CU_add_suite("multileg", NULL, NULL);
    CU_add_test(s, "XBoard 4.9.1 ml- vectors", test_vectors);
    CU_add_test(s, "random positions against the library", test_random_positions);
    CU_add_test(s, "attacks against the library", test_attacks);
    CU_add_test(s, "make/unmake with victims and passes", test_make_unmake);
    CU_add_test(s, "holes are never virgin", test_holes_not_virgin);
    CU_add_test(s, "gating after a pass or an igui", test_gating);
    CU_add_test(s, "a locust capture of the king is check", test_locust_check);
    CU_add_test(s, "capture-rules bind multi-leg moves", test_capture_rules);
    CU_add_test(s, "notation: every move reads back", test_notation_round_trip);
    CU_add_test(s, "notation: legs, kill squares, errors", test_notation_cases);
    CU_add_test(s, "notation: moves that differ by victims", test_notation_ambiguous);
    CU_add_test(s, "shipped multi-leg variants, node by node", test_shipped_trees);
    CU_add_test(s, "random chu positions against the library", test_random_chu);
    CU_add_test(s, "random lion, checker and leaper chess positions", test_random_shipped);
    CU_add_test(s, "random sho, dai and cashew shogi positions, every piece", test_random_hachu_variants);
    CU_add_test(s, "chu: the lion's igui", test_chu_lion_igui);
    CU_add_test(s, "chu: lion-trading", test_chu_lion_trading);
    CU_add_test(s, "elven: warlock trading and castling", test_elven_rules);
    CU_add_test(s, "chu: promotion on entry, or by a capture", test_chu_promotion);
    CU_add_test(s, "chu: two royals, no check", test_chu_two_royals);
    int status = cunit_run_registry();
    varset_free(&zoo);
    varset_free(&builtin);
    free(pos);
    return status;
}
