/*
 * nnue.h — an efficiently updatable neural network (NNUE) that evaluates
 * positions of any variant on a board of up to 16x16, and the file that
 * holds one.
 *
 * Inputs: one feature per (piece type, colour, square) and, where pieces
 * go to hand, one per (piece type, colour, k) meaning "at least k+1 of it
 * in hand".  Each side sees the position from its own view: its pieces
 * are "ours", and the board is turned so that it plays up the board
 * (ranks mirrored, or the board rotated half a turn in variants whose
 * black half is white's turned round).  The net:
 *
 *   acc[p]  = ft_bias + sum of ft_weight[f] over p's active features  (int16)
 *   h       = clamp(acc[side to move], 0, qa) ++ clamp(acc[other], 0, qa)
 *   eval    = (sum of h[i] x out_weight[b][i] + out_bias[b]) x scale / (qa x qb)
 *
 * in centipawns for the side to move; ft_* are the float weights times
 * qa, out_weight times qb, out_bias times qa x qb (the trainer, `menagerie
 * train`, writes them so).  That is the clipped ReLU (CReLU); a net may
 * square the clipped values instead (SCReLU, qa at most 255), and then
 * h[i] is clamp(..., 0, qa)^2 >> 8, which stays in 16 bits (the trainer
 * scales the output weights by 256 / qa to make up for it).  The output
 * layer may come in several buckets b, one chosen by how many pieces
 * stand on the board (see nnue_bucket): an ending weighs what the
 * accumulators say otherwise than an opening.
 *
 * The two accumulators follow the game: position_make notes which
 * features a move turns on and off (the hooks below, called from the
 * board primitives), and the evaluation brings the sums up to date
 * lazily from the nearest ancestor it has, or adds them up afresh when
 * that is cheaper.  A Position with no NnueStack attached (pos->nnue
 * NULL: every position but a search's) costs nothing and is evaluated
 * from scratch when a net asks for it.
 *
 * The file format is in nnue_file.c and menagerie(6) (NEURAL EVALUATION).
 */
#ifndef NNUE_H
#define NNUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "board/position.h"

#define NNUE_CHUNK       16      /* hidden sizes are a multiple: loops vectorise */
#define NNUE_HIDDEN_MAX  1024
#define NNUE_HAND_SLOTS  16      /* hand features per type and colour, by default */
#define NNUE_HAND_SLOTS_MAX 32   /* ... and at most */
#define NNUE_MAX_CHANGES 32      /* feature changes one move may note; more: refresh */
#define NNUE_BUCKETS_MAX 16      /* output buckets at most */

/* How a side's view turns the board (the file's `flip` field). */
typedef enum { NNUE_FLIP_RANKS = 0, NNUE_FLIP_ROTATE = 1 } NnueFlip;

/* What the hidden layer does to the accumulators (the file's
 * `activation` field): clip to [0, qa], or clip and square. */
typedef enum { NNUE_CRELU = 0, NNUE_SCRELU = 1 } NnueActivation;

/* The activation's name ("crelu", "screlu"), and back (-1: none such). */
const char *nnue_activation_name(NnueActivation a);
int nnue_activation_parse(const char *name);

typedef struct NnueNet {
    char    variant[MAX_NAME];
    int     files, ranks, nsq;
    int     ntypes;
    char    piece_ids[MAX_PIECE_TYPES][4];   /* the variant's types, in order */
    int     hand_slots;                      /* 0 where nothing goes to hand */
    NnueFlip flip;
    NnueActivation activation;               /* NNUE_CRELU unless set */
    int     nfeatures;                       /* 2 x ntypes x (nsq + hand_slots) */
    int     hidden;                          /* accumulator size per side */
    int     buckets;                         /* output buckets, 1 to NNUE_BUCKETS_MAX */
    int     bucket_pieces;                   /* pieces on the board at the start (derived) */
    int32_t qa, qb, scale;
    int16_t *ft_bias;                        /* [hidden] */
    int16_t *ft_weight;                      /* [nfeatures][hidden] */
    int16_t *out_weight;                     /* [buckets][2 x hidden]: side to move's half first */
    int32_t out_bias[NNUE_BUCKETS_MAX];      /* [buckets] */
    uint8_t black_square[MAX_SQUARES];       /* square as Black sees it (derived) */
} NnueNet;

/* A network of the given shape for v, every weight zero, CReLU (the
 * trainer and the tests fill it); NULL when the shape is impossible. */
NnueNet *nnue_net_create(const Variant *v, int hidden, int hand_slots, int buckets, int32_t qa,
                         int32_t qb, int32_t scale);
void nnue_net_free(NnueNet *net);

