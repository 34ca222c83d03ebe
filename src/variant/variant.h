/*
 * variant.h — the Variant struct: the one contract between the variant
 * files (YAML, read by src/catalog/) and the engine.
 *
 * Everything the engine does differently from one variant to another comes
 * from a field here; no code anywhere tests a variant's name.  The loader
 * fills the "as written" fields; variant_finalize() derives the rest
 * (compiled move tables, masks, per-square tables).
 */
#ifndef VARIANT_H
#define VARIANT_H

#include <stdbool.h>
#include <stdint.h>
#include "xbetza.h"
#include "variant/eval_params.h"

#define MAX_FILES        16
#define MAX_RANKS        16
#define MAX_SQUARES      256
#define MAX_PIECE_TYPES  64
#define MAX_NAME         48
#define MAX_ALIASES      8
#define MAX_BETZA        160
#define NO_TYPE          (-1)
#define MAX_RANK         15   /* PieceType.rank: 0 .. MAX_RANK */

enum { WHITE = 0, BLACK = 1 };

/* A set of piece types (bit t = type t); MAX_PIECE_TYPES bits. */
typedef uint64_t TypeMask;

static inline TypeMask type_bit(int t) { return (TypeMask)1 << t; }

/* Every type of a variant with `n` types. */
static inline TypeMask type_mask_all(int n) { return n >= 64 ? ~(TypeMask)0 : type_bit(n) - 1; }

/* A set of squares of one board (bit s = dense square s). */
typedef struct { uint64_t w[4]; } SquareSet;

static inline bool sqset_has(const SquareSet *s, int sq) { return (s->w[sq >> 6] >> (sq & 63)) & 1; }
static inline void sqset_add(SquareSet *s, int sq) { s->w[sq >> 6] |= (uint64_t)1 << (sq & 63); }
static inline bool sqset_empty(const SquareSet *s) { return !(s->w[0] | s->w[1] | s->w[2] | s->w[3]); }

/* Outcome for the player a rule names ("the mated player loses"). */
typedef enum { OUTCOME_NONE = 0, OUTCOME_LOSS, OUTCOME_DRAW, OUTCOME_WIN } Outcome;

/* Which rule set says what a perpetual chase is (board/chase.c): XBoard
   4.9.1's, or the Asian Xiangqi Federation's as far as it is written down. */
typedef enum { CHASE_RULES_XBOARD = 0, CHASE_RULES_AXF } ChaseRules;

typedef enum { PROMO_WHEN_IMMOBILE = 0, PROMO_ALWAYS, PROMO_NEVER } PromoMandatory;

/* When a player may pass (rules.pass). */
typedef enum { PASS_NEVER = 0, PASS_ALWAYS } PassRule;

/* flag.reply-move: who may answer an arrival on the flag region */
typedef enum {
    FLAG_REPLY_NONE = 0,      /* an arrival wins at once */
    FLAG_REPLY_SECOND,        /* the second player may answer the first player's
                                 arrival by arriving too, a draw (racing kings) */
    FLAG_REPLY_BOTH           /* every arrival gets one reply; the piece must still
                                 stand there at its player's next turn (jesonmor) */
} FlagReply;

/* facing-royals lines: where two royals face each other */
enum { FACING_FILES = 1, FACING_RANKS = 2 };

/* One `extra-moves` entry: moves a piece has only while it stands on
 * `from`, and (within_given) only along squares of `within`: every square
 * a move passes, hops over or lands on. */
#define MAX_EXTRA_MOVES 4
typedef struct {
    SquareSet from[2];        /* per colour, absolute squares */
    SquareSet within[2];
    bool      within_given;
    uint8_t   first_group, ngroups;   /* its groups in PieceType.extra_moves */
    uint8_t   text_at, text_len;      /* its XBetza in PieceType.extra_text */
} ExtraMoves;
/* PieceType.burns */
typedef enum { BURN_NEVER = 0, BURN_MOVING, BURN_ALWAYS } BurnRule;

