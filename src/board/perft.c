/*
 * perft.c — leaf counts of the legal move tree.  The last ply is counted,
 * not made (bulk counting), since rules_legal_moves already proved each
 * move legal.  Divide and reference suites, which read and write text,
 * are commands/perft_suite.c.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "board/movegen.h"
#include "board/rules.h"
#include "board/perft.h"

static uint64_t perft_rec(Position *pos, int depth, MoveList *lists)
{
    MoveList *ml = &lists[0];
    rules_legal_moves(pos, ml);
    if (depth == 1)
        return (uint64_t)ml->n;
    uint64_t nodes = 0;
    for (int i = 0; i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        nodes += perft_rec(pos, depth - 1, lists + 1);
        position_unmake(pos);
    }
    return nodes;
}

uint64_t perft_refused_drop_mates(Position *pos, int depth)
{
    if (depth == 1)
        return (uint64_t)rules_refused_drop_mates(pos);
    MoveList *ml = malloc(sizeof *ml);
    if (!ml)
        return 0;
    rules_legal_moves(pos, ml);
    uint64_t n = 0;
    for (int i = 0; i < ml->n; i++) {
        position_make(pos, ml->m[i]);
        n += perft_refused_drop_mates(pos, depth - 1);
        position_unmake(pos);
    }
    free(ml);
    return n;
}

uint64_t perft_count(Position *pos, int depth)
{
    if (depth <= 0)
        return 1;
    MoveList *lists = malloc((size_t)depth * sizeof *lists);
    if (!lists)
        return 0;
    uint64_t n = perft_rec(pos, depth, lists);
    free(lists);
    return n;
}
