"""The python-constraint compatible layer against python-constraint 1.4.0
itself: classic scripts, written in its style, give the same solutions."""

import itertools
import random

import pytest

import csp_engine.constraint as ours
from conftest import require


@pytest.fixture(scope="module")
def theirs():
    pc = require("constraint")
    assert pc.__version__ == "1.4.0", "the tests compare with python-constraint 1.4.0"
    return pc


def canonical(solutions):
    """A solution list as a set (python-constraint lists each solution of a
    variable whose domain repeats a value twice; neither layer does here)."""
    as_set = {frozenset(s.items()) for s in solutions}
    assert len(as_set) == len(solutions), "no solution listed twice"
    return as_set


# The scripts: each takes the module (python-constraint or ours) and returns a Problem.


def queens(c, size=6):
    # python-constraint 1.4's examples/queens/queens.py
    problem = c.Problem()
    cols = range(size)
    rows = range(size)
    problem.addVariables(cols, rows)
    for col1 in cols:
        for col2 in cols:
            if col1 < col2:
                problem.addConstraint(
                    lambda row1, row2, col1=col1, col2=col2: abs(row1 - row2) != abs(col1 - col2) and row1 != row2,
                    (col1, col2),
                )
    return problem


def queens_all_different(c, size=7):
    problem = c.Problem()
    problem.addVariables(range(size), range(size))
    problem.addConstraint(c.AllDifferentConstraint())
    for a, b in itertools.combinations(range(size), 2):
        problem.addConstraint(lambda x, y, d=b - a: abs(x - y) != d, (a, b))
    return problem


def rooks(c, size=5):
    problem = c.Problem()
    problem.addVariables(range(size), range(size))
    for col1, col2 in itertools.combinations(range(size), 2):
        problem.addConstraint(lambda row1, row2: row1 != row2, (col1, col2))
    return problem


def send_more_money(c):
    # python-constraint 1.4's examples/wordmath/sendmoremoney.py
    problem = c.Problem()
    problem.addVariables("sendmory", range(10))
    problem.addConstraint(lambda d, e, y: (d + e) % 10 == y, "dey")
    problem.addConstraint(lambda n, d, r, e, y: (n * 10 + d + r * 10 + e) % 100 == e * 10 + y, "ndrey")
    problem.addConstraint(
        lambda e, n, d, o, r, y: (e * 100 + n * 10 + d + o * 100 + r * 10 + e) % 1000 == n * 100 + e * 10 + y,
        "endory",
    )
    problem.addConstraint(
        lambda s, e, n, d, m, o, r, y: 1000 * s + 100 * e + 10 * n + d + 1000 * m + 100 * o + 10 * r + e
        == 10000 * m + 1000 * o + 100 * n + 10 * e + y,
        "sendmory",
    )
    problem.addConstraint(c.NotInSetConstraint([0]), "sm")
    problem.addConstraint(c.AllDifferentConstraint())
    return problem


def magic_square(c):
    problem = c.Problem()
    problem.addVariables(range(9), range(1, 10))
    problem.addConstraint(c.AllDifferentConstraint(), range(9))
    for row in range(3):
        problem.addConstraint(c.ExactSumConstraint(15), [row * 3 + i for i in range(3)])
    for col in range(3):
        problem.addConstraint(c.ExactSumConstraint(15), [col + 3 * i for i in range(3)])
    problem.addConstraint(c.ExactSumConstraint(15), [0, 4, 8])
    problem.addConstraint(c.ExactSumConstraint(15), [2, 4, 6])
    return problem


def coins(c):
    # python-constraint 1.4's examples/coins: 1.00 with at most 100 coins of 5 kinds.
    problem = c.Problem()
    total = 1.00
    variables = ("0.01", "0.05", "0.10", "0.50", "1.00")
    values = [float(x) for x in variables]
    for variable, value in zip(variables, values):
        problem.addVariable(variable, range(int(total / value) + 1))
    problem.addConstraint(c.ExactSumConstraint(total, values), variables)
    problem.addConstraint(c.ExactSumConstraint(100))
    return problem