typedef enum { CAPTURES_DISCARD = 0, CAPTURES_TO_CAPTOR, CAPTURES_TO_OWNER } CaptureFate;

/* One `promotion` entry: where the move must go (`zone`, `on`), what the
 * piece may become there, for each colour (`to`), and whether it must.
 * The piece's '+' form, if it has one, is a choice of every rule. */
#define MAX_PROMOTION_RULES 8
typedef struct {
    SquareSet zone[2];        /* per colour, absolute squares                         */
    TypeMask  to[2];          /* per colour: target types                             */
    bool      to_captured[2]; /* per colour: only types that side has lost (grand)    */
    PromoMandatory mandatory;
    bool      on_enter, on_within, on_leave;
    bool      on_capture_within, on_capture_leave;   /* captures only (chu)          */
    bool      capture_only;   /* `by-capture-only`: a move that takes nothing never promotes */
    bool      every_move;     /* `every-move`: the zone is the board, promotion is forced */
    /* `in-place` (Sittuyin): promotion is a move of its own, made instead of
       moving, by a piece standing in the zone: it turns into a `to` piece
       there, or (step) on an empty square the new piece could move to.
       None of the on_* flags is set, so no ordinary move promotes by it. */
    bool      in_place;
    bool      in_place_step;
    bool      in_place_alone;     /* `anywhere-when-alone`: the zone does not bind the
                                     side's only piece of this type */
    bool      in_place_peaceful;  /* the new piece attacks no enemy piece, and the
                                     move gives no check */
} PromotionRule;

typedef struct {
    char    id[4];            /* "N", "L!", "+P": the FEN token of the white piece   */
    char    letter;           /* the piece letter (upper case) without '+'/suffix    */
    char    name[MAX_NAME];
    char    betza[MAX_BETZA]; /* XBetza as written                                    */
    int     betza_line, betza_col; /* where `moves` was written (for diagnostics)     */
    XbPiece moves;            /* parsed                                              */
    int     value;            /* centipawns; 0 = derive from the moves                */
    bool    royal;
    char    synonyms[8];      /* extra upper-case letters accepted on input           */
    int     promoted;         /* type of the '+' form (shogi style), or NO_TYPE       */
    int     demotes_to;       /* type it reverts to when captured, or NO_TYPE         */
    /* promotion.every-move (Kyoto shogi): every move flips the piece between
       its forms.  flips: this '+' form turns back into demotes_to when it
       moves (only when it captures if flip_capture_only); quiet_flips: the
       unpromoted form's promotions that take nothing are quiet moves (it
       promotes on every move, so a promotion is nothing special). */
    bool    flips, flip_capture_only, quiet_flips;
    bool    drop_promoted;    /* promotion.by-drop: may also be dropped as its '+' form */
    bool    capturable;       /* false: iron piece                                    */
    int     max_count;        /* most of this type per side (0: unlimited)            */

    /* promotion: one rule per `promotion` entry (a mapping is one entry);
       a move may promote when some rule applies to it */
    bool    can_promote;
    bool    promotes_in_place;    /* some rule is `in-place` */
    int     npromo;
    PromotionRule promo[MAX_PROMOTION_RULES];
    SquareSet promo_zone[2];  /* per colour: every rule's zone together               */
    TypeMask promo_to;        /* every rule's targets, both colours (bounds, eval)    */

    /* confinement: squares the piece may stand on (all when not restricted) */
    SquareSet allowed[2];

    /* region-dependent extra moves (xiangqi soldier across the river,
       janggi palace diagonals): `extra-moves` entries, their groups
       together in extra_moves, compiled into extra_table */
    bool    has_extra;        /* nextra > 0 */
    int     nextra;
    ExtraMoves extra[MAX_EXTRA_MOVES];
    char    extra_text[MAX_BETZA]; /* the entries' XBetza, as written, one after another */
    XbPiece extra_moves;

    /* drops */
    SquareSet drop_zone[2];   /* where this piece may be dropped (within `allowed`)   */
    bool    drop_zone_given;  /* the file gave it (empty: never dropped); else the
                                 hand's zone, or the whole board                      */
    int     drop_no_doubled;  /* 0: unlimited; n: at most n unpromoted of this type per file */
    bool    drop_no_mate;     /* a drop of this piece may not give mate               */
    bool    drop_no_check;
    bool    drop_opposite_colours; /* drop.colour: opposite: a side's pieces of this type
                                 go on squares of both colours (placement's bishops) */
    bool    no_mate;          /* `mates: forbidden`: no move may mate with this piece
                                 among the checkers (shatar's knight) */

    bool    resets_move_rule; /* moving it resets the n-move counter                  */

    /* `rank` and `range-capture` (tenjiku's generals): a range capturer's
       capturing slides go on past pieces of either side ranked below it
       and take an enemy piece further along; a piece of its rank or higher
       stops them (it may be taken).  rank 0: the lowest, the default. */
    int     rank;
    bool    range_capture;
    /* `burns` (tenjiku's fire demon): after it moves, the enemy pieces next
       to where it lands are removed; BURN_ALWAYS: an enemy piece that moves
       next to it is removed too, after its move (see Variant.burners) */
    uint8_t burns;            /* BurnRule */

    /* perpetual chase (rules.perpetual_chase): a royal piece never chases
       and is never chased (a check is not a chase) */
    bool    chases;           /* its new attacks may be a chase (xiangqi soldier: no)  */
    SquareSet chased_in[2];   /* where it can be chased (soldier: across the river)   */
    TypeMask always_chases;   /* victim types it chases even when they are protected
                                 or could take it back (horse, cannon: chariot)      */
    char    xboard_glyph;     /* which XBoard piece image it borrows (letter)         */

    /* compiled by variant_compile(); extra_table holds only the rays each
       entry allows: from the squares of its `from` set, cut before its
       first square outside `within` (no region test when generating) */
    XbTable table, extra_table;
    SquareSet immobile[2];    /* squares from which it could never move again         */

    /* derived by variant_derive() */
    bool    has_initial;      /* some moves need a virgin piece ('i')                 */
    bool    confined;         /* `allowed` is not the whole board                     */
    bool    makes_ep;         /* has a lame/initial multi-square non-capture (e.p.)   */
    bool    has_multileg;     /* some moves have several legs ('a'): board/multileg.h */
    uint8_t odd_attacks;      /* ATTACKS_*: what the attack test must ask beyond its
                                 one-leg rays (0 for most pieces: one test skips all) */
} PieceType;

