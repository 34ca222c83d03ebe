/*
 * protocol.c — choose the protocol from the first command (see protocol.h).
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include "protocol/cecp.h"
#include "protocol/io.h"
#include "protocol/protocol.h"
#include "protocol/uci.h"

int protocol_run(VariantSet *set, const ProtocolOptions *opt)
{
    /* XBoard may send signals to old engines; we said sigint=0 sigterm=0,
       but ignore SIGINT anyway when not on a terminal. */
    signal(SIGPIPE, SIG_IGN);
    io_start(stdin);
    return protocol_serve(set, opt);
}

int protocol_serve(VariantSet *set, const ProtocolOptions *opt)
{
    if (opt && opt->person) {
        /* greet at once; `uci` typed by the person still selects UCI */
        int rc = cecp_run(set, NULL, opt);
        return rc == CECP_SWITCH_TO_UCI ? uci_run(set, "uci", opt) : rc;
    }
    for (;;) {
        IoMessage m;
        io_next(&m);
        if (m.kind == IO_EOF) {
            io_release(&m);
            return 0;
        }
        if (m.kind == IO_LINE_TOO_LONG)
            cecp_line_too_long(m.text);   /* CECP until told otherwise */
        const char *p = m.text + strspn(m.text, " \t");
        if (m.kind != IO_LINE || *p == '\0') {
            io_release(&m);
            continue;
        }
        int rc = strcmp(p, "uci") == 0 ? uci_run(set, p, opt) : cecp_run(set, p, opt);
        io_release(&m);
        return rc;
    }
}
