"""Tournament ratings: maximum-likelihood logistic Elo, as Ordo computes it.

Every game is scored 1, 1/2 or 0, and engine i's expected score against
engine j is

    E(i, j) = 1 / (1 + 10^(-(R_i - R_j) / 400))

(a draw counts as half a win and half a loss, Ordo's model).  The ratings
maximise the log-likelihood

    sum over games of  s ln E + (1 - s) ln (1 - E)

found by Newton's method.  The ratings are fixed up to a constant: their
average is 0, or one engine (the anchor) has a given rating.  The error
bars are 1.96 standard deviations from the inverse of the negative Hessian
of the log-likelihood at the maximum (the observed information), taken
under that constraint: the pseudo-inverse for the average (its null space
is the all-ones vector), the anchor's row and column removed for an anchor.

A finite maximum exists only when the engines cannot be split into two
groups where one never scored a half point against the other (e.g. an
engine with 100% or 0%).  `prior` adds that many virtual draws to every
pair of engines that met (BayesElo's prior; 0 by default), which always
gives one.
"""
import math

K = math.log(10) / 400          # d E / d R = K E (1 - E)
Z95 = 1.959963984540054


class Ratings:
    """ratings[i], errors[i] (95% half-width; None for the anchor), or
    ratings None and `why` = ([engines], reason) when there is no finite maximum."""

    def __init__(self, ratings, errors, why=None, iterations=0):
        self.ratings, self.errors, self.why, self.iterations = ratings, errors, why, iterations


def _pair_tables(n, games, prior):
    """points[i][j] (i's points against j) and count[i][j] (games) with the prior."""
    points = [[0.0] * n for _ in range(n)]
    count = [[0.0] * n for _ in range(n)]
    for i, j, score in games:
        points[i][j] += score
        points[j][i] += 1 - score
        count[i][j] += 1
        count[j][i] += 1
    if prior:
        for i in range(n):
            for j in range(n):
                if i != j and count[i][j]:
                    points[i][j] += prior / 2
                    count[i][j] += prior
    return points, count


def why_no_maximum(n, points, count):
    """None when a finite maximum exists, else (engines, why).  It exists
    when the graph "i scored against j" (an edge i -> j when i's points
    against j are above 0) is strongly connected."""
    if n < 2:
        return [0], "is the only engine"
    reach = [[i == j or points[i][j] > 0 for j in range(n)] for i in range(n)]
    for k in range(n):
        for i in range(n):
            if reach[i][k]:
                row_k = reach[k]
                reach[i] = [a or b for a, b in zip(reach[i], row_k)]
    for i in range(n):
        played, got = sum(count[i]), sum(points[i])
        if not played:
            return [i], "has played no game"
        if got == 0:
            return [i], "scored 0%"
        if got == played:
            return [i], "scored 100%"
    for i in range(n):
        if all(reach[i]) and all(reach[j][i] for j in range(n)):
            continue
        group = [j for j in range(n) if reach[i][j] and reach[j][i]]
        rest = [k for k in range(n) if k not in group]
        if all(points[k][j] == 0 for j in group for k in rest):
            return group, "won every game against the others"
        if all(points[j][k] == 0 for j in group for k in rest):
            return group, "lost every game against the others"
        return group, "never scored against some engines"
    return None


def _solve(a, b):
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c]
        if pivot == 0:
            raise ZeroDivisionError("singular matrix")
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / pivot
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def _inverse(a):
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def _expected(d):
    return 1 / (1 + 10 ** (-d / 400))


def _information(n, r, count):
    """The negative Hessian of the log-likelihood at ratings r (a Laplacian)."""
    h = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(n):
            if i != j and count[i][j]:
                e = _expected(r[i] - r[j])
                w = count[i][j] * K * K * e * (1 - e)
                h[i][j] -= w
                h[i][i] += w
    return h


def compute(n, games, anchor=None, anchor_elo=0.0, prior=0.0):
    """Ratings of engines 0..n-1 from games [(i, j, score of i)].

    anchor: None (average 0) or the index of the engine fixed at anchor_elo."""
    points, count = _pair_tables(n, games, prior)
    why = why_no_maximum(n, points, count)
    if why:
        return Ratings(None, None, why)
    r = [0.0] * n
    iterations = 0
    for iterations in range(1, 201):
        grad = [K * sum(points[i][j] - count[i][j] * _expected(r[i] - r[j])
                        for j in range(n) if j != i) for i in range(n)]
        h = _information(n, r, count)
        # the Hessian is singular along (1, ..., 1): fix engine 0's rating
        # during the iteration, shift to the wanted constraint at the end
        step = [0.0] + _solve([row[1:] for row in h[1:]], grad[1:])
        big = max(abs(x) for x in step)
        if big > 400:               # far from the maximum: a damped step
            step = [x * 400 / big for x in step]
        r = [x + s for x, s in zip(r, step)]
        if max(abs(s) for s in step) < 1e-9:
            break
    h = _information(n, r, count)
    if anchor is None:
        shift = sum(r) / n
        r = [x - shift for x in r]
        # pseudo-inverse of h, whose null space is the all-ones vector
        j = 1.0 / n
        cov = _inverse([[x + j for x in row] for row in h])
        cov = [[x - j for x in row] for row in cov]
        errors = [Z95 * math.sqrt(max(cov[i][i], 0)) for i in range(n)]
    else:
        shift = r[anchor] - anchor_elo
        r = [x - shift for x in r]
        keep = [i for i in range(n) if i != anchor]
        cov = _inverse([[h[a][b] for b in keep] for a in keep])
        errors = [None] * n
        for k, i in enumerate(keep):
            errors[i] = Z95 * math.sqrt(max(cov[k][k], 0))
    return Ratings(r, errors, None, iterations)
