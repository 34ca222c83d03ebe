/*
 * eval_net.c — giving evaluation tables their variant's network (see
 * eval.h): a file named by an option, or the one found by name
 * (catalog/nets.h), a file or one compiled into the program.  A file that cannot serve is refused with the reason
 * and the classical evaluation stays.
 */
#include <stdio.h>
#include <string.h>
#include "catalog/nets.h"
#include "search/eval.h"

/* How a message that no network serves ends: what the engine does then. */
#define FALLBACK "the classical evaluation plays"

/* "PATH (VARIANT, 768 features -> 2x256 -> 1)", ", 8 output buckets" before
 * the ')' where there are several, and the activation where it is not
 * the usual CReLU. */
static void describe(const NnueNet *net, const char *path, char *msg, size_t size)
{
    char buckets[64] = "";
    int n = 0;
    if (net->buckets > 1)
        n = snprintf(buckets, sizeof buckets, ", %d output buckets", net->buckets);
    if (net->activation != NNUE_CRELU)
        snprintf(buckets + n, sizeof buckets - (size_t)n, ", %s",
                 nnue_activation_name(net->activation));
    snprintf(msg, size, "NNUE evaluation from %s (%s, %d features -> 2x%d -> 1%s)", path,
             net->variant, net->nfeatures, net->hidden, buckets);
}

/* The network in the file `path`, or (bytes not NULL) in memory, named `path`. */
static EvalNetOutcome load_from(EvalTables *et, const Variant *v, const char *path,
                                const BuiltinNet *builtin, char *msg, size_t size)
{
    char err[1200];
    NnueLoadStatus st;
    NnueNet *net = builtin ? nnue_load_bytes(builtin->bytes, (size_t)builtin->size, path, v, &st,
                                             err, sizeof err)
                           : nnue_load(path, v, &st, err, sizeof err);
    if (net) {
        describe(net, path, msg, size);
        eval_tables_set_net(et, net);
        return EVAL_NET_LOADED;
    }
    snprintf(msg, size, "%s; " FALLBACK " %s", err, v->name);
    return st == NNUE_LOAD_VARIANT ? EVAL_NET_OTHER_VARIANT : EVAL_NET_REFUSED;
}

static EvalNetOutcome load(EvalTables *et, const Variant *v, const char *path, char *msg,
                           size_t size)
{
    return load_from(et, v, path, NULL, msg, size);
}

EvalNetOutcome eval_load_net(EvalTables *et, const Variant *v, const char *path, char *msg,
                             size_t size)
{
    eval_tables_set_net(et, NULL);
    return load(et, v, path, msg, size);
}

EvalNetOutcome eval_choose_net(EvalTables *et, const Variant *v, const char *path, char *msg,
                               size_t size)
{
    eval_tables_set_net(et, NULL);
    char other[1400] = "";
    if (path && *path) {
        EvalNetOutcome o = load(et, v, path, msg, size);
        if (o != EVAL_NET_OTHER_VARIANT)
            return o;
        snprintf(other, sizeof other, "%s", msg);   /* another variant's: look by name */
    }
    char found[1024];
    if (nets_find(v, found, sizeof found))
        return load(et, v, found, msg, size);
    const BuiltinNet *builtin = nets_find_builtin(v);
    if (builtin) {
        snprintf(found, sizeof found, "builtin:%s", builtin->name);
        return load_from(et, v, found, builtin, msg, size);
    }
    if (other[0]) {
        snprintf(msg, size, "%s", other);
        return EVAL_NET_OTHER_VARIANT;
    }
    snprintf(msg, size, "no network for %s (%s.nnue): " FALLBACK,
             v->name, v->name);
    return EVAL_NET_CLASSICAL;
}

void eval_net_reason_only(char *msg)
{
    char *fallback = strstr(msg, FALLBACK);
    if (fallback && fallback - msg >= 2)
        fallback[-2] = '\0';   /* with the "; " or ": " before it */
}
