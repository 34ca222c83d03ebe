/*
 * cecp_settings.c — time controls (level, st, time, otim) and search
 * settings (sd, nps, post, hard / easy, random, memory, cores).  Numbers
 * go through io.h's checked readers: a malformed one is refused with
 * "Error (...)" and changes nothing; one out of range is clamped, with a
 * note.
 */
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "protocol/cecp_internal.h"
#include "protocol/engine.h"
#include "protocol/io.h"
#include "search/timeman.h"

/* Largest values taken from the GUI; larger ones are clamped (io.h). */
#define CECP_MPS_MAX   1000000                        /* moves per session */
#define CECP_NPS_MAX   1000000000
#define CECP_MIN_MAX   (TIME_MAX_MS / 60000)          /* level base, minutes */
#define CECP_SEC_MAX   (TIME_MAX_MS / 1000)           /* seconds */
#define CECP_CS_MAX    (TIME_MAX_MS / 10)             /* time / otim, centiseconds */

/* Split `text` (changed in place) into at most `max` blank-separated
 * words; returns how many there were (more than max: max + 1). */
static int split_words(char *text, char **word, int max)
{
    int n = 0;
    char *p = cecp_skip_space(text);
    while (*p) {
        if (n == max)
            return max + 1;
        word[n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
        p = cecp_skip_space(p);
    }
    return n;
}

/* The BASE of `level`: minutes, or MIN:SEC. */
static bool parse_level_base(char *text, int64_t *ms, char *why, size_t whysize)
{
    double min = 0, sec = 0;
    char *colon = strchr(text, ':');
    if (colon)
        *colon = '\0';
    if (!io_real_clamped("level base", text, 0, CECP_MIN_MAX, &min, why, whysize)
        || (colon && !io_real_clamped("level base seconds", colon + 1, 0, CECP_SEC_MAX, &sec,
                                      why, whysize)))
        return false;
    double total = (min * 60 + sec) * 1000;
    *ms = total < (double)TIME_MAX_MS ? llround(total) : TIME_MAX_MS;
    return true;
}

/* level MPS BASE INC: nothing changes unless all three are numbers. */
void cecp_cmd_level(Cecp *c, char *args)
{
    char why[256], *word[3];
    char *copy = strdup(args);
    long long mps;
    int64_t base_ms;
    double inc;
    bool ok = copy != NULL;
    if (ok && split_words(copy, word, 3) != 3) {
        snprintf(why, sizeof why, "level needs MPS BASE INC");
        ok = false;
    }
    ok = ok && io_int_clamped("level moves", word[0], 0, CECP_MPS_MAX, &mps, why, sizeof why)
         && parse_level_base(word[1], &base_ms, why, sizeof why)
         && io_real_clamped("level increment", word[2], 0, CECP_SEC_MAX, &inc, why, sizeof why);
    if (!copy)
        snprintf(why, sizeof why, "out of memory");
    free(copy);
    if (!ok) {
        cecp_command_error(why, "level", args);
        return;
    }
    c->mps = (int)mps;
    c->base_ms = base_ms;
    c->inc_ms = llround(inc * 1000);
    c->st_ms = -1;
    cecp_reset_clocks(c);
}

/* st SECONDS: a fixed time per move; 0 (or less, clamped) plays at once. */
void cecp_cmd_st(Cecp *c, char *args)
{
    char why[256];
    double t;
    if (!io_real_clamped("st", args, 0, CECP_SEC_MAX, &t, why, sizeof why)) {
        cecp_command_error(why, "st", args);
        return;
    }
    int64_t ms = llround(t * 1000);
    c->st_ms = t > 0 && ms < 1 ? 1 : ms;
}

void cecp_cmd_sd(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("sd", args, 1, MAX_PV - 1, &n, why, sizeof why)) {
        cecp_command_error(why, "sd", args);
        return;
    }
    c->sd = (int)n;
}

void cecp_cmd_nps(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("nps", args, 0, CECP_NPS_MAX, &n, why, sizeof why)) {
        cecp_command_error(why, "nps", args);
        return;
    }
    c->nps = (int)n;
}

/* time / otim N: a clock in centiseconds; at or below zero the engine
 * moves at once (fill_limits). */
static bool parse_clock(const char *cmd, const char *args, int64_t *ms)
{
    char why[256];
    long long cs;
    if (!io_int_clamped(cmd, args, 0, CECP_CS_MAX, &cs, why, sizeof why)) {
        cecp_command_error(why, cmd, args);
        return false;
    }
    *ms = cs * 10;
    return true;
}

void cecp_cmd_time(Cecp *c, char *args) { parse_clock("time", args, &c->time_ms); }
void cecp_cmd_otim(Cecp *c, char *args) { parse_clock("otim", args, &c->otim_ms); }

void cecp_cmd_post(Cecp *c, char *args) { (void)args; atomic_store(&c->post, true); }
void cecp_cmd_nopost(Cecp *c, char *args) { (void)args; atomic_store(&c->post, false); }
void cecp_cmd_hard(Cecp *c, char *args) { (void)args; c->ponder_on = true; }

void cecp_cmd_easy(Cecp *c, char *args)
{
    (void)args;
    c->ponder_on = false;
    if (c->e->activity == ENGINE_PONDER)
        cecp_abandon_search(c);
}

/* random: toggle a small random evaluation term, new for every toggle-on */
void cecp_cmd_random(Cecp *c, char *args)
{
    (void)args;
    c->random_on = !c->random_on;
    search_set_random(c->e->search, c->random_on ? (uint64_t)engine_now_ms() | 1 : 0);
}

void cecp_cmd_memory(Cecp *c, char *args)
{
    char why[256];
    long long mb;
    if (!io_int_clamped("memory", args, 1, ENGINE_HASH_MAX, &mb, why, sizeof why)) {
        cecp_command_error(why, "memory", args);
        return;
    }
    engine_set_hash(c->e, (size_t)mb);
}

void cecp_cmd_cores(Cecp *c, char *args)
{
    char why[256];
    long long n;
    if (!io_int_clamped("cores", args, 1, ENGINE_THREADS_MAX, &n, why, sizeof why)) {
        cecp_command_error(why, "cores", args);
        return;
    }
    engine_set_threads(c->e, (int)n);
}

