/*
 * variant_cmds.c — `menagerie check`, `menagerie list`, `menagerie show`.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "commands/piece_probe.h"
#include "commands/show_svg.h"
#include "commands/variant_cmds.h"
#include "util/number.h"

int cmd_check(int argc, char **argv)
{
    VariantSet set;
    int errors = 0;

    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        fprintf(argc < 2 ? stderr : stdout,
                "Usage: menagerie check FILE...\n"
                "Validate variant files (a directory means every *.yaml in it).\n"
                "Files may extend the built-in variants and each other.\n"
                "Exit status: 0 no errors, 1 errors found, 2 usage.\n");
        return argc < 2 ? 2 : 0;
    }
    varset_init(&set);
    /* The built-ins are what user files extend; they are checked by `make check`. */
    varset_load_builtin(&set, NULL, "");
    for (int i = 1; i < argc; i++) {
        int n = varset_load_path(&set, argv[i], stderr, "");
        errors += n;
        if (n)
            continue;
        printf("%s: ok", argv[i]);
        int shown = 0;
        for (int k = 0; k < set.count; k++) {
            const Variant *v = set.items[k];
            size_t len = strlen(argv[i]);
            if (!strncmp(v->origin, argv[i], len)) {
                printf("%s%s", shown++ ? ", " : " (", v->name);
            }
        }
        printf("%s\n", shown ? ")" : "");
    }
    varset_free(&set);
    return errors ? 1 : 0;
}

/* A variant's title and its other names: "Chess (also normal, fide)". */
static void title_and_aliases(const Variant *v, char *buf, size_t size)
{
    size_t n = (size_t)snprintf(buf, size, "%s", v->title[0] ? v->title : v->name);
    for (int a = 0; a < v->naliases && n < size; a++)
        n += (size_t)snprintf(buf + n, size - n, "%s%s", a ? ", " : " (also ", v->aliases[a]);
    if (v->naliases && n < size)
        snprintf(buf + n, size - n, ")");
}

void variant_print_list(const VariantSet *set, FILE *out)
{
    int width = 8, title_width = 8;
    char title[MAX_ALIASES * (MAX_NAME + 2) + 96];
    for (int i = 0; i < set->count; i++) {
        int n = (int)strlen(set->items[i]->name);
        width = n > width ? n : width;
        title_and_aliases(set->items[i], title, sizeof title);
        n = (int)strlen(title);
        title_width = n > title_width ? n : title_width;
    }
    for (int i = 0; i < set->count; i++) {
        const Variant *v = set->items[i];
        char board[16];
        snprintf(board, sizeof board, "%dx%d", v->files, v->ranks);
        title_and_aliases(v, title, sizeof title);
        fprintf(out, "%-*s  %-6s %-*s  %s%s\n", width, v->name, board, title_width, title,
                v->origin, v->abstract ? " (abstract)" : "");
    }
}

int cmd_list(const VariantSet *set, int argc, char **argv)
{
    if (argc > 1) {
        fprintf(stderr, "Usage: menagerie %s\n"
                        "List the known variants: name, board size, title and other names,\n"
                        "file it came from.\n", argv[0]);
        return 2;
    }
    variant_print_list(set, stdout);
    return 0;
}

/* The board part of a FEN drawn as a diagram (upper case: first player). */
static void print_placement(const Variant *v, const char *fen, FILE *out)
{
    const char *p = fen;
    for (int rank = v->ranks - 1; rank >= 0; rank--) {
        int file = 0;
        fprintf(out, "  %2d ", rank + 1);
        while (*p && *p != '/' && *p != ' ' && *p != '[') {
            if (isdigit((unsigned char)*p)) {
                /* a count beyond the rank just fills it */
                long long k;
                if (number_scan_int(&p, 0, v->files, &k) != NUMBER_OK)
                    k = v->files;
                for (; k > 0 && file < v->files; k--, file++)
                    fputs(" .", out);
                continue;
            }
            if (*p == '+') {
                fprintf(out, "+%c", p[1] ? p[1] : '?');
                p += p[1] ? 2 : 1;
            } else if (*p == '*') {
                fputs("  ", out);
                p++;
            } else {
                fprintf(out, " %c", *p++);
            }
            while (*p == '~' || *p == '!' || *p == '\'')
                p++;
            file++;
        }
        for (; file < v->files; file++)
            fputs(" .", out);
        fputc('\n', out);
        if (*p == '/')
            p++;
    }
    fputs("     ", out);
    for (int f = 0; f < v->files; f++)
        fprintf(out, " %c", 'a' + f);
    fputc('\n', out);
}

