/*
 * fen_variants.h — the variants the FEN target reads positions in: the
 * input's first byte picks one (byte % count).  tests/fuzz/seeds.sh reads
 * this list too (one quoted name per line, index = line order) to give
 * each seed FEN the byte of its variant.
 */
static const char *const fen_variants[] = {
    "chess",
    "fischerandom",
    "crazyhouse",
    "seirawan",
    "shogi",
    "minishogi",
    "euroshogi",
    "xiangqi",
    "minixiangqi",
    "grand",
    "capablanca",
    "gothic",
    "janus",
    "embassy",
    "courier",
    "shatranj",
    "makruk",
    "3check",
    "atomic",
    "horde",
    "berolina",
    "extinction",
    "giveaway",
    "losers",
    "kingofthehill",
    "knightmate",
    "nursery",
    "menagerie",
    "los-alamos",
};
