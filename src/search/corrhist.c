/*
 * corrhist.c — correction history (see corrhist.h).
 */
#include <string.h>
#include "board/zobrist.h"
#include "search/corrhist.h"

static uint32_t slot_of(uint64_t key)
{
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - CORR_BITS));
}

void corr_keys(const Position *pos, TypeMask pawn_types, CorrKeys *k)
{
    uint64_t pawns = 0, material = 0, pieces[2] = { 0, 0 };
    for (int c = 0; c < 2; c++) {
        for (int i = 0; i < pos->nlist[c]; i++) {
            int sq = pos->list[c][i];
            uint8_t code = pos->board[sq];
            if (pawn_types >> code_type(code) & 1)
                pawns ^= zobrist->piece[code][sq];
            else
                pieces[c] ^= zobrist->piece[code][sq];
        }
        /* material: the piece key of (code, count) stands for "count of
           these"; the hand has keys of its own */
        for (int t = 0; t < pos->v->ntypes; t++) {
            uint8_t code = piece_code(t, c);
            material ^= zobrist->piece[code][pos->count[c][t] & (MAX_SQUARES - 1)];
            if (pos->hand[c][t])
                material ^= zobrist_hand(c, t, pos->hand[c][t]);
        }
    }
    k->pawns = slot_of(pawns);
    k->material = slot_of(material);
    k->pieces[0] = slot_of(pieces[0]);
    k->pieces[1] = slot_of(pieces[1]);
}

int corr_value(const CorrHist *ch, int side, const CorrKeys *k)
{
    /* the structure counts double: it is what the evaluation misreads most */
    int sum = 2 * ch->pawns[side][k->pawns] + ch->material[side][k->material]
            + ch->pieces[side][0][k->pieces[0]] + ch->pieces[side][1][k->pieces[1]];
    return sum / (5 * CORR_GRAIN);
}

static void blend(int16_t *e, int target, int weight)
{
    int v = (*e * (256 - weight) + target * weight) / 256;
    *e = (int16_t)(v > CORR_LIMIT ? CORR_LIMIT : v < -CORR_LIMIT ? -CORR_LIMIT : v);
}

void corr_update(CorrHist *ch, int side, const CorrKeys *k, int depth, int score, int eval)
{
    int diff = (score - eval) * CORR_GRAIN;
    if (diff > CORR_LIMIT) diff = CORR_LIMIT;
    if (diff < -CORR_LIMIT) diff = -CORR_LIMIT;
    int weight = depth + 1 < 16 ? depth + 1 : 16;
    blend(&ch->pawns[side][k->pawns], diff, weight);
    blend(&ch->material[side][k->material], diff, weight);
    blend(&ch->pieces[side][0][k->pieces[0]], diff, weight);
    blend(&ch->pieces[side][1][k->pieces[1]], diff, weight);
}

void corr_clear(CorrHist *ch)
{
    memset(ch, 0, sizeof *ch);
}
