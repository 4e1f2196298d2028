#!/usr/bin/env python3
"""What joint reasoning over the fixed rows would save on template_design.

The model's annotation assigns the slot matrix `p` row by row (each row's
three entries in input order, smallest value first), then the run
lengths `R`. Once a row is fixed, its products `p[i,j] * R[j]` are linear
in `R`, so every fixed row adds a narrow band `d[i] <= p[i] . R <= d[i] +
Surplus` (and the model's prefix-surplus and pseudo-symmetry sums) over
the three run lengths. Bounds reasoning, ours and Gecode's, reads each of
those constraints alone; this script replays the annotation's search over
whole rows with a joint check of the fixed rows instead, and counts the
candidate rows it tries before the first solution at the given
production (the optimum, 408 for catfood_3: our search spends nearly all
its time there, after 409 at 0.6 s):

  * `exact`: some integer run lengths satisfy every fixed row's
    constraints (run lengths enumerated);
  * `lp`: some real ones do (a linear relaxation's answer, by
    Fourier-Motzkin elimination in exact fractions).

The last row is fixed by the column sums, as propagation fixes it. Both
checks find the solution the solver prints (BENCHMARKS.md, "catfood_3:
what bounds reasoning over the rows misses").

    crates/fzn/benches/template_rows.py [--production P] DATA.dzn
"""

import argparse
import re
from fractions import Fraction


def read_dzn(path):
    """S, t, n and d from a template_design data file; ValueError if one
    is missing."""
    text = open(path).read()

    def value(name):
        found = re.search(rf"\b{name}\s*=\s*([^;]*);", text)
        if not found:
            raise ValueError(f"no `{name} = ...;`")
        return found.group(1)

    d = [int(x) for x in re.findall(r"-?\d+", value("d"))]
    return int(value("S")), int(value("t")), int(value("n")), d


class Rows:
    """The search over whole rows of `p` for three templates, run lengths
    `(R1, R2)` with `R3 = P - R1 - R2`."""

    def __init__(self, slots, demands, production):
        self.S, self.d, self.P = slots, demands, production
        self.surplus = production * slots - sum(demands)
        self.candidates = 0
        vals = range(slots + 1)
        self.rows = [(a, b, c) for a in vals for b in vals for c in vals]

    def linear(self, p):
        """p . R as (c1, c2, c0): c1 R1 + c2 R2 + c0."""
        return (p[0] - p[2], p[1] - p[2], p[2] * self.P)

    def row_constraints(self, i, p, fixed):
        """The constraints row `i` (fixed to `p`) adds, as
        `(a1, a2, b)`: a1 R1 + a2 R2 <= b."""
        c1, c2, c0 = self.linear(p)
        d, s = self.d, self.surplus
        cons = [(-c1, -c2, c0 - d[i]), (c1, c2, d[i] + s - c0)]
        if i > 0 and d[i - 1] < d[i]:  # pseudo symmetry
            q1, q2, q0 = self.linear(fixed[i - 1])
            cons.append((q1 - c1, q2 - c2, c0 - q0))
        s1, s2, s0 = c1, c2, c0 - d[i]  # the prefix's surplus
        for m, q in enumerate(fixed):
            q1, q2, q0 = self.linear(q)
            s1, s2, s0 = s1 + q1, s2 + q2, s0 + q0 - d[m]
        cons.append((s1, s2, s - s0))
        return cons

    def base(self):
        """R1 <= P div 3, R2 <= P div 2, R3 >= P div 3, each at least 1."""
        P = self.P
        return [(-1, 0, -1), (1, 0, P // 3), (0, -1, -1), (0, 1, P // 2), (1, 1, P - P // 3)]

    def search(self, check):
        """The first solution, rows in the annotation's order, each
        candidate row kept only if `check` finds the constraints so far
        feasible: `check.start(base)` gives its state, `check.add(state,
        constraints)` the state with more constraints or `None`."""

        def dfs(i, fixed, used, state):
            if i == len(self.d):
                return fixed
            last = i == len(self.d) - 1
            options = [tuple(self.S - u for u in used)] if last else self.rows
            for p in options:
                if any(u + x > self.S for u, x in zip(used, p)):
                    continue
                if i > 0 and self.d[i - 1] == self.d[i] and p < fixed[i - 1]:
                    continue  # lex_lesseq between equal demands
                self.candidates += 1
                more = check.add(state, self.row_constraints(i, p, fixed))
                if more is not None:
                    found = dfs(i + 1, fixed + [p], tuple(u + x for u, x in zip(used, p)), more)
                    if found:
                        return found
            return None

        return dfs(0, [], (0,) * 3, check.start(self.base()))


class Exact:
    """Integer run lengths: the state is the points left."""

    def __init__(self, P):
        self.points = [(r1, r2) for r1 in range(1, P // 3 + 1) for r2 in range(1, P // 2 + 1)]

    def start(self, cons):
        return self.add(self.points, cons)

    def add(self, points, cons):
        left = [(r1, r2) for r1, r2 in points if all(a1 * r1 + a2 * r2 <= b for a1, a2, b in cons)]
        return left or None


class Relaxed:
    """Real run lengths: the state is the constraints so far."""

    def start(self, cons):
        return cons

    def add(self, cons, more):
        both = cons + more
        return both if real_feasible(both) else None


def real_feasible(cons):
    """Some real (R1, R2) meets every `a1 R1 + a2 R2 <= b`: R2 eliminated
    (Fourier-Motzkin), then R1's interval."""
    lo, hi = None, None
    upper, lower = [], []  # R2 <= u0 - u1 R1 ; R2 >= l1 R1 - l0

    def bound(c, b):
        nonlocal lo, hi
        if c > 0:
            hi = b / c if hi is None else min(hi, b / c)
        elif c < 0:
            lo = b / c if lo is None else max(lo, b / c)
        return c != 0 or b >= 0

    for a1, a2, b in cons:
        if a2 > 0:
            upper.append((Fraction(a1, a2), Fraction(b, a2)))
        elif a2 < 0:
            lower.append((Fraction(a1, -a2), Fraction(b, -a2)))
        elif not bound(Fraction(a1), Fraction(b)):
            return False
    for u1, u0 in upper:
        for l1, l0 in lower:
            if not bound(u1 + l1, u0 + l0):
                return False
    return lo is None or hi is None or lo <= hi


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("data", help="a template_design .dzn with t = 3")
    ap.add_argument("--production", type=int, help="P (default: the lower bound, ceil(sum d / S))")
    ap.add_argument("--only", choices=["exact", "lp"], help="one check only")
    args = ap.parse_args()
    try:
        S, t, n, d = read_dzn(args.data)
    except (OSError, ValueError) as e:
        ap.error(f"{args.data}: {e}")
    if t != 3:
        ap.error(f"{args.data}: t = {t}; this replay knows three templates only")
    P = args.production or -(-sum(d) // S)
    print(f"{args.data}: S = {S}, n = {n}, production {P}, surplus {P * S - sum(d)}")
    checks = {"exact": Exact(P), "lp": Relaxed()}
    for name, check in checks.items():
        if args.only and name != args.only:
            continue
        rows = Rows(S, d, P)
        found = rows.search(check)
        print(f"{name}: {rows.candidates} candidate rows; first solution {found}")


if __name__ == "__main__":
    main()
