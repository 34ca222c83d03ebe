/*
 * cecp_define.c — variants a GUI, a server or a person sends (catalog's
 * varset_define): the `variantdef` command, with one line of flow YAML
 * or with the lines of a YAML document up to a line `end`, and the
 * `Variant definition` option (a -string option, flow YAML, as XBoard's
 * engine-settings dialog sends it).
 *
 * A block is read as it comes in, before any command runs, so that its
 * lines are never taken for commands even while the engine thinks; at
 * `end` it becomes one command, "variantdef" with the text after a line
 * end, which waits for the engine's move like any command that changes
 * the game.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "util/alloc.h"
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"

#define BLOCK_COMMAND "variantdef"
#define BLOCK_END     "end"
/* The longest message shown in a tellusererror box (XBoard keeps 512
 * bytes of a line). */
#define TELL_MAX      400

_Static_assert(IO_LINE_MAX > VARIANT_DEFINITION_BYTES, "a definition fits on one line");

/* Keep up to one byte more than a definition may have: enough for the
 * catalog to see that it is too long. */
static void block_append(Cecp *c, const char *text, size_t n)
{
    size_t room = VARIANT_DEFINITION_BYTES + 1 - c->def.len;
    size_t take = n < room ? n : room;
    memcpy(c->def.text + c->def.len, text, take);
    c->def.len += take;
    c->def.text[c->def.len] = '\0';
}

static void block_close(Cecp *c)
{
    free(c->def.text);
    c->def.text = NULL;
    c->def.open = false;
}

bool cecp_define_line(Cecp *c, const char *line, char **command)
{
    *command = NULL;
    if (!c->def.open) {
        while (*line == ' ' || *line == '\t')
            line++;
        if (c->edit_mode || strcmp(line, BLOCK_COMMAND) != 0)
            return false;
        c->def.open = true;
        c->def.text = alloc_memory(VARIANT_DEFINITION_BYTES + 2);
        c->def.text[0] = '\0';
        c->def.len = 0;
        c->def.lines = 0;
        return true;
    }
    if (strcmp(line, BLOCK_END) != 0) {
        block_append(c, line, strlen(line));
        block_append(c, "\n", 1);
        c->def.lines++;
        return true;
    }
    size_t len = strlen(BLOCK_COMMAND) + 2 + c->def.len + 1;
    *command = alloc_memory(len);
    snprintf(*command, len, "%s \n%s", BLOCK_COMMAND, c->def.text);
    block_close(c);
    return true;
}

void cecp_define_long_line(Cecp *c)
{
    /* Over IO_LINE_MAX bytes, more than a definition may have: fill the
       text to one byte over the limit, for the catalog to refuse. */
    memset(c->def.text + c->def.len, ' ', VARIANT_DEFINITION_BYTES + 1 - c->def.len);
    c->def.len = VARIANT_DEFINITION_BYTES + 1;
    c->def.text[c->def.len] = '\0';
    c->def.lines++;
}

void cecp_define_eof(Cecp *c)
{
    io_printf("Error (input ended inside a block, before a line '%s'; nothing changed): %s",
              BLOCK_END, BLOCK_COMMAND);
    block_close(c);
}

/* The first error line of the loader's diagnostics, without the "# ". */
static void first_error(const char *diagnostics, char *out, size_t size)
{
    const char *p = diagnostics ? strstr(diagnostics, ": error: ") : NULL;
    out[0] = '\0';
    if (!p)
        return;
    while (p > diagnostics && p[-1] != '\n')
        p--;
    if (!strncmp(p, "# ", 2))
        p += 2;
    size_t n = strcspn(p, "\n");
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), p);
}

/* Tell what a definition added; XBoard learns the new names. */
static void announce(Cecp *c, const VariantDefinition *def)
{
    for (int i = 0; i < def->count; i++)
        io_debug("variant %s %s", def->names[i], def->replaced[i] ? "defined again" : "defined");
    if (engine_variant_redefined(c->e, def)) {
        c->have_expected = false;
        cecp_position_changed(c);
    }
    if (c->xboard)
        cecp_send_variants(c);
}

/* Define the variants of `text`; a refusal is an Error line for the
 * command, a box for the option (XBoard ignores Error lines it did not
 * ask for, and shows a tellusererror). */
static void define(Cecp *c, const char *text, bool from_option)
{
    IoBlock out;
    VariantDefinition def;
    FILE *f = io_block_open(&out);
    int errors = engine_define_variants(c->e, text, &def, f, "# ");
    char first[TELL_MAX];
    if (errors) {
        fflush(f);
        first_error(out.text, first, sizeof first);
    }
    io_block_print(&out);
    if (!errors)
        announce(c, &def);
    else if (from_option)
        io_printf("tellusererror Variant definition refused (%d error%s, nothing changed): %s",
                  errors, errors == 1 ? "" : "s", first);
    else
        io_printf("Error (%d error%s in the definition, nothing changed): %s", errors,
                  errors == 1 ? "" : "s", BLOCK_COMMAND);
}

void cecp_cmd_variantdef(Cecp *c, char *args)
{
    /* the block form: the text after the line end */
    define(c, args[0] == '\n' ? args + 1 : args, false);
}

void cecp_define_option(Cecp *c, const char *value)
{
    define(c, value, true);
}
