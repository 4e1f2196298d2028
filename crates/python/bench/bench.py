"""Side-by-side timings of csp_engine against python-constraint 1.4, in one
process (so the machine's state is the same for both):

1. python-constraint's own n-queens script (examples/queens/queens.py of
   its 1.4.0 release, below verbatim: a Python function per pair of rows
   for the diagonals and the rows), run unchanged but for its import and
   its board size, on python-constraint and on ``csp_engine.constraint``;
2. the variant the issue describes (an all-different plus a function per
   pair of rows for the diagonals only), on both;
3. the same count through the native API (offset views, no Python
   callbacks), on one thread and on every core;
4. the iterator's cost per solution, and the cost of a Python callback per
   check.

Usage: python bench.py [--size 12] [--repeat 3] [--skip-python-constraint] [--wall]
(needs python-constraint==1.4.0 installed next to csp_engine).
"""

import argparse
import statistics
import time
import timeit

# python-constraint 1.4.0, examples/queens/queens.py, (c) 2005-2014 Gustavo
# Niemeyer, BSD licence: verbatim.
QUEENS_PY = '''#!/usr/bin/python
#
# http://mathworld.wolfram.com/QueensProblem.html
#
from constraint import Problem
import sys


def solve():
    problem = Problem()
    size = 8
    cols = range(size)
    rows = range(size)
    problem.addVariables(cols, rows)
    for col1 in cols:
        for col2 in cols:
            if col1 < col2:
                problem.addConstraint(
                    lambda row1, row2, col1=col1,
                    col2=col2: abs(row1 - row2) !=
                    abs(col1 - col2) and row1 != row2,
                    (col1, col2),
                )
    solutions = problem.getSolutions()
    return solutions, size
'''


def shipped_script(module: str, size: int):
    """The script's solve(), importing `module`, for a board of `size`."""
    source = QUEENS_PY.replace("from constraint import Problem", "from %s import Problem" % module)
    source = source.replace("size = 8", "size = %d" % size)
    namespace = {"__name__": "queens"}
    exec(compile(source, "queens.py", "exec"), namespace)
    return namespace["solve"]


def described_script(module: str, size: int):
    """The issue's description: an all-different plus a function per pair of rows for the diagonals."""
    mod = __import__(module, fromlist=["Problem"])

    def solve():
        problem = mod.Problem()
        problem.addVariables(range(size), range(size))
        problem.addConstraint(mod.AllDifferentConstraint())
        for col1 in range(size):
            for col2 in range(col1 + 1, size):
                problem.addConstraint(lambda row1, row2, d=col2 - col1: abs(row1 - row2) != d, (col1, col2))
        return problem.getSolutions(), size

    return solve


# The timer: the process's CPU time by default (on a shared machine it
# counts what this process did, not the time other processes held the
# cores), or wall-clock time with --wall (and for counting on every core).
CLOCK = time.process_time


def best(f, repeat, clock=None):
    """The least and the median of `repeat` timings of f(), and its result."""
    clock = clock or CLOCK
    times, result = [], None
    for _ in range(repeat):
        t0 = clock()
        result = f()
        times.append(clock() - t0)
    return min(times), statistics.median(times), result


