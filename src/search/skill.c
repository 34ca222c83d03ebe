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
 * weakest now and then leaves a queen hanging, the strongest weakened
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

/* One row per weakened level; the margin is 1000 * 0.8^level.  The Elo
 * column is on a scale where Fairy-Max 5.0b counts 2000 (a convention
 * for the scale, not a rating-list figure).  Levels 0, 5, 10 and 15 were
 * measured in chess at 2+0.02 against Fairy-Max 5.0b and Sjaak II 1.4.1,
 * the others are interpolated; menagerie(6) lists the matches. */
static const SkillLevel levels[SKILL_MAX] = {
    /* depth  nodes   margin  elo */
    {  1,     150,    1000,    800 },
    {  2,     250,     800,    870 },
    {  2,     400,     640,    940 },
    {  3,     600,     512,   1010 },
    {  3,    1000,     410,   1080 },
    {  4,    1500,     328,   1150 },
    {  4,    2500,     262,   1230 },
    {  5,    4000,     210,   1310 },
    {  5,    6000,     168,   1390 },
    {  6,   10000,     134,   1470 },
    {  6,   15000,     107,   1550 },
    {  7,   25000,      86,   1630 },
    {  8,   40000,      69,   1710 },
    {  9,   60000,      55,   1790 },
    { 10,  100000,      44,   1870 },
    { 11,  150000,      35,   1950 },
    { 12,  250000,      28,   2030 },
    { 14,  400000,      23,   2110 },
    { 16,  600000,      18,   2190 },
    { 18, 1000000,      14,   2270 },
};

/* Full strength: the same scale, measured like the levels. */
#define SKILL_FULL_ELO 2400

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