enum { ATTACKS_MULTILEG = 1, ATTACKS_RANGE = 2, ATTACKS_BURN = 4 };

enum { CASTLE_SHORT, CASTLE_LONG };
#define MAX_CASTLE_TO 8       /* king destinations per side (flexible castling) */

typedef struct {
    bool    enabled;
    int     king;             /* castling piece type */
    TypeMask partners;        /* bitmask of partner types */
    int     rank;             /* relative rank, 0 = own first rank */
    /* Where the king and the partner land, per side ([CASTLE_SHORT]: towards
       the h side, [CASTLE_LONG]): nto[s] choices (files, 0-based), several
       for flexible castling; the first is the one O-O / O-O-O means. */
    int     nto[2];
    int     king_to[2][MAX_CASTLE_TO];
    int     rook_to[2][MAX_CASTLE_TO];
    bool    through_check;    /* may the king pass attacked squares / castle out of check */
    bool    whole_side;       /* flexible castling as Sjaak II has it: castling to any
                                 king-to file of a side needs the paths to all of
                                 them empty and safe */
    bool    shuffle;          /* Chess960: rights given by files in the FEN */
    int     king_steps;       /* > 0: the king moves this many files towards its
                                 partner from whatever file it stands on, the
                                 partner lands next to it on the inner side
                                 (XBoard's and FICS's wild castling from d or e);
                                 king_to then names the files from its home */
    /* dropped-pieces: a king dropped on its castling rank on one of
       dropped_king_files, or a partner on one of dropped_partner_files
       (bit f: file f), may castle as if it had stood there from the start */
    uint32_t dropped_king_files, dropped_partner_files;
} Castling;

