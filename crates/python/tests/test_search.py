"""Searching: settings, the lazy iterator, outcomes, branch and bound,
custom orders, and stopping (limits, Ctrl-C, exceptions)."""

import os
import sys
import signal
import threading
import time

import pytest

import csp_engine
from csp_engine import (
    Model,
    OptimizeStatus,
    SearchInterrupted,
    Solution,
    Solver,
    Status,
    StopReason,
    Strategy,
    ValueOrder,
    VarOrder,
)
from conftest import queens


@pytest.mark.parametrize("strategy", list(Strategy))
@pytest.mark.parametrize("var_order", list(VarOrder))
def test_every_strategy_and_order_counts_the_same(strategy, var_order):
    m, _ = queens(6)
    for value_order in ValueOrder:
        o = Solver(m, strategy=strategy, var_order=var_order, value_order=value_order, seed=3).count()
        assert (o.solutions, o.status) == (4, Status.COMPLETE)


def test_names_ignore_case_and_underscores_and_bad_names_say_what_is_expected():
    m, _ = queens(5)
    assert Solver(m, strategy="Forward_Checking").strategy == "forward-checking"
    assert Solver(m, strategy=Strategy.ARC_CONSISTENCY, var_order="DOM_WDEG").var_order == "dom-wdeg"
    with pytest.raises(ValueError, match="expected one of: generate-and-test"):
        Solver(m, strategy="fast")
    with pytest.raises(ValueError, match="expected one of: input, smallest-domain"):
        Solver(m, var_order="random")
    with pytest.raises(TypeError, match="expected a name or a callable"):
        Solver(m, value_order=3)
    with pytest.raises(ValueError, match="invalid restarts"):
        Solver(m, restarts="sometimes")
    with pytest.raises(ValueError, match="seconds >= 0"):
        Solver(m, time=-1)
    with pytest.raises(TypeError, match="observer: expected a callable"):
        Solver(m, observer="print")
    with pytest.raises(TypeError):
        Solver(m, strategy=4)
    with pytest.raises(TypeError):
        Solver("model")


def test_solutions_are_mappings_from_variables_and_names():
    m, q = queens(4)
    sols = list(m.solutions())
    assert len(sols) == 2
    s = sols[0]
    assert isinstance(s, Solution)
    from collections.abc import Mapping

    assert isinstance(s, Mapping)
    assert s[q[0]] == s["q0"] == 1 and len(s) == 4
    assert list(s) == q and s.values() == [1, 3, 0, 2]
    assert dict(s.items()) == {q[0]: 1, q[1]: 3, q[2]: 0, q[3]: 2}
    assert s.to_dict() == {"q0": 1, "q1": 3, "q2": 0, "q3": 2}
    assert s == {"q0": 1, "q1": 3, "q2": 0, "q3": 2} and s != sols[1]
    assert q[1] in s and "q9" not in s and s.get("q9", -1) == -1
    assert repr(s) == "{q0: 1, q1: 3, q2: 0, q3: 2}"
    with pytest.raises(KeyError):
        s["q9"]
    with pytest.raises(TypeError, match="indexed by a variable"):
        s[0]
    other = Model().int_var(range(2))
    assert other not in s


def test_iterator_outcome_runs_then_completes():
    m, _ = queens(6)
    it = m.solutions()
    assert it.outcome.status == Status.RUNNING
    next(it)
    assert it.outcome.status == Status.RUNNING and it.outcome.solutions == 1
    rest = list(it)
    assert len(rest) == 3
    o = it.outcome
    assert o.status == Status.COMPLETE and o.solutions == 4 and o.stop_reason is None
    assert set(o.stats) == {
        "solutions", "nodes", "failures", "backtracks", "checks", "pruned",
        "propagations", "max_depth", "restarts", "backjumps", "nogoods", "conflicts",
        "learned", "clause_propagations", "elapsed", "path",
    }
    assert o.stats["nodes"] == 87 and "backend" in o.stats["path"]