def sums_and_sets(c):
    problem = c.Problem()
    problem.addVariables("abcd", range(6))
    problem.addConstraint(c.MaxSumConstraint(12, [1, 2, 1, 2]), "abcd")
    problem.addConstraint(c.MinSumConstraint(5), "abc")
    problem.addConstraint(c.ExactSumConstraint(7, [2, 1]), "ab")
    problem.addConstraint(c.InSetConstraint([0, 1, 2, 3, 5]), "c")
    problem.addConstraint(c.NotInSetConstraint([4]), "d")
    problem.addConstraint(c.SomeInSetConstraint([1, 3, 5], n=2), "abcd")
    problem.addConstraint(c.SomeNotInSetConstraint([0, 1], n=1, exact=True), "cd")
    return problem


def some_in_set_exact(c):
    problem = c.Problem()
    problem.addVariables(["x", "y", "z"], [1, 2, 3, 4])
    problem.addConstraint(c.SomeInSetConstraint({2, 4}, n=2, exact=True))
    problem.addConstraint(c.AllEqualConstraint(), ["x", "x"])
    problem.addConstraint(lambda x, y: x <= y, ["x", "y"])
    return problem


def all_equal(c):
    problem = c.Problem()
    problem.addVariables(["a", "b", "c"], [1, 2, 3])
    problem.addVariable("d", [2, 3, 4])
    problem.addConstraint(c.AllEqualConstraint(), ["a", "b", "d"])
    problem.addConstraint(lambda a, c_: a != c_, ["a", "c"])
    return problem


def functions_of_several_variables(c):
    problem = c.Problem()
    problem.addVariables(["x", "y", "z", "w"], range(-3, 4))
    problem.addConstraint(c.FunctionConstraint(lambda x, y, z: x * y == z), ["x", "y", "z"])
    problem.addConstraint(lambda y, z, w: y + z > w, ["y", "z", "w"])
    problem.addConstraint(lambda w: w % 2 == 0, ["w"])
    problem.addConstraint(c.FunctionConstraint(lambda x, w: abs(x) != abs(w), assigned=True), ["x", "w"])
    return problem


def words_and_strings(c):
    # Non-integer values: strings, tuples and floats.
    problem = c.Problem()
    colours = ["red", "green", "blue"]
    problem.addVariables(["wa", "nt", "sa", "q", "nsw", "v", "t"], colours)
    for a, b in [("wa", "nt"), ("wa", "sa"), ("nt", "sa"), ("nt", "q"), ("sa", "q"), ("sa", "nsw"), ("sa", "v"), ("q", "nsw"), ("nsw", "v")]:
        problem.addConstraint(lambda x, y: x != y, [a, b])
    problem.addConstraint(c.InSetConstraint(["red", "blue"]), ["t"])
    problem.addVariable(("size", 1), [0.5, 1.5, 2.5])
    problem.addConstraint(c.MaxSumConstraint(2.0), [("size", 1)])
    problem.addConstraint(c.SomeInSetConstraint(["red"], n=2), ["wa", "q", "v", "t"])
    return problem


def mixed_values_and_sums(c):
    problem = c.Problem()
    problem.addVariable("a", [1, 2.5, 3])
    problem.addVariable("b", [True, 2, 0])
    problem.addVariable("s", ["x", "y"])
    problem.addConstraint(c.ExactSumConstraint(3.5), ["a", "b"])
    problem.addConstraint(c.AllDifferentConstraint(), ["a", "b"])
    problem.addConstraint(lambda s, a: (s == "x") == (a > 2), ["s", "a"])
    return problem


def custom_constraint_class(c):
    class Ordered(c.Constraint):
        def __call__(self, variables, domains, assignments, forwardcheck=False):
            values = [assignments[v] for v in variables if v in assignments]
            return values == sorted(values)

    problem = c.Problem()
    problem.addVariables("pqr", range(4))
    problem.addConstraint(Ordered(), "pqr")
    problem.addConstraint(c.AllDifferentConstraint(), "pqr")
    return problem


def unsatisfiable(c):
    problem = c.Problem()
    problem.addVariables(range(4), range(3))
    problem.addConstraint(c.AllDifferentConstraint())
    return problem


def pruned_to_nothing(c):
    problem = c.Problem()
    problem.addVariable("a", [1, 2])
    problem.addConstraint(c.InSetConstraint([5]), ["a"])
    return problem