typedef struct {
    bool    enabled;          /* pieces in hand may be dropped */
    CaptureFate captures;
    SquareSet zone[2];        /* default drop zone */
    bool    only_where_mobile;
    bool    revert_promoted;
    bool    gating;           /* seirawan: a hand piece may enter on the square a
                                 virgin back-rank piece leaves */
    TypeMask must_drop;       /* a side holding one of these types must drop (any
                                 piece) while it can: a setup phase (placement,
                                 sittuyin: every type), koedem's kings; 0 = off */
    bool    pickup;           /* a move may put one of the mover's non-royal pieces
                                 from the board into its hand, unless it is in
                                 check (twilight chess, as Sjaak II has it) */
} Hand;

/* rules.counting (makruk, ASEAN): once the board has none of `not_while`
 * and the side to move (the counted side) faces more than a bare royal,
 * a count starts; when it runs past its limit the game is drawn.  The
 * limit is `board` moves while the counted side has more than its royal
 * (board's honour), else the first row of `rows` whose pieces the
 * opponent has at least (pieces' honour).  A capture that bares the
 * counted side starts the count again.  Kept in plies in the Position. */
#define MAX_COUNT_ROWS 12
typedef enum {
    COUNTING_MAKRUK = 0,      /* pieces' honour counts from the pieces on the board */
    COUNTING_ASEAN            /* every count starts from zero */
} CountingStyle;

typedef struct {
    uint8_t need[MAX_PIECE_TYPES];  /* the opponent has at least need[t] of type t */
    TypeMask types;                 /* types with need[t] > 0 */
    int     moves;                  /* the limit in moves */
} CountRow;

typedef struct {
    bool    on;
    CountingStyle style;
    TypeMask not_while;       /* no count while any of these is on the board (pawns) */
    int     board;            /* board's honour limit in moves; 0 = none */
    int     nrows;
    CountRow rows[MAX_COUNT_ROWS];
} Counting;

/* rules.check-evasion: how a side in check may get out of it. */
typedef enum {
    EVASION_ANY = 0,          /* any legal move */
    EVASION_ROYAL_CAPTURES_ONLY /* an attacked royal may not move, except to capture
                                 the one piece that attacks it (makpong) */
} CheckEvasion;

