/*
 * protocol.c — choose the protocol from the first command (see protocol.h).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "cecp.h"
#include "io.h"
#include "protocol.h"
#include "uci.h"

int protocol_run(VariantSet *set)
{
    /* XBoard may send signals to old engines; we said sigint=0 sigterm=0,
       but ignore SIGINT anyway when not on a terminal. */
    signal(SIGPIPE, SIG_IGN);
    io_start(stdin);
    return protocol_serve(set);
}

int protocol_serve(VariantSet *set)
{
    char first[IO_LINE_MAX];
    for (;;) {
        IoEvent ev = io_next(first, sizeof first);
        if (ev == IO_EOF)
            return 0;
        if (ev != IO_LINE)
            continue;
        const char *p = first + strspn(first, " \t");
        if (*p == '\0')
            continue;
        if (strcmp(p, "uci") == 0)
            return uci_run(set, p);
        return cecp_run(set, p);
    }
}
