/*
 * diagram.h — a position drawn for a person (the `d` command).
 */
#ifndef DIAGRAM_H
#define DIAGRAM_H

#include <stdio.h>
#include "board/position.h"

/* Print a board diagram with hands and FEN (the `d` command). */
void position_print(const Position *pos, FILE *out);

#endif
