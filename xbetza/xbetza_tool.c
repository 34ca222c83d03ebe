/*
 * xbetza_tool.c — the `xbetza` command: read an XBetza string, check it,
 * print its canonical form, and draw its moves on a board (see
 * man/xbetza.1).  Exit status: 0 fine, 1 bad XBetza, 2 bad usage.
 */
#include "xbetza.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

typedef struct {
    int         files, ranks;
    const char *square, *friends, *enemies, *royals, *holes, *ep;
    bool        black, not_virgin, king, compat, print, list, color, quiet;
} Options;

static void usage(FILE *out)
{
    fprintf(out,
        "usage: xbetza [options] XBETZA\n"
        "Check an XBetza piece description and show its moves on a board.\n\n"
        "  -b, --board FxR        board size, 1x1 to 16x16 (default 8x8)\n"
        "  -s, --square SQ        square of the piece (default: near the centre)\n"
        "  -f, --friend LIST      friendly pieces, e.g. d6,e7\n"
        "  -e, --enemy LIST       enemy pieces\n"
        "  -r, --royal LIST       which of those pieces are royal\n"
        "      --holes LIST       squares that are not part of the board\n"
        "      --ep SQ            en-passant square\n"
        "  -B, --black            the piece is Black (moves toward rank 1)\n"
        "      --not-virgin       the piece has moved ('i' moves unavailable)\n"
        "  -k, --king             the piece is royal (castling semantics)\n"
        "  -c, --compat           read as XBoard 4.9.1 does (default: strict)\n"
        "  -p, --print            print the canonical XBetza string only\n"
        "  -l, --list             list the moves below the diagram\n"
        "      --color            colour the diagram (ANSI)\n"
        "  -h, --help             show this help\n"
        "  -V, --version          show the version\n");
}

static void die_usage(const char *fmt, const char *arg)
{
    fprintf(stderr, "xbetza: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'xbetza --help'.\n");
    exit(2);
}

static void parse_options(int argc, char **argv, Options *o)
{
    enum { OPT_HOLES = 256, OPT_EP, OPT_NOT_VIRGIN, OPT_COLOR };
    static const struct option longopts[] = {
        { "board", required_argument, NULL, 'b' }, { "square", required_argument, NULL, 's' },
        { "friend", required_argument, NULL, 'f' }, { "enemy", required_argument, NULL, 'e' },
        { "royal", required_argument, NULL, 'r' }, { "holes", required_argument, NULL, OPT_HOLES },
        { "ep", required_argument, NULL, OPT_EP }, { "black", no_argument, NULL, 'B' },
        { "not-virgin", no_argument, NULL, OPT_NOT_VIRGIN }, { "king", no_argument, NULL, 'k' },
        { "compat", no_argument, NULL, 'c' }, { "print", no_argument, NULL, 'p' },
        { "list", no_argument, NULL, 'l' }, { "color", no_argument, NULL, OPT_COLOR },
        { "colour", no_argument, NULL, OPT_COLOR },
        { "help", no_argument, NULL, 'h' }, { "version", no_argument, NULL, 'V' },
        { NULL, 0, NULL, 0 }
    };
    int c;
    memset(o, 0, sizeof *o);
    o->files = o->ranks = 8;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "b:s:f:e:r:BkcplhV", longopts, NULL)) != -1) {
        switch (c) {
        case 'b': {
            char rest;
            if (sscanf(optarg, "%dx%d%c", &o->files, &o->ranks, &rest) != 2 ||
                o->files < 1 || o->files > XB_MAX_FILES || o->ranks < 1 || o->ranks > XB_MAX_RANKS)
                die_usage("bad board size '%s' (expected FILESxRANKS, 1x1 to 16x16)", optarg);
            break;
        }
        case 's': o->square = optarg; break;
        case 'f': o->friends = optarg; break;
        case 'e': o->enemies = optarg; break;
        case 'r': o->royals = optarg; break;
        case OPT_HOLES: o->holes = optarg; break;
        case OPT_EP: o->ep = optarg; break;
        case 'B': o->black = true; break;
        case OPT_NOT_VIRGIN: o->not_virgin = true; break;
        case 'k': o->king = true; break;
        case 'c': o->compat = true; break;
        case 'p': o->print = true; break;
        case 'l': o->list = true; break;
        case OPT_COLOR: o->color = true; break;
        case 'h': usage(stdout); exit(0);
        case 'V': printf("xbetza (menagerie) %s\n", PACKAGE_VERSION); exit(0);
        default:
            if (optopt && optopt < 256)
                die_usage("bad option '-%s'", (char[]){ (char)optopt, 0 });
            die_usage("bad option '%s'", argv[optind - 1]);
        }
    }
    if (optind != argc - 1)
        die_usage("%s", optind >= argc ? "missing XBetza string" : "too many arguments");
}

