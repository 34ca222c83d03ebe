/*
 * timeman.c — time allocation (see timeman.h).
 *
 * The soft limit is a share of the remaining time (spread over the moves
 * to go, or over ~30 moves in sudden death, plus most of the increment);
 * the hard limit lets a difficult move take a few times more, but never
 * more than a fraction of what is left minus the safety margin.  With a
 * node-rate clock (CECP `nps`) the same arithmetic runs on node counts.
 */
#include "search/timeman.h"

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }
static int64_t clamp_time(int64_t t) { return min64(t, TIME_MAX_MS); }

void timeman_move_now(SearchLimits *lim)
{
    lim->depth = 1;
    lim->nodes = 0;
    lim->mate = 0;
    lim->movetime_ms = 0;
    lim->time_ms[0] = lim->time_ms[1] = -1;
    lim->inc_ms[0] = lim->inc_ms[1] = 0;
    lim->nps = 0;
    lim->infinite = false;
}

void timeman_plan(const SearchLimits *lim, int side, int nroot, TimePlan *tp)
{
    tp->timed = false;
    tp->fixed = false;
    tp->soft_ms = tp->hard_ms = 0;
    tp->node_clock_nps = lim->nps > 0 ? (uint64_t)lim->nps : 0;
    if (lim->infinite)
        return;
    int64_t safety = tp->node_clock_nps ? 0 : TIMEMAN_SAFETY_MS;

    if (lim->movetime_ms > 0) {
        int64_t movetime = clamp_time(lim->movetime_ms);
        int64_t keep = tp->node_clock_nps ? 0 : TIMEMAN_FIXED_SAFETY_MS;
        int64_t t = movetime - min64(keep, movetime / 5);
        tp->timed = true;
        tp->fixed = true;
        tp->soft_ms = tp->hard_ms = max64(t, 1);
        return;
    }
    int64_t left = clamp_time(lim->time_ms[side]);
    int64_t inc = lim->inc_ms[side] > 0 ? clamp_time(lim->inc_ms[side]) : 0;
    if (left < 0)
        return;
    tp->timed = true;
    /* Keep the safety margin, more when the increment cannot pay for it. */
    int64_t usable = max64(left - safety - (inc > 0 ? 0 : min64(left / 20, 500)), 1);
    int mtg = lim->movestogo > 0 ? lim->movestogo : 30;
    if (mtg > 50)
        mtg = 50;
    int64_t base = usable / (mtg + (lim->movestogo > 0 ? 1 : 0)) + inc * 3 / 4;
    int64_t cap = lim->movestogo == 1 ? usable * 8 / 10 : usable / 3;
    tp->soft_ms = max64(min64(base, cap), 1);
    tp->hard_ms = max64(min64(base * 4, cap), 1);
    if (tp->soft_ms > tp->hard_ms)
        tp->soft_ms = tp->hard_ms;
    if (nroot == 1) {   /* nothing to decide: answer at once */
        tp->soft_ms = min64(tp->soft_ms, 20);
        tp->hard_ms = min64(tp->hard_ms, 50);
    }
}

int64_t timeman_soft_limit(const TimePlan *tp, const TimeSignals *sig)
{
    int64_t soft = tp->soft_ms;
    if (sig->stability >= 4)
        soft = soft * 6 / 10;
    else if (sig->stability == 0)
        soft = soft * 13 / 10;
    if (sig->score_drop > 30)
        soft = soft * 16 / 10;
    /* The share of the effort the best move took: near all of it, the
       alternatives were refuted quickly (x0.8 at 95%); about half, they
       were hard to refute and the choice is open (x1.3 at 50%). */
    if (sig->best_share >= 0) {
        int share = sig->best_share > 1000 ? 1000 : sig->best_share;
        soft = soft * (1850 - share * 11 / 10) / 1000;
    }
    if (soft > tp->hard_ms)
        soft = tp->hard_ms;
    return soft > 1 ? soft : 1;
}

bool timeman_continue(const TimePlan *tp, int64_t elapsed_ms, const TimeSignals *sig)
{
    if (!tp->timed)
        return true;
    if (tp->fixed)   /* the hard limit ends it; the last full iteration stands */
        return elapsed_ms < tp->hard_ms;
    int64_t soft = timeman_soft_limit(tp, sig);
    /* The next iteration takes several times longer than this one: don't
       start what cannot finish. */
    return elapsed_ms < soft / 2 + soft / 8;
}
