/*
 * eval_params.c — the table of the evaluation's parameters (see
 * eval_params.h) and the overrides a variant carries.
 *
 * The order of the table is the order of the `eval:` section as the
 * printer writes it and the man page documents it.
 */
#include <math.h>
#include <string.h>
#include "variant/eval_params.h"
#include "variant/variant.h"

_Static_assert(EVAL_MAX_TYPES == MAX_PIECE_TYPES && EVAL_MAX_SQUARES == MAX_SQUARES,
               "the parameters cover every piece type and square of a board");

static const char *const PHASES[] = { "middlegame", "endgame", NULL };
static const char *const ONE[] = { "units", NULL };
static const char *const PUSH[] = { "centre", "edge", NULL };
static const char *const SHIELD[] = { "near", "far", NULL };
static const char *const CURVE[] = { "scale", "cap", NULL };
static const char *const MOP_UP[] = { "edge", "royal-distance", "flights", "pieces", "corner",
                                      NULL };
static const char *const BARE[] = { "one", "two", "three", NULL };
static const char *const DRAWISH[] = { "lone-piece", "small-lead", NULL };

#define PIECE(name, field, shape, items, integer, tuned, lo, hi, what) \
    { name, EVAL_SLOT(field), true, shape, (int)(sizeof ((EvalParams *)0)->field[0] / sizeof(double)), \
      items, integer, tuned, lo, hi, what }
#define BOARD(name, field, shape, items, integer, tuned, lo, hi, what) \
    { name, EVAL_SLOT(field), false, shape, (int)(sizeof ((EvalParams *)0)->field / sizeof(double)), \
      items, integer, tuned, lo, hi, what }

const EvalParamGroup eval_param_groups[] = {
    PIECE("material", material, EVAL_SHAPE_LIST, PHASES, true, true, -100000, 100000,
          "piece values on the board"),
    PIECE("hand", hand, EVAL_SHAPE_LIST, PHASES, true, true, -100000, 100000,
          "piece values in hand"),
    PIECE("mobility", mobility, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "per square a slider reaches beyond the usual number"),
    PIECE("pair", pair, EVAL_SHAPE_LIST, PHASES, true, true, -10000, 10000,
          "colour-bound pieces on both square colours"),
    PIECE("threat", threat, EVAL_SHAPE_LIST, PHASES, true, true, -10000, 10000,
          "the piece attacked by a pawn-like piece"),
    PIECE("king-attack", king_attack, EVAL_SHAPE_NUMBER, ONE, true, false, 0, 20,
          "king-danger units of a piece reaching the royal's neighbourhood"),
    PIECE("centre", centre, EVAL_SHAPE_LIST, PHASES, false, true, -1000, 1000,
          "piece-square: times (mobility on the square - average) / average"),
    PIECE("rank", rank, EVAL_SHAPE_LIST, PHASES, false, true, -1000, 1000,
          "piece-square: times the rank counted from its own side (0 = first rank)"),
    PIECE("wing", wing, EVAL_SHAPE_LIST, PHASES, false, true, -1000, 1000,
          "piece-square: times the file's centrality (1 on the centre, 0 on the edge)"),
    PIECE("pawn-push", pawn_push, EVAL_SHAPE_LIST, PUSH, false, true, -1000, 1000,
          "middlegame, per rank a pawn-like piece advanced from home (up to 2): "
          "on a centre file, on an edge file"),
    PIECE("progress", progress, EVAL_SHAPE_LIST, PHASES, false, true, -1000, 1000,
          "piece-square: times the squared progress toward promotion (pawn-like)"),
    PIECE("pressure", pressure, EVAL_SHAPE_LIST, PHASES, false, true, -1000, 1000,
          "piece-square: one rank or less from the promotion zone (other promoters)"),
    BOARD("tempo", tempo, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "the side to move"),
    BOARD("isolated", isolated, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "a pawn-like piece without own ones on the next files"),
    BOARD("doubled", doubled, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "a pawn-like piece with another of its side on its file"),
    BOARD("passed", passed, EVAL_SHAPE_PHASES, NULL, true, true, -1000, 1000,
          "a passed pawn-like piece by progress 0..16 (16: one step from promotion)"),
    BOARD("open-file", open_file, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "a rook-like piece on a file without pawn-like pieces"),
    BOARD("half-open-file", half_open_file, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "a rook-like piece on a file with enemy pawn-like pieces only"),
    BOARD("shield", shield, EVAL_SHAPE_LIST, SHIELD, true, true, -1000, 1000,
          "middlegame, per own pawn-like piece one / two ranks in front of the royal"),
    BOARD("king-danger", king_danger, EVAL_SHAPE_LIST, PHASES, true, true, -1000, 1000,
          "percent of the king danger taken off"),
    BOARD("king-danger-curve", king_danger_curve, EVAL_SHAPE_FIELDS, CURVE, true, false,
          0, 10000, "danger = min(cap, scale x units^2), with two attackers or more"),
    BOARD("mop-up", mop_up, EVAL_SHAPE_FIELDS, MOP_UP, true, false, -1000, 1000,
          "endgame, mating a royal without pawns: per rank from the centre, per square the "
          "royals are closer, per flight square, per square the pieces are closer; against "
          "a bare royal with pieces bound to one square colour and others (bishop and "
          "knight), per square it is nearer a corner of that colour than one of the other"),
    BOARD("bare-king", bare_king, EVAL_SHAPE_LIST, BARE, true, false, -10000, 10000,
          "where a bare king loses: the opponent has one, two, three pieces left"),
    BOARD("drawish", drawish, EVAL_SHAPE_FIELDS, DRAWISH, true, false, 0, 100000,
          "pawnless endings: the stronger side's piece material that cannot mate (at most "
          "lone-piece), or lead too small (at most small-lead)"),
    BOARD("drawish-divisor", drawish_divisor, EVAL_SHAPE_FIELDS, DRAWISH, true, false, 1, 1000,
          "what the score is divided by in those endings"),
    PIECE("psqt", psqt, EVAL_SHAPE_BOARD, NULL, true, true, -1000, 1000,
          "piece-square offsets from white's view, added to the formulas' tables"),
};
const int eval_param_ngroups = (int)(sizeof eval_param_groups / sizeof eval_param_groups[0]);

