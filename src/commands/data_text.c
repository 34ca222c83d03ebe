/*
 * data_text.c — game records as text lines and back (data_text.h).
 */
#include <stdlib.h>
#include <string.h>
#include "board/rules.h"
#include "commands/data_text.h"
#include "notation/fen.h"
#include "util/alloc.h"

#define END_LINE "# game "

static const char *const result_text[3] = { "0.0", "0.5", "1.0" };   /* by White's half points */

/* ---- binary to text ------------------------------------------------------------ */

typedef struct {
    DataBuf *out;
    long positions;
} Lines;

static bool add_line(void *ctx, const Position *pos, int score, double result)
{
    Lines *l = ctx;
    char line[FEN_MAX + 32];
    training_data_line(pos, score, result, line, sizeof line);
    databuf_put(l->out, line, strlen(line));
    l->positions++;
    return true;
}

long data_text_of_game(DataReplayer *r, const DataBuf *payload, DataBuf *out, char *err,
                       size_t errsize)
{
    Lines l = { out, 0 };
    DataGame head;
    size_t before = out->len;
    if (data_replay(r, payload, &head, add_line, &l, err, errsize) != 0) {
        out->len = before;
        return -1;
    }
    if (head.has_end) {
        char line[DATA_REASON_MAX + 64];
        int n = snprintf(line, sizeof line, END_LINE "%lld: %s in %d plies, %s\n", head.number,
                         result_text[head.white_halves], head.plies, head.reason);
        databuf_put(out, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    }
    return l.positions;
}

/* ---- text to binary ------------------------------------------------------------- */

void data_text_encoder_init(DataTextEncoder *e, const Variant *v)
{
    memset(e, 0, sizeof *e);
    e->rp.v = v;
    e->rp.pos = alloc_memory(sizeof *e->rp.pos);
    e->rp.moves = alloc_memory(sizeof *e->rp.moves);
    e->replies = alloc_memory(sizeof *e->replies);
}

void data_text_encoder_free(DataTextEncoder *e)
{
    data_game_free(&e->game);
    free(e->rp.pos);
    free(e->rp.moves);
    free(e->replies);
}

static bool same_position(const Position *a, const char *fen_b, uint64_t hash_b)
{
    if (a->hash != hash_b)
        return false;
    char fen[FEN_MAX];
    position_get_fen(a, fen, sizeof fen);
    return strcmp(fen, fen_b) == 0;
}

/* The one or two moves from e->rp.pos to the position `fen` (hash): their
 * indices into path[]; returns how many, 0 when none reaches it. */
static int find_path(DataTextEncoder *e, const char *fen, uint64_t hash, int path[2])
{
    Position *pos = e->rp.pos;
    MoveList *first = e->rp.moves, *second = e->replies;
    GameEnd end;
    if (rules_game_end(pos, &end))
        return 0;
    data_playable_moves(pos, first);
    for (int i = 0; i < first->n; i++) {
        position_make(pos, first->m[i]);
        bool found = same_position(pos, fen, hash);
        position_unmake(pos);
        if (found) {
            path[0] = i;
            return 1;
        }
    }
    for (int i = 0; i < first->n; i++) {
        position_make(pos, first->m[i]);
        if (!rules_game_end(pos, &end)) {
            data_playable_moves(pos, second);
            for (int j = 0; j < second->n; j++) {
                position_make(pos, second->m[j]);
                bool found = same_position(pos, fen, hash);
                position_unmake(pos);
                if (found) {
                    position_unmake(pos);
                    path[0] = i, path[1] = j;
                    return 2;
                }
            }
        }
        position_unmake(pos);
    }
    return 0;
}

/* Start a segment at `fen`: the encoder's position is set from the FEN
 * as a reader will set it. */
static void start_segment(DataTextEncoder *e, const char *fen)
{
    char err[256];
    data_game_segment(&e->game, fen);
    position_set_fen(e->rp.pos, e->rp.v, fen, err, sizeof err);
    e->plies = 0;
}

static void close_segment(DataTextEncoder *e)
{
    data_game_segment_end(&e->game, true, e->pending_score, data_position_check(e->rp.pos));
}

static void close_game(DataTextEncoder *e, DataBuf *out)
{
    if (e->open)
        close_segment(e);
    data_game_frame(&e->game, out);
    e->open = false;
}

void data_text_flush(DataTextEncoder *e, DataBuf *out)
{
    if (e->open)
        close_game(e, out);
}

void data_text_add(DataTextEncoder *e, const Position *pos, int score, double result,
                   DataBuf *out)
{
    int halves = result > 0.75 ? 2 : result < 0.25 ? 0 : 1;
    if (e->open && halves != e->game.white_halves)
        close_game(e, out);
    char fen[FEN_MAX];
    position_get_fen(pos, fen, sizeof fen);
    int path[2], n = 0;
    if (!e->open) {
        data_game_reset(&e->game);
        e->game.white_halves = halves;
        e->open = true;
        start_segment(e, fen);
    } else if (e->plies < MAX_PLY_HISTORY - 8 && (n = find_path(e, fen, pos->hash, path)) > 0) {
        data_playable_moves(e->rp.pos, e->rp.moves);
        data_game_ply(&e->game, path[0], true, e->pending_score);
        position_make(e->rp.pos, e->rp.moves->m[path[0]]);
        if (n == 2) {
            data_playable_moves(e->rp.pos, e->rp.moves);
            data_game_ply(&e->game, path[1], false, 0);
            position_make(e->rp.pos, e->rp.moves->m[path[1]]);
        }
        e->plies += n;
    } else {
        close_segment(e);
        start_segment(e, fen);
    }
    e->pending_score = score;
}

bool data_text_end_line(DataTextEncoder *e, const char *line, DataBuf *out)
{
    long long number;
    int plies, used = 0;
    char result[4];
    if (strncmp(line, END_LINE, strlen(END_LINE)) != 0
        || sscanf(line + strlen(END_LINE), "%lld: %3s in %d plies, %n", &number, result, &plies,
                  &used) != 3 || used == 0)
        return false;
    int halves = strcmp(result, "1.0") == 0 ? 2 : strcmp(result, "0.5") == 0 ? 1
               : strcmp(result, "0.0") == 0 ? 0 : -1;
    if (halves < 0 || number < 0 || plies < 0)
        return false;
    if (e->open && halves != e->game.white_halves)
        close_game(e, out);
    if (!e->open) {                 /* a game with no position kept */
        data_game_reset(&e->game);
        e->game.white_halves = halves;
    }
    const char *reason = line + strlen(END_LINE) + used;
    size_t len = strcspn(reason, "\r\n");
    e->game.has_end = true;
    e->game.number = number;
    e->game.plies = plies;
    snprintf(e->game.reason, sizeof e->game.reason, "%.*s", (int)len, reason);
    close_game(e, out);
    return true;
}
