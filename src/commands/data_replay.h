/*
 * data_replay.h — binary training data and the variant it was made for:
 * the fingerprint of the variant's rules that a file carries, and
 * replaying a game record with the variant's own move generator.
 *
 * Moves are stored as indices into the playable moves sorted by their
 * fields (data_playable_moves): the generator's own order depends on the
 * order of the piece lists, which depends on how the position was reached
 * (an unmade capture puts a piece back at the end), so it could not be
 * replayed.  A record still means something only to the rules it was made
 * with.  The fingerprint hashes the sorted playable moves along a few
 * fixed walks from the start position: a change to a piece, the board,
 * promotions or drops changes it, a new evaluation or description does
 * not.  Each segment also ends with a
 * check of its last position, so a change the walks miss is still caught
 * where it matters, at the game it spoils.
 */
#ifndef DATA_REPLAY_H
#define DATA_REPLAY_H

#include "board/movegen.h"
#include "board/position.h"
#include "commands/data_format.h"

/* Called for each recorded position (score and result from White's
 * view); false stops the reading. */
typedef bool (*DataPositionFn)(void *ctx, const Position *pos, int score, double result);

/* rules_playable_moves in the data's order (sorted by the moves' fields). */
void data_playable_moves(Position *pos, MoveList *ml);
void data_sort_moves(MoveList *ml);

/* The fingerprint of v's rules. */
uint64_t data_fingerprint(const Variant *v);

/* The check a segment ends with: FNV-1a of the position's FEN. */
uint32_t data_position_check(const Position *pos);

/* The index of m in ml, or -1. */
int data_move_index(const MoveList *ml, Move m);

typedef struct {
    const Variant *v;
    Position *pos;          /* scratch, the caller's */
    MoveList *moves;        /* scratch, the caller's */
} DataReplayer;

/* Replay one record's payload, calling fn (when not NULL) for its
 * recorded positions; *head gets the game's result and end.  Returns 0,
 * 1 when fn stopped it, -1 with *err when the record does not replay
 * (malformed, an index past the moves, a check that differs). */
int data_replay(DataReplayer *r, const DataBuf *payload, DataGame *head, DataPositionFn fn,
                void *ctx, char *err, size_t errsize);

/* The recorded positions of a payload, counted without replaying; -1 when
 * it is malformed. */
long data_count_positions(const DataBuf *payload, DataGame *head);

#endif