def test_clause_learning_reports_its_conflicts_and_what_its_clauses_implied():
    # Seven pigeons, six holes: unsatisfiable, refuted by learning.
    m = Model()
    x = m.int_vars(7, range(6))
    m.all_different(x)
    o = Solver(m, strategy=Strategy.CLAUSE_LEARNING).count()
    assert (o.solutions, o.status) == (0, Status.COMPLETE)
    s = o.stats
    assert s["conflicts"] > 0 and s["learned"] > 0 and s["clause_propagations"] > 0
    fc = Solver(m, strategy=Strategy.FORWARD_CHECKING).count().stats
    assert (fc["conflicts"], fc["learned"], fc["clause_propagations"]) == (0, 0, 0)


def test_a_small_clause_database_keeps_every_answer():
    # Seven pigeons, six holes; then six holes for six pigeons (720
    # solutions): a database cut after every ten clauses still proves the
    # first and counts the second exactly.
    for pigeons, solutions in [(7, 0), (6, 720)]:
        m = Model()
        m.all_different(m.int_vars(pigeons, range(6)))
        o = Solver(m, strategy="clause-learning", learned_clauses=10).count()
        assert (o.solutions, o.status) == (solutions, Status.COMPLETE)
    for bad in [0, -3]:
        with pytest.raises(ValueError, match="learned_clauses"):
            Solver(m, learned_clauses=bad)


def test_close_ends_a_search_early():
    m, _ = queens(8)
    it = m.solutions()
    next(it)
    it.close()
    assert list(it) == [] and it.outcome.solutions == 1


@pytest.mark.parametrize(
    "limit, reason",
    [("nodes", StopReason.NODES), ("failures", StopReason.FAILURES), ("solutions", StopReason.SOLUTIONS)],
)
def test_limits_stop_with_their_reason(limit, reason):
    m, _ = queens(10)
    o = m.count(**{limit: 5})
    assert o.status == Status.STOPPED and o.stop_reason == reason and not o.is_complete


def test_time_limit():
    m, _ = queens(30)
    o = m.count(time=0.05)
    assert o.stop_reason == StopReason.TIME and o.elapsed < 2


@pytest.mark.skipif(sys.platform != "linux", reason="resident memory is read on Linux only")
def test_memory_limit():
    m, _ = queens(10)
    # One MiB: below any process's resident memory, so the first poll stops.
    o = m.count(memory=1)
    assert o.stop_reason == StopReason.MEMORY and not o.is_complete
    # Far above it: the count is whole.
    assert m.count(memory=1 << 20).solutions == 724
    with pytest.raises(ValueError, match="memory: expected a number of MiB"):
        Solver(m, memory=0)


def test_restarts_and_seeds():
    m, _ = queens(12)
    s = Solver(m, var_order="smallest-domain", value_order="random", restarts="luby:10", seed=7)
    a, b = s.first(), s.first()
    assert m.is_solution(a.values()) and a == b
    assert Solver(m, restarts="geometric:5:1.5").count().solutions == 14200


def test_assumptions_restrict_the_search():
    m, q = queens(8)
    assert Solver(m, assume={q[0]: 0}).count().solutions == 4
    assert Solver(m, assume={q[0]: 0, q[1]: 1}).count().solutions == 0
    other = Model().int_var(range(2))
    with pytest.raises(csp_engine.ModelError, match="assumption constraint uses a variable from a different model"):
        Solver(m, assume={other: 0})
    with pytest.raises(TypeError):
        Solver(m, assume={"q0": 0})


def test_first_returns_none_when_unsatisfiable():
    m = Model()
    x = m.int_vars(3, range(2))
    m.all_different(x)
    assert m.first() is None
    assert m.count().is_unsatisfiable


def test_custom_variable_order_callable():
    m, q = queens(8)
    seen = []

    def largest_index(view):
        seen.append(view.depth())
        free = view.unassigned()
        assert all(view.size(v) >= 1 for v in free)
        return max(free, key=lambda v: v.index)

    first = Solver(m, var_order=largest_index).first()
    assert m.is_solution(first.values()) and seen[0] == 0
    by_size = Solver(m, var_order=lambda v: min(v.unassigned(), key=lambda x: (v.size(x), x.index)))
    counted = by_size.count()
    assert counted.solutions == 92
    assert counted.stats["nodes"] != m.count().stats["nodes"]  # not the input order


