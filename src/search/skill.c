/*
 * skill.c — the strength levels (skill.h): how each one searches and
 * picks its move, and what it is worth.
 *
 * A level is a node budget, a depth cap and a margin.  The budget makes
 * a level's play the same on any machine and at any time control long
 * enough for it (and the weak levels answer at once); the depth cap keeps
 * the low levels short-sighted even where nodes are cheap (a bare
 * ending).  The margin drives the pick among the SKILL_LINES best root
 * moves (after Stockfish's Skill::pick_best, simplified): each line's
 * score gets a random bonus below the margin, and the line with the
 * highest sum is played.  So a level plays a move up to its margin worse
 * than the best it found, the closer to the best the likelier: the
 * weakest now and then leaves a piece to be taken, the strongest weakened
 * level only varies between moves its search finds nearly equal, which
 * is where its games differ.
 */
#include "search/skill.h"

typedef struct {
    int      depth;         /* deepest iteration */
    uint64_t nodes;         /* no iteration starts after this many nodes */
    int      margin;        /* centipawns: the random bonus of a line is below it */
    int      elo;           /* what the level is worth (see below) */
} SkillLevel;

/* One row per weakened level; the margin is 1000 * 0.8^level.
 *
 * The Elo column is on a scale where Fairy-Max 5.0b counts 2000 (a
 * convention that fixes the scale, not a rating-list figure), measured in
 * chess at 2+0.02, one game at a time, from tools/openings/normal.fen
 * (menagerie(6), STRENGTH, lists every match): levels 7, 10, 12 and 15
 * from their score against Fairy-Max; levels 5, 2 and 0 one below the
 * other from matches between levels (5 against 7, 2 against 5, 0
 * against 2), as Fairy-Max and Sjaak II win every game against them;
 * full strength from its score against level 15 (which agrees with its
 * score against Fairy-Max), and level 19 from its score against full
 * strength.  The levels between are interpolated. */
static const SkillLevel levels[SKILL_MAX] = {
    /* depth  nodes   margin   elo */
    {  1,     150,    1000,    900 },   /* self-play chain */
    {  2,     250,     800,   1040 },
    {  2,     400,     640,   1190 },   /* self-play chain */
    {  3,     600,     512,   1300 },
    {  3,    1000,     410,   1400 },
    {  4,    1500,     328,   1510 },   /* self-play chain */
    {  4,    2500,     262,   1700 },
    {  5,    4000,     210,   1890 },   /* Fairy-Max */
    {  5,    6000,     168,   1980 },
    {  6,   10000,     134,   2060 },
    {  6,   15000,     107,   2150 },   /* Fairy-Max */
    {  7,   25000,      86,   2200 },
    {  8,   40000,      69,   2260 },   /* Fairy-Max */
    {  9,   60000,      55,   2290 },
    { 10,  100000,      44,   2320 },
    { 11,  150000,      35,   2350 },   /* Fairy-Max */
    { 12,  250000,      28,   2365 },
    { 14,  400000,      23,   2380 },
    { 16,  600000,      18,   2395 },
    { 18, 1000000,      14,   2410 },   /* self-play */
};

/* Full strength, on the same scale (measured against level 15). */
#define SKILL_FULL_ELO 2530

static const SkillLevel *level_of(int level)
{
    if (level < SKILL_MIN)
        level = SKILL_MIN;
    return &levels[level < SKILL_MAX ? level : SKILL_MAX - 1];
}

/* An iteration seldom takes more than a few times the nodes of the one
 * before: the hard cap only ends one that runs away. */
#define SKILL_HARD_NODES 4

uint64_t skill_limit(int level, SearchLimits *lim)
{
    if (!skill_weakened(level))
        return 0;
    const SkillLevel *l = level_of(level);
    uint64_t hard = l->nodes * SKILL_HARD_NODES;
    if (lim->depth <= 0 || lim->depth > l->depth)
        lim->depth = l->depth;
    if (lim->nodes == 0 || lim->nodes > hard)
        lim->nodes = hard;
    if (lim->multipv < SKILL_LINES)
        lim->multipv = SKILL_LINES;
    return l->nodes;
}

/* splitmix64: the pick's random numbers, from a state the caller keeps. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

int skill_pick(int level, const int *score, int n, uint64_t *rng)
{
    if (!skill_weakened(level))
        return 0;
    uint64_t margin = (uint64_t)level_of(level)->margin;
    int chosen = 0;
    long long chosen_value = 0;
    for (int i = 0; i < n; i++) {
        long long value = score[i] + (long long)(next_random(rng) % margin);
        if (i == 0 || value > chosen_value) {
            chosen_value = value;
            chosen = i;
        }
    }
    return chosen;
}

int skill_elo(int level)
{
    return skill_weakened(level) ? level_of(level)->elo : SKILL_FULL_ELO;
}

int skill_level_of_elo(int elo)
{
    int level = SKILL_MIN;
    while (level + 1 < SKILL_MAX && levels[level + 1].elo <= elo)
        level++;
    return level;
}
