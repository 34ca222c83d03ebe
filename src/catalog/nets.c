/*
 * nets.c — finding a variant's network by name (see nets.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "catalog/nets.h"
#include "catalog/install_dirs.h"   /* PKGDATADIR, written by the build */

/* dir/NAME.nnue in out when it can be read. */
static bool try_dir(const char *dir, size_t dirlen, const Variant *v, char *out, size_t size)
{
    int n = snprintf(out, size, "%.*s/%s.nnue", (int)dirlen, dir, v->name);
    return n > 0 && (size_t)n < size && access(out, R_OK) == 0;
}

bool nets_find(const Variant *v, char *out, size_t size)
{
    /* next to the file the variant came from (not a built-in one) */
    const char *slash = strrchr(v->origin, '/');
    if (strncmp(v->origin, "builtin:", 8) != 0) {
        if (slash && try_dir(v->origin, (size_t)(slash - v->origin), v, out, size))
            return true;
        if (!slash && v->origin[0] && try_dir(".", 1, v, out, size))
            return true;
    }
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    char dir[1024];
    if (xdg && *xdg)
        snprintf(dir, sizeof dir, "%s/menagerie/variants", xdg);
    else
        snprintf(dir, sizeof dir, "%s/.local/share/menagerie/variants", home ? home : ".");
    return try_dir(dir, strlen(dir), v, out, size)
        || try_dir(PKGDATADIR "/variants", strlen(PKGDATADIR "/variants"), v, out, size);
}

const BuiltinNet *nets_find_builtin(const Variant *v)
{
    size_t len = strlen(v->name);
    for (const BuiltinNet *b = nets_builtin; b->name; b++)
        if (strncmp(b->name, v->name, len) == 0 && strcmp(b->name + len, ".nnue") == 0)
            return b;
    return NULL;
}
