/*
 * documents.h — the variant documents read so far, before and after they
 * are built into variants.
 *
 * Every source (a built-in file, a file or directory of the search path, a
 * text sent by a GUI) is parsed into YAML trees here and kept, one
 * VariantDoc per YAML document, with the priority of its source.  They
 * stay after loading, so that a later `extends` (in a file loaded by a
 * protocol option, say) can still find its parent's tree.  The store is
 * the private part of a VariantSet.
 */
#ifndef CATALOG_DOCUMENTS_H
#define CATALOG_DOCUMENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include "catalog/variant_load.h"
#include "catalog/yaml_tree.h"

/* How far a document has been built (DOC_BUSY: its `extends` chain is
 * being followed, so meeting it again is a cycle). */
typedef enum { DOC_NEW, DOC_BUSY, DOC_OK, DOC_BAD } DocState;

typedef struct VariantDoc {
    const char *file;       /* as shown in diagnostics (owned by the store) */
    const char *origin;     /* Variant.origin */
    const char *dir;        /* directory for relative `extends`; NULL: none */
    const char *canon;      /* the file's real path (no ./, .. or links); NULL: none */
    int         priority;   /* higher wins */
    bool        parent_only;/* loaded through a path `extends`: never in the set */
    TreeNode   *root;
    TreeNode   *merged;     /* after `extends` */
    char        name[MAX_NAME];
    DocState    state;
    Variant    *variant;    /* built, until it moves into the set */
    bool        tree_errors;/* the file had YAML-level errors (duplicate keys...) */
    bool        sent;       /* sent over a protocol (varset_define), not read from a file */
    bool        builtin;    /* compiled into the program: prepared when first played */
    bool        deferred;   /* built but for load_prepare(), which varset_ready() runs */
    Variant    *installed;  /* built-in: the variant it put in the set (varset_ready) */
} VariantDoc;

struct DocumentStore {
    VariantDoc **docs;
    int          n, cap;
    TreeNode    *arena;
    char       **strings;   /* file names, texts: freed with the store */
    int          nstrings, capstrings;
    int          top_priority;
    int          definitions;   /* sent definitions taken (varset_define) */
    FILE        *late_out;      /* where varset_ready() reports, and with what prefix: */
    char         late_prefix[32];   /* those of the load call that added the built-ins */
};

/* What the store held at one moment, so that all a failed definition
 * added can be taken back (documents_rollback). */
typedef struct {
    int       n, nstrings;
    TreeNode *arena;
} DocumentMark;

/* One public load call (defined in load.h). */
typedef struct LoadSession LoadSession;

/* The set's store, created on first use. */
struct DocumentStore *documents_of(VariantSet *set);

/* Free a store with its trees and the variants it still holds (NULL: nothing). */
void documents_free(struct DocumentStore *store);

DocumentMark documents_mark(const struct DocumentStore *store);

/* Free the documents, variants, trees and strings added since `mark`. */
void documents_rollback(struct DocumentStore *store, DocumentMark mark);

/* Parse `text` and add its documents at `priority`.  `file` names it in
 * diagnostics, `origin` in Variant.origin; `dir` is where a relative path
 * `extends` starts (NULL: only names may be extended).  Returns the
 * documents added (the first one in *first if `first`), or -1 after a YAML
 * error; errors are counted in the session. */
int documents_add_text(LoadSession *session, const char *file, const char *origin,
                       const char *dir, const char *text, int priority, VariantDoc **first);

/* The same for a file; a file that cannot be read is an error. */
int documents_add_file(LoadSession *session, const char *path, int priority, VariantDoc **first);

/* A file, or every *.yaml of a directory in name order.  A missing file
 * is an error. */
void documents_add_path(LoadSession *session, const char *path, int priority);

/* The document of the file `rel` names, seen from `child`'s directory: one
 * already loaded (whatever path reached it), or the file read now at
 * `child`'s priority as a parent only.  NULL if it cannot be loaded. */
VariantDoc *documents_parent_file(LoadSession *session, const VariantDoc *child,
                                  const char *rel);

/* The highest-priority document named `name` (case-insensitive), other
 * than `from`; when `from` has that name itself, only a lower-priority one
 * (the definition it overrides).  Parent-only documents are never found. */
VariantDoc *documents_find(struct DocumentStore *store, const char *name,
                           const VariantDoc *from);

/* The document name closest to `name`, or NULL (for "did you mean"). */
const char *documents_suggest(struct DocumentStore *store, const char *name);

bool documents_is_directory(const char *path);

/* The file name without directory and extension: a variant's default name. */
void documents_file_stem(const char *path, char *out, size_t size);

#endif
