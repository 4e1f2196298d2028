"""Building models: variables, views and expressions, every constraint,
and every way a model can be wrong."""

import pytest

from csp_engine import Expr, Model, ModelError, Relation, Var
from conftest import queens


def count(m, **kw):
    o = m.count(**kw)
    assert o.is_complete
    return o.solutions


def solutions(m, **kw):
    return sorted(tuple(s.values()) for s in m.solutions(**kw))


def test_eight_queens_count_92():
    m, _ = queens(8)
    assert count(m) == 92


def test_variables_have_names_indices_and_domains():
    m = Model()
    x = m.int_var(range(3), name="x")
    y = m.int_var([5, 1, 3])
    b = m.bool_var(name="flag")
    assert (x.name, x.index, y.name, b.name) == ("x", 0, "x1", "flag")
    assert m.domain(y) == [1, 3, 5]
    assert m.domain(b) == [0, 1]
    assert m.var("flag") == b
    assert m.num_vars == 3 and [v.name for v in m.vars] == ["x", "x1", "flag"]
    assert m.domain(m.int_var(range(0, 10, 3))) == [0, 3, 6, 9]
    with pytest.raises(KeyError):
        m.var("nope")


def test_operators_build_views_and_expressions():
    m = Model()
    x, y = m.int_vars(2, range(5), name="v")
    assert isinstance(x + 3, Expr) and (x + 3).is_view()
    assert not (x - y).is_view()
    e = 2 * x - y + 3
    assert repr(e) == "2*v0 - v1 + 3"
    assert [(a, v.name) for a, v in e.terms] == [(2, "v0"), (-1, "v1")] and e.constant == 3
    assert repr(sum([x, y])) == "v0 + v1"
    assert repr(-x) == "-v0"
    assert isinstance(x < y, Relation)
    with pytest.raises(TypeError, match="not linear"):
        x * y


def test_variables_are_dictionary_keys():
    m = Model()
    x, y = m.int_vars(2, range(2))
    d = {x: 1, y: 2}
    assert d[x] == 1 and d[y] == 2
    assert x in [y, x] and x != y and not (x == y)
    with pytest.raises(TypeError, match="no truth value"):
        bool(x < y)
    with pytest.raises(TypeError, match="no truth value"):
        bool(x == y + 1)


def test_relations_post_linear_constraints():
    m = Model()
    x, y = m.int_vars(2, range(10))
    m.add(x + 2 * y == 7)
    assert count(m) == 4
    m.add(x != 1)
    assert count(m) == 3
    assert solutions(m) == [(3, 2), (5, 1), (7, 0)]
    m.add(x < y)
    assert solutions(m) == []


def test_comparisons_and_membership():
    m = Model()
    x, y = m.int_vars(2, range(4))
    m.less(x, y)
    m.add(x.is_in([0, 2]))
    assert solutions(m) == [(0, 1), (0, 2), (0, 3), (2, 3)]
    m.greater_equal(y - x, 2)
    assert solutions(m) == [(0, 2), (0, 3)]