/* Apply `fn` to each square of a comma- or space-separated list. */
static void each_square(const XbGeometry *g, const char *list, const char *what,
                        void (*fn)(int sq, void *ctx), void *ctx)
{
    if (!list)
        return;
    char *copy = strdup(list), *save = NULL;
    if (!copy)
        exit(2);
    for (char *w = strtok_r(copy, ", ", &save); w; w = strtok_r(NULL, ", ", &save)) {
        int sq = xb_parse_square(g, w);
        if (sq < 0) {
            fprintf(stderr, "xbetza: bad %s square '%s' for a %dx%d board\n", what, w,
                    g->files, g->ranks);
            free(copy);
            exit(2);
        }
        fn(sq, ctx);
    }
    free(copy);
}

static void set_hole(int sq, void *ctx) { ((XbGeometry *)ctx)->hole[sq] = 1; }
static void set_friend(int sq, void *ctx) { ((XbBoardView *)ctx)->occ[sq] = XB_FRIEND; }
static void set_enemy(int sq, void *ctx) { ((XbBoardView *)ctx)->occ[sq] = XB_ENEMY; }
static void set_royal(int sq, void *ctx) { ((XbBoardView *)ctx)->royal[sq] = 1; }
static void set_ep(int sq, void *ctx) { ((XbBoardView *)ctx)->ep[sq] = 1; }

/* "xbetza: column 5: ..." with the string and a caret under the column. */
static void report_error(const char *prefix, const char *text, const XbError *err)
{
    fprintf(stderr, "xbetza: %scolumn %d: %s\n", prefix, err->column, err->message);
    fprintf(stderr, "  %s\n  %*s^\n", text, err->column - 1, "");
}

int main(int argc, char **argv)
{
    Options o;
    parse_options(argc, argv, &o);
    const char *text = argv[optind];

    XbPiece piece;
    XbError err;
    if (xb_parse(text, o.compat ? XB_COMPAT : XB_STRICT, &piece, &err) != 0) {
        report_error("", text, &err);
        return 1;
    }
    if (err.column > 0)
        report_error("warning: ", text, &err);
    char canon[1024];
    xb_print(&piece, canon, sizeof canon);
    if (o.print) {
        printf("%s\n", canon);
        return 0;
    }

    static XbGeometry geo;
    static XbBoardView view;
    xb_geometry_init(&geo, o.files, o.ranks);
    each_square(&geo, o.holes, "hole", set_hole, &geo);
    xb_view_init(&view, &geo, o.black ? 1 : 0);
    each_square(&geo, o.friends, "friend", set_friend, &view);
    each_square(&geo, o.enemies, "enemy", set_enemy, &view);
    each_square(&geo, o.royals, "royal", set_royal, &view);
    each_square(&geo, o.ep, "e.p.", set_ep, &view);
    for (int sq = 0; sq < geo.files * geo.ranks; sq++)
        view.castle_partner[sq] = view.occ[sq] != XB_EMPTY;
    view.virgin = !o.not_virgin;
    view.royal_mover = o.king;
    int from = o.square ? xb_parse_square(&geo, o.square)
                        : xb_square(&geo, (geo.files - 1) / 2, (geo.ranks - 1) / 2);
    if (from < 0)
        die_usage("bad square '%s'", o.square);
    if (geo.hole[from])
        die_usage("the piece stands on a hole (%s)", o.square ? o.square : "default square");
    view.occ[from] = XB_EMPTY;

    XbTable table;
    if (xb_compile(&piece, &geo, &table, &err) != 0) {
        fprintf(stderr, "xbetza: %s\n", err.message);
        return 2;
    }
    char sq[4];
    printf("%s  (%s, %s on %s, %dx%d)%s\n\n", canon[0] ? canon : "(no moves)",
           o.compat ? "XBoard dialect" : "strict", o.black ? "Black" : "White",
           xb_square_name(&geo, from, sq), geo.files, geo.ranks,
           piece.xboard_safe ? "" : "  [not XBoard-safe]");
    unsigned flags = XB_DIAGRAM_LEGEND | (o.list ? XB_DIAGRAM_LIST : 0) |
                     ((o.color && isatty(STDOUT_FILENO)) || (o.color && getenv("XBETZA_FORCE_COLOR"))
                          ? XB_DIAGRAM_COLOR : 0);
    xb_diagram(stdout, &piece, &table, &view, from, flags);
    xb_table_free(&table);
    return 0;
}
