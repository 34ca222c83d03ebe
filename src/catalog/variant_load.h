/*
 * variant_load.h — read variant files (YAML) into Variant structs.
 *
 * The loader is the only code that knows YAML.  It reads the built-in
 * variant files compiled into the program and the files on the search
 * path, resolves `extends`, checks everything it can, and reports each
 * problem as `FILE:LINE:COLUMN: error: text`.  A bad file is skipped; it
 * never stops good files loading.  The format is documented in
 * menagerie-variants(5).
 *
 * registry.c implements this interface; behind it, documents.c reads the
 * sources, yaml_tree.c turns YAML into trees with positions, load.c builds
 * one document at a time (extends.c, then the schema in schema*.c and
 * regions.c, then prepare.c).
 */
#ifndef VARIANT_LOAD_H
#define VARIANT_LOAD_H

#include <stdio.h>
#include "variant/variant.h"

struct DocumentStore;

typedef struct {
    Variant **items;
    int count, cap;
    struct DocumentStore *documents;   /* parsed documents, kept for later `extends` */
} VariantSet;

void varset_init(VariantSet *set);
void varset_free(VariantSet *set);

/* Load the built-in variants, then the search path, highest priority
 * first: extra_path (a ':'-separated list of files and directories, or
 * NULL), $MENAGERIE_VARIANTS (same syntax), $XDG_DATA_HOME/menagerie/variants
 * (default ~/.local/share/menagerie/variants), PKGDATADIR/variants.  A
 * variant found on the search path replaces a built-in one, or one from a
 * lower-priority directory, of the same name.  Diagnostics go to `diag`,
 * each line prefixed by `prefix` ("# " for CECP, "info string " for UCI,
 * "" on a terminal).  Returns the number of errors. */
int varset_load_all(VariantSet *set, const char *extra_path, FILE *diag, const char *prefix);

/* Load only the built-in variants.  Returns the number of errors (0 unless
 * a shipped file is broken; their preparation for play is put off, see
 * varset_ready). */
int varset_load_builtin(VariantSet *set, FILE *diag, const char *prefix);

/* Load one file, or every *.yaml file of a directory, above everything
 * loaded so far (its variants replace loaded ones of the same name).
 * Returns the number of errors. */
int varset_load_path(VariantSet *set, const char *path, FILE *diag, const char *prefix);

/* Load YAML text held in memory as if it were a file (tests, fuzzing);
 * `label` names it in diagnostics.  Returns the number of errors. */
int varset_load_text(VariantSet *set, const char *label, const char *text,
                     FILE *diag, const char *prefix);

/* A definition sent by a GUI over a protocol (CECP `variantdef`, the
 * `Variant definition` option of CECP and UCI), the YAML of a variant
 * file held in memory.  It is taken all or nothing: after any error the
 * set is as before.  Its diagnostics name it VARIANT_DEFINITION_LABEL
 * ("definition:2:8: error: ..."), lines and columns counted in the text.
 * Every document must have a `name`, which may not be the name or alias
 * of a built-in variant or of one from a file; it may be that of a
 * variant sent before, which it then replaces.  It may `extends` any
 * variant by name, never a file. */
#define VARIANT_DEFINITION_LABEL  "definition"
#define VARIANT_SENT_ORIGIN       "sent over the protocol"   /* its Variant.origin */
#define VARIANT_DEFINITION_BYTES  65536  /* the longest definition taken */
#define VARIANT_SENT_MAX          64     /* sent variants in a set at one time */
#define VARIANT_DEFINITIONS_MAX   256    /* definitions a set takes in all: each
                                            one's trees stay for later `extends` */

typedef struct {
    int  count;                              /* the variants it defined */
    char names[VARIANT_SENT_MAX][MAX_NAME];
    bool replaced[VARIANT_SENT_MAX];         /* a variant sent before had the name */
} VariantDefinition;

/* Add the variants of a definition (see above) to the set; what it
 * defined goes to *out.  Returns the number of errors (0: all added). */
int varset_define(VariantSet *set, const char *text, VariantDefinition *out,
                  FILE *diag, const char *prefix);

/* Find a variant by name or alias, case-insensitive, ready for play (see
 * varset_ready).  NULL if unknown. */
const Variant *varset_find(const VariantSet *set, const char *name);

/* The same, but perhaps not ready for play: for a variant's names, title,
 * board, rules and flags (listing, comparing), never for its move tables
 * or start position. */
const Variant *varset_named(const VariantSet *set, const char *name);

/* Make v, a variant of the set (or NULL), ready for play.  A built-in
 * variant's move tables, attack tables and start position are prepared
 * the first time it is asked for here (or by varset_find), rather than at
 * load: every start of the program would otherwise compile all of them.
 * Returns v, or NULL if that preparation failed (the error goes where the
 * load call of the built-ins sent its diagnostics).  It may change the
 * set, so ask from one thread at a time. */
const Variant *varset_ready(const VariantSet *set, const Variant *v);

/* Prepare every variant not yet prepared (checks, tests).  Diagnostics go
 * to `diag`; returns the number of errors. */
int varset_prepare_all(VariantSet *set, FILE *diag, const char *prefix);

/* The closest name or alias to `name` within edit distance 2, or NULL
 * (for "unknown variant 'capablanka' (did you mean 'capablanca'?)"). */
const char *varset_suggest(const VariantSet *set, const char *name);

/* Variant files compiled into the program (src/catalog/variants_builtin.c,
 * generated from variants/ by embed_variants). */
typedef struct {
    const char *name;   /* "chess.yaml" */
    const char *text;
} BuiltinVariantFile;

extern const BuiltinVariantFile variants_builtin[];
extern const int variants_builtin_count;

#endif