static const char *outcome_name(Outcome o)
{
    switch (o) {
    case OUTCOME_LOSS: return "loses";
    case OUTCOME_DRAW: return "draws";
    case OUTCOME_WIN:  return "wins";
    default:           return "-";
    }
}

static void print_types(const Variant *v, TypeMask mask, FILE *out)
{
    for (int t = 0; t < v->ntypes; t++)
        if (mask & type_bit(t))
            fprintf(out, " %s", v->piece[t].id);
}

/* capture-rules contagion, one line per contagious type. */
static void print_contagion(const Variant *v, FILE *out)
{
    for (int u = 0; u < v->ntypes; u++) {
        TypeMask captors = 0;
        for (int t = 0; t < v->ntypes; t++)
            if (variant_contagion(v, t, u) != NO_TYPE)
                captors |= type_bit(t);
        if (!captors)
            continue;
        fputs("Contagion:", out);
        print_types(v, captors, out);
        fprintf(out, " taking %s on the square it lands on becomes %s.\n", v->piece[u].id,
                v->piece[u].id);
    }
}

/* How many squares of `rank` are in the set: -1 for all of them. */
static int rank_coverage(const Variant *v, const SquareSet *set, int rank)
{
    int in = 0, all = 0;
    for (int f = 0; f < v->files; f++) {
        int sq = var_square(v, f, rank);
        if (v->geom.hole[sq])
            continue;
        all++;
        in += sqset_has(set, sq);
    }
    return in == all ? -1 : in;
}

/* Whole ranks as "ranks 1-5" or "rank 8"; false if the set is not made of whole ranks. */
static bool print_ranks(const Variant *v, const SquareSet *set, FILE *out)
{
    int full = 0;
    for (int r = 0; r < v->ranks; r++) {
        int c = rank_coverage(v, set, r);
        if (c > 0)
            return false;
        full += c == -1;
    }
    const char *sep = full == 1 ? " rank " : " ranks ";
    for (int r = 0; r < v->ranks; r++) {
        if (rank_coverage(v, set, r) != -1)
            continue;
        int last = r;
        while (last + 1 < v->ranks && rank_coverage(v, set, last + 1) == -1)
            last++;
        fprintf(out, last > r ? "%s%d-%d" : "%s%d", sep, r + 1, last + 1);
        sep = ", ";
        r = last;
    }
    return true;
}

/* The squares of a set for White: whole ranks, or square by square
 * ("d1 e1 f1 d2 ..."), or a count when that list would be long. */
void variant_print_squares(const Variant *v, const SquareSet *set, FILE *out)
{
    int n = 0, total = v->files * v->ranks;
    for (int sq = 0; sq < total; sq++)
        n += sqset_has(set, sq) && !v->geom.hole[sq];
    if (n == 0) {
        fputs(" no square", out);
        return;
    }
    if (print_ranks(v, set, out))
        return;
    if (n > 24) {
        fprintf(out, " %d squares", n);
        return;
    }
    for (int sq = 0; sq < total; sq++)
        if (sqset_has(set, sq) && !v->geom.hole[sq])
            fprintf(out, " %c%d", 'a' + var_file(v, sq), var_rank(v, sq) + 1);
}

/* The moves of several legs that the one-board diagram cannot show: a
 * pass, and captures in passing (locust victims), drawn with enemies on
 * the nearest squares it takes so. */
static void print_multileg(const Variant *v, const PieceType *pt, const XbBoardView *empty,
                           int from, FILE *out)
{
    if (probe_piece_passes(pt, empty, from))
        fputs("   may pass: it steps out and comes back to its square\n", out);
    XbBoardView view;
    if (!probe_place_victims(v, pt, empty, from, &view))
        return;
    fprintf(out, "   takes in passing the enemies on %c%s, and goes on to a marked square\n",
            XB_MARK_VICTIM, probe_victim_spared(v, pt, &view, from) ? " (not those on E)" : "");
    if (probe_piece_igui(pt, &view, from))
        fputs("   or takes in passing and comes back to its square (igui)\n", out);
    xb_diagram(out, &pt->moves, &pt->table, &view, from, 0);
}

