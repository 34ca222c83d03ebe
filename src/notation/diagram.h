/*
 * diagram.h — a position drawn for a person (the `d` command).
 */
#ifndef DIAGRAM_H
#define DIAGRAM_H

#include <stdbool.h>
#include <stdio.h>
#include "board/position.h"

/* How a diagram is drawn. */
typedef struct {
    /* Label the ranks as moves are read (move_text.h's cecp_ranks): from
     * 0 on 10-rank boards for XBoard, from 1 otherwise. */
    bool cecp_ranks;
    /* For a person at a terminal: mark the last move and a royal piece in
     * check (in words below the board, and on it when `colour`), and leave
     * the FEN out. */
    bool marks;
    /* Mark with ANSI colours (the terminal has them). */
    bool colour;
} DiagramStyle;

/* Print a board diagram with hands and FEN (the `d` command). */
void diagram_print(const Position *pos, const DiagramStyle *style, FILE *out);

/* The same with ranks labelled from 1. */
void position_print(const Position *pos, FILE *out);

#endif