typedef struct {
    Outcome checkmated;       /* for the mated player (default loss)     */
    Outcome stalemated;       /* for the stalemated player (default draw) */
    int     repetition_count; /* 0: off */
    bool    repetition_across_turns; /* a turn (a piece out and back) does not end the
                                 stretch a position may repeat in (HaChu) */
    Outcome repetition;       /* for the player completing it (draw)     */
    Outcome perpetual_check;  /* for the checking player (NONE: as repetition) */
    Outcome perpetual_chase;  /* for the chasing player (NONE: not judged)       */
    ChaseRules chase_rules;   /* what a chase is                                 */
    int     move_rule;        /* full moves without capture/irreversible move; 0 = off */
    bool    move_rule_skips_checks; /* checking moves do not count toward it (xiangqi) */
    Outcome bare_king;        /* for the player left with only royals; NONE = off */
    TypeMask extinction;      /* types whose loss ends the game (bitmask); 0 = off */
    Outcome extinction_result;/* for the player who lost them */
    int     extinction_count; /* ...who has this many or fewer left (threekings: 2) */
    int     extinction_opponent_count; /* ...while the opponent has at least this
                                 many of the type (koedem: 2; 0 = any) */
    TypeMask flag_pieces;     /* types that win by reaching the flag region */
    SquareSet flag_region[2];
    Outcome flag_result;      /* for the player who reaches it */
    FlagReply flag_reply;     /* the reply move an arrival may get */
    bool    checks_forbidden; /* no move may give check (racing kings) */
    int     check_limit;      /* n-check: giving the n-th check wins; 0 = off */
    SquareSet ep_region[2];   /* passed squares that may become e.p. squares (empty: all) */
    bool    explosions;       /* a capture removes the capturer and the pieces around (atomic) */
    TypeMask explosion_spares;/* types an explosion leaves standing (atomic: pawns) */
    bool    must_capture;
    PassRule pass;            /* passing; two passes in a row end the game */
    bool    facing_royals_illegal;
    bool    facing_royals_bikjang; /* royals may be made to face; the other side must
                                  part them or pass, and passing ends the game */
    uint8_t facing_lines;     /* where royals face: FACING_FILES, FACING_RANKS or both */
    /* material-count: a game the rules would draw goes to the side with more
       points (janggi): each type's points and each player's bonus, in tenths */
    bool    material_count;
    int     count_points[MAX_PIECE_TYPES];
    int     count_bonus[2];
    bool    royal_spare;      /* several royals: only the last one matters */
    bool    royal_last;       /* several royals: none is in check until one is left
                                 (chu shogi as XBoard and HaChu play it) */
    /* lion-trading (chu shogi), as XBoard 4.9.1 judges it; lions == 0: off */
    TypeMask lions;           /* the types that are lions */
    TypeMask lion_xboard;     /* XBoard's lions (fewer), for its counter-strike; 0: lions */
    bool    lion_afar_protected; /* a lion may not take a protected lion from afar... */
    bool    lion_near_protected; /* ...nor from the next square, nor on its way */
    TypeMask lion_cheap_victims; /* ...unless it took on the way a piece not of these */
    bool    lion_counter_strike; /* after a non-lion took a lion, no lion may be taken */
    bool    insufficient_material_draw;
    Counting counting;        /* the makruk/ASEAN count; counting.on = false: none */
    CheckEvasion check_evasion;
    /* rules.initial-moves: the 'i' rights of back-rank pieces are written in
       the FEN's castling field as file letters (Fairy-Stockfish's cambodian:
       DEde) instead of following from the start position; and the types
       whose 'i' moves a side in check may not make (the Cambodian king) */
    bool    initial_rights_in_fen;
    TypeMask initial_not_in_check;
    /* initial-moves.replace (Sjaak II's "special init"): an unmoved piece of
       these types makes its 'i' moves instead of its other non-capturing
       moves (a royal only while not in check); its captures stay */
    TypeMask initial_replace;
    bool    royal_no_slide_through_attack; /* en-passant-check: a royal may not slide
                                  through an attacked square (Sjaak II) */
    /* shak (shatar): a mate wins only if the series of checks that led to it
       (the mater's unbroken run of checking moves) had a check by one of
       these types; shak_types == 0: off */
    TypeMask shak_types;
    Outcome shak_missing;     /* for the mated player when none was a shak (draw) */
    /* promotion-stalemate (Sittuyin's 3.9 c.7): a player not in check with
       its royal and one other piece, whose every legal move is a promotion
       in place, is stalemated */
    bool    promotion_stalemate;
    /* added by the variant loader: */
    bool    stalemate_material;   /* stalemated: the side with fewer pieces wins (suicide) */
    bool    bare_king_grace;      /* bare_king only if the opponent cannot bare the king in reply */
    bool    extinction_together;  /* extinction: all listed types gone together, not any one type */
} Rules;

/* Turns of several moves (the `turn` section; board/turn.h).  A turn is
 * the moves one player makes before the other moves; each is one ply. */
typedef enum {
    TURN_CHECK_ANY = 0,       /* a check may be given by any move of a turn */
    TURN_CHECK_ENDS_TURN,     /* a move that gives check ends the turn (Marseillais) */
    TURN_CHECK_LAST_MOVE      /* only the last move of a turn may give check
                                 (Italian progressive) */
} TurnCheck;

typedef struct {
    bool    multi;            /* some turn has more than one move (derived) */
    bool    progressive;      /* the k-th turn of the game has k moves */
    int     moves[2];         /* moves in a turn of White, of Black (default 1, 1) */
    int     first;            /* moves in the game's first turn; 0: as moves[] says */
    TurnCheck check;
    bool    safety_by_turn;   /* king-safety: turn: a royal may stand attacked in the
                                 middle of its side's turn, and a turn may not end with
                                 it capturable during the opponent's next turn */
} Turn;