/* Turn Black's view another way (a file says how its net was trained). */
void nnue_net_set_flip(NnueNet *net, NnueFlip flip);

/* Can the output layer's int32 sum overflow with these weights?  False,
 * with the reason in err, when it can, or for SCReLU with qa over 255
 * (every file is checked). */
bool nnue_net_check(const NnueNet *net, char *err, size_t errsize);

/* The shape a net for v gets by default: hand features only where
 * pieces reach the hand, the flip from the variant's symmetry. */
int nnue_default_hand_slots(const Variant *v);

/* ---- files (nnue_file.c) ----------------------------------------------------
 * Little-endian: the magic "MENANNUE", u32 version (1 or 2), the
 * variant's name (48 bytes, NUL-padded), u16 files, ranks, piece types,
 * hand slots, then in version 1 u16 flip, in version 2 u8 flip and u8
 * activation (version 1: CReLU), then u16 output buckets (0 for one:
 * files from before buckets have 0 there); u32 features, hidden; i32 qa,
 * qb, scale; the piece types' ids (4 bytes each, NUL-padded); then i16
 * ft_bias[hidden], i16 ft_weight[features][hidden], i16
 * out_weight[buckets][2 x hidden], i32 out_bias[buckets], and nothing
 * after.  A CReLU net is written as version 1, byte for byte as before
 * activations had a field, so older programs still read it. */
#define NNUE_MAGIC   "MENANNUE"
#define NNUE_VERSION 2          /* the newest this program reads and writes */

typedef enum {
    NNUE_LOAD_OK = 0,
    NNUE_LOAD_IO,         /* cannot open or read the file */
    NNUE_LOAD_FORMAT,     /* not a network, another version, truncated, bad sizes */
    NNUE_LOAD_VARIANT     /* a network for another variant (name, board or pieces) */
} NnueLoadStatus;

/* The network in `path`, checked against v; NULL with a message in err
 * (and the kind of failure in *status when not NULL) otherwise. */
NnueNet *nnue_load(const char *path, const Variant *v, NnueLoadStatus *status, char *err,
                   size_t errsize);

/* The same for a network held in memory (one compiled into the program);
 * `name` stands for the path in messages. */
NnueNet *nnue_load_bytes(const void *bytes, size_t size, const char *name, const Variant *v,
                         NnueLoadStatus *status, char *err, size_t errsize);

/* Write net to path; 0, or -1 with a message in err. */
int nnue_save(const NnueNet *net, const char *path, char *err, size_t errsize);

/* ---- features -------------------------------------------------------------- */

/* The feature of a piece (board code) on sq, and of the k-th piece of a
 * type in a colour's hand (-1 beyond the net's slots), as `view` sees it. */
static inline int nnue_piece_feature(const NnueNet *net, int view, uint8_t code, int sq)
{
    int ours = code_color(code) == view ? 0 : 1;
    int vsq = view == WHITE ? sq : net->black_square[sq];
    return (ours * net->ntypes + code_type(code)) * net->nsq + vsq;
}

static inline int nnue_hand_feature(const NnueNet *net, int view, int color, int type, int k)
{
    if (k >= net->hand_slots)
        return -1;
    int ours = color == view ? 0 : 1;
    return 2 * net->ntypes * net->nsq + (ours * net->ntypes + type) * net->hand_slots + k;
}

/* The active features of pos as `view` sees it, into out (room for
 * NNUE_MAX_ACTIVE); returns how many.  The trainer and the full refresh
 * both use it. */
#define NNUE_MAX_ACTIVE (MAX_SQUARES + 2 * MAX_PIECE_TYPES * NNUE_HAND_SLOTS_MAX)
int nnue_active_features(const NnueNet *net, const Position *pos, int view, int *out);

/* ---- evaluation -------------------------------------------------------------- */

/* One accumulator added up from a list of active features. */
void nnue_accumulate(const NnueNet *net, const int *features, int n, int16_t *acc);

/* Both accumulators of pos added up from its features: acc[view x hidden ...]. */
void nnue_refresh(const NnueNet *net, const Position *pos, int16_t *acc);

/* The output bucket of pos: with B buckets and n pieces on the board
 * (royals included; N at the variant's start), min(B - 1, (n - 1) x B / N). */
static inline int nnue_bucket(const NnueNet *net, const Position *pos)
{
    int n = pos->nlist[WHITE] + pos->nlist[BLACK];
    int b = n > 0 ? (n - 1) * net->buckets / net->bucket_pieces : 0;
    return b < net->buckets ? b : net->buckets - 1;
}

