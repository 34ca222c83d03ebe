/*
 * rules.h — how a game ends, as the variant's rules say, in one place for
 * the referee (game_end, which the protocols call after every move) and
 * the search (which asks the same questions at every node and turns the
 * outcome into a score):
 *   - immediate results: n-th check, flag region, extinction, bare king
 *     (with the bared side's grace move), a royal blown up, two passes in
 *     a row, bikjang accepted by passing;
 *   - no legal move: checkmate, stalemate, stalemate won by material;
 *   - repetition, with perpetual check and perpetual chase judged over
 *     the cycle;
 *   - the move-count rule, with checking moves left out where it says so;
 *   - the makruk / ASEAN count (rules.counting) run past its limit;
 *   - insufficient material (only royals left);
 *   - the material count that decides what the rules would draw.
 * Outcomes are always for the side to move.
 */
#ifndef RULES_H
#define RULES_H

#include "board/movegen.h"
#include "board/position.h"

/* What ended a game: a GUI that cannot verify some of these (XBoard has
 * no makruk count) must not be told of them as a claim. */
typedef enum {
    END_NONE,
    END_IMMEDIATE,       /* n-th check, flag, extinction, bare king, passes, bikjang */
    END_NO_MOVES,        /* mate or stalemate: the side to move has no legal move */
    END_ONLY_PROMOTIONS, /* stalemate where only forbidden promotions are left */
    END_REPETITION,      /* the repetition count, perpetuals included */
    END_MOVE_RULE,       /* the n-move rule */
    END_COUNTING,        /* the makruk / ASEAN count run out */
    END_INSUFFICIENT     /* only royals left */
} EndCause;

typedef struct {
    Outcome outcome;     /* for the side to move: OUTCOME_NONE while the game goes on */
    EndCause cause;
    char    reason[80];  /* "White mates", "stalemate", "3-fold repetition", ... */
    bool    perpetual;   /* decided by perpetual check or chase at a repetition */
    bool    repetition_decisive;   /* won or lost at a repetition by the variant's own
                                      result (chu's), not by a perpetual */
} GameEnd;

/* A win for one side is a loss for the other. */
Outcome outcome_invert(Outcome o);

/* A player's points under rules.material-count (in tenths), bonus
 * included: the points of its pieces on the board. */
int rules_points(const Position *pos, int color);

/* What a draw by rule is for the side to move: a draw, or with
 * rules.material-count, a win for the side with more points.  Every
 * rule that would draw (repetition, the move rule, stalemate, two passes,
 * bikjang, insufficient material) goes through it. */
Outcome rules_drawn(const Position *pos);

/* ---- the rules one at a time ------------------------------------------- */

/* A rule that ends the game at once has fired (n-th check, flag region
 * reached, extinction, bare king: a bared side to move loses unless the
 * rules grant it a reply that bares the other side too; both players
 * passed).  Returns the
 * outcome for the side to move, or OUTCOME_NONE.  `pos` is only changed
 * temporarily (the grace-move test makes and unmakes moves). */
Outcome rules_immediate(Position *pos);

/* Does the opponent stand on its flag, waiting only for the side to
 * move's reply (flag.reply-move: both)?  A reply that leaves it there
 * loses: the search may not stand pat on such a position. */
bool rules_flag_pending(const Position *pos);

/* Has `color` nothing left but royal pieces (a bare king)? */
bool rules_only_royals(const Position *pos, int color);

/* Has the side to move just been bared under a bare-king rule with a
 * grace move?  The outcome is known (rules_immediate looks ahead), but
 * the bared side still plays its reply and referees such as XBoard end
 * the game only after it. */
bool rules_grace_move_pending(const Position *pos);

/* The side to move has no legal move: what that is for it. */
Outcome rules_no_moves(const Position *pos, bool in_check);

/* What one side did with every one of its moves in a repetition cycle. */
typedef enum { PERPETUAL_NONE = 0, PERPETUAL_CHECK, PERPETUAL_CHASE } PerpetualKind;

typedef struct {
    PerpetualKind kind;
    int           side;   /* who checked or chased throughout */
} Perpetual;

/* The position repeats the one `cycle_plies` plies back, often enough for
 * the repetition rule: the outcome for the side to move.  As XBoard judges
 * it: perpetual check (one side checked with every move of the cycle, the
 * other not) takes the variant's perpetual-check outcome; when neither
 * side checked throughout, perpetual chase (one side chased, the other
 * not) takes its perpetual-chase outcome; otherwise the repetition's own.
 * *perpetual (may be NULL) says which and by whom.  A culprit still to
 * move has not repeated the position itself: XBoard lets the game go on
 * (it must deviate), the search counts the line as lost for it. */
Outcome rules_repetition(Position *pos, int cycle_plies, Perpetual *perpetual);

/* Has the move-count rule been reached (checking moves left out where the
 * variant says so; moves from before the recorded history count as
 * quiet)?  The game is then drawn if the side to move has a legal move. */
bool rules_move_rule_reached(Position *pos);

/* Has the count of rules.counting run past its limit?  The game is then
 * drawn unless the side to move is mated. */
/* rules.promotion-stalemate: is the side to move (royal and one piece, not
 * in check) left with only promotions in place?  Then it is stalemated.
 * Uses `scratch` for the legal moves. */
bool rules_only_promotions(Position *pos, MoveList *scratch);

static inline bool rules_count_expired(const Position *pos)
{
    return pos->count_limit && pos->count_ply > pos->count_limit;
}

/* Only royal pieces left on the board and no drops: nobody can mate. */
bool rules_insufficient_material(const Position *pos);

/* ---- what the referee and the protocols use ------------------------------ */

/* Every legal move; none when the game has ended by an immediate rule. */
void rules_legal_moves(Position *pos, MoveList *ml);

/* The moves a player may still make while the referee lets the game go
 * on: rules_legal_moves, plus the grace move of a bared king, and every
 * legal move past an immediate end once pos->play_past_end is set.  For
 * moves that come over a protocol and the move the engine plays. */
void rules_playable_moves(Position *pos, MoveList *ml);

/* How many moves rules_legal_moves refused only because they would mate
 * with a piece that may not drop-mate, or with a piece that may not mate
 * at all among the checkers (perft cross-checks against engines that
 * generate such moves). */
int rules_refused_drop_mates(Position *pos);

/* Make sure the last `plies` moves (as far back as the history goes) know
 * whether they gave check, replaying them where it is not known.  The
 * search calls it once at the root so the rules never replay in the tree. */
void rules_note_checks(Position *pos, int plies);

/* Is the game over in `pos`?  Considers the whole history kept in pos
 * (repetitions since the last irreversible move). */
bool rules_game_end(Position *pos, GameEnd *end);

/* How many times the current position occurred before (same side to move,
 * same hash) since the last irreversible move. */
int rules_repetitions(const Position *pos);

/* The result string for CECP/PGN from an outcome for `side`:
 * "1-0", "0-1", "1/2-1/2". */
const char *rules_result_string(Outcome outcome_for_side, int side);

#endif