/* One player's promotion choices under a rule ('+' form last). */
static void print_promotion_targets(const Variant *v, const PieceType *pt,
                                    const PromotionRule *r, int color, FILE *out)
{
    print_types(v, r->to[color], out);
    if (pt->promoted != NO_TYPE && !(r->to[color] >> pt->promoted & 1))
        fprintf(out, " %s", v->piece[pt->promoted].id);
    if (r->to_captured[color])
        fputs(" (only types already lost)", out);
}

/* One promotion rule: its choices (each player's when they differ), its
 * zone as White sees it (Black's when White has none), and when captures
 * promote. */
static void print_promotion_rule(const Variant *v, const PieceType *pt,
                                 const PromotionRule *r, FILE *out)
{
    bool white_zone = !sqset_empty(&r->zone[WHITE]);
    if (r->every_move) {
        fprintf(out, "   turns into %s on every move%s\n", v->piece[pt->promoted].id,
                r->capture_only ? " that captures (and only then)" : "");
        return;
    }
    fputs("   promotes to", out);
    print_promotion_targets(v, pt, r, WHITE, out);
    if (r->to[WHITE] != r->to[BLACK] || r->to_captured[WHITE] != r->to_captured[BLACK]) {
        fputs(" for White,", out);
        print_promotion_targets(v, pt, r, BLACK, out);
        fputs(" for Black", out);
    }
    fputs(" on", out);
    variant_print_squares(v, &r->zone[white_zone ? WHITE : BLACK], out);
    if (!white_zone)
        fputs(" (Black only)", out);
    if (r->in_place)
        fprintf(out, " by a move of its own, where it stands%s%s%s",
                r->in_place_step ? " or one move of the new piece away" : "",
                r->in_place_alone ? " (anywhere when it is the last of its type)" : "",
                r->in_place_peaceful ? "; the new piece may not attack, nor the move check" : "");
    if (r->capture_only)
        fputs(" (only by a capture)", out);
    if (r->on_capture_within || r->on_capture_leave)
        fprintf(out, " (%sby a capture also %s)",
                r->on_enter ? "entering; " : "",
                r->on_capture_within && r->on_capture_leave
                ? "inside or leaving" : r->on_capture_within ? "inside" : "leaving");
    fputc('\n', out);
}

static void print_piece(const Variant *v, int t, FILE *out)
{
    const PieceType *pt = &v->piece[t];
    XbBoardView view;
    int from = probe_piece_square(v, pt);

    fprintf(out, "\n%s  %s  %s", pt->id, pt->name, pt->betza);
    if (pt->value)
        fprintf(out, "  value %d", pt->value);
    if (pt->royal)
        fputs("  royal", out);
    if (!pt->capturable)
        fputs("  cannot be captured", out);
    if (pt->synonyms[0])
        fprintf(out, "  also written %s", pt->synonyms);
    if (pt->rank)
        fprintf(out, "  rank %d", pt->rank);
    fputc('\n', out);
    if (pt->range_capture)
        fprintf(out, "   range-capture: its capturing slides jump pieces ranked below %d\n",
                pt->rank);
    if (pt->burns != BURN_NEVER)
        fprintf(out, "   burns the enemy pieces next to where it lands%s\n",
                pt->burns == BURN_ALWAYS ? ", and an enemy piece that moves next to it" : "");
    for (int i = 0; pt->can_promote && i < pt->npromo; i++)
        print_promotion_rule(v, pt, &pt->promo[i], out);
    if (pt->confined) {
        fputs("   confined to", out);
        variant_print_squares(v, &pt->allowed[WHITE], out);
        fputc('\n', out);
    }
    for (int i = 0; i < pt->nextra; i++) {
        const ExtraMoves *e = &pt->extra[i];
        fprintf(out, "   also %.*s on", e->text_len, pt->extra_text + e->text_at);
        variant_print_squares(v, &e->from[WHITE], out);
        if (e->within_given) {
            fputs(", along", out);
            variant_print_squares(v, &e->within[WHITE], out);
        }
        fputc('\n', out);
    }
    if (pt->flips)
        fprintf(out, "   turns back into %s on every move%s\n", v->piece[pt->demotes_to].id,
                pt->flip_capture_only ? " that captures (and only then)" : "");
    if (pt->drop_promoted)
        fprintf(out, "   may be dropped as %s too\n", v->piece[pt->promoted].id);
    if (pt->id[0] == '+' && pt->demotes_to != NO_TYPE)
        fprintf(out, "   becomes %s when captured\n", v->piece[pt->demotes_to].id);
    probe_piece_view(v, pt, &view);
    xb_diagram(out, &pt->moves, &pt->table, &view, from, 0);
    print_multileg(v, pt, &view, from, out);
}