const EvalParamGroup *eval_param_group_find(const char *name)
{
    for (int i = 0; i < eval_param_ngroups; i++)
        if (!strcmp(eval_param_groups[i].name, name))
            return &eval_param_groups[i];
    return NULL;
}

const EvalParamGroup *eval_param_group_of(int slot, int *type, int *index)
{
    for (int i = 0; i < eval_param_ngroups; i++) {
        const EvalParamGroup *g = &eval_param_groups[i];
        int size = g->width * (g->per_piece ? EVAL_MAX_TYPES : 1);
        if (slot < g->first || slot >= g->first + size)
            continue;
        *type = g->per_piece ? (slot - g->first) / g->width : 0;
        *index = (slot - g->first) % g->width;
        return g;
    }
    return NULL;
}

void eval_overrides_set(EvalOverrides *o, int slot, double value)
{
    o->given[slot / 64] |= (uint64_t)1 << (slot % 64);
    if (slot < EVAL_NSCALARS)
        o->scalar[slot] = value;
    else
        o->psqt[slot - EVAL_NSCALARS] = (int16_t)lround(value);
}

bool eval_overrides_given(const EvalOverrides *o, int slot)
{
    return o->given[slot / 64] >> (slot % 64) & 1;
}

bool eval_overrides_any(const EvalOverrides *o)
{
    for (size_t i = 0; i < sizeof o->given / sizeof o->given[0]; i++)
        if (o->given[i])
            return true;
    return false;
}

void eval_overrides_apply(const EvalOverrides *o, EvalParams *p)
{
    double *slots = eval_params_slots(p);
    for (int w = 0; w < (int)(sizeof o->given / sizeof o->given[0]); w++)
        for (uint64_t bits = o->given[w]; bits; bits &= bits - 1) {
            int slot = w * 64 + __builtin_ctzll(bits);
            slots[slot] = slot < EVAL_NSCALARS ? o->scalar[slot] : o->psqt[slot - EVAL_NSCALARS];
        }
}