def test_every_builder_on_small_models():
    m = Model()
    x = m.int_vars(3, range(3))
    m.all_different(x, level="domain")
    assert count(m) == 6
    m = Model()
    x = m.int_vars(3, range(1, 7))
    m.predicate(x, lambda a, b, c: a * b == c)
    assert count(m) == 14
    m = Model()
    x = m.int_vars(2, range(3))
    m.table(x, [[0, 1], [1, 2], [2, 2]])
    assert count(m) == 3
    m = Model()
    x = m.int_vars(3, range(2))
    m.count_eq(x, 0, 2)
    assert count(m) == 3
    m = Model()
    x, y, z = m.int_vars(3, range(-3, 4))
    m.abs(x, y)
    m.times(x, y, z)
    assert all(abs(s[0]) == s[1] and s[0] * s[1] == s[2] for s in solutions(m))
    # Interval reasoning alone: the same solutions as `times`.
    by_bounds = Model()
    x, y, z = by_bounds.int_vars(3, range(-3, 4))
    by_bounds.abs(x, y)
    by_bounds.times_by_bounds(x, y, z)
    assert sorted(solutions(by_bounds)) == sorted(solutions(m))
    m = Model()
    x, y, z = m.int_vars(3, range(-4, 5))
    m.div(x, y, z)
    m.assign(x, -3)
    m.assign(y, 2)
    assert solutions(m) == [(-3, 2, -1)]
    m = Model()
    x, y, z = m.int_vars(3, range(0, 5))
    m.modulo(x, y, z)
    m.distance(x, y, z)
    assert all(s[0] % s[1] == s[2] and abs(s[0] - s[1]) == s[2] for s in solutions(m))
    m = Model()
    xs = m.int_vars(3, range(4))
    r = m.int_var(range(4))
    m.maximum(xs, r)
    m.forbid(r, 3)
    assert all(max(s[:3]) == s[3] != 3 for s in solutions(m)) and count(m) == 27
    m = Model()
    xs = m.int_vars(2, range(3))
    r = m.int_var(range(3))
    m.minimum(xs, r)
    assert count(m) == 9
    m = Model()
    i = m.int_var(range(3))
    r = m.int_var(range(10))
    m.element([4, 7, 9], i, r)
    assert solutions(m) == [(0, 4), (1, 7), (2, 9)]
    m = Model()
    xs = m.int_vars(3, range(5))
    i, r = m.int_var(range(3)), m.int_var(range(5))
    m.element_var(xs, i, r)
    assert all(s[s[3]] == s[4] for s in solutions(m))
    m = Model()
    a, b, c = m.bool_vars(3)
    m.clause([a, b], [c])
    assert count(m) == 7
    m = Model()
    b = m.bool_var()
    x, y = m.int_vars(2, range(3))
    m.reify(b, x < y)
    assert all(s[0] == (s[1] < s[2]) for s in solutions(m)) and count(m) == 9
    m = Model()
    b = m.bool_var()
    x = m.int_var(range(4))
    m.implies(b, x.is_in([1, 3]))
    assert count(m) == 4 + 2
    m = Model()
    x = m.int_var(range(6))
    m.member(x, [1, 4])
    assert solutions(m) == [(1,), (4,)]
    m = Model()
    xs = m.int_vars(4, range(3))
    m.global_cardinality(xs, {0: 2, 1: (1, 2)})
    assert all(s.count(0) == 2 and 1 <= s.count(1) <= 2 for s in solutions(m)) and count(m) > 0
    m = Model()
    succ = m.int_vars(4, range(4))
    m.circuit(succ)
    assert count(m) == 6
    m = Model()
    xs = m.int_vars(3, range(3))
    ys = m.int_vars(3, range(3))
    m.inverse(xs, ys)
    assert count(m) == 6
    m = Model()
    x = m.int_vars(4, range(2))
    m.lex_less_equal(x[:2], x[2:])
    assert count(m) == 10
    m = Model()
    x = m.int_vars(4, range(2))
    m.lex_less(x[:2], x[2:])
    assert count(m) == 6
    m = Model()
    x = m.int_vars(3, range(4))
    m.linear([(1, x[0]), (2, x[1]), x[2] + 1], "<=", 3)
    assert all(s[0] + 2 * s[1] + s[2] + 1 <= 3 for s in solutions(m)) and count(m) == 7
    m = Model()
    x, y = m.int_vars(2, range(5))
    m.not_equal(x, y + 1)
    assert count(m) == 21


def test_expr_var_names_a_new_variable_or_returns_the_view():
    m = Model()
    x, y = m.int_vars(2, range(3))
    s = m.expr_var(x + y, name="s")
    assert isinstance(s, Var) and s.name == "s" and m.domain(s) == [0, 1, 2, 3, 4]
    v = m.expr_var(x + 2)
    assert isinstance(v, Expr) and v.is_view() and m.num_vars == 3
    m.assign(s, 4)
    assert solutions(m) == [(2, 2, 4)]


def test_is_solution_takes_lists_and_mappings():
    m, q = queens(4)
    assert m.is_solution([1, 3, 0, 2])
    assert not m.is_solution([0, 1, 2, 3])
    assert m.is_solution({q[0]: 1, q[1]: 3, "q2": 0, q[3]: 2})
    with pytest.raises(ValueError, match="no value for q3"):
        m.is_solution({q[0]: 1, q[1]: 3, q[2]: 0})


