"""Match statistics: Elo with its 95% interval and the SPRT on game pairs.

Results are counted per game pair (the two games of one opening, colours
reversed) in a pentanomial vector: how many pairs engine A scored 0, 0.5,
1, 1.5 and 2 points in.  The formulas follow the generalised SPRT that
fishtest uses (M. Van den Bergh, "support_MLE_multinomial" and
"normalized_elo_practical"):

* logistic Elo (the default): the log-likelihood ratio of H1 "expected
  score s1 = L(elo1)" against H0 "s0 = L(elo0)", each likelihood maximised
  over all pentanomial distributions with that expectation;
* normalised Elo: the same with the t-value (mu - 1/2) / sigma per game
  pair fixed instead of the expectation.

Empty cells are replaced by 1e-3 pairs first, as fishtest does, so that the
maximum-likelihood distributions exist.  Standard library only.
"""
import math

# The 95% two-sided quantile of the normal distribution.
Z95 = 1.959963984540054
# Normalised Elo per unit of t-value (fishtest's nelo_divided_by_nt).
NELO_PER_T = 800 / math.log(10)
REGULARISE = 1e-3


def logistic(elo):
    """Expected score of a player `elo` points stronger."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(score):
    """Inverse of logistic(); +-inf at 0 and 1."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def sprt_bounds(alpha, beta):
    """LLR bounds (lower: accept H0, upper: accept H1)."""
    return math.log(beta / (1 - alpha)), math.log((1 - beta) / alpha)


def _distribution(counts):
    """(N, [(score, probability)]) of a result vector, cells regularised."""
    counts = [c if c > 0 else REGULARISE for c in counts]
    n = sum(counts)
    last = len(counts) - 1
    return n, [(i / last, c / n) for i, c in enumerate(counts)]


def _mean_var(pdf):
    mu = sum(p * a for a, p in pdf)
    return mu, sum(p * (a - mu) ** 2 for a, p in pdf)


def _secular(pdf):
    """The root x of sum p*a / (1 + x*a) = 0 (a of both signs), by bisection.

    The function decreases strictly between the poles -1/max(a) and
    -1/min(a), so bisection finds the one root there."""
    if min(a for a, _ in pdf) >= 0 or max(a for a, _ in pdf) <= 0:
        raise ArithmeticError("no maximum-likelihood distribution")
    lo = -1 / max(a for a, _ in pdf)
    hi = -1 / min(a for a, _ in pdf)

    def f(x):
        return sum(p * a / (1 + x * a) for a, p in pdf)

    for _ in range(200):
        mid = (lo + hi) / 2
        if mid in (lo, hi):
            break
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def _mle_with_mean(pdf, s):
    """Most likely distribution on the same scores with expectation s."""
    x = _secular([(a - s, p) for a, p in pdf])
    return [(a, p / (1 + x * (a - s))) for a, p in pdf]


def _mle_with_t(pdf, ref, t):
    """Most likely distribution with (mu - ref) / sigma = t (fixed point)."""
    mle = [(a, 1 / len(pdf)) for a, _ in pdf]
    for _ in range(100):
        mu, var = _mean_var(mle)
        sigma = math.sqrt(var)
        shifted = [(a - ref - t * sigma * (1 + ((mu - a) / sigma) ** 2) / 2, p)
                   for a, p in pdf]
        x = _secular(shifted)
        new = [(a, p / (1 + x * b)) for (a, p), (b, _) in zip(pdf, shifted)]
        done = max(abs(q - r) for (_, q), (_, r) in zip(mle, new)) < 1e-12
        mle = new
        if done:
            break
    return mle


def _llr(pdf, n, pdf0, pdf1):
    return n * sum(p * (math.log(q1) - math.log(q0))
                   for (_, p), (_, q0), (_, q1) in zip(pdf, pdf0, pdf1))


def llr_logistic(elo0, elo1, counts):
    """Generalised LLR of elo1 against elo0 (logistic Elo)."""
    n, pdf = _distribution(counts)
    return _llr(pdf, n, _mle_with_mean(pdf, logistic(elo0)),
                _mle_with_mean(pdf, logistic(elo1)))


def llr_normalized(nelo0, nelo1, counts):
    """Generalised LLR of nelo1 against nelo0 (normalised Elo).

    A game pair's t-value is sqrt(2) times a game's, hence the factor."""
    scale = math.sqrt(2) if len(counts) == 5 else 1
    n, pdf = _distribution(counts)
    t0, t1 = (nelo / NELO_PER_T * scale for nelo in (nelo0, nelo1))
    return _llr(pdf, n, _mle_with_t(pdf, 0.5, t0), _mle_with_t(pdf, 0.5, t1))


class EloEstimate:
    """Score, Elo and its 95% interval from a pentanomial (or W/D/L) vector."""

    def __init__(self, counts):
        n = sum(counts)
        self.n = n
        self.score = self.elo = self.lo = self.hi = self.nelo = math.nan
        if n == 0:
            return
        last = len(counts) - 1
        pdf = [(i / last, c / n) for i, c in enumerate(counts)]
        mu, var = _mean_var(pdf)
        margin = Z95 * math.sqrt(var / n)
        self.score = mu
        self.elo = elo_of_score(mu)
        self.lo = elo_of_score(mu - margin)
        self.hi = elo_of_score(mu + margin)
        # per-game spread: a pair's score is the mean of two games
        sigma_game = math.sqrt(var * 2) if last == 4 else math.sqrt(var)
        if sigma_game > 0:
            self.nelo = (mu - 0.5) / sigma_game * NELO_PER_T

    @property
    def half_width(self):
        return (self.hi - self.lo) / 2


def pair_index(points):
    """Pentanomial cell of a pair in which A scored `points` (0..2)."""
    return int(round(points * 2))


class Sprt:
    """The sequential test: H0 elo = elo0 against H1 elo = elo1."""

    def __init__(self, elo0=0.0, elo1=5.0, alpha=0.05, beta=0.05, model="logistic"):
        if model not in ("logistic", "normalized"):
            raise ValueError("the Elo model is 'logistic' or 'normalized'")
        if not 0 < alpha < 1 or not 0 < beta < 1:
            raise ValueError("alpha and beta must lie between 0 and 1")
        if elo0 >= elo1:
            raise ValueError("elo0 must be below elo1")
        self.elo0, self.elo1, self.alpha, self.beta, self.model = elo0, elo1, alpha, beta, model
        self.lower, self.upper = sprt_bounds(alpha, beta)

    def llr(self, penta):
        """The LLR; NaN where the hypotheses are out of reach of the
        regularised data (extreme normalised Elo)."""
        if sum(penta) == 0:
            return 0.0
        try:
            if self.model == "logistic":
                return llr_logistic(self.elo0, self.elo1, penta)
            return llr_normalized(self.elo0, self.elo1, penta)
        except (ArithmeticError, ValueError):
            return math.nan

    def verdict(self, llr):
        """'H0' or 'H1' once a bound is crossed, else None."""
        if llr <= self.lower:
            return "H0"
        if llr >= self.upper:
            return "H1"
        return None