/* "Castling: the king goes to g (short) or c (long)."; with several
 * destinations a side, "to i or h (short)", "to c, b or d (long)". */
/* " a or h": the files of a set (bit f: file f). */
static void print_files(uint32_t files, FILE *out)
{
    const char *sep = " ";
    for (int f = 0; files >> f; f++)
        if (files >> f & 1) {
            fprintf(out, "%s%c", sep, 'a' + f);
            sep = files >> (f + 1) & ((files >> (f + 1)) - 1) ? ", " : " or ";
        }
}

static void print_castling(const Variant *v, FILE *out)
{
    const Castling *cs = &v->castling;
    fputs("Castling: the king goes to", out);
    for (int s = CASTLE_SHORT; s <= CASTLE_LONG; s++) {
        if (s == CASTLE_LONG)
            fputs(" or", out);
        for (int i = 0; i < cs->nto[s]; i++)
            fprintf(out, "%s%c", i == 0 ? " " : i == cs->nto[s] - 1 ? " or " : ", ",
                    'a' + cs->king_to[s][i]);
        fputs(s == CASTLE_SHORT ? " (short)" : " (long)", out);
    }
    if (cs->nto[CASTLE_SHORT] > 1 || cs->nto[CASTLE_LONG] > 1)
        fputs(" (O-O and O-O-O: the first of each)", out);
    if (cs->king_steps)
        fprintf(out, " from its usual file; from any other it moves %d files towards the rook",
                cs->king_steps);
    if (v->rotated)
        fputs(" for White; Black's files are those turned round (a for j)", out);
    fprintf(out, "%s.\n", cs->shuffle ? ", Chess960 style" : "");
    if (cs->dropped_king_files) {
        fputs("A king dropped on file", out);
        print_files(cs->dropped_king_files, out);
        fputs(" of its castling rank may castle with partners dropped on file", out);
        print_files(cs->dropped_partner_files, out);
        fputs(".\n", out);
    }
}

/* The `turn` section, when turns have several moves: "Turns: White 2 moves, Black 1; ...". */
static void print_turn(const Variant *v, FILE *out)
{
    const Turn *t = &v->turn;
    if (!t->multi)
        return;
    if (t->progressive)
        fputs("Turns: the k-th turn of the game has k moves", out);
    else if (t->moves[WHITE] == t->moves[BLACK])
        fprintf(out, "Turns: %d moves each", t->moves[WHITE]);
    else
        fprintf(out, "Turns: White %d move%s, Black %d", t->moves[WHITE],
                t->moves[WHITE] == 1 ? "" : "s", t->moves[BLACK]);
    if (t->first)
        fprintf(out, ", White's first turn %d", t->first);
    if (t->check == TURN_CHECK_ENDS_TURN)
        fputs("; a check ends the turn", out);
    else if (t->check == TURN_CHECK_LAST_MOVE)
        fputs("; only the last move of a turn may give check", out);
    fputs(t->safety_by_turn ? "; a king may stand attacked in the middle of its turn, and no turn"
          " may end with it capturable in the opponent's next turn" : "; every move must leave"
          " the king safe", out);
    fputs(".\n", out);
}

/* rules.counting in words: when the count runs and its limits. */
static void print_counting(const Variant *v, FILE *out)
{
    const Counting *k = &v->rules.counting;
    fputs("Counting: ", out);
    if (k->not_while) {
        fputs("once no", out);
        print_types(v, k->not_while, out);
        fputs(" is left, ", out);
    }
    fputs("the player to move against more than a bare king counts, and the game is drawn"
          " when the count passes its limit (unless mate):", out);
    if (k->board)
        fprintf(out, " %d moves while the counting player has more than the king"
                " (board's honour);", k->board);
    fputs(" with only its king, by the opponent's pieces", out);
    for (int i = 0; i < k->nrows; i++) {
        const CountRow *row = &k->rows[i];
        fputs(i ? "," : "", out);
        if (!row->types)
            fputs(" otherwise", out);
        for (int t = 0; t < v->ntypes; t++)
            if (row->need[t])
                fprintf(out, " %s%d %s", row->types & (((TypeMask)1 << t) - 1) ? "+ " : "",
                        row->need[t], v->piece[t].id);
        fprintf(out, ": %d", row->moves);
    }
    if (!k->nrows)
        fputs(" no count", out);
    fprintf(out, " moves (pieces' honour, counted from %s); a capture that bares the counting"
            " player starts the count again.\n",
            k->style == COUNTING_MAKRUK ? "the pieces on the board" : "one");
}