SCRIPTS = [
    queens,
    queens_all_different,
    rooks,
    send_more_money,
    magic_square,
    coins,
    sums_and_sets,
    some_in_set_exact,
    all_equal,
    functions_of_several_variables,
    words_and_strings,
    mixed_values_and_sums,
    custom_constraint_class,
    unsatisfiable,
    pruned_to_nothing,
]


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda s: s.__name__)
def test_same_solutions_as_python_constraint(theirs, script):
    expected = canonical(script(theirs).getSolutions())
    assert canonical(script(ours).getSolutions()) == expected
    assert canonical(list(script(ours).getSolutionIter())) == expected
    first = script(ours).getSolution()
    assert (first is None) == (not expected)
    if first is not None:
        assert frozenset(first.items()) in expected
    # The other systematic solvers find the same solutions.
    for solver in (ours.BacktrackingSolver(forwardcheck=False), ours.RecursiveBacktrackingSolver()):
        assert canonical(_with(script, solver)) == expected


def _with(script, solver):
    problem = script(ours)
    problem.setSolver(solver)
    assert problem.getSolver() is solver
    return problem.getSolutions()


def test_the_shipped_queens_script_counts_like_python_constraint(theirs):
    assert len(queens(ours, 8).getSolutions()) == len(queens(theirs, 8).getSolutions()) == 92


def test_min_conflicts_finds_valid_solutions(theirs):
    random.seed(5)
    for script in (queens, magic_square, words_and_strings):
        expected = canonical(script(theirs).getSolutions())
        problem = script(ours)
        problem.setSolver(ours.MinConflictsSolver(steps=10_000))
        found = problem.getSolution()
        assert found is not None and frozenset(found.items()) in expected, script.__name__
    problem = unsatisfiable(ours)
    problem.setSolver(ours.MinConflictsSolver(steps=50))
    assert problem.getSolution() is None


def test_the_same_errors_as_python_constraint(theirs):
    for c in (theirs, ours):
        p = c.Problem()
        p.addVariable("a", [1])
        with pytest.raises(ValueError, match="Tried to insert duplicated variable 'a'"):
            p.addVariable("a", [2])
        with pytest.raises(ValueError, match="Domain is empty"):
            p.addVariable("b", [])
        with pytest.raises(TypeError, match="Domains must be instances"):
            p.addVariable("c", 5)
        with pytest.raises(ValueError, match="Constraints must be instances"):
            p.addConstraint(5, ["a"])
        p.addConstraint(lambda a, z: True, ["a", "z"])
        with pytest.raises(KeyError):
            p.getSolutions()
        for solver, method, message in [
            (c.MinConflictsSolver(), "getSolutions", "provides only a single solution"),
            (c.MinConflictsSolver(), "getSolutionIter", "doesn't provide iteration"),
            (c.RecursiveBacktrackingSolver(), "getSolutionIter", "doesn't provide iteration"),
        ]:
            q = c.Problem(solver)
            q.addVariable("a", [1, 2])
            with pytest.raises(NotImplementedError, match=message):
                getattr(q, method)()


def test_empty_problems_and_reset(theirs):
    for c in (theirs, ours):
        p = c.Problem()
        assert p.getSolution() is None and p.getSolutions() == [] and list(p.getSolutionIter()) == []
        p.addVariables(["a"], [42])
        assert p.getSolutions() == [{"a": 42}] and p.getSolution() == {"a": 42}
        p.reset()
        assert p.getSolution() is None


def test_a_function_that_raises_reaches_the_caller(theirs):
    def boom(a, b):
        raise ArithmeticError("boom")

    for c in (theirs, ours):
        p = c.Problem()
        p.addVariables("ab", range(3))
        p.addConstraint(boom, "ab")
        with pytest.raises(ArithmeticError, match="boom"):
            p.getSolutions()


def test_a_solver_of_your_own_gets_the_prepared_problem(theirs):
    for c in (theirs, ours):
        class Counting(c.Solver):
            def getSolutions(self, domains, constraints, vconstraints):
                return [{"domains": sorted(domains), "constraints": len(constraints)}]

        p = c.Problem(Counting())
        p.addVariables("xy", [1, 2, 3])
        p.addConstraint(c.InSetConstraint([1, 2]), "x")  # preprocessed away
        p.addConstraint(lambda x, y: x < y, "xy")
        assert p.getSolutions() == [{"domains": ["x", "y"], "constraints": 1}]


def test_the_same_names_are_exported(theirs):
    assert sorted(ours.__all__) == sorted(theirs.__all__)
    for name in ours.__all__:
        assert getattr(ours, name).__doc__ or name == "Unassigned", name