typedef struct {
    char    parent[MAX_NAME];  /* XBoard parent variant for `setup` ("fairy") */
    char    piece_to_char[256]; /* explicit pieceToChar, or "" to generate    */
    int     holdings;          /* pocket size; 0 = derived                     */
    bool    known;             /* XBoard knows this variant by name: no setup  */
    TypeMask teach;            /* known variant, yet these types' moves are sent
                                  with `piece` (XBoard's idea of them differs) */
    TypeMask parent_moves;     /* with `setup`: these types move as the parent
                                  variant's do in XBoard, so no `piece` line
                                  (a Betza pawn would lose the parent's promotion) */
} XboardInfo;

typedef struct Variant {
    char    name[MAX_NAME];
    char    title[80];
    char    aliases[MAX_ALIASES][MAX_NAME];
    int     naliases;
    char    description[1024];
    char    url[160];
    char    origin[256];       /* file it was loaded from ("builtin:chess.yaml") */
    bool    abstract;

    int     files, ranks;
    XbGeometry geom;           /* holes included */

    int     ntypes;
    PieceType piece[MAX_PIECE_TYPES];

    char    start_fen[512];
    Castling castling;
    Hand    hand;
    Rules   rules;
    XboardInfo xboard;
    Turn    turn;
    bool    rotated;           /* symmetry: rotate (black's half is white's turned round) */
    /* capture-rules: per attacker type, the victim types it may not take
       and the types it may not hop over (bitmasks; janggi cannons) */
    TypeMask no_capture[MAX_PIECE_TYPES];
    TypeMask no_hop[MAX_PIECE_TYPES];
    /* capture-rules contagion: per attacker type, the victim types whose
       capture turns it into the victim (Werewolf chess); the move is a
       promotion to that type, and the only way to make that capture */
    TypeMask contagion[MAX_PIECE_TYPES];
    EvalOverrides eval;        /* the `eval:` section: weights given over the defaults */

    /* derived by variant_derive() */
    TypeMask royal_types;      /* bitmask */
    int     mark_demotes_to;   /* type a captured '~' piece reverts to (the promoter) */
    bool    has_drops, has_promotion, has_ep, has_multileg;
    bool    has_range_capture; /* some piece has range-capture */
    TypeMask burners;          /* types that burn when they move (burns: moving, always) */
    TypeMask passive_burners;  /* types that also burn a piece moving next to them */
    TypeMask no_mate_types;    /* pieces with `mates: forbidden` */
    TypeMask drop_colour_types; /* pieces with drop_opposite_colours */
    bool    no_mate_lines;     /* one of them has a non-leaping move: its check can be
                                  discovered, so every move is tested for the mate */

    /* prepared by the board layer when the variant is loaded (catalog/prepare.c) */
    uint8_t start_board[MAX_SQUARES]; /* board codes of the start position (virginity) */
    int     start_count[2][MAX_PIECE_TYPES]; /* pieces per type in the start position */
    SquareSet *reach;          /* [ (type*2+color)*nsquares + from ]: squares a piece could
                                  ever capture on from `from` (attack-test prefilter);
                                  owned by the Variant, freed by variant_release */
    long    move_bound;        /* no position has more pseudo-legal moves (<= MAX_MOVES) */
} Variant;

/* Square helpers (dense indexing, a1 = 0). */
static inline int var_square(const Variant *v, int file, int rank) { return rank * v->files + file; }
static inline int var_file(const Variant *v, int sq) { return sq % v->files; }
static inline int var_rank(const Variant *v, int sq) { return sq / v->files; }

/* A castling file as the castling table has it (White's view) for `color`:
 * under symmetry: rotate, Black's files run the other way (its own). */
static inline int var_castle_file(const Variant *v, int color, int file)
{
    return v->rotated && color == BLACK ? v->files - 1 - file : file;
}