def native_model(n):
    from csp_engine import Model

    m = Model()
    q = m.int_vars(n, range(n))
    m.all_different(q)
    m.all_different([x + i for i, x in enumerate(q)])
    m.all_different([x - i for i, x in enumerate(q)])
    return m


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=12)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--skip-python-constraint", action="store_true")
    ap.add_argument("--wall", action="store_true", help="time wall-clock seconds, not CPU seconds")
    args = ap.parse_args()
    global CLOCK
    if args.wall:
        CLOCK = time.perf_counter
    print("timer: %s" % ("wall clock" if args.wall else "CPU time of this process"))
    n, r = args.size, args.repeat
    rows = []

    def report(name, seconds, median, solutions):
        rows.append((name, seconds, median, solutions))
        print("%-58s %10.4f s  (median %.4f)  %d solutions" % (name, seconds, median, solutions), flush=True)

    expected = None
    pc = {}
    for label, script in [("shipped queens.py", shipped_script), ("all-different + diagonal functions", described_script)]:
        if not args.skip_python_constraint:
            import constraint

            assert constraint.__version__ == "1.4.0"
            t, med, (sols, _) = best(script("constraint", n), 1 if r > 1 else r)
            pc[label] = t
            report("python-constraint 1.4.0, %s" % label, t, med, len(sols))
            expected = len(sols)
        t, med, (sols, _) = best(script("csp_engine.constraint", n), r)
        assert expected is None or len(sols) == expected
        report("csp_engine.constraint, %s" % label, t, med, len(sols))
        if label in pc:
            print("    ratio: %.0fx" % (pc[label] / t))

    m = native_model(n)
    t, med, o = best(lambda: m.count(), r)
    report("native API, count(), one thread", t, med, o.solutions)
    for label in pc:
        print("    ratio against python-constraint's %s: %.0fx" % (label, pc[label] / t))
    t, med, o = best(lambda: m.count(var_order="smallest-domain"), r)
    report("native API, count(var_order='smallest-domain'), one thread", t, med, o.solutions)
    for label in pc:
        print("    ratio against python-constraint's %s: %.0fx" % (label, pc[label] / t))
    # Counting on every core pays for splitting the search: worth it on
    # bigger boards (wall clock, since the point is the cores).
    for size in (n, 14):
        mm = native_model(size)
        t1, _, _ = best(lambda: mm.count(), r, time.perf_counter)
        tp, _, o = best(lambda: mm.solver().count_parallel(), r, time.perf_counter)
        print(
            "count_parallel(), %d queens, wall clock: %.4f s against count() %.4f s on one thread (%d solutions)"
            % (size, tp, t1, o.solutions)
        )

    # The iterator's cost per solution: iterating against counting, on 14 queens.
    big = native_model(14)
    t_count, _, o = best(lambda: big.count(), r)
    t_iter, _, count = best(lambda: sum(1 for _ in big.solutions()), r)
    t_read, _, _ = best(lambda: sum(s.values()[0] for s in big.solutions()), r)
    per = (t_iter - t_count) / count
    print(
        "iterator, 14 queens: count() %.3f s, iterating %.3f s, iterating and reading values %.3f s: "
        "%.0f ns per solution (%.0f ns reading its values), %d solutions"
        % (t_count, t_iter, t_read, per * 1e9, (t_read - t_iter) / count * 1e9, count)
    )

    # A Python callback per check: the same pairwise functions, called by the
    # engine during the search (tabulate=False) against tabulated.
    from csp_engine import Model

    def pairwise(tabulate):
        mm = Model()
        q = mm.int_vars(n, range(n))
        for i in range(n):
            for j in range(i + 1, n):
                mm.predicate([q[i], q[j]], lambda a, b, d=j - i: a != b and abs(a - b) != d, tabulate=tabulate)
        return mm

    called = pairwise(False)
    t_called, _, oc = best(lambda: called.count(), max(1, r // 2))
    tabled = pairwise(None)
    t_tabled, _, ot = best(lambda: tabled.count(), r)
    checks = oc.stats["checks"]
    f = lambda a, b, d=3: a != b and abs(a - b) != d  # noqa: E731
    call = min(timeit.repeat("f(3, 7)", globals={"f": f}, number=200_000, repeat=5)) / 200_000
    print(
        "callback per check, %d queens: %d checks calling Python in %.3f s = %.0f ns per check "
        "(a bare Python call of the same lambda: %.0f ns); tabulated when posted: %.4f s"
        % (n, checks, t_called, t_called / checks * 1e9, call * 1e9, t_tabled)
    )
    assert oc.solutions == ot.solutions == (expected or oc.solutions)


if __name__ == "__main__":
    main()