def test_a_model_grows_while_a_search_of_it_runs():
    m = Model()
    x = m.int_vars(3, range(3))
    it = m.solutions()
    first = next(it)
    m.all_different(x)  # posted to a copy: the running search keeps its model
    rest = list(it)
    assert 1 + len(rest) == 27
    assert count(m) == 6
    assert first[x[0]] == 0


# Errors: every Python-facing mistake is an exception with a clear message.


def test_wrong_types_are_type_errors():
    m = Model()
    x, y = m.int_vars(2, range(3))
    with pytest.raises(TypeError, match="range or an iterable of integers"):
        m.int_var("abc")
    with pytest.raises(TypeError, match="domain values must be integers"):
        m.int_var([1, "a"])
    with pytest.raises(TypeError):
        m.int_var(3)
    with pytest.raises(TypeError, match="expected a variable or an offset view"):
        m.not_equal(x, "y")
    with pytest.raises(TypeError, match="make it a variable with model.expr_var"):
        m.all_different([x - y, x])
    with pytest.raises(TypeError, match="expected a variable or an offset view"):
        m.all_different([x, 3])
    with pytest.raises(TypeError, match="expected a relation"):
        m.add(3)
    with pytest.raises(TypeError, match="got a bool"):
        m.add(1 < 2)
    with pytest.raises(TypeError, match="membership needs a variable or a view"):
        m.add((x - y).is_in([1]))
    with pytest.raises(TypeError, match="membership needs a variable or a view"):
        m.reify(m.bool_var(), (2 * x).is_in([1]))
    with pytest.raises(TypeError, match="expected a callable"):
        m.predicate([x], 5)
    with pytest.raises(TypeError, match="expected a variable"):
        m.reify(x + 1, x < y)
    with pytest.raises(ValueError, match="unknown comparison"):
        m.linear([x], "=<", 3)
    with pytest.raises(OverflowError):
        m.int_var([2**40])
    with pytest.raises(ValueError, match="already has a variable named"):
        m.int_var(range(2), name="x0")
    with pytest.raises(ValueError, match="unknown alldifferentlevel"):
        m.all_different([x, y], level="strong")


def test_a_variable_of_another_model_is_a_model_error():
    a, b = Model(), Model()
    x = a.int_var(range(2))
    y = b.int_var(range(2))
    with pytest.raises(ModelError, match="not-equal constraint uses a variable from a different model"):
        b.not_equal(x, y)
    with pytest.raises(ModelError, match="different model"):
        b.add(x + y == 1)
    with pytest.raises(ModelError, match="different model"):
        b.all_different([x, y])
    with pytest.raises(ModelError, match="different model"):
        b.domain(x)
    assert b.num_constraints == 0
    assert isinstance(ModelError("m"), ValueError)


def test_engine_refusals_carry_the_engine_message():
    m = Model()
    x = m.int_vars(2, range(3))
    with pytest.raises(ModelError, match="table row 0 has 3 values but the scope has 2 variables"):
        m.table(x, [[0, 1, 2]])
    with pytest.raises(ModelError, match="compares a sequence of 1 with one of 3"):
        m.lex_less([x[0]], [x[1], x[0], x[1]])
    # Every 32-bit value but one fits: the whole 32-bit range does not.
    with pytest.raises(ModelError, match="values wide"):
        m.int_var(range(-(2**31), 2**31))
    with pytest.raises(ModelError, match="has no variables"):
        m.linear([], "==", 0)
    with pytest.raises(ModelError, match="has no variables"):
        m.predicate([], lambda: True)


def test_a_variable_over_300_million_values_is_an_ordinary_one():
    m = Model()
    x = m.int_var(range(0, 300_000_001))
    y = m.int_var(range(10))
    m.add(x + y == 299_999_995)
    s = m.first()
    assert s is not None and s[x] + s[y] == 299_999_995
    assert m.count().solutions == 10