static void print_rules(const Variant *v, FILE *out)
{
    const Rules *r = &v->rules;
    fprintf(out, "\nRules: the checkmated player %s, the stalemated player %s",
            outcome_name(r->checkmated),
            r->stalemate_material ? "wins with fewer pieces" : outcome_name(r->stalemated));
    if (r->repetition_count)
        fprintf(out, ", %d-fold repetition %s%s", r->repetition_count, outcome_name(r->repetition),
                r->repetition_across_turns ? " (also across a piece's turn)" : "");
    if (r->repetition_count && r->perpetual_check != OUTCOME_NONE
        && r->perpetual_check != r->repetition)
        fprintf(out, " but the player giving perpetual check %s",
                outcome_name(r->perpetual_check));
    if (r->move_rule)
        fprintf(out, ", %d-move rule%s", r->move_rule,
                r->move_rule_skips_checks ? " (checks do not count)" : "");
    fputs(".\n", out);
    print_turn(v, out);
    if (r->bare_king != OUTCOME_NONE)
        fprintf(out, "A player left with a bare king %s%s.\n", outcome_name(r->bare_king),
                r->bare_king_grace ? " (unless the other king can be bared in reply)" : "");
    if (r->extinction && r->extinction_count) {
        fprintf(out, "A player left with %d or fewer of", r->extinction_count);
        print_types(v, r->extinction, out);
        fprintf(out, "%s %s.\n", r->extinction_together ? " together" : "",
                outcome_name(r->extinction_result));
    } else if (r->extinction) {
        fprintf(out, "A player who loses %s of", r->extinction_together ? "all" : "every piece of one");
        print_types(v, r->extinction, out);
        fprintf(out, " %s.\n", outcome_name(r->extinction_result));
    }
    if (r->flag_pieces) {
        fputs("Reaching the flag region with", out);
        print_types(v, r->flag_pieces, out);
        fprintf(out, " %s", outcome_name(r->flag_result));
        if (r->flag_reply == FLAG_REPLY_SECOND)
            fputs("; but when White arrives first, Black may arrive too in reply, a draw", out);
        else if (r->flag_reply == FLAG_REPLY_BOTH)
            fputs(" if the piece still stands there after the opponent's reply"
                  " (a draw if the reply arrives too)", out);
        fputs(".\n", out);
    }
    if (r->shak_types) {
        fputs("A mate wins only if the mater's unbroken series of checks that ends in it"
              " has a shak, a check by", out);
        print_types(v, r->shak_types, out);
        fprintf(out, "; the player mated without one %s.\n", outcome_name(r->shak_missing));
    }
    TypeMask never_mate = 0;
    for (int t = 0; t < v->ntypes; t++)
        if (v->piece[t].no_mate)
            never_mate |= type_bit(t);
    if (never_mate) {
        fputs("No move may mate with one of these among the checkers:", out);
        print_types(v, never_mate, out);
        fputs(".\n", out);
    }
    if (r->check_limit)
        fprintf(out, "Giving check %d time%s wins.\n", r->check_limit, r->check_limit == 1 ? "" : "s");
    if (r->counting.on)
        print_counting(v, out);
    if (r->check_evasion == EVASION_ROYAL_CAPTURES_ONLY)
        fputs("A royal piece in check may not move, except to capture the one piece that"
              " gives check.\n", out);
    if (r->initial_not_in_check) {
        fputs("A player in check may not make the initial ('i') moves of", out);
        print_types(v, r->initial_not_in_check, out);
        fputs(".\n", out);
    }
    if (r->initial_rights_in_fen)
        fputs("The FEN's castling field keeps the initial-move rights of back-rank pieces"
              " as file letters.\n", out);
    if (r->must_capture)
        fputs("Capturing is compulsory.\n", out);
    if (r->royal_last)
        fputs("No royal piece is in check while its player has two or more.\n", out);
    if (r->lions) {
        fputs("Lions", out);
        print_types(v, r->lions, out);
        fputs(":", out);
        if (r->lion_afar_protected) {
            fputs(" a lion may not take a protected lion from afar unless it took on the way"
                  " a piece other than", out);
            print_types(v, r->lion_cheap_victims, out);
            fputs(";", out);
        }
        if (r->lion_near_protected)
            fputs(" nor from the next square, nor on its way (by igui, or stepping on),"
                  " a lion protected after the move;", out);
        if (r->lion_counter_strike)
            fputs(" after a piece that is no lion took a lion, the reply may not take one", out);
        fputs(".\n", out);
    }
    /* (on a file, the default, goes without saying) */
    const char *line = r->facing_lines == (FACING_FILES | FACING_RANKS) ? " on a file or rank"
                     : r->facing_lines == FACING_RANKS ? " on a rank" : "";
    if (r->facing_royals_illegal)
        fprintf(out, "Royal pieces may not face each other%s.\n", line);
    if (r->royal_no_slide_through_attack)
        fputs("A royal piece may not slide through an attacked square (en-passant check).\n",
              out);
    if (r->facing_royals_bikjang)
        fprintf(out, "Royal pieces made to face each other%s must be parted at once, or a "
                "pass ends the game (bikjang).\n", line);
    if (r->pass != PASS_NEVER)
        fputs("A player not in check may pass; two passes in a row end the game.\n", out);
    if (r->material_count) {
        fputs("What would be drawn goes to the player with more points", out);
        const char *sep = ": ";
        for (int t = 0; t < v->ntypes; t++)
            if (r->count_points[t]) {
                fprintf(out, "%s%s %d.%d", sep, v->piece[t].id, r->count_points[t] / 10,
                        r->count_points[t] % 10);
                sep = ", ";
            }
        for (int c = 0; c < 2; c++)
            if (r->count_bonus[c]) {
                fprintf(out, "%sthe %s player %d.%d more", sep, c == WHITE ? "first" : "second",
                        r->count_bonus[c] / 10, r->count_bonus[c] % 10);
                sep = ", ";
            }
        fputs(".\n", out);
    }
    for (int t = 0; t < v->ntypes; t++) {
        if (v->no_capture[t]) {
            fprintf(out, "%s may not capture", v->piece[t].id);
            print_types(v, v->no_capture[t], out);
            fputs(".\n", out);
        }
        if (v->no_hop[t]) {
            fprintf(out, "%s may not jump over", v->piece[t].id);
            print_types(v, v->no_hop[t], out);
            fputs(".\n", out);
        }
    }
    print_contagion(v, out);
    if (v->castling.enabled)
        print_castling(v, out);
    if (v->hand.enabled && v->hand.captures == CAPTURES_DISCARD)
        fputs("Pieces in hand may be dropped; captured pieces leave the game.\n", out);
    else if (v->hand.enabled && v->hand.captures == CAPTURES_TO_OWNER)
        fputs("Captured pieces go to their owner's hand and may be dropped.\n", out);
    else if (v->hand.enabled)
        fputs("Captured pieces go to a hand and may be dropped.\n", out);
    if (!v->hand.enabled)
        return;
    if (v->hand.must_drop == type_mask_all(v->ntypes))
        fputs("A player holding pieces must drop one while a drop is legal (a setup phase).\n",
              out);
    else if (v->hand.must_drop) {
        fputs("A player holding", out);
        print_types(v, v->hand.must_drop, out);
        fputs(" must drop a piece while a drop is legal.\n", out);
    }
    if (v->drop_colour_types) {
        fputs("Dropped on squares of both colours:", out);
        print_types(v, v->drop_colour_types, out);
        fputs(".\n", out);
    }
    TypeMask no_mate = 0, no_check = 0;
    for (int t = 0; t < v->ntypes; t++) {
        if (v->piece[t].drop_no_check)
            no_check |= type_bit(t);
        else if (v->piece[t].drop_no_mate)
            no_mate |= type_bit(t);
    }
    if (no_check) {
        fputs("A drop may not give check:", out);
        print_types(v, no_check, out);
        fputs(".\n", out);
    }
    if (no_mate) {
        fputs("A drop may not give mate:", out);
        print_types(v, no_mate, out);
        fputs(".\n", out);
    }
}