/* Derive secondary data after loading (the data only: what the board
 * needs is prepared by the catalog), in two parts.  variant_derive() sets
 * the flags and masks marked "derived" below and the default square sets,
 * which read only what was written; it is cheap, and every loaded variant
 * has it.  variant_compile() compiles the XBetza move tables (and the
 * immobility squares, which read them), the costly part, which the
 * catalog may put off until a variant is first played (variant_load.h);
 * it returns 0, or -1 with a message in err (size errsize).
 * variant_finalize() is both.  The derived pointers (tables, reach) must
 * be NULL/empty on entry: a Variant copied from a finalized one (e.g. an
 * `extends` parent) must go through variant_clear_derived() first, or both
 * would share and later double-free the same tables. */
void variant_derive(Variant *v);
int  variant_compile(Variant *v, char *err, size_t errsize);
int  variant_finalize(Variant *v, char *err, size_t errsize);

/* Does this promotion rule let a move from `from` to `to` promote
 * (entering, inside or leaving its zone, as the variant says; some only
 * when the move captures)? */
static inline bool variant_promotion_rule_applies(const PromotionRule *r, int color, int from,
                                                  int to, bool capture)
{
    if (r->capture_only && !capture)
        return false;
    bool in_from = sqset_has(&r->zone[color], from);
    bool in_to = sqset_has(&r->zone[color], to);
    return (in_to && !in_from && r->on_enter)
        || (in_to && in_from && (r->on_within || (capture && r->on_capture_within)))
        || (!in_to && in_from && (r->on_leave || (capture && r->on_capture_leave)));
}

/* What a move of this piece from `from` to `to` may promote to: the
 * targets of every rule that applies (the '+' form included), split into
 * *any (always offered, subject to `max`) and *lost (only types the mover
 * has lost).  Returns whether some rule applies; *forced then says that
 * the plain move is not allowed. */
static inline bool variant_promotion_choices(const PieceType *pt, int color, int from, int to,
                                             bool capture, TypeMask *any, TypeMask *lost,
                                             bool *forced)
{
    TypeMask plus = pt->promoted != NO_TYPE ? type_bit(pt->promoted) : 0;
    bool applies = false;
    *any = *lost = 0;
    *forced = false;
    for (int i = 0; i < pt->npromo; i++) {
        const PromotionRule *r = &pt->promo[i];
        if (!variant_promotion_rule_applies(r, color, from, to, capture))
            continue;
        applies = true;
        if (r->to_captured[color])
            *lost |= r->to[color] | plus;
        else
            *any |= r->to[color] | plus;
        *forced |= r->mandatory == PROMO_ALWAYS
            || (r->mandatory == PROMO_WHEN_IMMOBILE && sqset_has(&pt->immobile[color], to));
    }
    return applies;
}

/* capture-rules contagion: the type a `captor` becomes by taking a piece
 * of type `victim` on the square it lands on, or NO_TYPE. */
static inline int variant_contagion(const Variant *v, int captor, int victim)
{
    return (v->contagion[captor] >> victim & 1) ? victim : NO_TYPE;
}

void variant_release(Variant *v);        /* frees compiled tables */
void variant_clear_derived(Variant *v);  /* forgets (does not free) derived pointers */

/* Piece type by FEN letter (either case, synonyms included; '+' prefix for
 * promoted forms is handled by the caller via PieceType.promoted).  A
 * letter alone names the undressed piece, or else the first dressed one
 * (for input that carries no dress, as a drop's letter).  Returns NO_TYPE
 * when unknown. */
int  variant_type_by_letter(const Variant *v, char letter, bool promoted);

/* Piece type by FEN token: the letter and its dress ('\'', '!' or 0, as
 * XBoard's dressed letters C' and L! of dai shogi), which must both match
 * (synonyms are undressed letters).  NO_TYPE when unknown. */
int  variant_type_by_token(const Variant *v, char letter, char dress, bool promoted);

/* The dress of a piece's letter: the '\'' or '!' after it in its ID, or 0. */
char variant_piece_dress(const PieceType *pt);

#endif