def test_custom_value_order_callable():
    m = Model()
    m.int_var(range(4))
    order = [s.values()[0] for s in Solver(m, value_order=lambda view, var, vals: sorted(vals, key=lambda v: (v % 2, v))).solutions()]
    assert order == [0, 2, 1, 3]
    m, q = queens(6)
    rev = Solver(m, value_order=lambda view, var, vals: list(reversed(vals))).count()
    assert rev.solutions == 4 and rev.stats["nodes"] == Solver(m, value_order="descending").count().stats["nodes"]


def test_search_view_reads_domains_during_the_call_only():
    m, q = queens(5)
    kept = []

    def order(view):
        x = view.unassigned()[0]
        kept.append(view)
        assert view.values(x) == sorted(view.values(x)) and view.contains(x, view.min(x))
        assert view.max(x) >= view.min(x) and view.assigned_value(x) is None
        assert view.degree(x) >= 0 and view.weighted_degree(x) >= 0
        return x

    Solver(m, var_order=order, strategy="forward-checking").first()
    with pytest.raises(RuntimeError, match="only valid during the call"):
        kept[0].unassigned()


def test_orders_that_misbehave_raise_and_stop_the_search():
    m, q = queens(6)
    with pytest.raises(ValueError, match="already assigned"):
        Solver(m, var_order=lambda view: q[0]).count()
    with pytest.raises(TypeError, match="expected a variable"):
        Solver(m, var_order=lambda view: 3).count()
    other = Model().int_var(range(3))
    with pytest.raises(ValueError, match="not a variable of the searched model"):
        Solver(m, var_order=lambda view: other).count()
    with pytest.raises(ValueError, match="reordered"):
        Solver(m, value_order=lambda view, var, vals: vals[:-1]).count()
    with pytest.raises(ZeroDivisionError):
        Solver(m, value_order=lambda view, var, vals: 1 / 0).count()


def test_minimize_and_maximize():
    m = Model()
    take = m.int_vars(3, range(2))
    w, v = [3, 4, 5], [4, 5, 6]
    m.add(sum(wi * t for wi, t in zip(w, take)) <= 8)
    opt = m.maximize(sum(vi * t for vi, t in zip(v, take)), strategy="arc-consistency")
    values = [i.value for i in opt]
    assert values[-1] == 10 and values == sorted(values)
    assert opt.status == OptimizeStatus.OPTIMAL and opt.best.value == 10
    assert opt.outcome.status == Status.COMPLETE and opt.outcome.solutions == len(values)
    assert opt.best.solution.values() == [1, 0, 1]
    x = m.int_vars(2, range(4), name="y")
    m.not_equal(x[0], x[1])
    best = m.minimize(x[0] + x[1] + 1).run()
    assert best.value == 2
    unsat = Model()
    z = unsat.int_vars(2, range(1))
    unsat.not_equal(z[0], z[1])
    o = unsat.minimize(z[0])
    assert o.run() is None and o.status == OptimizeStatus.UNSATISFIABLE
    limited = m.minimize(x[0], nodes=1)
    limited.run()
    assert limited.status in (OptimizeStatus.BEST_BEFORE_LIMIT, OptimizeStatus.NONE_BEFORE_LIMIT)
    assert limited.stop_reason == StopReason.NODES
    assert limited.outcome.status == Status.STOPPED
    with pytest.raises(TypeError):
        m.minimize("x")
    with pytest.raises(ValueError, match="takes no observer"):
        m.maximize(x[0], observer=print)


def test_count_parallel_matches_and_refuses_python_callbacks():
    m, _ = queens(10)
    assert m.solver().count_parallel(threads=2).solutions == 724
    m.predicate(m.vars[:3], lambda *v: True, tabulate=False)
    with pytest.raises(ValueError, match="calls Python"):
        m.solver().count_parallel()
    m2, _ = queens(6)
    with pytest.raises(ValueError, match="calls Python"):
        Solver(m2, observer=print).count_parallel()
    with pytest.raises(ValueError, match="at least 1"):
        m2.solver().count_parallel(threads=0)