/* The output layer of bucket b on two accumulators (the side to move's first). */
int nnue_output(const NnueNet *net, const int16_t *us, const int16_t *them, int bucket);

/* The evaluation of pos in centipawns, side to move's view: incrementally
 * when pos has a stack attached for this net, otherwise from scratch. */
int nnue_evaluate(const NnueNet *net, const Position *pos);

/* ---- which loops run (nnue_kernels.c) ---------------------------------------------
 * The loops over the hidden layer come in a portable version (plain C,
 * the reference) and, unless configured with --disable-simd or built by
 * a compiler that cannot, SSE2 and AVX2 ones.  At start the program takes
 * the best the CPU runs, or the one the environment variable
 * MENAGERIE_NNUE names ("portable", "sse2", "avx2") when the CPU runs it.
 * All give the same bits. */

/* The version in use. */
const char *nnue_impl_name(void);

/* The i-th version this build and CPU run (0: "portable"), NULL past the last. */
const char *nnue_impl_available(int i);

/* Use the version `name`; false, and nothing changes, when it is not
 * available.  Not while another thread evaluates. */
bool nnue_impl_use(const char *name);

/* ---- the accumulators that follow a position ----------------------------------- */

typedef struct {
    uint8_t code;     /* board code of the piece (for a hand slot: piece_code(type, colour)) */
    uint8_t where;    /* its square, or the hand slot k */
    int8_t  sign;     /* +1 turned on, -1 turned off */
    uint8_t hand;
} NnueChange;

typedef struct {
    uint64_t key;          /* the hash of the position this entry is for */
    uint64_t parent_key;   /* ... and of the one the move was made from */
    bool     computed;     /* acc holds its sums */
    bool     refresh;      /* no usable parent, or too many changes: add up afresh */
    uint8_t  n;
    NnueChange change[NNUE_MAX_CHANGES];
} NnueEntry;

typedef struct NnueStack {
    const NnueNet *net;
    int        hidden;     /* the accumulators' size it was made for */
    int        base;       /* pos->ply of entry 0 (the root) */
    int        cap;
    NnueEntry *rec;        /* where position_make notes changes now, or NULL */
    NnueEntry *entry;      /* [cap], by pos->ply - base */
    int16_t   *acc;        /* [cap][2][hidden] */
} NnueStack;

/* A stack of `plies` entries for net; NULL when out of memory. */
NnueStack *nnue_stack_create(const NnueNet *net, int plies);
void nnue_stack_free(NnueStack *st);

/* A stack for net: st itself when its accumulators are of net's size
 * (st then serves net), otherwise st freed and a new one (NULL when out
 * of memory). */
NnueStack *nnue_stack_for(NnueStack *st, const NnueNet *net, int plies);

/* Let st follow pos from its present ply (the root) on: pos->nnue = st. */
void nnue_stack_attach(NnueStack *st, Position *pos);

/* The accumulators of pos, brought up to date (the stack's, or `scratch`
 * [2 x hidden] when pos has none for this net). */
const int16_t *nnue_accumulators(const NnueNet *net, const Position *pos, int16_t *scratch);

/* ---- hooks for position_make (board/position.c) ---------------------------------
 * begin before the move changes anything (ply: the position's ply once
 * made, key: the hash before it), end when all is done; in between the
 * board primitives note every feature turned on or off.  Unmaking needs
 * nothing: the parent's entry was never touched. */
void nnue_begin_move(NnueStack *st, int ply, uint64_t key);
void nnue_end_move(NnueStack *st, uint64_t key);

static inline void nnue_note(NnueStack *st, uint8_t code, int where, int sign, bool hand)
{
    NnueEntry *e = st->rec;
    if (!e)
        return;
    if (e->n == NNUE_MAX_CHANGES) {
        e->refresh = true;
        return;
    }
    NnueChange *c = &e->change[e->n++];
    c->code = code;
    c->where = (uint8_t)where;
    c->sign = (int8_t)sign;
    c->hand = hand;
}

/* A piece put on or taken off sq. */
static inline void nnue_note_piece(NnueStack *st, uint8_t code, int sq, int sign)
{
    nnue_note(st, code, sq, sign, false);
}

/* A hand count of (colour, type) going from n to n + delta: the slots
 * "at least k+1" in between turn on or off. */
static inline void nnue_note_hand(NnueStack *st, int color, int type, int n, int delta)
{
    int lo = delta > 0 ? n : n + delta, hi = delta > 0 ? n + delta : n;
    for (int k = lo < 0 ? 0 : lo; k < hi && k < NNUE_HAND_SLOTS_MAX; k++)
        nnue_note(st, piece_code(type, color), k, delta > 0 ? 1 : -1, true);
}

#endif