void variant_print_show(const Variant *v, FILE *out)
{
    fprintf(out, "%s — %s (%dx%d board, %s)\n", v->name, v->title, v->files, v->ranks, v->origin);
    if (v->naliases) {
        fputs("Also known as:", out);
        for (int a = 0; a < v->naliases; a++)
            fprintf(out, " %s", v->aliases[a]);
        fputc('\n', out);
    }
    if (v->url[0])
        fprintf(out, "%s\n", v->url);
    if (v->description[0])
        fprintf(out, "%s\n", v->description);
    fprintf(out, "\nStart position: %s\n", v->start_fen);
    print_placement(v, v->start_fen, out);
    fprintf(out, "\nPieces (moves shown for White; %c the piece, %c move or capture, "
            "%c move only, %c capture only):\n", XB_MARK_PIECE, XB_MARK_BOTH, XB_MARK_MOVE,
            XB_MARK_CAPT);
    for (int t = 0; t < v->ntypes; t++)
        print_piece(v, t, out);
    print_rules(v, out);
}

static void show_usage(FILE *out)
{
    fprintf(out, "Usage: menagerie show VARIANT... [--svg FILE]\n"
                 "Show each variant's start position and its pieces' moves (a blank\n"
                 "line between variants).\n"
                 "  --svg FILE   draw them instead as one SVG 1.1 picture: the start\n"
                 "               position (with the hands), a legend, and a diagram of\n"
                 "               each piece's moves, multi-leg paths, promotion zone\n"
                 "               and drops; FILE '-' is standard output (one variant)\n");
}