def test_local_search():
    m, q = queens(50)
    found = m.local_search(seed=1)
    assert found["status"] == "solved" and m.is_solution(found["solution"].values())
    with pytest.raises(ValueError, match="probability"):
        m.local_search(noise=2.0)


# Stopping: Ctrl-C and KeyboardInterrupt in callbacks.


def interrupt_soon(delay):
    main = threading.main_thread().ident
    timer = threading.Timer(delay, lambda: signal.pthread_kill(main, signal.SIGINT))
    timer.start()
    return timer


def test_ctrl_c_stops_a_native_count_with_the_partial_outcome():
    m, _ = queens(17)  # minutes of work
    interrupt_soon(0.3)
    t0 = time.perf_counter()
    with pytest.raises(SearchInterrupted) as info:
        m.count()
    assert time.perf_counter() - t0 < 5
    o = info.value.outcome
    assert isinstance(info.value, KeyboardInterrupt)
    assert o.status == Status.STOPPED and o.stop_reason == StopReason.CANCELLED and o.solutions > 0
    assert "interrupted after" in str(info.value)
    # Python's own handler is back, and searches run normally afterwards.
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert queens(6)[0].count().solutions == 4


def pigeons(n):
    """n + 1 pigeons in n holes: no solution, and a long search to prove it."""
    m = Model()
    x = m.int_vars(n + 1, range(n))
    m.all_different(x)
    return m


def test_ctrl_c_stops_an_iterator_waiting_for_its_next_solution():
    it = pigeons(13).solutions(strategy="backtracking")
    interrupt_soon(0.3)
    with pytest.raises(SearchInterrupted) as info:
        next(it)
    o = info.value.outcome
    assert o.stop_reason == StopReason.CANCELLED and o.stats["nodes"] > 1000
    assert list(it) == [] and it.outcome.stop_reason == StopReason.CANCELLED


def test_ctrl_c_in_the_loop_body_leaves_the_iterator_usable():
    m, _ = queens(17)
    it = m.solutions()
    n = 0
    interrupt_soon(0.2)
    with pytest.raises(KeyboardInterrupt) as info:
        for _ in it:
            n += 1
            time.sleep(0.001)  # nearly all the time in Python: the interrupt lands here
    if isinstance(info.value, SearchInterrupted):  # rarely, it landed inside next()
        assert list(it) == [] and it.outcome.stop_reason == StopReason.CANCELLED
    else:
        assert next(it) is not None and it.outcome.solutions == n + 1


@pytest.mark.parametrize("run", ["maximize", "count_parallel", "local_search", "study"])
def test_ctrl_c_stops_the_other_long_calls(run):
    import csp_engine

    m = pigeons(13)
    calls = {
        "maximize": lambda: m.maximize(m.vars[0] + m.vars[1], strategy="backtracking").run(),
        "count_parallel": lambda: m.solver(strategy="backtracking").count_parallel(threads=2),
        "local_search": lambda: m.local_search(max_steps=10**12),
        "study": lambda: csp_engine.study(m, strategies=["backtracking"], time=60),
    }
    interrupt_soon(0.3)
    t0 = time.perf_counter()
    with pytest.raises(SearchInterrupted):
        calls[run]()
    assert time.perf_counter() - t0 < 10


def test_keyboard_interrupt_in_a_callback_is_a_search_interrupted():
    m, _ = queens(8)
    calls = []

    def observer(event):
        calls.append(event)
        if len(calls) == 50:
            raise KeyboardInterrupt

    with pytest.raises(SearchInterrupted) as info:
        Solver(m, observer=observer).count()
    assert isinstance(info.value.__cause__, KeyboardInterrupt)
    assert len(calls) == 50 and info.value.outcome.status == Status.STOPPED


def test_ctrl_c_outside_a_search_is_a_plain_keyboard_interrupt():
    with pytest.raises(KeyboardInterrupt) as info:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(1)
    assert not isinstance(info.value, SearchInterrupted)


def test_ctrl_c_stops_an_nqueens_run():
    from csp_engine import nqueens

    interrupt_soon(0.3)
    with pytest.raises(SearchInterrupted, match="n-queens search interrupted after"):
        nqueens.solve(17, "backtracking")