def test_an_empty_domain_makes_the_model_unsatisfiable():
    m = Model()
    x = m.int_var([])
    y = m.int_var(range(3))
    o = m.count()
    assert o.is_complete and o.is_unsatisfiable and o.solutions == 0
    assert m.first() is None
    assert list(m.solutions()) == []
    assert m.int_var(range(5, 5)) is not None and m.count().solutions == 0
    del x, y


def test_a_tabulated_predicate_that_raises_raises_when_posted():
    m = Model()
    x = m.int_vars(2, range(3))

    def bad(a, b):
        if a == 2:
            raise ZeroDivisionError("no twos")
        return True

    with pytest.raises(ZeroDivisionError, match="no twos"):
        m.predicate(x, bad)
    assert m.num_constraints == 0
    assert count(m) == 9


def test_a_predicate_that_raises_during_the_search_stops_it_cleanly():
    m = Model()
    x = m.int_vars(3, range(3))
    calls = []

    def bad(a, b, c):
        calls.append((a, b, c))
        if len(calls) == 2:
            raise RuntimeError("the second call")
        return True

    m.predicate(x, bad, tabulate=False)
    for run in (lambda: m.count(), lambda: list(m.solutions()), lambda: m.first()):
        calls.clear()
        with pytest.raises(RuntimeError, match="the second call"):
            run()
        assert len(calls) == 2, "no Python call after the exception"
    it = m.solutions()
    calls.clear()
    with pytest.raises(RuntimeError):
        list(it)
    assert list(it) == [] and it.outcome.status != "running"
    # The model still works afterwards, and other searches too.
    calls.clear()
    m2, _ = queens(6)
    assert count(m2) == 4


def test_a_predicate_returning_a_non_bool_uses_its_truth():
    m = Model()
    x = m.int_vars(2, range(3))
    m.predicate(x, lambda a, b: a - b, tabulate=False)  # nonzero: true
    assert count(m) == 6
    m = Model()
    x = m.int_vars(2, range(3))
    m.predicate(x, lambda a, b: [a] if a > b else [])
    assert count(m) == 3


def test_tabulate_true_refuses_huge_products_and_false_calls_during_search():
    m = Model()
    x = m.int_vars(4, range(100))
    with pytest.raises(ValueError, match="combinations to tabulate"):
        m.predicate(x, lambda *v: True, tabulate=True)
    m = Model()
    x = m.int_vars(2, range(3))
    calls = []
    m.predicate(x, lambda a, b: calls.append(1) or a != b, tabulate=False)
    assert calls == []
    assert count(m) == 6 and calls


def test_binary_difference_predicates_become_disequalities():
    m = Model()
    x = m.int_vars(2, range(5))
    m.predicate(x, lambda a, b: a != b and abs(a - b) != 1)
    assert m.num_constraints == 3  # a != b, a != b + 1, a != b - 1
    assert count(m) == 12
    m = Model()
    x = m.int_vars(2, range(5))
    m.predicate(x, lambda a, b: a < b)  # a - b not in {0, ..., 4}
    assert m.num_constraints == 5 and count(m) == 10
    m = Model()
    x = m.int_vars(2, range(5))
    m.predicate(x, lambda a, b: a + b == 4)  # not a difference pattern: one table
    assert m.num_constraints == 1 and solutions(m) == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]


def test_the_linear_relaxation_refutes_what_each_row_allows():
    from csp_engine import Solver, Strategy

    def triangle(relax):
        # Any two of three sum to at most 2, all three to at least 4.
        m = Model()
        v = m.int_vars(3, range(3))
        for a, b in [(0, 1), (1, 2), (0, 2)]:
            m.linear([v[a], v[b]], "<=", 2)
        m.linear(v, ">=", 4)
        if relax:
            assert m.linear_relaxation() is not None
        return Solver(m, strategy=Strategy.ARC_CONSISTENCY).count()

    rows, together = triangle(False), triangle(True)
    assert rows.solutions == together.solutions == 0
    assert rows.stats["failures"] > 0 and together.stats["failures"] == 0
    # One row alone: nothing to add.
    m = Model()
    x = m.int_var(range(3))
    m.linear([x], "<=", 1)
    assert m.linear_relaxation() is None
