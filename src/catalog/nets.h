/*
 * nets.h — where a variant's neural network (board/nnue.h) is found by
 * name: VARIANT.nnue next to the variant's own file, then in the user's
 * and the installed variant directories, and last the networks compiled
 * into the program (menagerie(6), NEURAL EVALUATION).
 */
#ifndef NETS_H
#define NETS_H

#include <stdbool.h>
#include <stddef.h>
#include "variant/variant.h"

/* The first of the places a network for v may be that holds a readable
 * file, in out; false when none does. */
bool nets_find(const Variant *v, char *out, size_t size);

/* A network compiled into the program (src/catalog/nets_builtin.c,
 * generated from variants/NAME.nnue by embed_variants --nets). */
typedef struct {
    const char *name;            /* "xiangqi.nnue" */
    const unsigned char *bytes;  /* the file's contents */
    long size;
} BuiltinNet;

extern const BuiltinNet nets_builtin[];

/* The network compiled in for v's name, or NULL. */
const BuiltinNet *nets_find_builtin(const Variant *v);

#endif