/* Write the picture of `v` to `path` ("-": standard output); 0, or 1
 * with a message when it cannot be written. */
static int write_svg(const Variant *v, const char *path)
{
    bool to_stdout = !strcmp(path, "-");
    FILE *out = to_stdout ? stdout : fopen(path, "w");
    if (!out) {
        fprintf(stderr, "menagerie show: cannot write '%s': %s\n", path, strerror(errno));
        return 1;
    }
    int rc = show_svg_write(v, out);
    bool failed = ferror(out) != 0;
    if (to_stdout)
        failed |= fflush(out) != 0;
    else
        failed |= fclose(out) != 0;
    if (rc != 0 || failed) {
        fprintf(stderr, "menagerie show: cannot write '%s': %s\n", path,
                rc != 0 ? "out of memory" : strerror(errno));
        return 1;
    }
    return 0;
}

/* The variant called `name`, or NULL with a message (and a suggestion). */
static const Variant *find_to_show(const VariantSet *set, const char *name)
{
    const Variant *v = varset_find(set, name);
    if (!v) {
        const char *hint = varset_suggest(set, name);
        if (hint)
            fprintf(stderr, "menagerie show: unknown variant '%s' (did you mean '%s'?)\n",
                    name, hint);
        else
            fprintf(stderr, "menagerie show: unknown variant '%s' (see 'menagerie list')\n",
                    name);
    }
    return v;
}

int cmd_show(const VariantSet *set, int argc, char **argv)
{
    const char *svg = NULL;
    int nnames = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            show_usage(stdout);
            return 0;
        }
        if (!strcmp(argv[i], "--svg") && i + 1 < argc) {
            svg = argv[++i];
        } else if (!strncmp(argv[i], "--svg=", 6) && argv[i][6]) {
            svg = argv[i] + 6;
        } else if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "menagerie show: %s '%s'\n",
                    strcmp(argv[i], "--svg") ? "unknown option" : "no file after", argv[i]);
            show_usage(stderr);
            return 2;
        } else {
            argv[++nnames] = argv[i];   /* the names, in order, from argv[1] on */
        }
    }
    if (nnames == 0 || (svg && nnames > 1)) {
        show_usage(stderr);
        return 2;
    }
    /* every name first: an unknown one is a usage error, as for perft and
       eval, and nothing is shown */
    for (int i = 1; i <= nnames; i++)
        if (!find_to_show(set, argv[i]))
            return 2;
    if (svg)
        return write_svg(varset_find(set, argv[1]), svg);
    for (int i = 1; i <= nnames; i++) {
        if (i > 1)
            putchar('\n');
        variant_print_show(varset_find(set, argv[i]), stdout);
    }
    return 0;
}
